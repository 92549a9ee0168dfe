import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SimulatedChat } from '../../../src/main/simulator';
import type { EventsList } from '../../../src/shared/api/events-contract';
import type { ChatMsg } from '../../../src/shared/domain/conversation';
import { type EngineChild, startEngineChild } from '../../support/engine-child-process';
import { waitFor } from '../../support/engine-harness';
import { type FakeLlmServer, startFakeLlmServer } from '../../support/fake-llm-server';

const INTENT = 'Remind Pat that the library closes at six';

/** `YYYY-MM-DDTHH:mm:ss` on this machine's wall clock, the zone of an agent file without one. */
function localTimeIn(ms: number): string {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return new Date(Date.now() + ms).toLocaleString('sv-SE', { timeZone: zone }).replace(' ', 'T');
}

describe('scheduled events across a crash', () => {
  let root: string;
  let llm: FakeLlmServer;
  let child: EngineChild | null = null;

  beforeEach(async () => {
    root = mkdtempSync(join(tmpdir(), 'troupe-event-crash-'));
    llm = await startFakeLlmServer();
  });

  afterEach(async () => {
    await child?.kill();
    child = null;
    await llm.close();
    rmSync(root, { recursive: true, force: true });
  });

  const start = (crashAfterEventFired = false) =>
    startEngineChild({ root, geminiBaseUrl: llm.geminiBaseUrl, crashAfterEventFired });

  async function agentTexts(channelId: number): Promise<string[]> {
    const messages = await child!.call<ChatMsg[]>({ type: 'messages', channelId });
    return messages.filter((message) => message.isAgent).map((message) => JSON.stringify(message.parts));
  }

  /** The LLM requests that carried the event's intent: one per turn it started. */
  const remindedTurns = () => llm.requests.filter((request) => JSON.stringify(request.body).includes(INTENT));

  it('killed right after an event fired, the turn it started runs once after the restart and the event does not fire again', async () => {
    child = await start(true);
    const { chat } = await child.call<SimulatedChat>({ type: 'createChat', firstName: 'Pat' });
    await child.call({
      type: 'scheduleEvent',
      channelId: chat.channelId,
      intent: INTENT,
      time: localTimeIn(1_500),
    });
    expect(await child.exited).toBe('SIGKILL');

    llm.replyWith({ tasks: [{ kind: 'send', text: 'The library closes at six today!' }] });
    child = await start();
    await waitFor(
      async () => (await agentTexts(chat.channelId)).length === 1,
      'the reminder message',
      15_000,
    );
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(await agentTexts(chat.channelId)).toHaveLength(1);
    expect(remindedTurns()).toHaveLength(1);
    expect((await child.call<EventsList>({ type: 'events', channelId: chat.channelId })).events).toEqual([]);
  });

  it('an event that comes due while Troupe is down fires exactly once when it starts again', async () => {
    child = await start();
    const { chat } = await child.call<SimulatedChat>({ type: 'createChat', firstName: 'Pat' });
    await child.call({
      type: 'scheduleEvent',
      channelId: chat.channelId,
      intent: INTENT,
      time: localTimeIn(1_500),
    });
    await child.kill();
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(remindedTurns()).toHaveLength(0);

    llm.replyWith({ tasks: [{ kind: 'send', text: 'The library closes at six today!' }] });
    child = await start();
    await waitFor(
      async () => (await agentTexts(chat.channelId)).length === 1,
      'the reminder message',
      15_000,
    );
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(remindedTurns()).toHaveLength(1);
    expect((await child.call<EventsList>({ type: 'events', channelId: chat.channelId })).events).toEqual([]);
  });
});
