import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgentScheduleView } from '../../src/shared/api/schedule-contract';
import { dateIn } from '../support/day-edge';
import { type E2eConsole, startE2eConsole } from '../support/e2e-console';
import { expectCount, expectText, expectVisible } from '../support/page-assertions';
import { callFromPage, createDirectChat } from '../support/serve-api';

const AGENT = 'Juniper';
/** Juniper's file says so: the timeline and the form are on its clock. */
const AGENT_ZONE = 'Europe/Dublin';

/** Today's date in the agent's zone, `YYYY-MM-DD`. */
function agentToday(): string {
  return dateIn(new Date(), AGENT_ZONE);
}

describe('the agent’s Schedule tab against troupe serve', () => {
  let harness: E2eConsole;
  let page: Page;
  const call = (method: string, input: object) => callFromPage(page, method, input);
  const spans = async () =>
    ((await call('schedule.get', { agent: AGENT })) as AgentScheduleView).activities.map(
      (activity) => activity.name,
    );
  const panel = () => page.getByRole('tabpanel', { name: 'Schedule' });
  const block = (name: string) => panel().getByRole('button', { name: new RegExp(`^${name}, `) });
  const form = () => page.getByRole('form', { name: /^(New|Edit) activity$/ });

  /** The segmented control's radios are hidden behind their labels, which take the click. */
  const showView = (view: 'Day' | 'Week') =>
    panel()
      .locator('label', { hasText: new RegExp(`^${view}$`) })
      .click();

  async function fillActivity(fields: {
    name?: string;
    start?: string;
    end?: string;
    responsiveness?: string;
  }) {
    const dialog = form();
    if (fields.name !== undefined) await dialog.getByRole('textbox', { name: 'Name' }).fill(fields.name);
    if (fields.start !== undefined) await dialog.getByLabel('Starts').fill(fields.start);
    if (fields.end !== undefined) await dialog.getByLabel('Ends').fill(fields.end);
    if (fields.responsiveness !== undefined)
      await dialog.getByRole('textbox', { name: 'Responsiveness' }).fill(fields.responsiveness);
  }

  beforeAll(async () => {
    harness = await startE2eConsole('troupe-schedule-e2e-');
    ({ page } = harness);
    await page.setViewportSize({ width: 1360, height: 900 });
  });

  afterAll(() => harness?.close());

  it('explains a missing Daily Schedule, then adds, edits, merges and deletes activities on the agent’s clock', async () => {
    await page.goto(`${harness.server.origin}/#/agents/${AGENT}/schedule`);
    await expectText(panel(), 'keeps no daily schedule');
    await harness.shot('schedule-none');
    await panel().getByRole('link', { name: 'Write its daily schedule' }).click();
    await expectVisible(page.getByRole('textbox', { name: 'Daily schedule' }));
    await harness.shot('schedule-none-editor');

    const { fileVersion } = (await call('agents.get', { configName: AGENT })) as { fileVersion: string };
    await call('agents.update', {
      configName: AGENT,
      fileVersion,
      changes: { dailySchedule: 'Sleeps from eleven to seven; runs the bookshop from nine to five.' },
    });
    const { channelId } = await createDirectChat(page, AGENT, { firstName: 'Ada', lastName: 'Lovelace' });
    const soon = new Date(Date.now() + 40 * 60_000).toLocaleString('sv-SE', { timeZone: AGENT_ZONE });
    await call('events.save', {
      agent: AGENT,
      network: 'simulator',
      channelId,
      event: {
        intent: 'Tell Ada her book has arrived',
        time: soon.replace(' ', 'T').slice(0, 16),
        interval: null,
        occurrences: null,
      },
    });

    await page.goto(`${harness.server.origin}/#/agents/${AGENT}/schedule`);
    await expectText(panel(), AGENT_ZONE);
    const today = agentToday();

    // A whole working day, then lunch inside it: the runtime cuts the day around lunch.
    await panel().getByRole('button', { name: 'Add activity' }).click();
    await fillActivity({
      name: 'Open the shop',
      start: `${today}T09:00`,
      end: `${today}T17:00`,
      responsiveness: '70',
    });
    await form().getByRole('button', { name: 'Add activity' }).click();
    await expectVisible(block('Open the shop'));
    await panel().getByRole('button', { name: 'Add activity' }).click();
    await fillActivity({
      name: 'Lunch',
      start: `${today}T12:00`,
      end: `${today}T13:00`,
      responsiveness: '30',
    });
    await form().getByRole('button', { name: 'Add activity' }).click();
    await expectCount(block('Open the shop'), 2);
    expect(await spans()).toEqual(['Open the shop', 'Lunch', 'Open the shop']);

    // Sleep from a free slot, the last hours of the day.
    await panel()
      .getByRole('button', { name: /^Free 17:00–00:00/ })
      .click();
    await fillActivity({ name: 'Asleep', start: `${today}T23:00`, responsiveness: '0' });
    await form().getByRole('button', { name: 'Add activity' }).click();
    await expectVisible(block('Asleep'));

    // An end before the start is said at the field, and nothing is saved.
    await panel().getByRole('button', { name: 'Add activity' }).click();
    await fillActivity({ name: 'Backwards', start: `${today}T15:00`, end: `${today}T14:00` });
    await form().getByRole('button', { name: 'Add activity' }).click();
    await expectText(form(), 'The end must come after the start.');
    await harness.shot('schedule-refusal');
    await form().getByRole('button', { name: 'Cancel' }).click();
    expect(await spans()).toEqual(['Open the shop', 'Lunch', 'Open the shop', 'Asleep']);

    // Edited: renamed and quicker.
    await block('Lunch').click();
    await fillActivity({ name: 'Long lunch', responsiveness: '50' });
    await form().getByRole('button', { name: 'Save activity' }).click();
    await expectVisible(block('Long lunch'));
    await expectCount(form(), 0);
    await harness.shot('schedule-day');

    await showView('Week');
    await expectCount(panel().getByRole('group', { name: /^Monday/ }), 1);
    await harness.shot('schedule-week');
    // At phone width, opened afresh as a phone would (the navigation folded away).
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await expectVisible(block('Long lunch'));
    await harness.shot('schedule-day-390');
    await showView('Week');
    await expectCount(panel().getByRole('group', { name: /^Monday/ }), 1);
    await harness.shot('schedule-week-390');
    await page.setViewportSize({ width: 1360, height: 900 });
    await showView('Day');

    // Merged with the afternoon in one action, then deleted after asking.
    await block('Long lunch').click();
    await expectVisible(form().getByRole('button', { name: /^Merge with the next, “Open the shop” 13:00–/ }));
    await page.waitForTimeout(300); // the editor's fade-in, for the picture
    await harness.shot('schedule-merge');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.waitForTimeout(300);
    await harness.shot('schedule-merge-390');
    await page.setViewportSize({ width: 1360, height: 900 });
    await form()
      .getByRole('button', { name: /^Merge with the next, “Open the shop”/ })
      .click();
    await expect.poll(spans).toEqual(['Open the shop', 'Long lunch', 'Asleep']);
    await block('Long lunch').click();
    await form().getByRole('button', { name: 'Delete activity' }).click();
    await page
      .getByRole('dialog', { name: 'Delete activity' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await expect.poll(spans).toEqual(['Open the shop', 'Asleep']);
    await expectCount(block('Long lunch'), 0);

    // The event is marked at its time, and leads to its conversation. Late in the agent's evening,
    // 40 minutes from now falls on the next day.
    if (soon.slice(0, 10) !== today) await panel().getByRole('button', { name: 'Next day' }).click();
    await panel()
      .getByRole('button', { name: /^Event at .* in Ada Lovelace \(Playground\)/ })
      .click();
    const open = page.getByRole('link', { name: 'Open Ada Lovelace (Playground)' });
    await expectVisible(open);
    // The dropdown fades in: the screenshot waits until it is fully drawn.
    await expect
      .poll(() => open.evaluate((link) => getComputedStyle(link.closest('[role="dialog"]') ?? link).opacity))
      .toBe('1');
    await harness.shot('schedule-event');
    await open.click();
    await expect.poll(() => page.url()).toContain(`#/playground/${AGENT}/${channelId}`);
  });
});
