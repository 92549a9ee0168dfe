import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { ActivityEditor } from '../../src/renderer/features/schedule/components/ActivityEditor';
import { AgentSchedule } from '../../src/renderer/features/schedule/components/AgentSchedule';
import { ExtendNowOutcome } from '../../src/renderer/features/schedule/components/ExtendNow';
import { ScheduleTimeline } from '../../src/renderer/features/schedule/components/ScheduleTimeline';
import { activityForm } from '../../src/renderer/features/schedule/model/activity-form';
import { viewDays } from '../../src/renderer/features/schedule/model/timeline';
import { createScheduleStore } from '../../src/renderer/features/schedule/store';
import { ApiError } from '../../src/shared/api/errors';
import type { ScheduleActivity } from '../../src/shared/domain/schedule';
import { FakeRuntime, settle } from './support/fake-runtime';
import { textOf } from './support/render-markup';
import { renderSchedule } from './support/render-schedule';

const AGENT = 'Juniper';

const activity = (name: string, start: string, end: string, responsiveness = 80): ScheduleActivity => ({
  id: name.toLowerCase(),
  start: `2025-06-01T${start}:00.000Z`,
  end: `2025-06-01T${end}:00.000Z`,
  name,
  responsiveness,
  description: '',
});

function setUp() {
  const runtime = new FakeRuntime();
  const store = createScheduleStore(runtime.client);
  runtime.client.on('schedule.changed', ({ agent }) => store.getState().actions.applyChanged(agent));
  const shown = () =>
    store
      .getState()
      .agents[AGENT]?.value?.activities.map(
        (a) => `${a.name} ${a.start.slice(11, 16)}-${a.end.slice(11, 16)}`,
      );
  return { runtime, store, shown };
}

describe('schedule store', () => {
  it('follows an agent: loads its schedule and fetches it again when the runtime says it changed', async () => {
    const { runtime, store, shown } = setUp();
    const stop = store.getState().actions.follow(AGENT);
    await settle();
    expect(store.getState().agents[AGENT]).toMatchObject({
      status: 'ready',
      value: { timeZone: 'UTC', activities: [] },
    });

    runtime.schedules.seed(AGENT, [activity('Work', '09:00', '17:00')]);
    await settle();
    expect(shown()).toEqual(['Work 09:00-17:00']);

    stop();
    runtime.schedules.seed(AGENT, []);
    await settle();
    expect(shown()).toEqual(['Work 09:00-17:00']);
  });

  it('shows what a put answers at once (overlapped activities cut), and keeps the schedule on a refusal', async () => {
    const { runtime, store, shown } = setUp();
    runtime.schedules.seed(AGENT, [activity('Work', '09:00', '17:00')]);
    const { actions } = store.getState();
    actions.follow(AGENT);
    await settle();
    const lunch = activity('Lunch', '12:00', '13:00', 40);
    const id = await actions.put(AGENT, { ...lunch, id: undefined });
    expect(shown()).toEqual(['Work 09:00-12:00', 'Lunch 12:00-13:00', 'Work 13:00-17:00']);

    const refused = actions.put(AGENT, { ...lunch, id, end: lunch.start });
    await expect(refused).rejects.toThrow(ApiError);
    await expect(refused).rejects.toMatchObject({ issues: [{ path: 'activity.end' }] });
    expect(shown()).toEqual(['Work 09:00-12:00', 'Lunch 12:00-13:00', 'Work 13:00-17:00']);

    await actions.remove(AGENT, id);
    expect(shown()).toEqual(['Work 09:00-12:00', 'Work 13:00-17:00']);
  });
});

