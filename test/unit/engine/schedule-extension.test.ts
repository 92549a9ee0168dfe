import { resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../src/main/clock';
import { PromptLibrary, type PromptSource, shippedConfigDirs } from '../../../src/main/config';
import { ScheduleExtender, ScheduleExtensionError } from '../../../src/main/engine';
import { LlmError } from '../../../src/main/llm';
import { createLogger } from '../../../src/main/logging';
import { openStore, type Store } from '../../../src/main/store';
import type { AgentConfig } from '../../../src/shared/domain/config';
import type { ScheduleActivity } from '../../../src/shared/domain/schedule';
import { agentConfig } from '../../support/agent-config';
import { ScriptedLlm } from '../../support/engine-harness';

const REPO_ROOT = resolve(import.meta.dirname, '../../..');
const shipped = new PromptLibrary(shippedConfigDirs(REPO_ROOT));
const instructions = await shipped.load('Instructions-Schedule');
/** The shipped planning prompt, read once: the clock-driven test then waits on no file. */
const SHIPPED_PROMPTS: PromptSource = {
  load: async (name) => {
    if (name !== 'Instructions-Schedule') throw new Error(`no prompt ${name}`);
    return instructions;
  },
};
const HOUR = 3_600_000;

const activity = (
  id: string,
  start: string,
  end: string,
  name: string,
  responsiveness = 60,
): ScheduleActivity => ({
  id,
  start,
  end,
  name,
  responsiveness,
  description: '',
});

/** Berlin is UTC+1 in March; the clock starts on Monday 2 March 2026, 10:00 there. */
const START = '2026-03-02T09:00:00Z';
const PLANNED_UNTIL_TUESDAY_MORNING = [
  activity('act-sleep', '2026-03-01T22:00:00.000Z', '2026-03-02T06:00:00.000Z', 'Sleeping', 0),
  activity('act-shop', '2026-03-02T06:00:00.000Z', '2026-03-03T07:00:00.000Z', 'Running the bakery'),
];

function plan(...entries: [string, string, string, number][]) {
  return entries.map(([start_time, end_time, activity_name, responsiveness]) => ({
    kind: 'schedule',
    start_time,
    end_time,
    activity_name,
    responsiveness,
    description: `${activity_name}, as usual`,
  }));
}

describe('extending daily schedules', () => {
  let store: Store;
  let clock: ManualClock;
  let llm: ScriptedLlm;
  let agents: AgentConfig[];
  let changed: string[];
  let extender: ScheduleExtender;

  function setUp(agentOverrides: Partial<AgentConfig> = {}) {
    clock = new ManualClock(START);
    store = openStore({
      file: ':memory:',
      logger: createLogger({ level: 'silent' }),
      now: () => clock.now(),
    });
    llm = new ScriptedLlm();
    changed = [];
    agents = [
      agentConfig({
        configName: 'Bea',
        name: 'Bea',
        timezone: 'Europe/Berlin',
        dailySchedule: 'Bakes from 6 to 14 on weekdays; long walks on Sundays.',
        instructions: 'You are Bea, a baker in Berlin.',
        ...agentOverrides,
      }),
    ];
    extender = new ScheduleExtender({
      store,
      llm: { resolve: (name) => ({ provider: 'gemini', model: name }), providerFor: () => llm },
      prompts: () => SHIPPED_PROMPTS,
      defaultLlm: () => 'planner-model',
      now: () => clock.now(),
      clock,
      logger: createLogger({ level: 'silent' }),
      agents: () => agents,
      timeZone: (agent) => agent.timezone ?? 'UTC',
      onChanged: (agent) => changed.push(agent),
    });
  }

  afterEach(async () => {
    await extender.stop();
    store.close();
  });

  it('plans from the end of the schedule to the end of the day after tomorrow, from the typical week and recent days', async () => {
    setUp();
    store.schedules.replace('Bea', PLANNED_UNTIL_TUESDAY_MORNING, clock.now());
    llm.reply([
      { kind: 'think', text: 'Tuesday then Wednesday.' },
      // Starts an hour early: cut to the stretch, the bakery shift already planned stays.
      ...plan(
        ['2026-03-03T07:00:00+01:00', '2026-03-03T15:00:00+01:00', 'Baking', 30],
        ['2026-03-03T15:00:00+01:00', '2026-03-04T06:00:00+01:00', 'Evening and night', 0],
      ),
      { kind: 'schedule', activity_name: 'Nap', start_time: '2026-03-04T13:00' },
    ]);
    const planned = await extender.extend('Bea');

    expect(planned.written).toBe(2);
    expect(planned.refused).toEqual([expect.stringMatching(/needs end_time, responsiveness/)]);
    const stored = store.schedules.get('Bea');
    expect(stored.activities.map((a) => [a.name, a.start, a.end])).toEqual([
      ['Sleeping', '2026-03-01T22:00:00.000Z', '2026-03-02T06:00:00.000Z'],
      ['Running the bakery', '2026-03-02T06:00:00.000Z', '2026-03-03T07:00:00.000Z'],
      ['Baking', '2026-03-03T07:00:00.000Z', '2026-03-03T14:00:00.000Z'],
      ['Evening and night', '2026-03-03T14:00:00.000Z', '2026-03-04T05:00:00.000Z'],
    ]);
    expect(stored.lastExtendedAt).toBe(START.replace('Z', '.000Z'));
    expect(changed).toEqual(['Bea']);

    const query = llm.queries[0]!;
    expect(query.model).toBe('planner-model');
    expect(query.systemPrompt).toContain('# Planning Your Next Days');
    expect(query.systemPrompt).toContain('You are Bea, a baker in Berlin.');
    expect(query.systemPrompt).toContain('# Your Typical Week\n\nBakes from 6 to 14 on weekdays');
    expect(query.systemPrompt).toContain(
      '2026-03-02T07:00+01:00 to 2026-03-03T08:00+01:00: Running the bakery',
    );
    const turn = query.turns.at(-1)!.parts.join('\n');
    // From the end of what is planned to midnight ending Thursday, Berlin time.
    expect(turn).toContain('`2026-03-03T08:00+01:00`');
    expect(turn).toContain('`2026-03-05T00:00+01:00`');
    expect(JSON.stringify(query.responseSchema)).not.toContain('"send"');

    const ledger = store.taskLog.list({ agent: 'Bea', kinds: ['llm_usage'], limit: 5 });
    expect(ledger.map((row) => row.details.operation)).toEqual(['schedule']);
  });

  it('runs one planning at a time per agent: "Extend now" joins the one under way', async () => {
    setUp();
    llm.reply(plan(['2026-03-02T10:00:00+01:00', '2026-03-05T00:00:00+01:00', 'Resting', 80]));
    const [first, second] = [extender.extend('Bea'), extender.extend('Bea')];
    expect(second).toBe(first);
    await first;
    expect(llm.queries).toHaveLength(1);
  });

  it('refuses agents without a Daily Schedule and keeps the schedule when nothing could be planned', async () => {
    setUp({ dailySchedule: null });
    await expect(extender.extend('Bea')).rejects.toMatchObject({ noSchedule: true });

    agents[0] = { ...agents[0]!, dailySchedule: 'Sleeps a lot.' };
    store.schedules.replace('Bea', PLANNED_UNTIL_TUESDAY_MORNING, clock.now());
    llm.reply('[{"kind": "think", "text": "I would rather not."}]');
    const refusal = extender.extend('Bea');
    await expect(refusal).rejects.toBeInstanceOf(ScheduleExtensionError);
    await expect(refusal).rejects.toThrow('The model planned no activity: the reply held no schedule task.');
    expect(store.schedules.get('Bea').activities).toEqual(PLANNED_UNTIL_TUESDAY_MORNING);
    // The call was made, so it is billed all the same.
    expect(store.taskLog.list({ agent: 'Bea', kinds: ['llm_usage'], limit: 5 })).toHaveLength(1);
  });

  it('looks every ten minutes, extends enabled agents running short, and after a failure waits an hour', async () => {
    setUp();
    agents.push(agentConfig({ configName: 'Off', disabled: true, dailySchedule: 'Never plans.' }));
    agents.push(agentConfig({ configName: 'Free', dailySchedule: null }));
    llm.fail(new LlmError('auth', 'GEMINI_API_KEY is not set', { retryable: false }));
    extender.start();
    await settle(clock, 0);
    expect(llm.queries).toHaveLength(1);
    expect(store.schedules.get('Bea').activities).toEqual([]);

    llm.reply(plan(['2026-03-02T11:00:00+01:00', '2026-03-05T00:00:00+01:00', 'Resting', 80]));
    await settle(clock, 50 * 60_000);
    expect(llm.queries).toHaveLength(1);
    await settle(clock, 10 * 60_000);
    expect(llm.queries).toHaveLength(2);
    expect(store.schedules.get('Bea').activities.map((a) => a.name)).toEqual(['Resting']);

    // Enough is planned now: the next looks ask nothing.
    await settle(clock, HOUR);
    expect(llm.queries).toHaveLength(2);
  });
});

/** Advances the clock in ten-minute looks, letting each planning finish. */
async function settle(clock: ManualClock, ms: number): Promise<void> {
  const step = 10 * 60_000;
  for (let passed = 0; passed <= ms; passed += step) {
    clock.advance(passed === 0 ? 0 : step);
    for (let i = 0; i < 20; i++) await new Promise((resolve) => setImmediate(resolve));
  }
}
