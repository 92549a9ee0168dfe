import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ConversationRuntimeHandle } from '../../../src/main/runtime/types';
import type { ConversationSummary, EventName } from '../../../src/shared/api';
import type { ChatMsg } from '../../../src/shared/domain/conversation';
import { callApi, waitFor } from '../../support/engine-harness';
import type { FakeLlmServer } from '../../support/fake-llm-server';
import type { FakeTelegram, FakeUser } from '../../support/fake-telegram';
import {
  startTelegramRuntimeTestbed,
  type TelegramRuntimeTestbed,
  WAIT_MS,
} from './telegram-runtime-testbed';

const TEST_TIMEOUT_MS = 30_000;
const REPLY = 'Hi Pat, lovely to hear from you.';

function textOf(message: ChatMsg): string | undefined {
  return message.parts.find((part) => part.kind === 'text')?.text;
}

/**
 * The console's conversation API and live events for agents on Telegram: a runtime against the
 * fake MTProto server and a scripted LLM, with the agent logged in through the API.
 */
describe('Telegram conversations in the console API', () => {
  let bed: TelegramRuntimeTestbed;
  let fake: FakeTelegram;
  let llm: FakeLlmServer;
  let ada: FakeUser;
  let pat: FakeUser;
  let runtime: ConversationRuntimeHandle;
  const events: { name: EventName; payload: Record<string, unknown> }[] = [];

  beforeEach(async () => {
    bed = await startTelegramRuntimeTestbed({
      agents: [
        { name: 'Ada', phone: '+15550000001' },
        { name: 'Bo', phone: '+15550000002' },
      ],
    });
    ({ fake, llm, runtime } = bed);
    ada = fake.createUser({ phone: '+15550000001', firstName: 'Ada', username: 'ada_agent' });
    pat = fake.createUser({ phone: '+15550000077', firstName: 'Pat', lastName: 'Reader', username: 'pat_r' });
    events.length = 0;
    runtime.events.subscribe((name, payload) =>
      events.push({ name, payload: payload as Record<string, unknown> }),
    );
  });

  afterEach(() => bed.close());

  const logInAda = () => bed.logIn('Ada', ada);

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

  it('calls a group by its title in the costs, as the agent’s latest turn there saw it', {
    timeout: TEST_TIMEOUT_MS,
  }, async () => {
    await logInAda();
    const group = fake.createGroup({ title: 'Quay Street readers', creatorId: pat.id, memberIds: [ada.id] });
    llm.replyWith({ tasks: [{ kind: 'send', text: REPLY }] });
    fake.groupSays(pat.id, group.id, '@ada_agent any news?');
    await messageEvent((message) => message.isAgent);
    await waitFor(() => runtime.engines.telegram?.isIdle('Ada'), 'the engine to finish', WAIT_MS);

    const now = Date.now();
    const { conversations } = (await callApi(runtime, 'usage.summary', {
      since: new Date(now - 60_000).toISOString(),
      until: new Date(now + 60_000).toISOString(),
    })) as { conversations: { channelId: number | null; name: string | null }[] };
    expect(conversations).toContainEqual(
      expect.objectContaining({ channelId: -Number(group.id), name: 'Quay Street readers' }),
    );
  });

  it('keeps a group the agent left listed and readable from the archive, marked as left', {
    timeout: TEST_TIMEOUT_MS,
  }, async () => {
    await logInAda();
    const group = fake.createChannel({ title: 'Harbour walkers', memberIds: [ada.id, pat.id] });
    llm.replyWith({ tasks: [{ kind: 'send', text: REPLY }] });
    fake.channelSays(pat.id, group.id, '@ada_agent walk on Sunday?');
    await messageEvent((message) => message.isAgent);
    await waitFor(() => runtime.engines.telegram?.isIdle('Ada'), 'the engine to finish', WAIT_MS);
    const listed = async () =>
      (
        (await callApi(runtime, 'conversations.list', { agent: 'Ada', network: 'telegram' })) as {
          conversations: ConversationSummary[];
        }
      ).conversations;
    const before = (await listed()).find((chat) => chat.title === 'Harbour walkers')!;
    expect(before.archivedOnly).toBeUndefined();

    await callApi(runtime, 'telegram.memberships.leave', { configName: 'Ada', channelId: before.channelId });
    const after = (await listed()).find((chat) => chat.channelId === before.channelId);
    expect(after).toMatchObject({
      title: 'Harbour walkers',
      kind: 'group',
      archivedOnly: true,
      unreadCount: 0,
    });
    expect(textOf(after!.lastMessage!)).toBe(REPLY);

    const page = (await callApi(runtime, 'conversations.messages', {
      agent: 'Ada',
      network: 'telegram',
      channelId: before.channelId,
    })) as { messages: ChatMsg[]; hasMore: boolean; archivedOnly?: boolean };
    expect(page.archivedOnly).toBe(true);
    expect(page.messages.map(textOf)).toEqual(['@ada_agent walk on Sunday?', REPLY]);
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
