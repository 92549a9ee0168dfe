import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dateIn } from '../support/day-edge';
import type { FakeLlmServer } from '../support/fake-llm-server';
import { type MediaConsole, startMediaConsole } from '../support/media-console';
import { expectText, expectVisible } from '../support/page-assertions';
import { callFromPage } from '../support/serve-api';
import { REPO_ROOT } from '../support/serve-process';

const SCREENSHOTS = join(REPO_ROOT, 'test-results', 'e2e');
const AGENT = 'Juniper';
/** Planning is one LLM call against the local fake. */
const PLAN_TIMEOUT_MS = 30_000;

/** The whole hour `hours` from now, in UTC: the model writes its times with an offset. */
function hourFromNow(hours: number): string {
  const at = new Date(Date.now() + hours * 3_600_000);
  at.setUTCMinutes(0, 0, 0);
  return at.toISOString().replace('.000Z', 'Z');
}

describe("Extend now on an agent's Schedule tab against troupe serve and a scripted LLM", () => {
  let harness: MediaConsole;
  let page: Page;
  let llm: FakeLlmServer;

  const panel = () => page.getByRole('tabpanel', { name: 'Schedule' });

  beforeAll(async () => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    harness = await startMediaConsole({ curate: () => {} });
    ({ page, llm } = harness);
    await page.setViewportSize({ width: 1360, height: 900 });
    const { fileVersion } = (await callFromPage(page, 'agents.get', { configName: AGENT })) as {
      fileVersion: string;
    };
    await callFromPage(page, 'agents.update', {
      configName: AGENT,
      fileVersion,
      changes: {
        dailySchedule: 'Opens the bookshop at nine; reads by the fire in the evening; asleep by eleven.',
      },
    });
  });

  afterAll(() => harness?.close());

  it('says why nothing was planned, then has the model plan the next days and shows them', async () => {
    // The tab opens on the agent's today, the day in its zone when the page loads.
    const { timeZone } = (await callFromPage(page, 'schedule.get', { agent: AGENT })) as { timeZone: string };
    const shownDay = dateIn(new Date(), timeZone);
    await page.goto(`${harness.server.origin}/#/agents/${AGENT}/schedule`);
    await expectText(panel(), 'Never extended');

    llm.replyWith({ tasks: [{ kind: 'think', text: 'I would rather not plan today.' }] });
    await panel().getByRole('button', { name: 'Extend now' }).click();
    const refusal = panel().getByRole('alert');
    await expectText(refusal, 'The schedule was not extended', PLAN_TIMEOUT_MS);
    await expectText(refusal, 'The model planned no activity');

    const readingStarts = hourFromNow(1);
    llm.replyWith({
      tasks: [
        {
          kind: 'schedule',
          start_time: readingStarts,
          end_time: hourFromNow(3),
          activity_name: 'Reading by the fire',
          responsiveness: 40,
          description: 'A new novel',
        },
        {
          kind: 'schedule',
          start_time: hourFromNow(3),
          end_time: hourFromNow(11),
          activity_name: 'Sleeping',
          responsiveness: 0,
          description: 'Early night',
        },
      ],
    });
    await panel().getByRole('button', { name: 'Extend now' }).click();
    await expectText(panel().getByRole('status'), 'Schedule extended', PLAN_TIMEOUT_MS);
    // Late in the agent's evening, the reading starts on the day after the one shown.
    if (dateIn(new Date(readingStarts), timeZone) !== shownDay) {
      await panel().getByRole('button', { name: 'Next day' }).click();
    }
    await expectVisible(panel().getByText('Reading by the fire').first());
    await expectText(panel(), 'Extended');
    await page.screenshot({ path: join(SCREENSHOTS, 'schedule-extended.png') });

    const planning = JSON.stringify(llm.requests.at(-1)?.body);
    expect(planning).toContain('Your Typical Week');
    expect(planning).toContain('Opens the bookshop at nine');
  });
});
