import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clearOfMidnight } from '../support/day-edge';
import type { FakeLlmServer } from '../support/fake-llm-server';
import { type MediaConsole, startMediaConsole } from '../support/media-console';
import { expectCount, expectText, expectValue, expectVisible } from '../support/page-assertions';
import { callFromPage, createDirectChat } from '../support/serve-api';
import { REPO_ROOT } from '../support/serve-process';

const SCREENSHOTS = join(REPO_ROOT, 'test-results', 'e2e');
const AGENT = 'Juniper';
/** Priced below, so every exchange costs something and a small daily limit is reached at once. */
const MODEL = 'gemini-e2e-copilot';
const USAGE = { inputTokens: 2000, outputTokens: 100, thinkingTokens: 0 };
/** The agent's pacing (Juniper's file: 3 s, then 7 characters a second) plus the LLM round trip. */
const REPLY_TIMEOUT_MS = 45_000;
/** Requests of memory work beside the conversation (summaries, facts, reflection), not turns. */
const MEMORY_WORK =
  /^(<!--[^>]*-->\s*)?# (Writing Summaries|Keeping Facts|Remembering A Conversation|Nightly Reflection)/;

describe('the co-pilot against troupe serve and a scripted LLM', () => {
  let harness: MediaConsole;
  let page: Page;
  let llm: FakeLlmServer;
  let channelId: number;
  let personId: number;

  const shot = (name: string) => page.screenshot({ path: join(SCREENSHOTS, `${name}.png`) });
  const call = (method: string, input: object) => callFromPage(page, method, input);
  const dock = () => page.getByRole('region', { name: 'Co-pilot' });
  const log = () => page.getByRole('log', { name: 'Messages' });
  const draft = (text: string) =>
    dock()
      .getByRole('group', { name: /^Draft: / })
      .filter({ hasText: text });
  const personSays = (text: string) => call('simulator.send', { agent: AGENT, channelId, personId, text });

  beforeAll(async () => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    harness = await startMediaConsole({ curate: () => {} });
    ({ page, llm } = harness);
    ({ channelId, personId } = await createDirectChat(page, AGENT, {
      firstName: 'Ada',
      lastName: 'Lovelace',
      username: 'ada_l',
    }));
    await call('conversations.updateParameters', {
      agent: AGENT,
      network: 'simulator',
      channelId,
      llmOverride: MODEL,
    });
    await call('prices.put', {
      modelId: MODEL,
      provider: 'gemini',
      displayName: 'Copilot test model',
      inputUsdPerMtok: 1,
      outputUsdPerMtok: 4,
      cachedInputUsdPerMtok: null,
    });
  });

  afterAll(() => harness?.close());

  it('holds the agent’s messages as drafts: one approved as edited goes out, one rejected with an instruction makes the agent think again', async () => {
    await page.goto(`${harness.server.origin}/#/playground/${AGENT}/${channelId}`);
    await dock().getByRole('combobox', { name: "Approval of the agent's messages" }).click();
    await page.getByRole('option', { name: 'Approve each message here' }).click();
    await expect
      .poll(
        async () =>
          (
            (await call('conversations.parameters', { agent: AGENT, network: 'simulator', channelId })) as {
              approval: boolean;
            }
          ).approval,
      )
      .toBe(true);

    llm.replyWith(
      {
        tasks: [
          { kind: 'send', text: 'We have two Christies in.' },
          { kind: 'send', text: 'They are $40 each.' },
        ],
      },
      { usage: USAGE },
    );
    await personSays('Any detective novels?');
    await expectVisible(draft('We have two Christies in.'), REPLY_TIMEOUT_MS);
    await expectVisible(draft('They are $40 each.'));
    await shot('copilot-drafts-light');

    // Cancelled, an edit leaves nothing behind: editing again starts from the draft.
    await draft('We have two Christies in.').getByRole('button', { name: 'Edit' }).click();
    const editor = dock().getByRole('textbox', { name: 'The message as it will be sent' });
    await editor.fill('Scrap this');
    await dock().getByRole('button', { name: 'Cancel' }).click();
    await draft('We have two Christies in.').getByRole('button', { name: 'Edit' }).click();
    await expectValue(editor, 'We have two Christies in.');

    // Blank, it cannot be approved, and says why.
    await editor.fill('   ');
    await expectText(dock(), 'Write the message to approve it, or Cancel to keep the draft.');
    expect(await dock().getByRole('button', { name: 'Approve as edited' }).isDisabled()).toBe(true);

    // Edited, then approved: the edited words go out, paced like the agent.
    await editor.fill('We have two Agatha Christies in.');
    await dock().getByRole('button', { name: 'Approve as edited' }).click();
    await expectText(log(), 'We have two Agatha Christies in.', REPLY_TIMEOUT_MS);
    expect(await log().textContent()).not.toContain('We have two Christies in.');

    // Rejected with an instruction: the agent is asked again, told what was held back.
    const before = llm.requests.length;
    llm.replyWith({ tasks: [{ kind: 'send', text: 'Let me check the price for you.' }] }, { usage: USAGE });
    await draft('They are $40 each.').getByRole('button', { name: 'Reject' }).click();
    await dock()
      .getByRole('textbox', { name: /What should the agent do instead/ })
      .fill('Do not quote prices.');
    await dock().getByRole('button', { name: 'Reject and tell the agent' }).click();
    await expectVisible(
      page
        .locator('.mantine-Notification-root')
        .filter({ hasText: 'Draft rejected' })
        .filter({ hasText: `Nothing was sent; ${AGENT} was told what to do instead` }),
    );
    await expectVisible(draft('Let me check the price for you.'), REPLY_TIMEOUT_MS);
    const asked = JSON.stringify(llm.requests.slice(before).map((request) => request.body));
    expect(asked).toContain('Do not quote prices.');
    expect(asked).toContain('They are $40 each.');
    await expectCount(draft('They are $40 each.'), 0);

    await draft('Let me check the price for you.').getByRole('button', { name: 'Approve' }).click();
    await expectText(log(), 'Let me check the price for you.', REPLY_TIMEOUT_MS);
    await expectCount(dock().getByRole('group', { name: /^Draft: / }), 0);
  });

  it('keeps what the operator typed into a draft the agent replaces on a new message, and says the draft changed', async () => {
    await call('conversations.updateParameters', {
      agent: AGENT,
      network: 'simulator',
      channelId,
      approvalOverride: true,
    });
    // A short window, so the messages overflow their list and the dock's growth can push them.
    const window = page.viewportSize()!;
    await page.setViewportSize({ width: window.width, height: 560 });
    await page.goto(`${harness.server.origin}/#/playground/${AGENT}/${channelId}`);
    llm.replyWith({ tasks: [{ kind: 'send', text: 'The shop opens at nine.' }] }, { usage: USAGE });
    await personSays('When do you open?');
    await expectVisible(draft('The shop opens at nine.'), REPLY_TIMEOUT_MS);
    await draft('The shop opens at nine.').getByRole('button', { name: 'Edit' }).click();
    const editor = dock().getByRole('textbox', { name: 'The message as it will be sent' });
    const mine = 'We open at nine, and at ten on Sundays.';
    await editor.fill(mine);

    llm.replyWith({ tasks: [{ kind: 'send', text: 'Nine on weekdays, ten on Sundays.' }] }, { usage: USAGE });
    await personSays('And on Sundays?');
    const notice = dock().getByRole('alert').filter({ hasText: 'changed this draft' });
    await expectText(notice, `${AGENT} changed this draft while you were at it`, REPLY_TIMEOUT_MS);
    await expectText(notice, 'Nine on weekdays, ten on Sundays.');
    await expectValue(editor, mine);
    // The notice made the dock taller: the messages, at the bottom before, stay at the bottom.
    expect(await log().evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);
    await expect
      .poll(() => log().evaluate((el) => el.scrollHeight - el.scrollTop - el.clientHeight))
      .toBeLessThan(2);
    await expectText(log(), 'And on Sundays?');
    await shot('copilot-draft-changed');
    await page.setViewportSize(window);

    // Its card in the plan: the name shows whole beside the status, not under a badge, and
    // ends in an ellipsis if it must (whole on hover); the Draft badge sits on the line below.
    const card = page
      .getByRole('application', { name: 'Task graph' })
      .getByRole('article')
      .filter({ hasText: 'Nine on weekdays, ten on Sundays.' });
    const line = await card.evaluate((element) => {
      const name = element.querySelector('.pg-plan-task-kind') as HTMLElement;
      const badges = [...element.querySelectorAll('.mantine-Badge-root')];
      const box = (node: Element) => node.getBoundingClientRect();
      return {
        name: name.textContent,
        whole: name.scrollWidth <= name.clientWidth,
        clear: badges.every(
          (badge) => box(badge).left >= box(name).right || box(badge).top >= box(name).bottom,
        ),
        ellipsis: getComputedStyle(name).textOverflow,
        title: name.getAttribute('title'),
        badges: badges.map((badge) => badge.textContent),
      };
    });
    expect(line).toEqual({
      name: 'Message',
      whole: true,
      clear: true,
      ellipsis: 'ellipsis',
      title: 'Message (send)',
      badges: ['Pending', 'Draft'],
    });

    await dock().getByRole('button', { name: 'Keep my text' }).click();
    await expectCount(notice, 0);
    await expectValue(editor, mine);
    await dock().getByRole('button', { name: 'Approve as edited' }).click();
    await expectText(log(), mine, REPLY_TIMEOUT_MS);
    await expectCount(dock().getByRole('group', { name: /^Draft: / }), 0);
  });

  it('takes the conversation over: the operator writes as the agent and the agent stays silent', async () => {
    await dock().getByRole('switch', { name: 'Operator only' }).click();
    const composer = dock().getByRole('form', { name: `Write as ${AGENT}` });
    await expectVisible(composer);
    const asked = llm.requestCount;
    await personSays('Are you a real person?');
    await expectText(log(), 'Are you a real person?');
    await composer
      .getByRole('textbox', { name: `Message as ${AGENT}` })
      .fill('Very much so, and at your service.');
    await composer.getByRole('textbox', { name: `Message as ${AGENT}` }).press('Enter');
    await expectText(log(), 'Very much so, and at your service.', REPLY_TIMEOUT_MS);
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(llm.requestCount).toBe(asked);
    await page.evaluate(() => document.documentElement.setAttribute('data-mantine-color-scheme', 'dark'));
    await shot('copilot-takeover-dark');
    await page.evaluate(() => document.documentElement.setAttribute('data-mantine-color-scheme', 'light'));
    await dock().getByRole('switch', { name: 'Operator only' }).click();
  });

  it('gives the agent an intent in another conversation found by its @username', async () => {
    const other = await createDirectChat(page, AGENT, { firstName: 'Lena', username: 'lena_k' });
    llm.replyWith({ tasks: [{ kind: 'send', text: 'Lena, your order came in!' }] }, { usage: USAGE });
    await dock().getByRole('button', { name: 'Give an intent…' }).click();
    const dialog = page.getByRole('dialog', { name: `Give ${AGENT} an intent` });
    await dialog.getByRole('button', { name: 'Another conversation…' }).click();
    await dialog.getByRole('textbox', { name: 'Conversation' }).fill('@nobody_here');
    await dialog.getByRole('button', { name: 'Find' }).click();
    await expectText(dialog, `${AGENT} can reach no chat or person @nobody_here.`);
    await dialog.getByRole('textbox', { name: 'Conversation' }).fill('@Lena_K');
    await dialog.getByRole('button', { name: 'Find' }).click();
    await expectText(dialog, 'Lena');
    await dialog.getByRole('textbox', { name: 'Intent' }).fill('Tell Lena her order came in.');
    await shot('copilot-intent');
    await dialog.getByRole('button', { name: 'Send intent' }).click();
    await expectCount(dialog, 0);
    await expect
      .poll(
        async () => {
          const { messages } = (await call('conversations.messages', {
            agent: AGENT,
            network: 'simulator',
            channelId: other.channelId,
            limit: 10,
          })) as { messages: Array<{ parts: Array<{ text?: string }> }> };
          return messages.flatMap((message) => message.parts.map((part) => part.text));
        },
        { timeout: REPLY_TIMEOUT_MS },
      )
      .toContain('Lena, your order came in!');
    expect(JSON.stringify(llm.requests.at(-1)?.body)).toContain('Tell Lena her order came in.');
  });

  it('holds the agent once its daily spending limit is reached, says why, and lets it go on when lifted', {
    // Up to a minute more when the agent's midnight is near (see clearOfMidnight).
    timeout: 150_000,
  }, async () => {
    const { timeZone } = (await call('schedule.get', { agent: AGENT })) as { timeZone: string };
    await clearOfMidnight(timeZone);
    await dock().getByRole('combobox', { name: "Approval of the agent's messages" }).click();
    await page.getByRole('option', { name: 'Send freely here' }).click();
    await call('copilot.updateAgentSettings', { agent: AGENT, dailyLimitUsd: 0.001 });
    const asked = llm.requestCount;
    await personSays('Still there?');
    await expectText(dock(), `${AGENT} reached today's spending limit`, REPLY_TIMEOUT_MS);
    expect(llm.requestCount).toBe(asked);
    await shot('copilot-spending-limit');

    llm.replyWith({ tasks: [{ kind: 'send', text: 'Still here, sorry for the wait.' }] }, { usage: USAGE });
    await dock().getByRole('button', { name: 'Lift for today' }).click();
    await expectText(log(), 'Still here, sorry for the wait.', REPLY_TIMEOUT_MS);
    await expectCount(dock().getByText(`${AGENT} reached today's spending limit`), 0);

    // The agent's page shows the limit and today's spend.
    await page.goto(`${harness.server.origin}/#/agents/${AGENT}`);
    const section = page.getByRole('region', { name: 'Co-pilot' });
    await expectVisible(section.getByRole('textbox', { name: 'Daily spending limit (USD)' }));
    await expectText(section, 'limit lifted for today');
  });

  it('the whole flow: a burst makes one plan, its later send is cancelled from the graph before it goes, the first is approved, and the costs chart shows the exchange', async () => {
    const FIRST = 'Both Christies are on hold for you.';
    const LATER = 'And I found a Sayers too!';
    await page.goto(`${harness.server.origin}/#/playground/${AGENT}/${channelId}`);
    await dock().getByRole('combobox', { name: "Approval of the agent's messages" }).click();
    await page.getByRole('option', { name: 'Approve each message here' }).click();
    const before = llm.requests.length;
    llm.replyWith(
      {
        tasks: [
          { id: 'first', kind: 'send', text: FIRST },
          { id: 'later', kind: 'send', text: LATER, depends_on: ['first'] },
        ],
      },
      { usage: USAGE },
    );
    await personSays('Can you hold them?');
    await personSays('both, I mean');
    await expectVisible(draft(FIRST), REPLY_TIMEOUT_MS);
    const turns = llm.requests
      .slice(before)
      .filter(
        (request) =>
          !MEMORY_WORK.test(request.systemText) && JSON.stringify(request.body).includes('both, I mean'),
      );
    expect(turns).toHaveLength(1);

    const graph = page.getByRole('complementary', { name: 'Inspector' }).getByRole('application', {
      name: 'Task graph',
    });
    const later = graph.getByRole('article').filter({ hasText: LATER });
    // By keyboard, as a wide plan is panned to what has focus: the card, then its Cancel.
    await later.focus();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await page
      .getByRole('dialog', { name: /^Stop Message / })
      .getByRole('button', { name: 'Stop it' })
      .click();
    await expectCount(draft(LATER), 0);
    await draft(FIRST).getByRole('button', { name: 'Approve' }).click();
    await expectText(log(), FIRST, REPLY_TIMEOUT_MS);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(await log().textContent()).not.toContain(LATER);

    await page.goto(`${harness.server.origin}/#/costs`);
    const main = page.getByRole('main');
    await expectVisible(main.getByRole('link', { name: 'Ada Lovelace' }), REPLY_TIMEOUT_MS);
    await expect
      .poll(
        () => main.getByRole('figure', { name: 'Spend per day' }).locator('.recharts-bar-rectangle').count(),
        {
          timeout: 10_000,
        },
      )
      .toBeGreaterThan(0);
    await shot('steering-flow-costs');
  });
});
