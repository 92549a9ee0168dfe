import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { localDateTime, localDateTimeText, zonedInstant } from '../../../src/main/clock';
import { DATABASE_FILE_NAME } from '../../../src/main/store';
import type { AgentDetail } from '../../../src/shared/api/contract';
import type { EventsList } from '../../../src/shared/api/events-contract';
import type { AgentScheduleView } from '../../../src/shared/api/schedule-contract';
import { callApi, waitFor } from '../../support/engine-harness';
import { type LlmRuntime, startLlmRuntime } from '../../support/llm-runtime';

const LONDON = 'Europe/London';
const PARIS = 'Europe/Paris';
/** A day a week ahead, so nothing is pruned as ended. */
const DAY = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
const SOON_INTENT = 'Tell Pat the bakery opens now';

/** `YYYY-MM-DDTHH:mm:ss`: the wall clock in `zone` `ms` from now. */
function wallClockIn(zone: string, ms: number): string {
  const local = localDateTime(new Date(Date.now() + ms), zone);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${local.year}-${pad(local.month)}-${pad(local.day)}T${pad(local.hour)}:${pad(local.minute)}:${pad(local.second)}`;
}

/** An activity from `from` to `to` (whole hours) on DAY on the London clock. */
function activity(name: string, from: number, to: number) {
  const [year, month, day] = DAY.split('-').map(Number) as [number, number, number];
  const instant = (hour: number) => zonedInstant({ year, month, day }, LONDON, hour).toISOString();
  return {
    id: name.toLowerCase().replace(' ', '-'),
    start: instant(from),
    end: instant(to),
    name,
    responsiveness: 60,
    description: '',
  };
}

describe('changing the time zone of an agent that keeps a schedule and events (agents.update)', () => {
  let bed: LlmRuntime;
  let file: string;
  let ref: { agent: string; network: 'simulator'; channelId: number };
  const heard: Array<[string, unknown]> = [];

  const get = async () => (await callApi(bed.runtime, 'agents.get', { configName: 'Ada' })) as AgentDetail;
  const schedule = async () =>
    (await callApi(bed.runtime, 'schedule.get', { agent: 'Ada' })) as unknown as AgentScheduleView;
  const events = async () => (await callApi(bed.runtime, 'events.list', ref)) as unknown as EventsList;
  const localSpans = (view: AgentScheduleView) =>
    view.activities.map(
      (item) =>
        `${item.name} ${localDateTimeText(new Date(item.start), view.timeZone)}-${localDateTimeText(new Date(item.end), view.timeZone).slice(11)}`,
    );
  const localEvents = (list: EventsList) =>
    list.events.map((item) => `${item.intent} ${item.localTime} ${item.interval}`);
  const update = async (changes: object, zoneChange?: string) =>
    bed.runtime.dispatch('agents.update', {
      configName: 'Ada',
      fileVersion: (await get()).fileVersion,
      changes,
      ...(zoneChange ? { zoneChange } : {}),
    });

  beforeEach(async () => {
    bed = await startLlmRuntime('zone-change');
    file = join(bed.configDir, 'agents', 'Ada.md');
    // An agent with neither schedule nor events changes zone as it always did.
    expect(await update({ timezone: LONDON })).toMatchObject({
      ok: true,
      result: { config: { timezone: LONDON } },
    });

    await callApi(bed.runtime, 'schedule.save', {
      agent: 'Ada',
      activities: [activity('Wake up', 7, 8), activity('Work', 9, 17)],
    });
    const { chat } = bed.runtime.simulator.createChat('Ada', {
      kind: 'direct',
      people: [{ firstName: 'Pat' }],
    });
    ref = { agent: 'Ada', network: 'simulator', channelId: chat.channelId };
    await callApi(bed.runtime, 'events.save', {
      ...ref,
      event: { intent: 'Ask Pat about the exam', time: `${DAY}T21:00`, interval: '1 day', occurrences: 3 },
    });
    heard.length = 0;
    bed.runtime.events.subscribe((name, payload) => {
      if (name === 'schedule.changed' || name === 'events.changed') heard.push([name, payload]);
    });
  });

  afterEach(() => bed.close());

  it('refuses a new zone without a choice, naming what it would move, and changes nothing', async () => {
    const before = readFileSync(file, 'utf8');
    const stored = await schedule();
    const answer = await update({ timezone: PARIS, name: 'Ada B' });
    expect(answer).toMatchObject({
      ok: false,
      error: {
        code: 'conflict',
        message: expect.stringMatching(
          /has 2 schedule activities and 1 scheduled event timed in Europe\/London/,
        ),
        details: { kind: 'zoneChoiceNeeded', fromZone: LONDON, toZone: PARIS, activities: 2, events: 1 },
      },
    });
    expect(readFileSync(file, 'utf8')).toBe(before);
    expect(await schedule()).toEqual(stored);
    expect(heard).toEqual([]);
    // Naming the zone it has already is no change, and needs no choice.
    expect(await update({ timezone: LONDON, name: 'Ada B' })).toMatchObject({ ok: true });
  });

  it('keeps the wall-clock times in the new zone, announces them, and the moved event fires at its new time', async () => {
    // Due in London an hour after it is due in Paris: in Paris it comes due in a few seconds.
    await callApi(bed.runtime, 'events.save', {
      ...ref,
      event: { intent: SOON_INTENT, time: wallClockIn(PARIS, 3_000), interval: null, occurrences: null },
    });
    const eventsBefore = localEvents(await events()).filter((line) => !line.startsWith(SOON_INTENT));
    bed.llm.replyWith({ tasks: [{ kind: 'send', text: 'The bakery is open!' }] });
    heard.length = 0;

    const answer = await update({ timezone: PARIS }, 'keepWallClock');
    expect(answer).toMatchObject({ ok: true, result: { config: { timezone: PARIS } } });
    expect(readFileSync(file, 'utf8')).toContain('# Agent Timezone\n\nEurope/Paris\n');

    const moved = await schedule();
    expect(moved.timeZone).toBe(PARIS);
    expect(localSpans(moved)).toEqual([`Wake up ${DAY}T07:00-08:00`, `Work ${DAY}T09:00-17:00`]);
    const list = await events();
    expect(list.timeZone).toBe(PARIS);
    expect(localEvents(list).filter((line) => !line.startsWith(SOON_INTENT))).toEqual(eventsBefore);
    expect(list.events.find((item) => item.intent === 'Ask Pat about the exam')).toMatchObject({
      remaining: 3,
    });
    expect(heard).toEqual([
      ['schedule.changed', { agent: 'Ada' }],
      ['events.changed', ref],
    ]);

    await waitFor(
      () => bed.llm.requests.some((request) => JSON.stringify(request.body).includes(SOON_INTENT)),
      'the moved event to fire',
    );
  });

  it('deletes the schedule and the events when asked to', async () => {
    const answer = await update({ timezone: 'Asia/Tokyo' }, 'delete');
    expect(answer).toMatchObject({ ok: true, result: { config: { timezone: 'Asia/Tokyo' } } });
    expect((await schedule()).activities).toEqual([]);
    expect((await events()).events).toEqual([]);
    expect(heard).toEqual([
      ['schedule.changed', { agent: 'Ada' }],
      ['events.changed', ref],
    ]);
  });

  it('refuses to keep wall-clock times that would make two activities overlap, and writes nothing', async () => {
    // 01:10 happens twice in London on 31 October 2027; Paris has that time once.
    const at = (iso: string, name: string) => ({
      id: name,
      start: iso,
      end: iso.replace(':10:', ':40:'),
      name,
      responsiveness: 60,
      description: '',
    });
    await callApi(bed.runtime, 'schedule.save', {
      agent: 'Ada',
      activities: [at('2027-10-31T00:10:00Z', 'Before'), at('2027-10-31T01:10:00Z', 'After')],
    });
    const before = readFileSync(file, 'utf8');
    const answer = await update({ timezone: PARIS }, 'keepWallClock');
    expect(answer).toMatchObject({
      ok: false,
      error: {
        code: 'invalid_input',
        message: expect.stringMatching(
          /cannot keep its wall-clock times in Europe\/Paris: "Before" and "After" overlap/,
        ),
      },
    });
    expect(readFileSync(file, 'utf8')).toBe(before);
    expect(await update({ timezone: PARIS }, 'delete')).toMatchObject({ ok: true });
  });

  it('puts the file back when the times cannot be moved after it was written, and says so', async () => {
    const before = readFileSync(file, 'utf8');
    const stored = await schedule();
    // Another connection holds the database's write lock past the store's wait for it.
    const db = new BetterSqlite3(join(bed.root, 'state', DATABASE_FILE_NAME));
    db.prepare('BEGIN IMMEDIATE').run();
    let answer: Awaited<ReturnType<typeof update>>;
    try {
      answer = await update({ timezone: PARIS }, 'keepWallClock');
    } finally {
      db.prepare('ROLLBACK').run();
      db.close();
    }
    expect(answer).toMatchObject({
      ok: false,
      error: {
        message: expect.stringMatching(
          /^Nothing was saved: the schedule and events could not be moved .*Ada\.md was put back as it was\.$/,
        ),
      },
    });
    expect(readFileSync(file, 'utf8')).toBe(before);
    expect((await get()).config.timezone).toBe(LONDON);
    expect(await schedule()).toEqual(stored);
  }, 20_000);

  it('leaves the stored times at their instants when the zone is changed by editing the file', async () => {
    const stored = await schedule();
    writeFileSync(file, readFileSync(file, 'utf8').replace('Europe/London', 'Europe/Paris'));
    await callApi(bed.runtime, 'config.reload');
    const after = await schedule();
    expect(after.timeZone).toBe(PARIS);
    expect(after.activities).toEqual(stored.activities);
    // The same moments read an hour later on the Paris clock.
    expect(localSpans(after)).toEqual([`Wake up ${DAY}T08:00-09:00`, `Work ${DAY}T10:00-18:00`]);
  });
});
