import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventsList } from '../../src/shared/api/events-contract';
import type { FakeLlmServer } from '../support/fake-llm-server';
import { type MediaConsole, startMediaConsole } from '../support/media-console';
import { expectCount, expectText, expectVisible } from '../support/page-assertions';
import { callFromPage, createDirectChat } from '../support/serve-api';
import { REPO_ROOT } from '../support/serve-process';

const SCREENSHOTS = join(REPO_ROOT, 'test-results', 'e2e');
const AGENT = 'Juniper';
/** Juniper's file says so: the form's times are in it. */
const AGENT_ZONE = 'Europe/Dublin';
/** Juniper's pacing (3 s, then 7 characters a second) plus the LLM round trip. */
const REPLY_TIMEOUT_MS = 45_000;
const INTENT = 'Tell Ada her copy of The Summer Book has arrived and can be collected.';

/** `YYYY-MM-DDTHH:mm` in the agent's zone, `minutes` from now, as the form's date-time field takes it. */
function agentLocalTime(minutes: number): string {
  const at = new Date(Date.now() + minutes * 60_000);
  return at.toLocaleString('sv-SE', { timeZone: AGENT_ZONE }).replace(' ', 'T').slice(0, 16);
}

describe('scheduled events in the Playground against troupe serve and a scripted LLM', () => {
  let harness: MediaConsole;
  let page: Page;
  let llm: FakeLlmServer;
  let channelId: number;

  const shot = (name: string) => page.screenshot({ path: join(SCREENSHOTS, `${name}.png`) });
  const call = (method: string, input: object) => callFromPage(page, method, input);
  const panel = () => page.getByRole('tabpanel', { name: 'Events' });
  const log = () => page.getByRole('log', { name: 'Messages' });
  const events = async () =>
    ((await call('events.list', { agent: AGENT, network: 'simulator', channelId })) as EventsList).events;

  async function createEvent(fields: { intent: string; time: string; every?: string }) {
    await panel().getByRole('button', { name: 'New event' }).click();
    const form = panel().getByRole('form', { name: 'New event' });
    await form.getByRole('textbox', { name: 'What the agent should do then' }).fill(fields.intent);
    await form.getByLabel('When').fill(fields.time);
    if (fields.every) {
      await form.getByRole('switch', { name: 'Repeat' }).click({ force: true });
      await form.getByRole('textbox', { name: 'Every' }).fill(fields.every);
      await form.getByRole('textbox', { name: 'Times in all' }).fill('5');
    }
    return form;
  }

  beforeAll(async () => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    harness = await startMediaConsole({ curate: () => {} });
    ({ page, llm } = harness);
    ({ channelId } = await createDirectChat(page, AGENT, { firstName: 'Ada', lastName: 'Lovelace' }));
  });

  afterAll(() => harness?.close());

  it('creates events in the inspector; one due now wakes the agent, which writes in the chat', async () => {
    await page.goto(`${harness.server.origin}/#/playground/${AGENT}/${channelId}`);
    await page.getByRole('tab', { name: 'Events' }).click();
    await expectText(panel(), 'No events');
    await expectText(panel(), `Times in ${AGENT_ZONE}`);

    // A daily reminder from tomorrow: listed with its time in the agent's zone and its repeat.
    const tomorrow = agentLocalTime(24 * 60);
    const daily = await createEvent({ intent: 'Say good morning to Ada.', time: tomorrow, every: '1' });
    await shot('events-draft');
    await daily.getByRole('button', { name: 'Create event' }).click();
    const card = panel().getByRole('article').filter({ hasText: 'Say good morning to Ada.' });
    await expectVisible(card);
    await expectText(card, 'Every day, 5 times left');
    expect(await events()).toMatchObject([{ localTime: tomorrow, interval: '1 day', remaining: 5 }]);

    // A time in the past is refused with the reason, and nothing is created.
    const late = await createEvent({ intent: 'Too late', time: agentLocalTime(-120) });
    await late.getByRole('button', { name: 'Create event' }).click();
    await expectText(late.getByRole('alert'), 'is in the past');
    // The refusal was about the time given: it goes once the time changes.
    await late.getByLabel('When').fill(agentLocalTime(60));
    await expectCount(late.getByRole('alert'), 0);
    await shot('events-refusal-cleared');
    await late.getByRole('button', { name: 'Cancel' }).click();
    expect(await events()).toHaveLength(1);

    // Due now: the agent is woken in the chat with the instruction, and writes.
    llm.replyWith({ tasks: [{ kind: 'send', text: 'Ada, your copy of The Summer Book is here!' }] });
    const now = await createEvent({ intent: INTENT, time: agentLocalTime(0) });
    await now.getByRole('button', { name: 'Create event' }).click();
    await expectText(log(), 'Ada, your copy of The Summer Book is here!', REPLY_TIMEOUT_MS);
    const asked = JSON.stringify(llm.requests.map((request) => request.body));
    expect(asked).toContain(INTENT);
    expect(asked).toContain('A Reminder You Set');
    // Fired once and gone; the daily one waits for tomorrow.
    await expectCount(panel().getByRole('article'), 1);
    expect((await events()).map((event) => event.intent)).toEqual(['Say good morning to Ada.']);
    await shot('events-fired');

    // Deleted after asking.
    await card.getByRole('button', { name: /^Delete event/ }).click();
    await page
      .getByRole('dialog', { name: /^Delete event/ })
      .getByRole('button', { name: 'Delete' })
      .click();
    await expectText(panel(), 'No events');
    expect(await events()).toEqual([]);
  });
});
