import { test } from 'vitest';
import { startTestRuntime } from '../test/support/runtime';
import {
  call,
  configureForBench,
  loopDelayP99Ms,
  monitorLoopDelay,
  percentile,
  startLlmThread,
  writeAgents,
} from './engine-support';
import { benchTempDir } from './temp-dirs';

// Part of `npm run bench:engine`: TROUPE_BENCH_EVENTS scheduled events (default 1,000) across
// TROUPE_BENCH_AGENTS agents (default 50), each in a chat of its own and all due at the same
// second, against the fake LLM. Prints when they fired after that second, when their turns
// were answered, and the event-loop delay meanwhile, next to the goals.
const AGENTS = Number(process.env.TROUPE_BENCH_AGENTS ?? 50);
const EVENTS = Number(process.env.TROUPE_BENCH_EVENTS ?? 1_000);
/** The bench agents' zone (see writeAgents): event times are written in it. */
const AGENT_ZONE = 'Europe/Paris';
/** How far ahead of the last event created they all come due. */
const LEAD_MS = 5_000;

function wallClockIn(zone: string, at: number): string {
  return new Date(at).toLocaleString('sv-SE', { timeZone: zone }).replace(' ', 'T');
}

test('scheduled events due in the same minute', { timeout: 600_000 }, async () => {
  const llm = await startLlmThread({ tasks: [{ kind: 'send', text: 'Reminder done.' }] });
  const runtime = await startTestRuntime({
    stateDir: benchTempDir('troupe-bench-events-state-'),
    configDirs: [writeAgents(AGENTS)],
    env: { GOOGLE_GEMINI_BASE_URL: llm.geminiBaseUrl },
  });
  const firingDelay = monitorLoopDelay();
  const answeringDelay = monitorLoopDelay();
  try {
    await configureForBench(runtime);
    const chats: { agent: string; channelId: number }[] = [];
    for (let index = 0; index < EVENTS; index += 1) {
      const agent = `Agent${index % AGENTS}`;
      const created = await call(runtime, 'simulator.createChat', {
        agent,
        kind: 'direct',
        people: [{ firstName: `Person${index}` }],
      });
      chats.push({ agent, channelId: (created.chat as { channelId: number }).channelId });
    }

    // A first event, due at once and answered before the rest: what starting up costs once
    // (the first turn's prompts read, the first zone formatted) stays out of the figures.
    const warmUp = await call(runtime, 'simulator.createChat', {
      agent: 'Agent0',
      kind: 'direct',
      people: [{ firstName: 'Early' }],
    });
    const warmedUp = new Promise<void>((resolve) => {
      const stop = runtime.events.subscribe((name, payload) => {
        if (
          name !== 'conversation.message' ||
          !(payload as { message: { isAgent: boolean } }).message.isAgent
        )
          return;
        stop();
        resolve();
      });
    });
    await call(runtime, 'events.save', {
      agent: 'Agent0',
      network: 'simulator',
      channelId: (warmUp.chat as { channelId: number }).channelId,
      event: {
        intent: 'Warm up.',
        time: wallClockIn(AGENT_ZONE, Date.now()),
        interval: null,
        occurrences: null,
      },
    });
    await warmedUp;

    // Whole seconds, as the form writes them; the estimate of how long creating takes is generous.
    const dueAt = Math.ceil((Date.now() + LEAD_MS + EVENTS * 2) / 1000) * 1000;
    const time = wallClockIn(AGENT_ZONE, dueAt);
    for (const [index, chat] of chats.entries()) {
      await call(runtime, 'events.save', {
        ...chat,
        network: 'simulator',
        event: { intent: `Reminder ${index}: check on the order.`, time, interval: null, occurrences: null },
      });
    }
    if (Date.now() >= dueAt) throw new Error('Creating the events took longer than planned; raise LEAD_MS.');

    const firedAt: number[] = [];
    const answeredAt: number[] = [];
    let done: () => void = () => {};
    const allAnswered = new Promise<void>((resolve) => {
      done = resolve;
    });
    runtime.events.subscribe((name, payload) => {
      if (name === 'events.changed') {
        firedAt.push(Date.now() - dueAt);
        if (firedAt.length === EVENTS) {
          firingDelay.disable();
          answeringDelay.enable();
        }
      } else if (
        name === 'conversation.message' &&
        (payload as { message: { isAgent: boolean } }).message.isAgent
      ) {
        answeredAt.push(Date.now() - dueAt);
        if (answeredAt.length === EVENTS) done();
      }
    });
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, dueAt - Date.now() - 1_000)));
    firingDelay.enable();
    await allAnswered;
    answeringDelay.disable();

    const withinMinute = firedAt.filter((lag) => lag < 60_000).length;
    console.table({
      events: EVENTS,
      agents: AGENTS,
      'fired within the minute (goal: all)': `${withinMinute} of ${EVENTS}`,
      'fired after their time, p50 (ms)': percentile(firedAt, 50).toFixed(0),
      'fired after their time, last (ms)': Math.max(...firedAt).toFixed(0),
      'turn answered after their time, p50 (ms)': percentile(answeredAt, 50).toFixed(0),
      'turn answered after their time, last (ms)': Math.max(...answeredAt).toFixed(0),
      'event-loop delay p99 while they fire (ms, goal ≤ 20)': loopDelayP99Ms(firingDelay),
      'event-loop delay p99 while their turns run (ms)': loopDelayP99Ms(answeringDelay),
    });
  } finally {
    await runtime.close();
    await llm.close();
  }
});
