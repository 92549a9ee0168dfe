import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDateTimeText, zonedInstant } from '../../src/main/clock';
import type { AgentDetail } from '../../src/shared/api/contract';
import type { EventsList } from '../../src/shared/api/events-contract';
import type { AgentScheduleView } from '../../src/shared/api/schedule-contract';
import { type E2eConsole, startE2eConsole } from '../support/e2e-console';
import { expectCount, expectText, expectVisible } from '../support/page-assertions';
import { callFromPage, createDirectChat } from '../support/serve-api';

const AGENT = 'Juniper';
/** Juniper's file says so. */
const FROM_ZONE = 'Europe/Dublin';
const TO_ZONE = 'America/New_York';
/** A day a week ahead, `YYYY-MM-DD`: nothing on it is pruned as ended. */
const DAY = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);

/** The instant DAY shows `hour`:00 in Juniper's zone, as the API takes it. */
function onDublinClock(hour: number): string {
  const [year, month, day] = DAY.split('-').map(Number) as [number, number, number];
  return zonedInstant({ year, month, day }, FROM_ZONE, hour, 0).toISOString();
}

describe('changing the time zone of an agent with a schedule and events, against troupe serve', () => {
  let harness: E2eConsole;
  let page: Page;
  let ref: { agent: string; network: 'simulator'; channelId: number };
  const call = (method: string, input: object) => callFromPage(page, method, input);
  const form = () => page.getByRole('form', { name: /^Edit / });
  const dialog = () => page.getByRole('dialog', { name: 'The time zone changes' });

  async function pickZone(zone: string) {
    await form().getByRole('combobox', { name: 'Time zone' }).fill(zone);
    await page.getByRole('option', { name: zone, exact: true }).click();
  }

  beforeAll(async () => {
    harness = await startE2eConsole('troupe-zone-change-e2e-');
    ({ page } = harness);
    await page.setViewportSize({ width: 1280, height: 860 });
    await call('schedule.save', {
      agent: AGENT,
      activities: [
        {
          id: 'wake',
          start: onDublinClock(7),
          end: onDublinClock(8),
          name: 'Wake up',
          responsiveness: 40,
          description: '',
        },
        {
          id: 'shop',
          start: onDublinClock(9),
          end: onDublinClock(17),
          name: 'Open the shop',
          responsiveness: 70,
          description: '',
        },
      ],
    });
    const { channelId } = await createDirectChat(page, AGENT, { firstName: 'Ada' });
    ref = { agent: AGENT, network: 'simulator', channelId };
    await call('events.save', {
      ...ref,
      event: {
        intent: 'Ask Ada how the book club went.',
        time: `${DAY}T21:00`,
        interval: '1 day',
        occurrences: 4,
      },
    });
  });

  afterAll(() => harness?.close());

  it('asks what becomes of them, Cancel keeps the form, and keeping wall-clock times moves them', async () => {
    await page.goto(`${harness.server.origin}/#/agents/${AGENT}`);
    await page.getByRole('button', { name: 'Edit the agent' }).click();
    await expectVisible(form());
    await pickZone(TO_ZONE);
    await form()
      .getByRole('button', { name: `Save to ${AGENT}.md` })
      .click();

    await expectVisible(dialog());
    await expectText(
      dialog(),
      `Juniper has 2 schedule activities and 1 scheduled event timed in ${FROM_ZONE}. With Juniper moving to ${TO_ZONE}`,
    );
    // The dialog takes the focus, on the choice that keeps everything.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent?.trim()))
      .toBe('Keep wall-clock times');
    await page.waitForTimeout(400); // the dialog's opening transition
    await harness.shot('agent-zone-change-dialog');

    // Escape is Cancel: nothing is written and the form keeps the new zone, unsaved.
    await page.keyboard.press('Escape');
    await expectCount(dialog(), 0);
    expect(await form().getByRole('combobox', { name: 'Time zone' }).inputValue()).toBe(TO_ZONE);
    expect(((await call('agents.get', { configName: AGENT })) as AgentDetail).config.timezone).toBe(
      FROM_ZONE,
    );

    await form()
      .getByRole('button', { name: `Save to ${AGENT}.md` })
      .click();
    await dialog().getByRole('button', { name: 'Keep wall-clock times' }).click();
    await expectCount(dialog(), 0);
    await expectText(page.getByRole('alert').filter({ hasText: 'Saved' }), 'kept their wall-clock times');
    await expectText(page.getByRole('main'), TO_ZONE);
    await page.getByText(TO_ZONE, { exact: true }).scrollIntoViewIfNeeded();
    await page.waitForTimeout(400); // the notification slides in
    await harness.shot('agent-zone-change-saved');

    const schedule = (await call('schedule.get', { agent: AGENT })) as AgentScheduleView;
    expect(schedule.timeZone).toBe(TO_ZONE);
    expect(
      schedule.activities.map(
        (activity) =>
          `${activity.name} ${localDateTimeText(new Date(activity.start), TO_ZONE)}-${localDateTimeText(new Date(activity.end), TO_ZONE).slice(11)}`,
      ),
    ).toEqual([`Wake up ${DAY}T07:00-08:00`, `Open the shop ${DAY}T09:00-17:00`]);
    const events = (await call('events.list', ref)) as EventsList;
    expect(events).toMatchObject({
      timeZone: TO_ZONE,
      events: [{ localTime: `${DAY}T21:00`, interval: '1 day', remaining: 4 }],
    });

    // The conversation's Events tab shows the reminder at its same time, on the new zone's clock.
    await page.goto(`${harness.server.origin}/#/playground/${AGENT}/${ref.channelId}`);
    await page.getByRole('tab', { name: 'Events' }).click();
    const panel = page.getByRole('tabpanel', { name: 'Events' });
    await expectText(panel, `Times in ${TO_ZONE}`);
    await expectText(panel, 'Ask Ada how the book club went.');
    await harness.shot('agent-zone-change-events');
  });
});
