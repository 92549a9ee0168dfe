import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeReply } from '../support/fake-llm-server';
import { type MediaConsole, startMediaConsole } from '../support/media-console';
import { expectCount, expectVisible } from '../support/page-assertions';
import { callFromPage, createDirectChat } from '../support/serve-api';
import { REPO_ROOT } from '../support/serve-process';

const SCREENSHOTS = join(REPO_ROOT, 'test-results', 'e2e');
const AGENT = 'Juniper';
/** The agent's pacing and the LLM round trip. */
const DRAFT_TIMEOUT_MS = 45_000;
/** Requests of memory work beside the conversation (summaries, facts, reflection), not turns. */
const MEMORY_WORK =
  /^(<!--[^>]*-->\s*)?# (Writing Summaries|Keeping Facts|Remembering A Conversation|Nightly Reflection)/;

type Graph = { nodes: Array<{ id: string; status: string; params: Record<string, unknown> }> } | null;

describe('drafts waiting, shown wherever the operator is, against troupe serve', () => {
  let harness: MediaConsole;
  let page: Page;
  /** What the agent's next turn plans; memory work and later turns get the default (nothing). */
  let nextTurn: FakeReply | undefined;
  const planNext = (reply: FakeReply) => {
    nextTurn = reply;
  };
  let channelId: number;
  let personId: number;

  const shot = (name: string) => page.screenshot({ path: join(SCREENSHOTS, `${name}.png`) });
  const call = (method: string, input: object) => callFromPage(page, method, input);
  const header = () => page.getByRole('banner');
  const waiting = (name: string | RegExp) => header().getByRole('button', { name });
  const awaiting = async () => {
    const { graph } = (await call('conversations.graph', {
      agent: AGENT,
      network: 'simulator',
      channelId,
    })) as {
      graph: Graph;
    };
    return (graph?.nodes ?? []).filter(
      (node) => node.status === 'pending' && node.params.draft === 'awaiting',
    );
  };

  beforeAll(async () => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    harness = await startMediaConsole({
      curate: () => {},
      llm: {
        respond: (request) => {
          if (MEMORY_WORK.test(request.systemText)) return undefined;
          const reply = nextTurn;
          nextTurn = undefined;
          return reply;
        },
      },
    });
    ({ page } = harness);
    ({ channelId, personId } = await createDirectChat(page, AGENT, {
      firstName: 'Ada',
      lastName: 'Lovelace',
    }));
    await call('conversations.updateParameters', {
      agent: AGENT,
      network: 'simulator',
      channelId,
      approvalOverride: true,
    });
  });

  afterAll(() => harness?.close());

  it('shows nothing while no draft waits', async () => {
    await page.goto(`${harness.server.origin}/#/agents`);
    await expectVisible(page.getByRole('heading', { level: 1, name: 'Agents' }));
    await expectCount(waiting(/drafts? waiting/), 0);
    await expectVisible(
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Playground' }),
    );
  });

  it('counts the drafts in the header and on the Playground link, live, and lists their chat', async () => {
    planNext({
      tasks: [
        { kind: 'send', text: 'We have two Christies in.' },
        { kind: 'send', text: 'They are $40 each.' },
      ],
    });
    await call('simulator.send', { agent: AGENT, channelId, personId, text: 'Any detective novels?' });
    // Seen from another page: the event alone brings it.
    await expectVisible(waiting('2 drafts waiting'), DRAFT_TIMEOUT_MS);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expectVisible(nav.getByRole('link', { name: /^Playground ?, 2 drafts waiting$/ }));
    await expectVisible(nav.getByRole('link', { name: 'Conversations', exact: true }));
    await shot('drafts-waiting-header');

    await waiting('2 drafts waiting').click();
    const chat = page.getByRole('menuitem', {
      name: 'Juniper · Ada Lovelace: 2 drafts waiting, in the Playground',
    });
    await expectVisible(chat);
    await shot('drafts-waiting-menu');
    await chat.click();
    expect(new URL(page.url()).hash).toBe(`#/playground/${AGENT}/${channelId}`);

    // On the Playground the navigation is an icon rail: the count is still in the link's name.
    await expectVisible(nav.getByRole('link', { name: /^Playground ?, 2 drafts waiting$/ }));

    const [first, second] = await awaiting();
    await call('copilot.approveDraft', { agent: AGENT, network: 'simulator', channelId, taskId: first!.id });
    await expectVisible(waiting('1 draft waiting'));
    await call('copilot.rejectDraft', { agent: AGENT, network: 'simulator', channelId, taskId: second!.id });
    await expectCount(waiting(/drafts? waiting/), 0);
    await expectCount(nav.getByRole('link', { name: /drafts? waiting/ }), 0);
  });

  it('fits the header of a phone, where the count opens the same list', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    try {
      await page.goto(`${harness.server.origin}/#/agents`);
      planNext({ tasks: [{ kind: 'send', text: 'Shall I put one aside?' }] });
      await call('simulator.send', { agent: AGENT, channelId, personId, text: 'Hm.' });
      const button = waiting('1 draft waiting');
      await expectVisible(button, DRAFT_TIMEOUT_MS);
      const box = await button.boundingBox();
      expect(box && box.x + box.width).toBeLessThanOrEqual(390);
      const signOut = header().getByRole('button', { name: 'Sign out' });
      const signOutBox = await signOut.boundingBox();
      expect(signOutBox && signOutBox.x + signOutBox.width).toBeLessThanOrEqual(390);
      await shot('drafts-waiting-phone');
      await button.click();
      await page.getByRole('menuitem', { name: /^Juniper · Ada Lovelace: 1 draft waiting/ }).click();
      expect(new URL(page.url()).hash).toBe(`#/playground/${AGENT}/${channelId}`);
    } finally {
      await page.setViewportSize({ width: 1360, height: 900 });
    }
  });
});
