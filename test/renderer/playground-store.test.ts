import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fieldErrors } from '../../src/renderer/api/errors';
import { chatKey } from '../../src/renderer/features/conversations/model';
import { conversationSelectors } from '../../src/renderer/features/conversations/selectors';
import {
  type ConversationStore,
  createConversationStore,
  MESSAGE_PAGE_SIZE,
} from '../../src/renderer/features/conversations/store';
import type { ChatMsg } from '../../src/shared/domain/conversation';
import type { TaskGraphView } from '../../src/shared/domain/tasks';
import { feedFromRuntimeEvents } from './support/conversation-stores';
import { agentConfig, deferred, FakeRuntime, runtimeState, settle } from './support/fake-runtime';

const AGENT = 'Juniper';

/** A runtime with one agent, a Playground store fed by the runtime's events, and a direct chat with Ada. */
function setUp(options: { now?: () => number } = {}) {
  const runtime = new FakeRuntime();
  runtime.agents = [{ config: agentConfig({ configName: AGENT }), runtime: runtimeState(AGENT) }];
  const store = createConversationStore(runtime.client, {
    network: 'simulator',
    listRefreshMs: 0,
    ...options,
  });
  const stop = feedFromRuntimeEvents(runtime.client, {
    conversations: {
      simulator: store,
      telegram: createConversationStore(runtime.client, { network: 'telegram' }),
    },
  });
  return { runtime, store, stop };
}

function view(store: ConversationStore, channelId: number) {
  return conversationSelectors.chat({ agent: AGENT, channelId })(store.getState())!;
}

function texts(store: ConversationStore, channelId: number): string[] {
  const { window } = view(store, channelId).timeline;
  return window.ids.map((id) =>
    window.byId[id]!.parts.map((part) => (part.kind === 'text' ? part.text : `[${part.kind}]`)).join(''),
  );
}

/** Waits until the store satisfies `check`, with real timers. */
async function until(check: () => boolean, timeoutMs = 2000): Promise<void> {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > timeoutMs) throw new Error('The store never got there.');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe('playground store: chats', () => {
  it("lists the selected agent's Simulator chats, newest activity first and new empty chats on top", async () => {
    const { runtime, store } = setUp();
    const ada = runtime.seedChat(AGENT, 'direct', [{ firstName: 'Ada' }]);
    const group = runtime.seedChat(AGENT, 'group', [{ firstName: 'Bo' }, { firstName: 'Cy' }], 'Book club');
    runtime.agentSays(AGENT, ada.info.channelId, 'Hello Ada');
    runtime.agentSays(AGENT, group.info.channelId, 'Hello club');
    const empty = runtime.seedChat(AGENT, 'direct', [{ firstName: 'Dee' }]);

    store.getState().actions.selectAgent(AGENT);
    await settle();

    expect(runtime.callsOf('conversations.list')).toEqual([{ agent: AGENT, network: 'simulator' }]);
    expect(conversationSelectors.sortedChats(store.getState()).map((chat) => chat.title)).toEqual([
      'Dee',
      'Book club',
      'Ada',
    ]);
    expect(empty.info.kind).toBe('direct');
  });

  it('creates a direct chat with one person and a group with several, ready to write in', async () => {
    const { store } = setUp();
    store.getState().actions.selectAgent(AGENT);
    await settle();

    const direct = await store.getState().actions.createChat({
      kind: 'direct',
      people: [{ firstName: 'Ada', lastName: 'Lovelace', username: 'ada_l' }],
    });
    const group = await store.getState().actions.createChat({
      kind: 'group',
      title: 'Book club',
      people: [{ firstName: 'Bo' }, { firstName: 'Cy' }],
    });

    expect(direct.chat).toMatchObject({ kind: 'direct', title: 'Ada Lovelace', username: 'ada_l' });
    expect(group.people.map((person) => person.firstName)).toEqual(['Bo', 'Cy']);
    // Both are new and empty, so both sit on top of the list.
    expect(conversationSelectors.sortedChats(store.getState()).map((chat) => chat.title)).toEqual([
      'Ada Lovelace',
      'Book club',
    ]);
    // The composer writes as the first person until the operator picks another.
    expect(view(store, group.chat.channelId).composer.personId).toBe(group.people[0]!.id);
  });

  it("reports the API's validation messages by field when a chat cannot be created", async () => {
    const { store } = setUp();
    store.getState().actions.selectAgent(AGENT);

    const twoPeople = await store
      .getState()
      .actions.createChat({ kind: 'direct', people: [{ firstName: 'Ada' }, { firstName: 'Bo' }] })
      .catch((error: unknown) => error);
    const badUsername = await store
      .getState()
      .actions.createChat({ kind: 'direct', people: [{ firstName: 'Ada', username: 'a!' }] })
      .catch((error: unknown) => error);

    expect(fieldErrors(twoPeople).people).toBe('A direct chat has exactly one person.');
    expect(fieldErrors(badUsername)['people.0.username']).toBe(
      'A username has 4 to 32 letters, digits or underscores and starts with a letter.',
    );
  });
});

