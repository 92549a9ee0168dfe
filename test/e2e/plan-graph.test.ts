import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeLlmServer } from '../support/fake-llm-server';
import { type MediaConsole, startMediaConsole } from '../support/media-console';
import { expectAttribute, expectCount, expectText, expectVisible } from '../support/page-assertions';
import { callFromPage, createDirectChat } from '../support/serve-api';
import { REPO_ROOT } from '../support/serve-process';

const SCREENSHOTS = join(REPO_ROOT, 'test-results', 'e2e');
const AGENT = 'Juniper';
const FIRST = 'Let me check the shelves for you.';
const LATER = 'Found two Christies, shall I keep them aside?';
const AFTER_THAT = 'They are on the counter.';
/** Long enough to cancel in, short enough to see the cancelled message never come. */
const WAIT_SECONDS = 12;
/** The agent's own pacing (Juniper's file: 3 s, then 7 characters a second) plus the LLM round trip. */
const REPLY_TIMEOUT_MS = 45_000;

/** Waits until a task node's accessible name (kind, id, state) matches. */
function expectTaskLabel(locator: Locator, pattern: RegExp, timeout = 10_000): Promise<void> {
  return expect.poll(() => locator.getAttribute('aria-label'), { timeout }).toMatch(pattern);
}

/**
 * Whether the plan's header (its "Plan …" line and the buttons under it) shows whole in the
 * full-window dialog: below the window's title bar, and the topmost thing at its middle, so it is
 * neither scrolled nor stacked under that bar.
 */
async function planHeaderInView(dialog: Locator): Promise<boolean> {
  const bar = await dialog.locator('.mantine-Modal-header').boundingBox();
  const line = dialog.getByText(/^Plan /);
  const header = await line.boundingBox();
  if (!bar || !header) return false;
  const below = header.y >= bar.y + bar.height - 0.5;
  const onTop = await line.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + Math.min(box.width, 40) / 2, box.top + box.height / 2);
    return hit !== null && element.contains(hit);
  });
  return below && onTop;
}

