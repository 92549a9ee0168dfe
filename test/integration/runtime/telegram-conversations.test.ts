import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../../src/main/logging';
import { createRuntime } from '../../../src/main/runtime/runtime';
import type { ConversationRuntimeHandle } from '../../../src/main/runtime/types';
import { createKeyFileCipher } from '../../../src/main/secrets';
import type { ConversationSummary, EventName } from '../../../src/shared/api';
import type { ChatMsg } from '../../../src/shared/domain/conversation';
import { ALL_KINDS_INSTRUCTIONS, callApi, waitFor } from '../../support/engine-harness';
import { type FakeLlmServer, startFakeLlmServer } from '../../support/fake-llm-server';
import {
  FAKE_API_HASH,
  FAKE_API_ID,
  type FakeTelegram,
  type FakeUser,
  startFakeTelegram,
} from '../../support/fake-telegram';

const TEST_TIMEOUT_MS = 30_000;
/** Bound on each wait for the runtime (connecting, an event, the engine going idle). */
const WAIT_MS = 10_000;
const REPLY = 'Hi Pat, lovely to hear from you.';

function agentFile(name: string, phone: string): string {
  return `# Agent Name\n\n${name}\n\n# Agent Phone\n\n${phone}\n\n# LLM\n\ngemini-2.5-flash\n\n# Agent Instructions\n\nBe ${name}.\n`;
}

function textOf(message: ChatMsg): string | undefined {
  return message.parts.find((part) => part.kind === 'text')?.text;
}

/**
 * The console's conversation API and live events for agents on Telegram: a runtime against the
 * fake MTProto server and a scripted LLM, with the agent logged in through the API.
 */