describe('playground store: messages', () => {
  let ctx: ReturnType<typeof setUp>;
  let channelId: number;

  beforeEach(() => {
    ctx = setUp();
    channelId = ctx.runtime.seedChat(AGENT, 'direct', [{ firstName: 'Ada' }]).info.channelId;
  });
  afterEach(() => ctx.stop());

  it('opens a chat with its people, latest page, graph, last exchange and parameters', async () => {
    ctx.runtime.seedHistory(AGENT, channelId, 3);
    ctx.store.getState().actions.openChat({ agent: AGENT, channelId });
    await settle();

    const chat = view(ctx.store, channelId);
    expect(conversationSelectors.openKey(ctx.store.getState())).toBe(chatKey({ agent: AGENT, channelId }));
    expect(chat.detail.value?.chat.title).toBe('Ada');
    expect(texts(ctx.store, channelId)).toEqual(['Message 1', 'Message 2', 'Message 3']);
    expect(chat.timeline).toMatchObject({ status: 'ready', hasMore: false });
    expect(chat.graph).toMatchObject({ status: 'ready', value: null });
    expect(chat.exchange).toMatchObject({ status: 'ready', value: null });
    expect(chat.parameters.value).toMatchObject({ effectiveLlm: 'gemini', gagged: false, llmOverride: null });
  });

  it('pages backwards through older messages until there are none, each message once', async () => {
    ctx.runtime.seedHistory(AGENT, channelId, MESSAGE_PAGE_SIZE * 2 + 5);
    ctx.store.getState().actions.openChat({ agent: AGENT, channelId });
    await settle();
    expect(texts(ctx.store, channelId)[0]).toBe(`Message ${MESSAGE_PAGE_SIZE + 6}`);
    expect(view(ctx.store, channelId).timeline.hasMore).toBe(true);

    await ctx.store.getState().actions.loadOlder({ agent: AGENT, channelId });
    await ctx.store.getState().actions.loadOlder({ agent: AGENT, channelId });
    await ctx.store.getState().actions.loadOlder({ agent: AGENT, channelId });

    const all = texts(ctx.store, channelId);
    expect(all).toHaveLength(MESSAGE_PAGE_SIZE * 2 + 5);
    expect(all[0]).toBe('Message 1');
    expect(view(ctx.store, channelId).timeline.hasMore).toBe(false);
    const befores = ctx.runtime
      .callsOf('conversations.messages')
      .map((input) => (input as { beforeMessageId?: number }).beforeMessageId);
    // No fourth call: nothing older was left.
    expect(befores).toEqual([undefined, MESSAGE_PAGE_SIZE + 6, 6]);
  });

  it('merges messages that arrive live while the first page is still loading', async () => {
    ctx.runtime.seedHistory(AGENT, channelId, 2);
    const page = deferred<{ messages: ChatMsg[]; hasMore: boolean }>();
    const snapshot = ctx.runtime.simChat(AGENT, channelId).messages.slice();
    ctx.runtime.handle('conversations.messages', () => page.promise);

    ctx.store.getState().actions.openChat({ agent: AGENT, channelId });
    await settle();
    ctx.runtime.agentSays(AGENT, channelId, 'Live one');
    page.resolve({ messages: snapshot, hasMore: false });
    await settle();

    expect(texts(ctx.store, channelId)).toEqual(['Message 1', 'Message 2', 'Live one']);
  });

  it('shows a sent message at once, then the runtime copy, then the agent typing and its reply', async () => {
    ctx.store.getState().actions.openChat({ agent: AGENT, channelId });
    await settle();
    const answer = deferred<{ message: ChatMsg }>();
    ctx.runtime.handle('simulator.send', async (input) => {
      const { personId, text } = input as { personId: number; text: string };
      await answer.promise;
      return { message: ctx.runtime.personSays(AGENT, channelId, personId, [{ kind: 'text', text }]) };
    });

    const sending = ctx.store.getState().actions.sendText({ agent: AGENT, channelId }, '  Hi Juniper!  ');
    expect(view(ctx.store, channelId).pending).toMatchObject([
      { status: 'sending', content: { kind: 'text', text: 'Hi Juniper!' } },
    ]);
    expect(texts(ctx.store, channelId)).toEqual([]);

    answer.resolve(undefined as never);
    await sending;
    expect(view(ctx.store, channelId).pending).toEqual([]);
    expect(texts(ctx.store, channelId)).toEqual(['Hi Juniper!']);

    await until(() => view(ctx.store, channelId).activity?.typing === true);
    expect(view(ctx.store, channelId).graph.value?.nodes.map((node) => [node.kind, node.status])).toEqual([
      ['received', 'done'],
      ['wait', 'pending'],
      ['send', 'pending'],
    ]);

    await until(() => texts(ctx.store, channelId).length === 2);
    expect(texts(ctx.store, channelId)[1]).toBe('You said: Hi Juniper!');
    expect(view(ctx.store, channelId).activity).toEqual({ typing: false, online: true });
    expect(view(ctx.store, channelId).graph.value?.nodes.every((node) => node.status === 'done')).toBe(true);
    expect(view(ctx.store, channelId).exchange.value).toMatchObject({
      model: 'gemini-2.5-flash',
      costUsd: 0.00042,
    });
  });

  it("drops the optimistic copy when the runtime's own event for it comes before the answer", async () => {
    ctx.runtime.agentReply = () => null;
    ctx.store.getState().actions.openChat({ agent: AGENT, channelId });
    await settle();
    const answer = deferred<void>();
    ctx.runtime.handle('simulator.send', async (input) => {
      const { personId, text } = input as { personId: number; text: string };
      const message = ctx.runtime.personSays(AGENT, channelId, personId, [{ kind: 'text', text }]);
      await answer.promise;
      return { message };
    });

    const sending = ctx.store.getState().actions.sendText({ agent: AGENT, channelId }, 'Hello');
    await settle();
    expect(view(ctx.store, channelId).pending).toEqual([]);
    expect(texts(ctx.store, channelId)).toEqual(['Hello']);
    answer.resolve();
    await sending;
    expect(texts(ctx.store, channelId)).toEqual(['Hello']);
  });

  it('keeps a refused message as failed with the reason, and sends it again on retry', async () => {
    ctx.runtime.agentReply = () => null;
    ctx.store.getState().actions.openChat({ agent: AGENT, channelId });
    await settle();
    ctx.store.getState().actions.setReplyTo({ agent: AGENT, channelId }, null);
    let refuse = true;
    ctx.runtime.handle('simulator.send', (input) => {
      if (refuse) throw new Error('The Simulator is stopping.');
      const { personId, text } = input as { personId: number; text: string };
      return { message: ctx.runtime.personSays(AGENT, channelId, personId, [{ kind: 'text', text }]) };
    });

    await ctx.store.getState().actions.sendText({ agent: AGENT, channelId }, 'Are you there?');
    const [failed] = view(ctx.store, channelId).pending;
    expect(failed).toMatchObject({ status: 'failed', error: 'The Simulator is stopping.' });

    refuse = false;
    await ctx.store.getState().actions.retrySend({ agent: AGENT, channelId }, failed!.tempId);
    expect(view(ctx.store, channelId).pending).toEqual([]);
    expect(texts(ctx.store, channelId)).toEqual(['Are you there?']);
  });

  it('replies to the message picked in the composer, then forgets it', async () => {
    ctx.runtime.agentReply = () => null;
    const first = ctx.runtime.agentSays(AGENT, channelId, 'What are you reading?');
    ctx.store.getState().actions.openChat({ agent: AGENT, channelId });
    await settle();

    ctx.store.getState().actions.setReplyTo({ agent: AGENT, channelId }, first.messageId);
    await ctx.store.getState().actions.sendText({ agent: AGENT, channelId }, 'Poirot, again.');

    expect(ctx.runtime.callsOf('simulator.send')).toMatchObject([{ replyTo: first.messageId }]);
    expect(view(ctx.store, channelId).composer.replyToId).toBeNull();
    const { window } = view(ctx.store, channelId).timeline;
    expect(window.byId[window.ids.at(-1)!]?.replyToMessageId).toBe(first.messageId);
  });

  it('shows a reaction at once and takes it back when the runtime refuses it', async () => {
    const message = ctx.runtime.agentSays(AGENT, channelId, 'Tea?');
    ctx.store.getState().actions.openChat({ agent: AGENT, channelId });
    await settle();
    const ref = { agent: AGENT, channelId };

    await ctx.store.getState().actions.react(ref, message.messageId, '❤');
    expect(view(ctx.store, channelId).timeline.window.byId[message.messageId]?.reactions).toMatchObject([
      { emoji: '❤', userName: 'Ada' },
    ]);

    const gate = deferred<void>();
    ctx.runtime.handle('simulator.react', async () => {
      await gate.promise;
      throw new Error('No.');
    });
    const reacting = ctx.store.getState().actions.react(ref, message.messageId, '🔥');
    expect(view(ctx.store, channelId).timeline.window.byId[message.messageId]?.reactions).toMatchObject([
      { emoji: '🔥' },
    ]);
    gate.resolve();
    await expect(reacting).rejects.toThrow('No.');
    expect(view(ctx.store, channelId).timeline.window.byId[message.messageId]?.reactions).toMatchObject([
      { emoji: '❤' },
    ]);
  });

  it('follows edits and deletions, and a page fetched before a deletion does not bring the message back', async () => {
    ctx.runtime.seedHistory(AGENT, channelId, 3);
    const page = deferred<{ messages: ChatMsg[]; hasMore: boolean }>();
    const snapshot = ctx.runtime.simChat(AGENT, channelId).messages.slice();
    ctx.store.getState().actions.openChat({ agent: AGENT, channelId });
    await settle();
    ctx.runtime.handle('conversations.messages', () => page.promise);
    ctx.store.getState().actions.openChat({ agent: AGENT, channelId });

    ctx.runtime.emit('conversation.messageEdited', {
      agent: AGENT,
      network: 'simulator',
      message: {
        ...snapshot[0]!,
        parts: [{ kind: 'text', text: 'Edited' }],
        editedAt: '2025-06-01T12:05:00.000Z',
      },
    });
    ctx.runtime.emit('conversation.messagesDeleted', {
      agent: AGENT,
      network: 'simulator',
      channelId,
      messageIds: [2],
    });
    page.resolve({ messages: snapshot.slice(1), hasMore: false });
    await settle();

    expect(texts(ctx.store, channelId)).toEqual(['Edited', 'Message 3']);
  });

  it('ignores events of Telegram conversations', async () => {
    ctx.store.getState().actions.openChat({ agent: AGENT, channelId });
    await settle();
    const telegram = { ...ctx.runtime.agentSays(AGENT, channelId, 'here'), messageId: 99 };

    ctx.runtime.emit('conversation.message', { agent: AGENT, network: 'telegram', message: telegram });
    ctx.runtime.emit('conversation.activity', {
      agent: AGENT,
      network: 'telegram',
      channelId,
      typing: true,
      online: true,
    });

    expect(view(ctx.store, channelId).timeline.window.byId[99]).toBeUndefined();
    expect(view(ctx.store, channelId).activity).toBeNull();
  });

  it('updates the chat list live: last message, unfinished tasks, and unread counts once the agent has read', async () => {
    ctx.store.getState().actions.selectAgent(AGENT);
    await settle();
    const ref = { agent: AGENT, channelId };
    ctx.store.getState().actions.openChat(ref);
    await settle();

    await ctx.store.getState().actions.sendText(ref, 'Morning!');
    await settle();
    expect(conversationSelectors.summary(ref)(ctx.store.getState())).toMatchObject({
      unreadCount: 1,
      pendingTasks: 1,
      lastMessage: { messageId: 1 },
    });

    await until(
      () => conversationSelectors.summary(ref)(ctx.store.getState())?.lastMessage?.isAgent === true,
    );
    await until(() => conversationSelectors.summary(ref)(ctx.store.getState())?.unreadCount === 0);
    expect(conversationSelectors.summary(ref)(ctx.store.getState())?.pendingTasks).toBe(0);
  });
});

