import { describe, expect, it } from 'vitest';
import type { ChatRef } from '../../src/renderer/features/conversations/model';
import { chatListOfPath, chatPath, conversationsPath } from '../../src/renderer/features/conversations/paths';
import { conversationSelectors } from '../../src/renderer/features/conversations/selectors';
import { type ConversationStore, MESSAGE_PAGE_SIZE } from '../../src/renderer/features/conversations/store';
import { telegramAgents } from '../../src/renderer/features/conversations/telegram-agents';
import { createTelegramStore } from '../../src/renderer/features/telegram/store';
import type { TaskGraphView } from '../../src/shared/domain/tasks';
import { createConversationStores, feedFromRuntimeEvents } from './support/conversation-stores';
import {
  agentConfig,
  FAKE_TELEGRAM_USER,
  FakeRuntime,
  runtimeState,
  settle,
  telegramAccount,
} from './support/fake-runtime';

const AGENT = 'Juniper';

/**
 * A runtime with one agent logged in to Telegram, both conversation stores fed by its events, a
 * Simulator chat with Sim and a Telegram chat with Ada.
 */
function setUp() {
  const runtime = new FakeRuntime();
  runtime.agents = [{ config: agentConfig({ configName: AGENT }), runtime: runtimeState(AGENT) }];
  runtime.telegramAccounts.set(
    AGENT,
    telegramAccount(AGENT, { connection: 'connected', user: FAKE_TELEGRAM_USER }),
  );
  const conversations = createConversationStores(runtime.client);
  const telegram = createTelegramStore(runtime.client);
  feedFromRuntimeEvents(runtime.client, { conversations, telegram });
  const sim = runtime.seedChat(AGENT, 'direct', [{ firstName: 'Sim' }]);
  const ada = runtime.seedChat(AGENT, 'direct', [{ firstName: 'Ada' }], undefined, 'telegram');
  return {
    runtime,
    telegram,
    simulatorStore: conversations.simulator,
    store: conversations.telegram,
    simRef: { agent: AGENT, channelId: sim.info.channelId } satisfies ChatRef,
    adaRef: { agent: AGENT, channelId: ada.info.channelId } satisfies ChatRef,
  };
}

function view(store: ConversationStore, ref: ChatRef) {
  return conversationSelectors.chat(ref)(store.getState())!;
}

function texts(store: ConversationStore, ref: ChatRef): string[] {
  const { window } = view(store, ref).timeline;
  return window.ids.map((id) =>
    window.byId[id]!.parts.map((part) => (part.kind === 'text' ? part.text : `[${part.kind}]`)).join(''),
  );
}

function titles(store: ConversationStore): string[] {
  return conversationSelectors.sortedChats(store.getState()).map((chat) => chat.title);
}

function graphOf(ref: ChatRef, statuses: Array<'pending' | 'done'>): TaskGraphView {
  const at = '2025-06-01T12:00:00.000Z';
  return {
    id: 'graph-1',
    agent: ref.agent,
    channelId: ref.channelId,
    createdAt: at,
    nodes: statuses.map((status, index) => ({
      id: `send-${index}`,
      kind: 'send',
      status,
      params: { text: 'hi' },
      dependsOn: [],
      retries: 0,
      waitUntil: null,
      lastError: null,
      createdAt: at,
      updatedAt: at,
    })),
  };
}