describe('extending a schedule now', () => {
  it('shows what the model planned, and on a failure says why, keeping the schedule', async () => {
    const { runtime, store, shown } = setUp();
    const { actions } = store.getState();
    actions.follow(AGENT);
    await settle();
    await expect(actions.extend(AGENT)).resolves.toEqual({ written: 1, refused: [] });
    expect(shown()).toEqual(['A quiet day 12:00-12:00']);
    expect(store.getState().agents[AGENT]!.value!.lastExtendedAt).toBe(runtime.now.toISOString());
    const outcome = renderSchedule(
      store,
      createElement(ExtendNowOutcome, {
        run: { state: 'done', outcome: { written: 3, refused: ['"Nap" overlaps'] } },
        onDismiss: () => {},
      }),
    );
    expect(textOf(outcome)).toContain('The model planned 3 activities. Not taken: "Nap" overlaps');

    runtime.schedules.extendFailure = 'The model could not be reached: no Gemini key is set.';
    await expect(actions.extend(AGENT)).rejects.toThrow('no Gemini key is set');
    expect(shown()).toEqual(['A quiet day 12:00-12:00']);
  });
});

describe('schedule views', () => {
  it('draws the day: activities with their responsiveness, asleep marked, now outlined, free time and events', async () => {
    const { runtime, store } = setUp();
    runtime.schedules.seed(AGENT, [
      activity('Asleep', '00:00', '07:00', 0),
      activity('Shop', '09:00', '17:00', 70),
    ]);
    runtime.schedules.events.set(AGENT, [
      {
        id: 'event-1',
        network: 'simulator',
        channelId: 1001,
        conversationName: 'Ada Lovelace',
        intent: 'Ask Ada about the book',
        dueAt: '2025-06-01T15:30:00.000Z',
      },
    ]);
    store.getState().actions.follow(AGENT);
    await settle();
    const schedule = store.getState().agents[AGENT]!.value!;
    expect(schedule.currentId).toBe('shop');
    const html = renderSchedule(
      store,
      createElement(ScheduleTimeline, {
        agent: AGENT,
        days: viewDays('day', '2025-06-01', 'UTC'),
        schedule,
        handlers: { onOpen: () => {}, onAdd: () => {} },
      }),
    );
    expect(html).toContain('aria-label="Asleep, 00:00–07:00, asleep"');
    expect(html).toContain('aria-label="Shop, 09:00–17:00, responsiveness 70, now"');
    expect(html).toContain('aria-label="Free 07:00–09:00: add an activity"');
    expect(html).toContain('aria-label="Free 17:00–00:00: add an activity"');
    expect(html).toContain(
      'aria-label="Event at 15:30 in Ada Lovelace (Playground): Ask Ada about the book"',
    );
    expect(textOf(html)).toContain('Sun 1 Jun');
  });

  it('says a day with nothing planned is free all day, not from midnight to midnight', async () => {
    const { runtime, store } = setUp();
    runtime.schedules.seed(AGENT, [activity('Shop', '09:00', '17:00')]);
    store.getState().actions.follow(AGENT);
    await settle();
    const html = renderSchedule(
      store,
      createElement(ScheduleTimeline, {
        agent: AGENT,
        days: viewDays('day', '2025-06-02', 'UTC'),
        schedule: store.getState().agents[AGENT]!.value!,
        handlers: { onOpen: () => {}, onAdd: () => {} },
      }),
    );
    expect(html).toContain('aria-label="Free all day: add an activity"');
  });

  it('offers to merge with the next activity, saying which and when', () => {
    const { store } = setUp();
    const lunch = activity('Lunch', '12:00', '13:00');
    const html = renderSchedule(
      store,
      createElement(ActivityEditor, {
        initial: activityForm(lunch, 'UTC'),
        timeZone: 'UTC',
        activityId: lunch.id,
        actions: {
          save: async () => {},
          mergeNext: { next: activity('Shop', '13:00', '17:00'), run: async () => {} },
        },
        onDone: () => {},
      }),
    );
    expect(textOf(html)).toContain('Merge with the next, “Shop” 13:00–17:00');
  });

  it('says when the agent keeps no schedule, and links to the field of its file to write one', () => {
    const { store } = setUp();
    const html = renderSchedule(
      store,
      createElement(AgentSchedule, { configName: AGENT, agentName: 'Juniper Vale', keepsSchedule: false }),
    );
    expect(textOf(html)).toContain('Juniper Vale keeps no daily schedule');
    expect(html).toContain('href="/agents/Juniper/edit/daily-schedule"');
  });
});