describe('Telegram conversations in the console API', () => {
  let root: string;
  let fake: FakeTelegram;
  let llm: FakeLlmServer;
  let ada: FakeUser;
  let pat: FakeUser;
  let runtime: ConversationRuntimeHandle;
  const events: { name: EventName; payload: Record<string, unknown> }[] = [];

  beforeEach(async () => {
    root = mkdtempSync(join(tmpdir(), 'troupe-telegram-conversations-'));
    const stateDir = join(root, 'state');
    const configDir = join(root, 'config');
    mkdirSync(stateDir);
    mkdirSync(join(configDir, 'agents'), { recursive: true });
    mkdirSync(join(configDir, 'prompts'), { recursive: true });
    writeFileSync(join(configDir, 'prompts', 'Instructions.md'), ALL_KINDS_INSTRUCTIONS);
    writeFileSync(join(configDir, 'agents', 'Ada.md'), agentFile('Ada', '+15550000001'));
    writeFileSync(join(configDir, 'agents', 'Bo.md'), agentFile('Bo', '+15550000002'));
    fake = await startFakeTelegram({ log: () => {} });
    writeFileSync(join(root, 'server.pem'), fake.rsaPublicKeyPem);
    ada = fake.createUser({ phone: '+15550000001', firstName: 'Ada', username: 'ada_agent' });
    pat = fake.createUser({ phone: '+15550000077', firstName: 'Pat', lastName: 'Reader', username: 'pat_r' });
    llm = await startFakeLlmServer();
    runtime = await createRuntime({
      mode: 'server',
      stateDir,
      appRoot: stateDir,
      env: {
        GOOGLE_GEMINI_BASE_URL: llm.geminiBaseUrl,
        TROUPE_TELEGRAM_DC: `${fake.host}:${fake.port}`,
        TROUPE_TELEGRAM_DC_ID: String(fake.dcId),
        TROUPE_TELEGRAM_RSA_KEY: join(root, 'server.pem'),
      },
      cwd: stateDir,
      configPathOverride: [configDir],
      cipher: createKeyFileCipher({ stateDir, env: {} }),
      logger: createLogger({ level: 'silent' }),
      version: '0.0.0-test',
      engine: { pacing: 'off', partnerTypingWindowMs: 200 },
    });
    events.length = 0;
    runtime.events.subscribe((name, payload) =>
      events.push({ name, payload: payload as Record<string, unknown> }),
    );
    await callApi(runtime, 'secrets.set', { name: 'gemini.apiKey', value: 'test-key' });
    await callApi(runtime, 'secrets.set', { name: 'telegram.apiId', value: String(FAKE_API_ID) });
    await callApi(runtime, 'secrets.set', { name: 'telegram.apiHash', value: FAKE_API_HASH });
  });

  afterEach(async () => {
    await runtime.close();
    await llm.close();
    await fake.close();
    rmSync(root, { recursive: true, force: true });
  });

  async function logInAda(): Promise<void> {
    await callApi(runtime, 'telegram.login.start', { configName: 'Ada', phone: ada.phone });
    await callApi(runtime, 'telegram.login.code', { configName: 'Ada', code: fake.lastCodeFor(ada.phone) });
    await waitFor(
      async () => {
        const { accounts } = (await callApi(runtime, 'telegram.accounts')) as {
          accounts: { configName: string; connection: string }[];
        };
        return accounts.find((view) => view.configName === 'Ada')?.connection === 'connected';
      },
      'Ada to connect',
      WAIT_MS,
    );
  }

  const messageEvent = (matches: (message: ChatMsg) => boolean) =>
    waitFor(
      () =>
        events.find(
          (event): event is { name: EventName; payload: { message: ChatMsg } & Record<string, unknown> } =>
            event.name === 'conversation.message' &&
            event.payload.network === 'telegram' &&
            matches(event.payload.message as ChatMsg),
        ),
      'a conversation.message event',
      WAIT_MS,
    );

  it('lists, pages and streams a Telegram conversation, the agent’s reply included', {
    timeout: TEST_TIMEOUT_MS,
  }, async () => {
    await logInAda();
    // A note to herself stays out of the list, as Telegram's service chat would.
    fake.userSays(ada.id, ada.id, 'Buy flour');
    llm.replyWith({ tasks: [{ kind: 'send', text: REPLY }] });
    fake.userSays(pat.id, ada.id, 'Hello Ada!');

    const inbound = await messageEvent((message) => textOf(message) === 'Hello Ada!');
    expect(inbound.payload).toMatchObject({
      agent: 'Ada',
      network: 'telegram',
      message: { channelId: Number(pat.id), isAgent: false, senderName: 'Pat Reader' },
    });
    const reply = await messageEvent((message) => message.isAgent);
    expect(reply.payload).toMatchObject({
      agent: 'Ada',
      network: 'telegram',
      message: { channelId: Number(pat.id), parts: [{ kind: 'text', text: REPLY }] },
    });
    await waitFor(() => runtime.engines.telegram?.isIdle('Ada'), 'the engine to finish', WAIT_MS);

    const { conversations } = (await callApi(runtime, 'conversations.list', {
      agent: 'Ada',
      network: 'telegram',
    })) as { conversations: ConversationSummary[] };
    expect(conversations).toEqual([
      {
        agent: 'Ada',
        network: 'telegram',
        channelId: Number(pat.id),
        kind: 'direct',
        title: 'Pat Reader',
        lastMessage: reply.payload.message,
        unreadCount: 0,
        pendingTasks: 0,
      },
    ]);

    const ref = { agent: 'Ada', network: 'telegram', channelId: Number(pat.id) };
    const newest = (await callApi(runtime, 'conversations.messages', { ...ref, limit: 1 })) as {
      messages: ChatMsg[];
      hasMore: boolean;
    };
    expect(newest.messages.map(textOf)).toEqual([REPLY]);
    expect(newest.hasMore).toBe(true);
    const older = (await callApi(runtime, 'conversations.messages', {
      ...ref,
      beforeMessageId: newest.messages[0]!.messageId,
      limit: 5,
    })) as { messages: ChatMsg[]; hasMore: boolean };
    expect(older).toEqual({ messages: [inbound.payload.message], hasMore: false });

    const { graph } = (await callApi(runtime, 'conversations.graph', ref)) as { graph: unknown };
    expect(graph).not.toBeNull();
    const { exchange } = (await callApi(runtime, 'conversations.lastExchange', ref)) as {
      exchange: { rawReply: string | null } | null;
    };
    expect(exchange?.rawReply).toContain(REPLY);

    // What Pat does to the chat later reaches the console as it happens.
    const ownMessage = (messageId: number) => ({ ownerId: ada.id, messageId });
    fake.userReacts(pat.id, ownMessage(reply.payload.message.messageId), '❤');
    const reacted = await waitFor(
      () => events.find((event) => event.name === 'conversation.messageEdited'),
      'a conversation.messageEdited event',
      WAIT_MS,
    );
    expect(reacted.payload).toMatchObject({
      agent: 'Ada',
      network: 'telegram',
      message: {
        messageId: reply.payload.message.messageId,
        reactions: [{ userId: Number(pat.id), emoji: '❤' }],
      },
    });
    fake.userDeletes(pat.id, [ownMessage(inbound.payload.message.messageId)], { revoke: true });
    const deleted = await waitFor(
      () => events.find((event) => event.name === 'conversation.messagesDeleted'),
      'a conversation.messagesDeleted event',
      WAIT_MS,
    );
    expect(deleted.payload).toEqual({
      agent: 'Ada',
      network: 'telegram',
      channelId: Number(pat.id),
      messageIds: [inbound.payload.message.messageId],
    });
  });

  it('streams the agent’s own reaction as an edited message', { timeout: TEST_TIMEOUT_MS }, async () => {
    await logInAda();
    const said = fake.userSays(pat.id, ada.id, 'I got the job!');
    const messageId = said.idFor(ada.id);
    llm.replyWith({ tasks: [{ kind: 'react', emoji: '🎉', message_id: messageId }] });
    const edited = await waitFor(
      () => events.find((event) => event.name === 'conversation.messageEdited'),
      'a conversation.messageEdited event',
      WAIT_MS,
    );
    expect(edited.payload).toMatchObject({
      agent: 'Ada',
      network: 'telegram',
      message: { messageId, isAgent: false, reactions: [{ userId: Number(ada.id), emoji: '🎉' }] },
    });
  });

  it('says plainly that an agent not connected has no Telegram conversations to show', {
    timeout: TEST_TIMEOUT_MS,
  }, async () => {
    for (const [method, input] of [
      ['conversations.list', { agent: 'Bo', network: 'telegram' }],
      ['conversations.messages', { agent: 'Bo', network: 'telegram', channelId: Number(pat.id) }],
    ] as const) {
      const outcome = await runtime.dispatch(method, input);
      expect(outcome).toMatchObject({
        ok: false,
        error: { code: 'unavailable', message: 'Bo is not connected to Telegram; log it in or enable it.' },
      });
    }
    // What the engine keeps locally reads without the account.
    const ref = { agent: 'Bo', network: 'telegram', channelId: Number(pat.id) };
    expect(await callApi(runtime, 'conversations.graph', ref)).toEqual({ graph: null });
    const updated = await callApi(runtime, 'conversations.updateParameters', {
      ...ref,
      replyPolicy: 'every-message',
    });
    expect(updated).toMatchObject({ replyPolicy: 'every-message' });
    const unknown = await runtime.dispatch('conversations.list', { agent: 'Nobody', network: 'telegram' });
    expect(unknown).toMatchObject({ ok: false, error: { code: 'not_found' } });
  });
});
