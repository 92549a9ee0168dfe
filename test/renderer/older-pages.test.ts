import { describe, expect, it } from 'vitest';
import { type ChatRef, mergeMessages } from '../../src/renderer/features/conversations/model';
import {
  type ConversationStore,
  createConversationStore,
  MESSAGE_PAGE_SIZE,
} from '../../src/renderer/features/conversations/store';
import type { ChatMsg } from '../../src/shared/domain/conversation';
import { feedFromRuntimeEvents } from './support/conversation-stores';
import { agentConfig, deferred, FakeRuntime, runtimeState, settle } from './support/fake-runtime';

const AGENT = 'Juniper';

function setUp(messages: number) {
  const runtime = new FakeRuntime();
  runtime.agents = [{ config: agentConfig({ configName: AGENT }), runtime: runtimeState(AGENT) }];
  const store = createConversationStore(runtime.client, { network: 'simulator', listRefreshMs: 0 });
  feedFromRuntimeEvents(runtime.client, {
    conversations: {
      simulator: store,
      telegram: createConversationStore(runtime.client, { network: 'telegram' }),
    },
  });
  const chat = runtime.seedChat(AGENT, 'direct', [{ firstName: 'Ada' }]);
  runtime.seedHistory(AGENT, chat.info.channelId, messages);
  const ref: ChatRef = { agent: AGENT, channelId: chat.info.channelId };
  return { runtime, store, ref };
}

const timeline = (store: ConversationStore, ref: ChatRef) =>
  store.getState().chats[`${ref.agent}\u0000${ref.channelId}`]!.timeline;

const befores = (runtime: FakeRuntime) =>
  runtime
    .callsOf('conversations.messages')
    .map((input) => (input as { beforeMessageId?: number }).beforeMessageId);

describe('older pages fetched ahead', () => {
  it('fetches the page before the oldest loaded one ahead, and draws it at once when asked', async () => {
    const { runtime, store, ref } = setUp(MESSAGE_PAGE_SIZE * 2 + 5);
    store.getState().actions.openChat(ref);
    await settle();
    expect(timeline(store, ref).window.ids).toHaveLength(MESSAGE_PAGE_SIZE);
    expect(befores(runtime)).toEqual([undefined, MESSAGE_PAGE_SIZE + 6]);

    const busy: boolean[] = [];
    const unsubscribe = store.subscribe((state) =>
      busy.push(state.chats[Object.keys(state.chats)[0]!]!.timeline.loadingOlder),
    );
    void store.getState().actions.loadOlder(ref);
    // Drawn in the same turn, with no loading state in between.
    expect(timeline(store, ref).window.ids).toHaveLength(MESSAGE_PAGE_SIZE * 2);
    expect(busy).not.toContain(true);
    unsubscribe();

    await settle();
    // The next one is on its way at once; nothing is fetched beyond the first message.
    expect(befores(runtime)).toEqual([undefined, MESSAGE_PAGE_SIZE + 6, 6]);
    await store.getState().actions.loadOlder(ref);
    await settle();
    expect(timeline(store, ref).window.ids).toHaveLength(MESSAGE_PAGE_SIZE * 2 + 5);
    expect(timeline(store, ref).hasMore).toBe(false);
    expect(befores(runtime)).toEqual([undefined, MESSAGE_PAGE_SIZE + 6, 6]);
  });

  it('waits for a page still on its way instead of asking twice', async () => {
    const { runtime, store, ref } = setUp(MESSAGE_PAGE_SIZE + 5);
    const older = runtime.simChat(AGENT, ref.channelId).messages.slice(0, 5);
    const page = deferred<{ messages: ChatMsg[]; hasMore: boolean }>();
    const firstPage = { messages: runtime.simChat(AGENT, ref.channelId).messages.slice(5), hasMore: true };
    runtime.handle('conversations.messages', (input) =>
      (input as { beforeMessageId?: number }).beforeMessageId === undefined ? firstPage : page.promise,
    );
    store.getState().actions.openChat(ref);
    await settle();
    expect(befores(runtime)).toEqual([undefined, 6]);

    const loading = store.getState().actions.loadOlder(ref);
    expect(timeline(store, ref).loadingOlder).toBe(true);
    page.resolve({ messages: older, hasMore: false });
    await loading;
    expect(timeline(store, ref)).toMatchObject({ loadingOlder: false, hasMore: false });
    expect(timeline(store, ref).window.ids).toHaveLength(MESSAGE_PAGE_SIZE + 5);
    expect(befores(runtime)).toEqual([undefined, 6]);
  });

  it('asks again for a page fetched ahead once a message in it was edited', async () => {
    const { runtime, store, ref } = setUp(MESSAGE_PAGE_SIZE + 5);
    store.getState().actions.openChat(ref);
    await settle();
    const older = runtime.simChat(AGENT, ref.channelId).messages[2]!;

    runtime.emit('conversation.messageEdited', {
      agent: AGENT,
      network: 'simulator',
      message: { ...older, parts: [{ kind: 'text', text: 'Edited' }], editedAt: '2025-06-01T12:05:00.000Z' },
    });
    // An edit of a message not loaded leaves the window as it was: no gap above the oldest.
    expect(timeline(store, ref).window.ids).toHaveLength(MESSAGE_PAGE_SIZE);
    expect(timeline(store, ref).window.byId[older.messageId]).toBeUndefined();

    await store.getState().actions.loadOlder(ref);
    expect(befores(runtime)).toEqual([undefined, 6, 6]);
    expect(timeline(store, ref).window.ids).toHaveLength(MESSAGE_PAGE_SIZE + 5);
  });
});

describe('merging messages into the window', () => {
  const message = (messageId: number): ChatMsg => ({
    channelId: 1,
    messageId,
    senderId: 2,
    senderName: 'Ada',
    senderUsername: null,
    isAgent: false,
    replyToMessageId: null,
    sentAt: '2025-06-01T12:00:00.000Z',
    editedAt: null,
    parts: [{ kind: 'text', text: `#${messageId}` }],
    reactions: [],
    mentioned: false,
  });
  const window = mergeMessages({ ids: [], byId: {} }, [10, 11, 12].map(message));

  it('keeps ids ascending whether messages come above, below or in between', () => {
    expect(mergeMessages(window, [8, 9, 7].map(message)).ids).toEqual([7, 8, 9, 10, 11, 12]);
    expect(mergeMessages(window, [14, 13].map(message)).ids).toEqual([10, 11, 12, 13, 14]);
    expect(mergeMessages(window, [15, 9, 11].map(message)).ids).toEqual([9, 10, 11, 12, 15]);
  });

  it('replaces a known message in place and keeps the same ids', () => {
    const edited = { ...message(11), editedAt: '2025-06-01T12:01:00.000Z' };
    const merged = mergeMessages(window, [edited]);
    expect(merged.ids).toBe(window.ids);
    expect(merged.byId[11]).toBe(edited);
  });
});
