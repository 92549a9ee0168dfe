import { afterEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../src/main/clock';
import type { ScheduleActivity } from '../../../src/shared/domain/schedule';
import { agentConfig } from '../../support/agent-config';
import { EngineHarness } from '../../support/engine-harness';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

function activity(id: string, start: string, end: string, responsiveness: number): ScheduleActivity {
  return { id, start, end, name: id, responsiveness, description: '' };
}

// The harness clock starts at 2026-03-02T10:00Z; Ada's zone is UTC.
const ASLEEP_UNTIL_NOON = [
  activity('Napping', '2026-03-02T09:00:00.000Z', '2026-03-02T12:00:00.000Z', 0),
  activity('Gardening', '2026-03-02T12:00:00.000Z', '2026-03-02T18:00:00.000Z', 1),
];

const withSchedule = (options: ConstructorParameters<typeof EngineHarness>[0] = {}) =>
  new EngineHarness({
    agents: [agentConfig({ configName: 'Ada', timezone: 'UTC', dailySchedule: 'Naps in the morning.' })],
    ...options,
  });

describe("the agent's daily schedule in conversations", () => {
  let harness: EngineHarness;

  afterEach(async () => {
    await harness.close();
  });

  it('a sleeping agent neither answers nor shows online, and answers once when it wakes', async () => {
    harness = withSchedule({ pacing: 'off' });
    harness.store.schedules.replace('Ada', ASLEEP_UNTIL_NOON, harness.clock.now());
    const chat = harness.directChat();
    harness.llm.reply([{ kind: 'send', text: 'Sorry, I was asleep!' }]);
    harness.say(chat, 'are you there?');
    await harness.advance(30 * MINUTE, MINUTE);
    harness.say(chat, 'hello??');
    await harness.advance(HOUR + 28 * MINUTE, MINUTE);
    expect(harness.llm.turnQueries).toHaveLength(0);
    expect(harness.simulator.activity('Ada', chat.channelId).online).toBe(false);
    const states = harness.events.flatMap((event) => (event.type === 'turnState' ? [event.state] : []));
    expect(states[0]).toEqual({
      phase: 'heldBySchedule',
      until: '2026-03-02T12:00:00.000Z',
      asleep: true,
      activity: 'Napping',
    });

    await harness.advance(2 * MINUTE, MINUTE);
    expect(harness.llm.turnQueries).toHaveLength(1);
    await harness.advance(MINUTE);
    // Both messages of the night in one turn, answered once.
    expect(harness.agentTexts(chat)).toEqual(['Sorry, I was asleep!']);
    const history = harness.llm.turnQueries[0]!.turns.flatMap((turn) => turn.parts).join('\n');
    expect(history).toContain('are you there?');
    expect(history).toContain('hello??');
  });

  it('the operator can still make a sleeping agent act: an xsend-style turn is not held', async () => {
    harness = withSchedule({ pacing: 'off' });
    harness.store.schedules.replace('Ada', ASLEEP_UNTIL_NOON, harness.clock.now());
    const chat = harness.directChat();
    harness.llm.reply([{ kind: 'send', text: 'Good morning from my dreams.' }]);
    await harness.engine.requestTurn(harness.conversation(chat), { xsendIntent: 'Say good morning' });
    await harness.advance(MINUTE);
    expect(harness.agentTexts(chat)).toEqual(['Good morning from my dreams.']);
  });

  it('a busy agent lets a message wait by its responsiveness (two minutes at 1)', async () => {
    harness = withSchedule({ clock: new ManualClock('2026-03-02T13:00:00Z') });
    harness.store.schedules.replace('Ada', ASLEEP_UNTIL_NOON, harness.clock.now());
    const chat = harness.directChat();
    harness.llm.reply([{ kind: 'send', text: 'Back from the garden.' }]);
    harness.say(chat, 'how are the roses?');
    await harness.advance(115_000, 5_000);
    expect(harness.llm.turnQueries).toHaveLength(0);
    await harness.advance(10_000, 5_000);
    expect(harness.llm.turnQueries).toHaveLength(1);
  });

  it('an operator change of the schedule takes effect at once: waking the agent early', async () => {
    harness = withSchedule({ pacing: 'off' });
    harness.store.schedules.replace('Ada', ASLEEP_UNTIL_NOON, harness.clock.now());
    const chat = harness.directChat();
    harness.llm.reply([{ kind: 'send', text: 'I am up.' }]);
    harness.say(chat, 'wake up');
    await harness.advance(5 * MINUTE, MINUTE);
    expect(harness.llm.turnQueries).toHaveLength(0);
    harness.store.schedules.replace('Ada', [], harness.clock.now());
    harness.engine.refresh();
    await harness.advance(MINUTE);
    expect(harness.agentTexts(chat)).toEqual(['I am up.']);
  });

  it('the agent changes its schedule with a schedule task, and a malformed one keeps the old schedule', async () => {
    harness = withSchedule({ pacing: 'off', clock: new ManualClock('2026-03-02T13:00:00Z') });
    harness.store.schedules.replace('Ada', ASLEEP_UNTIL_NOON, harness.clock.now());
    const chat = harness.directChat();
    harness.llm.reply([
      {
        kind: 'schedule',
        id: 'act-tea',
        start_time: '2026-03-02T15:00:00+00:00',
        end_time: '2026-03-02T16:00:00+00:00',
        activity_name: 'Tea with Pat',
        responsiveness: 90,
        description: 'At the café',
      },
      { kind: 'schedule', id: 'act-bad', start_time: '2026-03-02T17:00', activity_name: 'Nap' },
      { kind: 'send', text: 'See you at three!' },
    ]);
    harness.say(chat, 'tea at three?');
    await harness.advance(5 * MINUTE, 5_000);
    expect(harness.agentTexts(chat)).toEqual(['See you at three!']);
    const stored = harness.store.schedules.get('Ada').activities;
    expect(stored.map((a) => [a.name, a.start.slice(11, 16), a.end.slice(11, 16)])).toEqual([
      ['Napping', '09:00', '12:00'],
      ['Gardening', '12:00', '15:00'],
      ['Tea with Pat', '15:00', '16:00'],
      ['Gardening', '16:00', '18:00'],
    ]);
    expect(harness.events).toContainEqual({ type: 'scheduleChanged', agent: 'Ada' });
    const refused = harness.store.taskLog
      .list({ agent: 'Ada', kinds: ['schedule'], limit: 10 })
      .find((entry) => entry.failureMessage !== null);
    expect(refused?.failureMessage).toMatch(/act-bad.*needs end_time, responsiveness/);
  });

  it('an agent whose file has no Daily Schedule cannot keep one', async () => {
    harness = new EngineHarness({ pacing: 'off' });
    const chat = harness.directChat();
    harness.llm.reply([
      {
        kind: 'schedule',
        id: 'act-tea',
        start_time: '2026-03-02T15:00:00Z',
        end_time: '2026-03-02T16:00:00Z',
        activity_name: 'Tea',
        responsiveness: 90,
      },
      { kind: 'send', text: 'Sure.' },
    ]);
    harness.say(chat, 'tea?');
    await harness.advance(MINUTE);
    expect(harness.store.schedules.get('Ada').activities).toEqual([]);
  });
});