describe('the task graph against troupe serve and a scripted LLM', () => {
  let harness: MediaConsole;
  let page: Page;
  let llm: FakeLlmServer;
  let channelId: number;
  let personId: number;

  const shot = (name: string) => page.screenshot({ path: join(SCREENSHOTS, `${name}.png`) });
  const call = (method: string, input: object) => callFromPage(page, method, input);

  beforeAll(async () => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    // The shipped config as it is; the agents answer nothing unless a test scripts their reply.
    harness = await startMediaConsole({ curate: () => {} });
    ({ page, llm } = harness);
    ({ channelId, personId } = await createDirectChat(page, AGENT, {
      firstName: 'Ada',
      lastName: 'Lovelace',
      username: 'ada_l',
    }));
  });

  afterAll(() => harness?.close());

  it('draws the plan of a turn and cancels the later send before it goes: it never arrives', async () => {
    // A reply now, a long wait, then a second message and one after it.
    llm.replyWith({
      tasks: [
        { id: 'first', kind: 'send', text: FIRST },
        { id: 'pause', kind: 'wait', delay: WAIT_SECONDS, depends_on: ['first'] },
        { id: 'later', kind: 'send', text: LATER, depends_on: ['pause'] },
        { id: 'after', kind: 'send', text: AFTER_THAT, depends_on: ['later'] },
      ],
    });
    await page.goto(`${harness.server.origin}/#/playground/${AGENT}/${channelId}`);
    await call('simulator.send', { agent: AGENT, channelId, personId, text: 'Any detective novels in?' });

    const log = page.getByRole('log', { name: 'Messages' });
    const graph = page.getByRole('complementary', { name: 'Inspector' }).getByRole('application', {
      name: 'Task graph',
    });
    const taskWith = (text: string) => graph.getByRole('article').filter({ hasText: text });
    await expectText(log, FIRST, REPLY_TIMEOUT_MS);
    await expectVisible(taskWith(LATER));
    await expectTaskLabel(taskWith(LATER), /^send task send-.*, Pending$/);
    await expectVisible(graph.getByRole('article', { name: /^received task .*, Done$/ }));
    await expectVisible(graph.getByRole('article', { name: /^wait task .*, (Running|Pending)$/ }));
    await expectVisible(graph.getByRole('timer'));
    await shot('plan-graph-light');

    // By keyboard: the later send's Stop, which names what waits on it before it is confirmed.
    await taskWith(LATER).focus();
    await page.keyboard.press('Tab');
    await expectAttribute(page.locator(':focus'), 'aria-label', `Stop Message “${LATER}”`);
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('dialog', { name: `Stop Message “${LATER}”` });
    await expectText(confirm, 'Stop this task?');
    await expectText(confirm.getByRole('list', { name: 'Tasks stopped with it' }), AFTER_THAT);
    await new Promise((resolve) => setTimeout(resolve, 300)); // the popover's fade-in, for the picture
    await shot('plan-graph-confirm');
    await confirm.getByRole('button', { name: 'Stop it' }).click();

    await expectTaskLabel(taskWith(LATER), /, Cancelled$/);
    await expectTaskLabel(taskWith(AFTER_THAT), /, Cancelled$/);
    await expectCount(taskWith(LATER).getByRole('button', { name: /^Stop / }), 0);

    // The wait runs out and finishes; the cancelled messages never come.
    await expectVisible(
      graph.getByRole('article', { name: /^wait task .*, Done$/ }),
      (WAIT_SECONDS + 10) * 1000,
    );
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(await log.textContent()).not.toContain(LATER);
    expect(await log.textContent()).not.toContain(AFTER_THAT);
    const messages = (await call('conversations.messages', {
      agent: AGENT,
      network: 'simulator',
      channelId,
      limit: 50,
    })) as { messages: Array<{ parts: Array<{ text?: string }> }> };
    const said = messages.messages.flatMap((message) => message.parts.map((part) => part.text ?? ''));
    expect(said).toContain(FIRST);
    expect(said.some((text) => text.includes(LATER) || text.includes(AFTER_THAT))).toBe(false);
  });

  it('pauses and resumes the conversation from the graph header', async () => {
    const inspector = page.getByRole('complementary', { name: 'Inspector' });
    await inspector.getByRole('button', { name: 'Pause' }).click();
    const resume = inspector.getByRole('button', { name: 'Resume' });
    await expectAttribute(resume, 'aria-pressed', 'true');
    const parameters = (await call('conversations.parameters', {
      agent: AGENT,
      network: 'simulator',
      channelId,
    })) as {
      paused: boolean;
    };
    expect(parameters.paused).toBe(true);
    await resume.click();
    await expectAttribute(inspector.getByRole('button', { name: 'Pause' }), 'aria-pressed', 'false');
  });

  it('keeps the plan a new message replaced, faded behind the live one', async () => {
    const graph = page.getByRole('complementary', { name: 'Inspector' }).getByRole('application', {
      name: 'Task graph',
    });
    const before = await page.getByText(/^Plan /).innerText();
    llm.replyWith({ tasks: [{ kind: 'send', text: 'Noted, Ada.' }] });
    await call('simulator.send', {
      agent: AGENT,
      channelId,
      personId,
      text: 'Keep the Christies for me please',
    });
    await expectText(page.getByRole('log', { name: 'Messages' }), 'Noted, Ada.', REPLY_TIMEOUT_MS);
    await expectText(page.getByText(/^Plan /), '1 replaced behind');
    expect(await page.getByText(/^Plan /).innerText()).not.toBe(before);
    // The replaced plan's cards are drawn, but out of the keyboard's and screen readers' way.
    await expectVisible(graph.locator('.pg-plan-replaced').first());
    await shot('plan-graph-replaced');
  });

  it('looks right in the dark', async () => {
    await page.getByRole('group', { name: 'Color scheme' }).getByRole('button', { name: 'Dark' }).click();
    await expectAttribute(page.locator('html'), 'data-mantine-color-scheme', 'dark');
    await shot('plan-graph-dark');

    // The whole window for a large plan; Escape gives the inspector back.
    await page.getByRole('button', { name: 'Show the plan in the whole window' }).click();
    const full = page.getByRole('dialog', { name: 'Plan' });
    await expectVisible(full.getByRole('application', { name: 'Task graph' }));
    await expectVisible(full.getByRole('article', { name: /^send task .*, Done$/ }));
    await new Promise((resolve) => setTimeout(resolve, 400)); // the modal's fade-in, for the picture
    await shot('plan-graph-full-dark');
    await page.keyboard.press('Escape');
    await expectCount(page.getByRole('dialog', { name: 'Plan' }), 0);
  });

  it("opens a card's Stop with the mouse, in the inspector and in the whole window", async () => {
    // Paused, a new message waits as a pending task with its Stop.
    const inspector = page.getByRole('complementary', { name: 'Inspector' });
    await inspector.getByRole('button', { name: 'Pause' }).click();
    await call('simulator.send', { agent: AGENT, channelId, personId, text: 'Are you open on Sunday?' });
    const pendingIn = (scope: Locator) =>
      scope
        .getByRole('application', { name: 'Task graph' })
        .getByRole('article', { name: /^received task .*, Pending$/ });
    const askToStop = async (scope: Locator) => {
      const task = pendingIn(scope);
      await expectVisible(task);
      await task.getByRole('button', { name: /^Stop Incoming / }).click();
      const confirm = page.getByRole('dialog', { name: /^Stop Incoming / });
      await expectVisible(confirm);
      await new Promise((resolve) => setTimeout(resolve, 300)); // the popover's fade-in, for the picture
      return confirm;
    };

    await (await askToStop(inspector)).getByRole('button', { name: 'Keep it' }).click();
    await expectCount(page.getByRole('dialog', { name: /^Stop Incoming / }), 0);

    await page.getByRole('button', { name: 'Show the plan in the whole window' }).click();
    const full = page.getByRole('dialog', { name: 'Plan' });
    await askToStop(full);
    // The open question moves nothing: the plan's header stays in view under the window's title.
    expect(await planHeaderInView(full)).toBe(true);
    await shot('plan-graph-cancel-by-mouse');
    await page.keyboard.press('Escape');
    await expectVisible(pendingIn(full));
  });

  it('keeps the whole-window plan header in view on a phone while a card asks to stop', async () => {
    await page.keyboard.press('Escape');
    await expectCount(page.getByRole('dialog', { name: 'Plan' }), 0);
    await page.setViewportSize({ width: 390, height: 844 });
    try {
      await page.getByRole('button', { name: /^Inspector/ }).click();
      await page.getByRole('button', { name: 'Show the plan in the whole window' }).click();
      const full = page.getByRole('dialog', { name: 'Plan' });
      const task = full
        .getByRole('application', { name: 'Task graph' })
        .getByRole('article', { name: /^received task .*, Pending$/ });
      await expectVisible(task);
      // The whole plan is fitted: every card of it inside the graph, none under the zoom buttons.
      await expect
        .poll(() =>
          full.getByRole('application', { name: 'Task graph' }).evaluate((graph) => {
            const frame = graph.getBoundingClientRect();
            const controls = graph.querySelector('.react-flow__controls')!.getBoundingClientRect();
            // The live plan's cards; the replaced plans drawn behind it may run off.
            const cards = [...graph.querySelectorAll('.react-flow__node')]
              .filter(
                (node) => !node.matches('.pg-plan-replaced') && !node.querySelector('.pg-plan-replaced'),
              )
              .map((node) => node.getBoundingClientRect());
            const overlaps = (a: DOMRect, b: DOMRect) =>
              a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
            return cards.filter(
              (card) =>
                card.left < frame.left ||
                card.right > frame.right ||
                card.top < frame.top ||
                card.bottom > frame.bottom ||
                overlaps(card, controls),
            ).length;
          }),
        )
        .toBe(0);
      await shot('plan-graph-full-phone');
      await task.getByRole('button', { name: /^Stop Incoming / }).click();
      await expectVisible(page.getByRole('dialog', { name: /^Stop Incoming / }));
      await new Promise((resolve) => setTimeout(resolve, 300)); // the popover's fade-in, for the picture
      expect(await planHeaderInView(full)).toBe(true);
      await shot('plan-graph-cancel-phone');
      await page.keyboard.press('Escape');
      await page.keyboard.press('Escape');
    } finally {
      await page.setViewportSize({ width: 1360, height: 900 });
    }
  });
});
