import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ConversationRuntimeHandle } from '../../../src/main/runtime/types';
import type { EventName, EventPayload } from '../../../src/shared/api';
import type { ChatMsg } from '../../../src/shared/domain/conversation';
import { agentFile, callApi, startEngineRuntime, waitFor } from '../../support/engine-harness';
import { type FakeLlmServer, startFakeLlmServer } from '../../support/fake-llm-server';

function textOf(message: ChatMsg): string {
  return message.parts.map((part) => (part.kind === 'text' ? part.text : `[${part.kind}]`)).join('');
}

describe('conversation engine through the Simulator and a real LLM SDK', () => {
  let root: string;
  let llm: FakeLlmServer;
  let runtime: ConversationRuntimeHandle;
  const events: { name: EventName; payload: unknown }[] = [];

  async function start(options: Partial<Parameters<typeof startEngineRuntime>[0]> = {}) {
    runtime = await startEngineRuntime({ root, geminiBaseUrl: llm.geminiBaseUrl, ...options });
    runtime.events.subscribe((name, payload) => events.push({ name, payload }));
  }

  async function directChat(agent = 'Ada', firstName = 'Pat') {
    const created = await callApi(runtime, 'simulator.createChat', {
      agent,
      kind: 'direct',
      people: [{ firstName }],
    });
    const chat = created.chat as { channelId: number };
    const people = created.people as { id: number }[];
    return { channelId: chat.channelId, personId: people[0]!.id };
  }

  function say(chat: { channelId: number; personId: number }, text: string, agent = 'Ada') {
    return callApi(runtime, 'simulator.send', {
      agent,
      channelId: chat.channelId,
      personId: chat.personId,
      text,
    });
  }

  async function agentMessages(channelId: number, agent = 'Ada'): Promise<string[]> {
    const page = await callApi(runtime, 'conversations.messages', { agent, network: 'simulator', channelId });
    return (page.messages as ChatMsg[]).filter((message) => message.isAgent).map(textOf);
  }

  function eventsNamed<E extends EventName>(name: E): EventPayload<E>[] {
    return events.filter((event) => event.name === name).map((event) => event.payload as EventPayload<E>);
  }

  beforeEach(async () => {
    root = mkdtempSync(join(tmpdir(), 'troupe-engine-'));
    llm = await startFakeLlmServer();
    events.length = 0;
  });

  afterEach(async () => {
    await runtime?.close();
    await llm.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('a person writes, the agent types, then the scripted reply arrives', async () => {
    await start({ engine: { typingSpeed: 20 } });
    const chat = await directChat();
    llm.replyWith({ tasks: [{ kind: 'send', text: 'Hello, Pat!' }] });
    await say(chat, 'Hi Ada');
    await waitFor(
      () => eventsNamed('conversation.activity').some((event) => event.typing),
      'the typing indicator',
    );
    const typingAt = events.findIndex((event) => event.name === 'conversation.activity');
    await waitFor(async () => (await agentMessages(chat.channelId)).length === 1, 'the reply');
    expect(await agentMessages(chat.channelId)).toEqual(['Hello, Pat!']);
    const replyAt = events.findIndex(
      (event) =>
        event.name === 'conversation.message' && (event.payload as { message: ChatMsg }).message.isAgent,
    );
    expect(typingAt).toBeLessThan(replyAt);
    expect(llm.requests).toHaveLength(1);
    expect(llm.requests[0]!.model).toBe('gemini-2.5-flash');
    const exchange = await callApi(runtime, 'conversations.lastExchange', {
      agent: 'Ada',
      network: 'simulator',
      channelId: chat.channelId,
    });
    expect(exchange.exchange).toMatchObject({ provider: 'gemini', inputTokens: 1200, error: null });
    expect(eventsNamed('conversation.graphChanged').length).toBeGreaterThan(0);
    expect(eventsNamed('conversation.exchange')).toHaveLength(1);
  });

  it('answers a burst of 20 messages with exactly one LLM request', async () => {
    await start({ partnerTypingWindowMs: 1_000 });
    const chat = await directChat();
    llm.replyWith({ tasks: [{ kind: 'send', text: 'That was a lot!' }] });
    for (let index = 0; index < 20; index++) await say(chat, `burst ${index}`);
    await waitFor(async () => (await agentMessages(chat.channelId)).length === 1, 'the reply');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(llm.requests).toHaveLength(1);
  });

  it('retries after an LLM 500 and then answers', async () => {
    await start();
    const chat = await directChat();
    llm.failWith({ status: 500 });
    llm.replyWith({ tasks: [{ kind: 'send', text: 'Second time lucky.' }] });
    await say(chat, 'hello?');
    await waitFor(async () => (await agentMessages(chat.channelId)).length === 1, 'the reply', 15_000);
    expect(await agentMessages(chat.channelId)).toEqual(['Second time lucky.']);
    expect(llm.requests).toHaveLength(2);
  });

  it('waits out a flood wait on a send and sends once', async () => {
    await start();
    const chat = await directChat();
    runtime.simulator.faults.floodWait(1);
    llm.replyWith({ tasks: [{ kind: 'send', text: 'Sorry for the wait.' }] });
    await say(chat, 'hello');
    await waitFor(async () => (await agentMessages(chat.channelId)).length === 1, 'the reply', 15_000);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await agentMessages(chat.channelId)).toEqual(['Sorry for the wait.']);
  });

  it('falls back to the sticker name as text when the sticker cannot be sent', async () => {
    await start();
    const chat = await directChat();
    llm.replyWith({ tasks: [{ kind: 'sticker', sticker_set: 'NoSuchSet', name: '🦊' }] });
    await say(chat, 'send me a sticker');
    await waitFor(async () => (await agentMessages(chat.channelId)).length === 1, 'the fallback');
    expect(await agentMessages(chat.channelId)).toEqual(['🦊']);
  });

  it('wakes another conversation with xsend', async () => {
    await start();
    const pat = await directChat('Ada', 'Pat');
    const sam = await directChat('Ada', 'Sam');
    llm.replyWith({
      tasks: [{ kind: 'xsend', target_channel_id: sam.channelId, intent: 'Tell Sam about the party' }],
    });
    llm.replyWith({ tasks: [{ kind: 'send', text: 'Sam! Party on Friday.' }] });
    await say(pat, 'Can you invite Sam?');
    await waitFor(async () => (await agentMessages(sam.channelId)).length === 1, 'the message to Sam');
    expect(await agentMessages(sam.channelId)).toEqual(['Sam! Party on Friday.']);
    expect(JSON.stringify(llm.requests[1]!.body)).toContain('Tell Sam about the party');
  });

  it('stays silent in a gagged conversation', async () => {
    await start({ agentFiles: { Gus: agentFile('Gus', '\n# Gagged\n') } });
    const chat = await directChat('Gus');
    await say(chat, 'Anyone home?', 'Gus');
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(llm.requests).toHaveLength(0);
    const parameters = await callApi(runtime, 'conversations.parameters', {
      agent: 'Gus',
      network: 'simulator',
      channelId: chat.channelId,
    });
    expect(parameters).toMatchObject({ gagged: true, gaggedOverride: null, replyPolicy: 'callouts' });
    const graph = await callApi(runtime, 'conversations.graph', {
      agent: 'Gus',
      network: 'simulator',
      channelId: chat.channelId,
    });
    expect(graph.graph).toBeNull();
  });

  it('lists conversations with their pending tasks and answers Telegram plainly', async () => {
    await start();
    const chat = await directChat();
    const listed = await callApi(runtime, 'conversations.list', { agent: 'Ada' });
    expect(listed.conversations).toMatchObject([
      { channelId: chat.channelId, kind: 'direct', pendingTasks: 0 },
    ]);
    const telegram = await runtime.dispatch('conversations.list', { agent: 'Ada', network: 'telegram' });
    expect(telegram).toMatchObject({ ok: false, error: { code: 'unavailable' } });
    const missing = await runtime.dispatch('conversations.graph', {
      agent: 'Ada',
      network: 'simulator',
      channelId: 5,
    });
    expect(missing).toMatchObject({ ok: false, error: { code: 'not_found' } });
    const updated = await callApi(runtime, 'conversations.updateParameters', {
      agent: 'Ada',
      network: 'simulator',
      channelId: chat.channelId,
      llmOverride: 'gemini-2.5-pro',
      replyPolicy: 'every-message',
    });
    expect(updated).toMatchObject({ llmOverride: 'gemini-2.5-pro', effectiveLlm: 'gemini:gemini-2.5-pro' });
  });
});