describe('playground store: graph, exchange and parameters', () => {
  it('keeps a live graph when a slower load made before it answers later', async () => {
    const { runtime, store } = setUp();
    const channelId = runtime.seedChat(AGENT, 'direct', [{ firstName: 'Ada' }]).info.channelId;
    const held = deferred<{ graph: TaskGraphView | null }>();
    runtime.handle('conversations.graph', () => held.promise);
    store.getState().actions.openChat({ agent: AGENT, channelId });
    await settle();

    const live: TaskGraphView = {
      id: 'g2',
      agent: AGENT,
      channelId,
      createdAt: '2025-06-01T12:00:00.000Z',
      nodes: [],
    };
    runtime.emit('conversation.graphChanged', { agent: AGENT, network: 'simulator', channelId, graph: live });
    held.resolve({ graph: null });
    await settle();

    expect(view(store, channelId).graph).toMatchObject({ status: 'ready', value: { id: 'g2' } });
  });

  it('saves parameter overrides and returns to the agent default', async () => {
    const { runtime, store } = setUp();
    runtime.agents = [
      {
        config: agentConfig({ configName: AGENT, llm: 'gemini-2.5-pro', gagged: true }),
        runtime: runtimeState(AGENT),
      },
    ];
    const channelId = runtime.seedChat(AGENT, 'group', [{ firstName: 'Bo' }, { firstName: 'Cy' }]).info
      .channelId;
    const ref = { agent: AGENT, channelId };
    store.getState().actions.openChat(ref);
    await settle();
    expect(view(store, channelId).parameters.value).toMatchObject({
      effectiveLlm: 'gemini-2.5-pro',
      gagged: true,
    });

    await store.getState().actions.updateParameters(ref, {
      llmOverride: 'grok-4',
      gaggedOverride: false,
      replyPolicy: 'every-message',
    });
    expect(view(store, channelId).parameters.value).toEqual({
      llmOverride: 'grok-4',
      effectiveLlm: 'grok-4',
      gaggedOverride: false,
      gagged: false,
      replyPolicy: 'every-message',
      paused: false,
      operatorOnly: false,
      approvalOverride: null,
      approval: false,
    });

    await store.getState().actions.updateParameters(ref, { llmOverride: null, gaggedOverride: null });
    expect(view(store, channelId).parameters.value).toMatchObject({
      effectiveLlm: 'gemini-2.5-pro',
      gagged: true,
    });

    const error = await store
      .getState()
      .actions.updateParameters(ref, { llmOverride: '   ' })
      .catch((caught: unknown) => caught);
    expect(fieldErrors(error).llmOverride).toBeDefined();
    expect(view(store, channelId).parameters).toMatchObject({
      saving: false,
      value: { effectiveLlm: 'gemini-2.5-pro' },
    });
  });

  it('signals typing as the composer person at most every few seconds', async () => {
    let now = 0;
    const { runtime, store } = setUp({ now: () => now });
    const chat = runtime.seedChat(AGENT, 'group', [{ firstName: 'Bo' }, { firstName: 'Cy' }]);
    const ref = { agent: AGENT, channelId: chat.info.channelId };
    store.getState().actions.openChat(ref);
    await settle();

    for (const at of [0, 1000, 3999, 4000, 5000]) {
      now = at;
      store.getState().actions.signalTyping(ref);
    }
    store.getState().actions.setComposerPerson(ref, chat.people[1]!.id);
    now = 5500;
    store.getState().actions.signalTyping(ref);
    await settle();

    expect(runtime.callsOf('simulator.type')).toEqual([
      { agent: AGENT, channelId: ref.channelId, personId: chat.people[0]!.id },
      { agent: AGENT, channelId: ref.channelId, personId: chat.people[0]!.id },
      { agent: AGENT, channelId: ref.channelId, personId: chat.people[1]!.id },
    ]);
  });

  it('loads the stickers a person can send once per agent', async () => {
    const { runtime, store } = setUp();
    await store.getState().actions.loadStickers(AGENT);
    expect(
      conversationSelectors
        .stickers(AGENT)(store.getState())
        .value.map((sticker) => sticker.name),
    ).toEqual(['😀', '🍯']);
    expect(runtime.callsOf('simulator.stickers')).toHaveLength(1);
  });

  it('sends a sticker as a media message with its description', async () => {
    const { runtime, store } = setUp();
    runtime.agentReply = () => null;
    const channelId = runtime.seedChat(AGENT, 'direct', [{ firstName: 'Ada' }]).info.channelId;
    const ref = { agent: AGENT, channelId };
    store.getState().actions.openChat(ref);
    await settle();

    await store.getState().actions.sendSticker(ref, runtime.stickers[1]!);

    const { window } = view(store, channelId).timeline;
    expect(window.byId[window.ids[0]!]?.parts).toMatchObject([
      { kind: 'media', mediaKind: 'sticker', stickerName: '🍯', description: 'Pooh hugging a honey pot' },
    ]);
  });
});