describe('conversations store: Telegram', () => {
  it("lists only the agent's Telegram chats, asking for the telegram network", async () => {
    const { runtime, store, simulatorStore } = setUp();

    store.getState().actions.selectAgent(AGENT);
    simulatorStore.getState().actions.selectAgent(AGENT);
    await settle();

    expect(store.getState().network).toBe('telegram');
    expect(runtime.callsOf('conversations.list')).toEqual([
      { agent: AGENT, network: 'telegram' },
      { agent: AGENT, network: 'simulator' },
    ]);
    expect(titles(store)).toEqual(['Ada']);
    expect(titles(simulatorStore)).toEqual(['Sim']);
  });

  it('opens a chat on the telegram network without asking the Simulator for its details', async () => {
    const { runtime, store, adaRef } = setUp();
    runtime.seedHistory(AGENT, adaRef.channelId, 3);

    store.getState().actions.openChat(adaRef);
    await settle();

    const ref = { agent: AGENT, network: 'telegram', channelId: adaRef.channelId };
    expect(runtime.callsOf('conversations.messages')).toEqual([{ ...ref, limit: MESSAGE_PAGE_SIZE }]);
    expect(runtime.callsOf('conversations.graph')).toEqual([ref]);
    expect(runtime.callsOf('conversations.lastExchange')).toEqual([ref]);
    expect(runtime.callsOf('conversations.parameters')).toEqual([ref]);
    expect(runtime.callsOf('simulator.chat')).toEqual([]);
    expect(texts(store, adaRef)).toEqual(['Message 1', 'Message 2', 'Message 3']);
    expect(view(store, adaRef).detail.status).toBe('idle');
  });

  it('refuses the Simulator-only actions: Telegram chats are watched, not written to', async () => {
    const { runtime, store, adaRef } = setUp();
    store.getState().actions.selectAgent(AGENT);
    store.getState().actions.openChat(adaRef);
    await settle();

    await expect(store.getState().actions.sendText(adaRef, 'hello')).rejects.toThrow(/Only Simulator/);
    await expect(store.getState().actions.react(adaRef, 1, '👍')).rejects.toThrow(/Only Simulator/);
    await expect(
      store.getState().actions.createChat({ kind: 'direct', people: [{ firstName: 'Bo' }] }),
    ).rejects.toThrow(/Only Simulator/);
    store.getState().actions.signalTyping(adaRef);

    expect(runtime.calls.filter((call) => call.method.startsWith('simulator.'))).toEqual([]);
    expect(view(store, adaRef).pending).toEqual([]);
  });

  it('saves parameters of a Telegram chat on the telegram network', async () => {
    const { runtime, store, adaRef } = setUp();
    store.getState().actions.openChat(adaRef);
    await settle();

    const saved = await store.getState().actions.updateParameters(adaRef, { gaggedOverride: true });

    expect(runtime.callsOf('conversations.updateParameters')).toEqual([
      { agent: AGENT, network: 'telegram', channelId: adaRef.channelId, gaggedOverride: true },
    ]);
    expect(saved.gagged).toBe(true);
    expect(view(store, adaRef).parameters.value?.gagged).toBe(true);
  });
});

describe('conversations store: events by network', () => {
  it("routes each network's events to its own store only", async () => {
    const { runtime, store, simulatorStore, simRef, adaRef } = setUp();
    for (const s of [store, simulatorStore]) s.getState().actions.selectAgent(AGENT);
    store.getState().actions.openChat(adaRef);
    simulatorStore.getState().actions.openChat(simRef);
    await settle();

    runtime.agentSays(AGENT, adaRef.channelId, 'On Telegram');
    runtime.agentSays(AGENT, simRef.channelId, 'In the Simulator');

    expect(texts(store, adaRef)).toEqual(['On Telegram']);
    expect(texts(simulatorStore, simRef)).toEqual(['In the Simulator']);
    expect(conversationSelectors.chat(adaRef)(simulatorStore.getState())).toBeUndefined();
    expect(conversationSelectors.chat(simRef)(store.getState())).toBeUndefined();
  });

  it('follows edits, deletions, graph, activity and exchange of an open Telegram chat', async () => {
    const { runtime, store, simulatorStore, adaRef } = setUp();
    store.getState().actions.selectAgent(AGENT);
    store.getState().actions.openChat(adaRef);
    simulatorStore.getState().actions.openChat(adaRef);
    await settle();
    const first = runtime.agentSays(AGENT, adaRef.channelId, 'One');
    runtime.agentSays(AGENT, adaRef.channelId, 'Two');
    const base = { agent: AGENT, network: 'telegram' as const, channelId: adaRef.channelId };

    runtime.emit('conversation.messageEdited', {
      agent: AGENT,
      network: 'telegram',
      message: { ...first, parts: [{ kind: 'text', text: 'One, edited' }], editedAt: first.sentAt },
    });
    runtime.emit('conversation.messagesDeleted', { ...base, messageIds: [first.messageId + 1] });
    const graph = graphOf(adaRef, ['pending', 'done']);
    runtime.emit('conversation.graphChanged', { ...base, graph });
    runtime.emit('conversation.activity', { ...base, typing: true, online: true });

    const telegramView = view(store, adaRef);
    expect(texts(store, adaRef)).toEqual(['One, edited']);
    expect(telegramView.graph.value).toEqual(graph);
    expect(telegramView.activity).toEqual({ typing: true, online: true });
    expect(conversationSelectors.summary(adaRef)(store.getState())?.pendingTasks).toBe(1);
    // The Simulator store opened the same ref (a failed load), and heard none of it.
    expect(view(simulatorStore, adaRef).activity).toBeNull();
    expect(view(simulatorStore, adaRef).graph.value).toBeNull();
  });
});

