import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { chatKey } from '../../src/renderer/features/conversations/model';
import { conversationSelectors } from '../../src/renderer/features/conversations/selectors';
import { MESSAGE_PAGE_SIZE } from '../../src/renderer/features/conversations/store';
import type { ChatMsg } from '../../src/shared/domain/conversation';
import { deferred, settle } from './support/fake-runtime';
import { AGENT, setUp, texts, until, view } from './support/playground-fixture';

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
