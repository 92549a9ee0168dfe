import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SimulatedChat } from '../../../src/main/simulator';
import type { ChatMsg } from '../../../src/shared/domain/conversation';
import { type EngineChild, startEngineChild } from '../../support/engine-child-process';
import { waitFor } from '../../support/engine-harness';
import { type FakeLlmServer, startFakeLlmServer } from '../../support/fake-llm-server';

function textOf(message: ChatMsg): string {
  return message.parts.map((part) => (part.kind === 'text' ? part.text : `[${part.kind}]`)).join('');
}

/** Every message a person wrote has an answer from the agent after it. */
function everyMessageAnswered(messages: readonly ChatMsg[]): boolean {
  const lastAgent = messages.findLastIndex((message) => message.isAgent);
  const lastPerson = messages.findLastIndex((message) => !message.isAgent);
  return lastPerson !== -1 && lastAgent > lastPerson;
}

describe('crash recovery of the engine in a child process', () => {
  let root: string;
  let llm: FakeLlmServer;
  let child: EngineChild | null = null;

  beforeEach(async () => {
    root = mkdtempSync(join(tmpdir(), 'troupe-crash-'));
    llm = await startFakeLlmServer();
  });

  afterEach(async () => {
    await child?.kill();
    child = null;
    await llm.close();
    rmSync(root, { recursive: true, force: true });
  });

  async function agentTexts(channelId: number): Promise<string[]> {
    const messages = await child!.call<ChatMsg[]>({ type: 'messages', channelId });
    return messages.filter((message) => message.isAgent).map(textOf);
  }

  it('killed during a typing wait, it finishes the plan after a restart and sends nothing twice', async () => {
    const engineSettings = { startTypingDelaySeconds: 2 };
    child = await startEngineChild({ root, geminiBaseUrl: llm.geminiBaseUrl, engineSettings });
    const { chat, people } = await child.call<SimulatedChat>({ type: 'createChat', firstName: 'Pat' });
    const channelId = chat.channelId;
    llm.replyWith({
      tasks: [
        { kind: 'send', text: 'First thought.' },
        { kind: 'send', text: 'Second thought.' },
      ],
    });
    await child.call({ type: 'say', channelId, personId: people[0]!.id, text: 'Tell me two things.' });
    await waitFor(async () => (await agentTexts(channelId)).length === 1, 'the first message', 15_000);

    // The second send's typing wait is running now.
    await child.kill();
    child = await startEngineChild({ root, geminiBaseUrl: llm.geminiBaseUrl, engineSettings });
    await waitFor(async () => (await agentTexts(channelId)).length === 2, 'the second message', 15_000);

    llm.replyWith({ tasks: [{ kind: 'send', text: 'Still here.' }] });
    await child.call({ type: 'say', channelId, personId: people[0]!.id, text: 'Are you still there?' });
    await waitFor(
      async () => (await agentTexts(channelId)).length === 3,
      'the answer after the restart',
      15_000,
    );

    const messages = await child.call<ChatMsg[]>({ type: 'messages', channelId });
    expect(messages.filter((message) => message.isAgent).map(textOf)).toEqual([
      'First thought.',
      'Second thought.',
      'Still here.',
    ]);
    expect(everyMessageAnswered(messages)).toBe(true);
    expect(llm.requests).toHaveLength(2);
  });

  it('killed right after a message was delivered but before it was recorded, it does not send it again', async () => {
    child = await startEngineChild({ root, geminiBaseUrl: llm.geminiBaseUrl, crashAfterDelivery: true });
    const { chat, people } = await child.call<SimulatedChat>({ type: 'createChat', firstName: 'Pat' });
    const channelId = chat.channelId;
    llm.replyWith({ tasks: [{ kind: 'send', text: 'Exactly once.' }] });
    await child.call({ type: 'say', channelId, personId: people[0]!.id, text: 'Say it once.' });
    expect(await child.exited).toBe('SIGKILL');

    child = await startEngineChild({ root, geminiBaseUrl: llm.geminiBaseUrl });
    llm.replyWith({ tasks: [{ kind: 'send', text: 'And again, once.' }] });
    await child.call({ type: 'say', channelId, personId: people[0]!.id, text: 'One more?' });
    await waitFor(
      async () => (await agentTexts(channelId)).length === 2,
      'the answer after the restart',
      15_000,
    );
    await new Promise((resolve) => setTimeout(resolve, 500));

    const messages = await child.call<ChatMsg[]>({ type: 'messages', channelId });
    expect(messages.filter((message) => message.isAgent).map(textOf)).toEqual([
      'Exactly once.',
      'And again, once.',
    ]);
    expect(everyMessageAnswered(messages)).toBe(true);
  });
});
