import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AgentScheduleView } from '../../../src/shared/api/schedule-contract';
import type { ScheduleActivity } from '../../../src/shared/domain/schedule';
import { callApi } from '../../support/engine-harness';
import { type LlmRuntime, startLlmRuntime } from '../../support/llm-runtime';

/** A day a week ahead, so nothing is pruned as ended; `at(9)` is 09:00 UTC on it. */
const DAY = new Date(Date.now() + 7 * 24 * 3_600_000).toISOString().slice(0, 10);
const at = (hour: number) => new Date(`${DAY}T${String(hour).padStart(2, '0')}:00:00Z`).toISOString();

const fields = (name: string, from: number, to: number, responsiveness = 80) => ({
  start: at(from),
  end: at(to),
  name,
  responsiveness,
  description: '',
});

const spans = (view: { activities: ScheduleActivity[] }) =>
  view.activities.map(
    (activity) => `${activity.name} ${activity.start.slice(11, 16)}-${activity.end.slice(11, 16)}`,
  );

describe('editing an agent’s schedule one activity at a time through the API', () => {
  let bed: LlmRuntime;
  const view = (method: string, input: object) =>
    callApi(bed.runtime, method, input) as Promise<AgentScheduleView>;

  beforeEach(async () => {
    bed = await startLlmRuntime('schedule-editing');
  });

  afterEach(() => bed.close());

  it('adds an activity over others by cutting them, changes one, and deletes one, announcing each', async () => {
    const heard: unknown[] = [];
    bed.runtime.events.subscribe((name, payload) => {
      if (name === 'schedule.changed') heard.push(payload);
    });
    await view('schedule.put', { agent: 'Ada', activity: fields('Work', 9, 17) });
    // Lunch inside Work splits it in two; the part after lunch gets an id of its own.
    const lunch = (await view('schedule.put', {
      agent: 'Ada',
      activity: fields('Lunch', 12, 13, 40),
    })) as AgentScheduleView & {
      savedId: string;
    };
    expect(spans(lunch)).toEqual(['Work 09:00-12:00', 'Lunch 12:00-13:00', 'Work 13:00-17:00']);
    expect(new Set(lunch.activities.map((activity) => activity.id)).size).toBe(3);
    expect(lunch.activities[1]!.id).toBe(lunch.savedId);

    // Merging Lunch into the afternoon: Lunch reaching to the afternoon's end covers it, which goes.
    const afternoon = lunch.activities[2]!;
    const merged = await view('schedule.put', {
      agent: 'Ada',
      activity: { ...lunch.activities[1]!, end: afternoon.end },
    });
    expect(spans(merged)).toEqual(['Work 09:00-12:00', 'Lunch 12:00-17:00']);

    const deleted = await view('schedule.delete', { agent: 'Ada', id: lunch.savedId });
    expect(spans(deleted)).toEqual(['Work 09:00-12:00']);
    expect(heard).toEqual(Array(4).fill({ agent: 'Ada' }));
    expect(spans(await view('schedule.get', { agent: 'Ada' }))).toEqual(['Work 09:00-12:00']);
  });

  it('points a refusal at the field to fix and keeps the schedule as it was', async () => {
    await view('schedule.put', { agent: 'Ada', activity: fields('Work', 9, 17) });
    const backwards = await bed.runtime.dispatch('schedule.put', {
      agent: 'Ada',
      activity: fields('Nap', 15, 14),
    });
    expect(backwards).toMatchObject({
      ok: false,
      error: {
        code: 'invalid_input',
        issues: [{ path: 'activity.end', message: expect.stringMatching(/"Nap" ends before it starts/) }],
      },
    });
    const tooKeen = await bed.runtime.dispatch('schedule.put', {
      agent: 'Ada',
      activity: fields('Nap', 14, 15, 101),
    });
    expect(tooKeen).toMatchObject({ ok: false, error: { issues: [{ path: 'activity.responsiveness' }] } });
    const gone = await bed.runtime.dispatch('schedule.put', {
      agent: 'Ada',
      activity: { ...fields('Nap', 14, 15), id: 'act-gone' },
    });
    expect(gone).toMatchObject({
      ok: false,
      error: { code: 'not_found', message: /no activity "act-gone"/ },
    });
    expect(spans(await view('schedule.get', { agent: 'Ada' }))).toEqual(['Work 09:00-17:00']);
  });

  it('lists the agent’s upcoming events across its conversations, named', async () => {
    const { chat } = bed.runtime.simulator.createChat('Ada', {
      kind: 'direct',
      people: [{ firstName: 'Pat' }],
    });
    const ref = { agent: 'Ada', network: 'simulator', channelId: chat.channelId };
    const time = new Date(Date.now() + 3 * 3_600_000).toISOString().slice(0, 16);
    await callApi(bed.runtime, 'events.save', {
      ...ref,
      event: { intent: 'Ask Pat about the exam', time, interval: null, occurrences: null },
    });
    const { events } = await view('schedule.get', { agent: 'Ada' });
    expect(events).toEqual([
      {
        id: expect.any(String),
        network: 'simulator',
        channelId: chat.channelId,
        conversationName: 'Pat',
        intent: 'Ask Pat about the exam',
        dueAt: expect.stringMatching(/Z$/),
      },
    ]);
  });
});