describe('conversations store: paging', () => {
  it('pages back with beforeMessageId and merges each page with live messages, each message once', async () => {
    const { runtime, store, adaRef } = setUp();
    runtime.seedHistory(AGENT, adaRef.channelId, MESSAGE_PAGE_SIZE + 10);

    store.getState().actions.openChat(adaRef);
    await settle();
    expect(texts(store, adaRef)).toHaveLength(MESSAGE_PAGE_SIZE);
    expect(view(store, adaRef).timeline.hasMore).toBe(true);

    runtime.agentSays(AGENT, adaRef.channelId, 'Live');
    await store.getState().actions.loadOlder(adaRef);
    // A second call has nothing left to fetch.
    await store.getState().actions.loadOlder(adaRef);

    const all = texts(store, adaRef);
    expect(all).toHaveLength(MESSAGE_PAGE_SIZE + 11);
    expect(all[0]).toBe('Message 1');
    expect(all.at(-1)).toBe('Live');
    expect(new Set(view(store, adaRef).timeline.window.ids).size).toBe(all.length);
    expect(view(store, adaRef).timeline.hasMore).toBe(false);
    expect(runtime.callsOf('conversations.messages')).toEqual([
      { agent: AGENT, network: 'telegram', channelId: adaRef.channelId, limit: MESSAGE_PAGE_SIZE },
      {
        agent: AGENT,
        network: 'telegram',
        channelId: adaRef.channelId,
        beforeMessageId: 11,
        limit: MESSAGE_PAGE_SIZE,
      },
    ]);
  });
});

