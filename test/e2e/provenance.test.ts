import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeLlmServer } from '../support/fake-llm-server';
import { type MediaConsole, startMediaConsole } from '../support/media-console';
import { expectAttribute, expectText, expectVisible } from '../support/page-assertions';
import { callFromPage } from '../support/serve-api';
import { REPO_ROOT } from '../support/serve-process';

const SCREENSHOTS = join(REPO_ROOT, 'test-results', 'e2e');
const AGENT = 'Juniper';
const REPLY = 'We have two Christies in, both first editions.';
const LATER = 'Shall I keep them aside for you?';
/** The agent's own pacing (Juniper's file) plus the LLM round trip. */
const REPLY_TIMEOUT_MS = 45_000;

describe('"Why did it say this?" and the agent plan view against troupe serve', () => {
  let harness: MediaConsole;
  let page: Page;
  let llm: FakeLlmServer;
  let channelId: number;
  let personId: number;

  const shot = (name: string) => page.screenshot({ path: join(SCREENSHOTS, `${name}.png`) });
  const call = (method: string, input: object) => callFromPage(page, method, input);
  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  beforeAll(async () => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    harness = await startMediaConsole({ curate: () => {} });
    ({ page, llm } = harness);
    await page.setViewportSize({ width: 1400, height: 900 });
    const created = (await call('simulator.createChat', {
      agent: AGENT,
      kind: 'direct',
      people: [{ firstName: 'Ada', lastName: 'Lovelace' }],
    })) as { chat: { channelId: number }; people: Array<{ id: number }> };
    channelId = created.chat.channelId;
    personId = created.people[0]!.id;
  });

  afterAll(() => harness?.close());

  it('opens the exchange behind the agent’s message: its model, sections and reply', async () => {
    // A reply now, then a long wait before the next message: the plan stays live for the plan view.
    llm.replyWith({
      tasks: [
        { id: 'now', kind: 'send', text: REPLY },
        { id: 'pause', kind: 'wait', delay: 900, depends_on: ['now'] },
        { id: 'later', kind: 'send', text: LATER, depends_on: ['pause'] },
      ],
    });
    await page.goto(`${harness.server.origin}/#/playground/${AGENT}/${channelId}`);
    await call('simulator.send', { agent: AGENT, channelId, personId, text: 'Any Christies in?' });
    const log = page.getByRole('log', { name: 'Messages' });
    await expectText(log, REPLY, REPLY_TIMEOUT_MS);

    const kept = (await call('conversations.exchanges', {
      agent: AGENT,
      network: 'simulator',
      channelId,
      limit: 1,
    })) as { exchanges: Array<{ model: string; sections: Array<{ title: string }> }> };
    const exchange = kept.exchanges[0]!;

    const bubble = log.getByRole('article').filter({ hasText: REPLY });
    await bubble.hover();
    await expectVisible(log.getByRole('button', { name: 'Why did it say this?' }));
    await shot('provenance-action');
    await log.getByRole('button', { name: 'Why did it say this?' }).click();
    const drawer = page.getByRole('dialog', { name: 'Why did it say this?' });
    await expectText(drawer.getByTestId('exchange-model'), exchange.model);
    await expectText(drawer.getByTestId('raw-reply'), REPLY);
    await expectVisible(drawer.getByRole('region', { name: 'System prompt' }));
    await expectText(drawer.getByRole('region', { name: 'System prompt' }), exchange.sections[0]!.title);
    await expectText(drawer.getByRole('region', { name: 'The task' }), 'send');
    await expectText(drawer.getByRole('list', { name: 'Tasks the turn planned' }), REPLY);
    await pause(400); // the drawer's slide-in, for the picture
    await shot('provenance-light');
    await page.keyboard.press('Escape');
    await expect.poll(() => drawer.count()).toBe(0);
  });

  it('lists the conversation on the agent’s Plans tab with its next send and when, its graph a click away', async () => {
    await page.goto(`${harness.server.origin}/#/agents/${AGENT}/plans/simulator`);
    const plans = page.getByRole('list', { name: 'Plans, what runs next first' });
    const row = plans.getByRole('listitem', { name: 'Ada Lovelace' });
    await expectText(row, `Next: send “${LATER}”`);
    await expect.poll(() => row.textContent()).toMatch(/· in 1[45] min/);
    await row.getByRole('button', { expanded: false }).click();
    await expectVisible(row.getByRole('application', { name: 'Task graph' }));
    await expectVisible(row.getByRole('article', { name: /^send task .*, Pending$/ }));
    await expectVisible(row.getByRole('button', { name: 'Pause' }));
    await pause(300);
    await shot('agent-plans-light');

    await expectAttribute(
      row.getByRole('link', { name: 'Open the conversation with Ada Lovelace' }),
      'href',
      `#/playground/${AGENT}/${channelId}`,
    );
  });

  it('looks right in the dark', async () => {
    await page.getByRole('group', { name: 'Color scheme' }).getByRole('button', { name: 'Dark' }).click();
    await expectAttribute(page.locator('html'), 'data-mantine-color-scheme', 'dark');
    await shot('agent-plans-dark');
    await page.goto(`${harness.server.origin}/#/playground/${AGENT}/${channelId}`);
    const log = page.getByRole('log', { name: 'Messages' });
    await expectText(log, REPLY);
    await log.getByRole('article').filter({ hasText: REPLY }).hover();
    await log.getByRole('button', { name: 'Why did it say this?' }).click();
    await expectText(
      page.getByRole('dialog', { name: 'Why did it say this?' }).getByTestId('raw-reply'),
      REPLY,
    );
    await pause(400);
    await shot('provenance-dark');
  });
});
