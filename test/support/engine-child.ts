/**
 * The runtime in a child process, for crash tests: started on a state directory (argv[2]) with the
 * LLM at FAKE_GEMINI_URL, driven by the parent over the IPC channel, and killed for real. With
 * CRASH_AFTER_DELIVERY set it kills itself right after the first message it sends is delivered,
 * before the engine has written that down: the narrowest window a crash can hit. With
 * CRASH_AFTER_EVENT_FIRED set it kills itself as soon as a scheduled event it was asked to set
 * has fired, before the turn it started has run.
 */
import type { ConversationRuntimeHandle } from '../../src/main/runtime/types';
import type { ChatMsg } from '../../src/shared/domain/conversation';
import type { EngineSettings } from '../../src/shared/domain/settings';
import { callApi, startEngineRuntime } from './engine-harness';

export type ChildCommand =
  | { id: number; type: 'createChat'; firstName: string }
  | { id: number; type: 'say'; channelId: number; personId: number; text: string }
  | { id: number; type: 'messages'; channelId: number }
  | { id: number; type: 'scheduleEvent'; channelId: number; intent: string; time: string }
  | { id: number; type: 'events'; channelId: number };

export type ChildMessage =
  | { type: 'ready' }
  | { type: 'result'; id: number; result: unknown }
  | { type: 'error'; id: number; message: string };

function send(message: ChildMessage): void {
  process.send?.(message);
}

function crashAfterFirstDelivery(runtime: ConversationRuntimeHandle): void {
  const simulator = runtime.simulator;
  const sendText = simulator.sendText.bind(simulator);
  simulator.sendText = async (agent, channelId, message) => {
    const sent = await sendText(agent, channelId, message);
    process.kill(process.pid, 'SIGKILL');
    return sent;
  };
}

/** Set once an event was scheduled: the next change of events is its firing. */
let eventScheduled = false;

function crashAfterEventFired(runtime: ConversationRuntimeHandle): void {
  runtime.engines.simulator?.subscribe((event) => {
    if (event.type === 'eventsChanged' && eventScheduled) process.kill(process.pid, 'SIGKILL');
  });
}

async function answer(runtime: ConversationRuntimeHandle, command: ChildCommand): Promise<unknown> {
  const conversation = { agent: 'Ada', network: 'simulator' as const };
  switch (command.type) {
    case 'createChat':
      return runtime.simulator.createChat('Ada', {
        kind: 'direct',
        people: [{ firstName: command.firstName }],
      });
    case 'say':
      return runtime.simulator.sendAsPerson('Ada', command.channelId, command.personId, {
        text: command.text,
      });
    case 'messages':
      return runtime.simulator.messages('Ada', command.channelId, { limit: 200 })
        .messages satisfies ChatMsg[];
    case 'scheduleEvent': {
      const { channelId, intent, time } = command;
      const event = { intent, time, interval: null, occurrences: null };
      const saved = await callApi(runtime, 'events.save', { ...conversation, channelId, event });
      eventScheduled = true;
      return saved;
    }
    case 'events':
      return callApi(runtime, 'events.list', { ...conversation, channelId: command.channelId });
    default: {
      const unknown: never = command;
      throw new Error(`Unknown command ${JSON.stringify(unknown)}`);
    }
  }
}

async function main(): Promise<void> {
  const root = process.argv[2];
  const geminiBaseUrl = process.env.FAKE_GEMINI_URL;
  if (!root || !geminiBaseUrl) throw new Error('Usage: engine-child.ts ROOT, with FAKE_GEMINI_URL set.');
  const engine = JSON.parse(process.env.ENGINE_SETTINGS ?? '{}') as Partial<EngineSettings>;
  const runtime = await startEngineRuntime({ root, geminiBaseUrl, engine, partnerTypingWindowMs: 100 });
  if (process.env.CRASH_AFTER_DELIVERY) crashAfterFirstDelivery(runtime);
  if (process.env.CRASH_AFTER_EVENT_FIRED) crashAfterEventFired(runtime);
  process.on('message', (command: ChildCommand) => {
    answer(runtime, command).then(
      (result) => send({ type: 'result', id: command.id, result }),
      (error: unknown) => send({ type: 'error', id: command.id, message: String(error) }),
    );
  });
  process.on('disconnect', () => {
    void runtime.close().then(() => process.exit(0));
  });
  send({ type: 'ready' });
}

main().catch((error: unknown) => {
  process.stderr.write(`engine child failed: ${String(error)}\n`);
  process.exit(1);
});