describe('conversations store: chat list', () => {
  it('orders chats by last activity and moves a chat up when a message arrives', async () => {
    const { runtime, store } = setUp();
    const bo = runtime.seedChat(AGENT, 'direct', [{ firstName: 'Bo' }], undefined, 'telegram');
    const club = runtime.seedChat(AGENT, 'group', [{ firstName: 'Cy' }], 'Club', 'telegram');
    runtime.agentSays(AGENT, bo.info.channelId, 'to Bo');
    runtime.agentSays(AGENT, club.info.channelId, 'to the club');

    store.getState().actions.selectAgent(AGENT);
    await settle();
    // Ada has no messages yet: new, empty chats come first.
    expect(titles(store)).toEqual(['Ada', 'Club', 'Bo']);

    const message = runtime.agentSays(AGENT, bo.info.channelId, 'again');
    expect(titles(store)).toEqual(['Ada', 'Bo', 'Club']);
    const summary = conversationSelectors.summary({ agent: AGENT, channelId: bo.info.channelId });
    expect(summary(store.getState())?.lastMessage).toEqual(message);
  });

  it('refetches the list only for a chat it has not listed yet, and counts unread messages itself', async () => {
    const { runtime, store } = setUp();
    store.getState().actions.selectAgent(AGENT);
    await settle();
    const newcomer = runtime.seedChat(AGENT, 'direct', [{ firstName: 'Dee' }], undefined, 'telegram');

    runtime.personSays(AGENT, newcomer.info.channelId, newcomer.people[0]!.id, [
      { kind: 'text', text: 'hi' },
    ]);
    await settle();

    expect(titles(store)).toEqual(['Ada', 'Dee']);
    const dee = conversationSelectors.summary({ agent: AGENT, channelId: newcomer.info.channelId });
    expect(dee(store.getState())?.unreadCount).toBe(1);
    expect(runtime.callsOf('conversations.list')).toHaveLength(2);

    // The agent read the chat before answering: nothing is unread once it writes.
    runtime.agentSays(AGENT, newcomer.info.channelId, 'hello Dee');
    expect(dee(store.getState())?.unreadCount).toBe(0);
  });

  it('shows why the chats cannot be reached, and loads them once the account is connected again', async () => {
    const { runtime, store, telegram } = setUp();
    runtime.telegramAccounts.set(
      AGENT,
      telegramAccount(AGENT, { connection: 'reconnecting', user: FAKE_TELEGRAM_USER }),
    );
    await telegram.getState().actions.loadAccounts();
    runtime.disconnectedTelegramAgents.add(AGENT);

    store.getState().actions.selectAgent(AGENT);
    await settle();
    expect(store.getState().chatList).toMatchObject({
      status: 'error',
      errorCode: 'unavailable',
      error: `${AGENT} is not connected to Telegram right now.`,
    });

    runtime.disconnectedTelegramAgents.delete(AGENT);
    runtime.emit(
      'telegram.accountChanged',
      telegramAccount(AGENT, { connection: 'connected', user: FAKE_TELEGRAM_USER }),
    );
    await settle();

    expect(store.getState().chatList).toMatchObject({ status: 'ready', errorCode: null, error: null });
    expect(titles(store)).toEqual(['Ada']);
  });
});

describe('conversations page model', () => {
  it('splits the agents by Telegram login, in the agents order', () => {
    const agents = ['Ann', 'Ben', 'Cat', 'Dan'].map((name) => ({
      config: agentConfig({ configName: name, name }),
      runtime: runtimeState(name),
      problemCount: 0,
    }));
    const accounts = {
      Ann: telegramAccount('Ann'),
      Ben: telegramAccount('Ben', { connection: 'connected', user: FAKE_TELEGRAM_USER }),
      Dan: telegramAccount('Dan', { connection: 'disabled', user: FAKE_TELEGRAM_USER }),
    };

    const split = telegramAgents(agents, accounts);

    expect(split.loggedIn.map((entry) => entry.configName)).toEqual(['Ben', 'Dan']);
    expect(split.notLoggedIn.map((entry) => [entry.configName, entry.account?.connection ?? null])).toEqual([
      ['Ann', 'logged-out'],
      ['Cat', null],
    ]);
  });

  it('routes each network to its page', () => {
    expect(conversationsPath()).toBe('/conversations');
    expect(conversationsPath('Mary Poppins', -100)).toBe('/conversations/Mary%20Poppins/-100');
    expect(chatPath('simulator', 'Juniper', 7)).toBe('/playground/Juniper/7');
  });

  it('reads which chat list a route shows, for asking for it before the page draws', () => {
    expect(chatListOfPath('/playground/Juniper')).toEqual({ network: 'simulator', agent: 'Juniper' });
    expect(chatListOfPath(conversationsPath('Mary Poppins', -100))).toEqual({
      network: 'telegram',
      agent: 'Mary Poppins',
    });
    for (const other of ['/playground', '/playground/', '/conversations', '/agents/Juniper', '/settings']) {
      expect(chatListOfPath(other), other).toBeNull();
    }
  });
});
