import { createContext, createElement, type ReactNode, useContext } from 'react';
import { useStore } from 'zustand';
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { ApiClient } from '../../../shared/api/client';
import type { ProcedureInput } from '../../../shared/api/contract';
import type {
  ConversationParameters,
  ConversationSummary,
  LlmExchangeView,
  Network,
} from '../../../shared/api/conversation-contract';
import { ApiError, type ApiErrorCode } from '../../../shared/api/errors';
import type { ChatInfo, ChatMsg, ChatPerson, StickerRef } from '../../../shared/domain/conversation';
import type { TaskGraphView } from '../../../shared/domain/tasks';
import { errorMessage } from '../../api/errors';
import type { LoadStatus } from '../../ui/load-status';
import {
  type ChatRef,
  chatKey,
  EMPTY_WINDOW,
  type MessageWindow,
  mergeMessages,
  oldestMessageId,
  reactionOf,
  removeMessages,
  shouldSignalTyping,
  unfinishedTaskCount,
} from './model';

/** Messages fetched per page, first page and older ones alike. */
export const MESSAGE_PAGE_SIZE = 50;

/** A value fetched from the runtime, with how its fetch went; `ready` stays while a refresh runs. */
export type Loadable<T> = { status: LoadStatus; value: T; error: string | null };

export type ChatDetail = { chat: ChatInfo; people: ChatPerson[] };

export type Timeline = {
  status: LoadStatus;
  error: string | null;
  window: MessageWindow;
  /** Older messages exist beyond the oldest one loaded. */
  hasMore: boolean;
  loadingOlder: boolean;
  olderError: string | null;
};

/** A message the operator sent that the runtime has not confirmed yet (or refused). */
export type PendingSend = {
  tempId: string;
  personId: number;
  replyTo: number | null;
  content: { kind: 'text'; text: string } | { kind: 'sticker'; sticker: StickerRef };
  status: 'sending' | 'failed';
  error: string | null;
  createdAt: string;
};

/** What the agent shows in the chat right now. */
export type Activity = { typing: boolean; online: boolean };

export type Composer = {
  /** The simulated person the operator writes as. */
  personId: number | null;
  /** The message the next one replies to. */
  replyToId: number | null;
};

/** Everything the console knows about one chat. */
export type ChatView = {
  ref: ChatRef;
  /** The Simulator's chat and people; stays idle on Telegram (the list's summary names the chat). */
  detail: Loadable<ChatDetail | null>;
  timeline: Timeline;
  pending: PendingSend[];
  /** The agent's typing and presence as last announced; null until an event says. */
  activity: Activity | null;
  graph: Loadable<TaskGraphView | null>;
  /** The newest graph seen, kept after the runtime drops a finished one. */
  lastGraph: TaskGraphView | null;
  exchange: Loadable<LlmExchangeView | null>;
  parameters: Loadable<ConversationParameters | null> & { saving: boolean };
  composer: Composer;
};

export type ChatList = {
  agent: string | null;
  status: LoadStatus;
  error: string | null;
  /** The API's code of that error: `unavailable` when the agent's Telegram account is not connected. */
  errorCode: ApiErrorCode | null;
  refreshing: boolean;
  chats: ConversationSummary[];
};

export type CreateChatInput = Omit<ProcedureInput<'simulator.createChat'>, 'agent'>;
export type ParametersPatch = Omit<
  ProcedureInput<'conversations.updateParameters'>,
  'agent' | 'network' | 'channelId'
>;

/**
 * What both conversation pages do. Actions marked Simulator-only call `simulator.*` and reject on
 * another network: Telegram chats are watched, never written to, from the console.
 */
export interface ConversationActions {
  /** The agent whose chats on the store's network are listed; loads them. */
  selectAgent(agent: string | null): void;
  /** conversations.list of the selected agent on the store's network. */
  loadChats(): Promise<void>;
  /** Simulator-only. Creates a Simulator chat for the selected agent; rejects with the API error (its issues name fields). */
  createChat(input: CreateChatInput): Promise<ChatDetail>;
  /** Shows a chat: its people (Simulator), latest messages, task graph, last LLM exchange and parameters. */
  openChat(ref: ChatRef): void;
  closeChat(): void;
  /** The page of messages before the oldest loaded one. */
  loadOlder(ref: ChatRef): Promise<void>;
  /** Simulator-only. Sends text as the composer's person, replying to the composer's message; shown at once. */
  sendText(ref: ChatRef, text: string): Promise<void>;
  sendSticker(ref: ChatRef, sticker: StickerRef): Promise<void>;
  retrySend(ref: ChatRef, tempId: string): Promise<void>;
  discardSend(ref: ChatRef, tempId: string): void;
  /** Simulator-only. Sets (or with null removes) the composer person's reaction; shown at once, undone on failure. */
  react(ref: ChatRef, messageId: number, emoji: string | null): Promise<void>;
  /** Tells the Simulator the composer's person is typing, at most every few seconds. */
  signalTyping(ref: ChatRef): void;
  setComposerPerson(ref: ChatRef, personId: number): void;
  setReplyTo(ref: ChatRef, messageId: number | null): void;
  loadStickers(agent: string): Promise<void>;
  loadGraph(ref: ChatRef): Promise<void>;
  loadExchange(ref: ChatRef): Promise<void>;
  loadParameters(ref: ChatRef): Promise<void>;
  /** Saves parameters; rejects with the API error. */
  updateParameters(ref: ChatRef, patch: ParametersPatch): Promise<ConversationParameters>;
  applyMessage(agent: string, message: ChatMsg): void;
  applyMessageEdited(agent: string, message: ChatMsg): void;
  applyMessagesDeleted(ref: ChatRef, messageIds: readonly number[]): void;
  applyGraph(ref: ChatRef, graph: TaskGraphView | null): void;
  applyActivity(ref: ChatRef, activity: Activity): void;
  applyExchange(ref: ChatRef, exchange: LlmExchangeView): void;
  /** Re-fetches what is on screen, e.g. after the connection came back. */
  resync(): void;
  /** Re-fetches what is on screen when it belongs to `agent`, e.g. after its account reconnected. */
  resyncAgent(agent: string): void;
}

export type ConversationState = {
  /** The network whose conversations this store mirrors; fixed when the store is made. */
  network: Network;
  /** The agent picked on the page. */
  agent: string | null;
  chatList: ChatList;
  /** Chats seen in this session, by `chatKey`. */
  chats: Record<string, ChatView>;
  /** The chat on screen. */
  openKey: string | null;
  stickers: Record<string, Loadable<StickerRef[]>>;
  actions: ConversationActions;
};

export type ConversationStore = StoreApi<ConversationState>;

export type ConversationStoreOptions = {
  network: Network;
  /** Debounce of the chat list refresh that follows live events (unread counts). */
  listRefreshMs?: number;
  /** The clock for the typing throttle. */
  now?: () => number;
};

function loadable<T>(value: T): Loadable<T> {
  return { status: 'idle', value, error: null };
}

function emptyChatView(ref: ChatRef): ChatView {
  return {
    ref,
    detail: loadable(null),
    timeline: {
      status: 'idle',
      error: null,
      window: EMPTY_WINDOW,
      hasMore: false,
      loadingOlder: false,
      olderError: null,
    },
    pending: [],
    activity: null,
    graph: loadable(null),
    lastGraph: null,
    exchange: loadable(null),
    parameters: { ...loadable(null), saving: false },
    composer: { personId: null, replyToId: null },
  };
}

function isNewer(candidate: ChatMsg, current: ChatMsg | null): boolean {
  return current === null || candidate.messageId >= current.messageId;
}

function onlySimulator(network: Network, what: string): void {
  if (network !== 'simulator') throw new Error(`Only Simulator chats can ${what} from the console.`);
}

function apiErrorCode(error: unknown): ApiErrorCode | null {
  return error instanceof ApiError ? error.code : null;
}

/**
 * The store behind a conversation page, one per network: the Playground's (Simulator) and the
 * Conversations page's (Telegram) are two instances of this factory.
 */
export function createConversationStore(
  api: ApiClient,
  options: ConversationStoreOptions,
): ConversationStore {
  const { network } = options;
  const listRefreshMs = options.listRefreshMs ?? 500;
  const now = options.now ?? Date.now;
  let listRequest = 0;
  let listRefreshTimer: ReturnType<typeof setTimeout> | null = null;
  let tempCounter = 0;
  // Per chat: request counters (only the latest answer applies), live-event versions (an answer
  // to a request made before an event must not undo it), deleted ids (a page fetched before a
  // deletion must not bring the message back) and the last typing signal.
  const requests = new Map<string, { page: number; graph: number; exchange: number; params: number }>();
  const versions = new Map<string, { graph: number; exchange: number }>();
  const deleted = new Map<string, Set<number>>();
  const lastTypingSignal = new Map<string, number>();

  const requestsOf = (key: string) => {
    let entry = requests.get(key);
    if (!entry) {
      entry = { page: 0, graph: 0, exchange: 0, params: 0 };
      requests.set(key, entry);
    }
    return entry;
  };
  const versionsOf = (key: string) => {
    let entry = versions.get(key);
    if (!entry) {
      entry = { graph: 0, exchange: 0 };
      versions.set(key, entry);
    }
    return entry;
  };
  const withoutDeleted = (key: string, messages: ChatMsg[]): ChatMsg[] => {
    const gone = deleted.get(key);
    return gone ? messages.filter((message) => !gone.has(message.messageId)) : messages;
  };

  return createStore<ConversationState>()((set, get) => {
    /** Updates one chat's view, creating it on first use. */
    const patchChat = (ref: ChatRef, update: (view: ChatView) => Partial<ChatView>) => {
      const key = chatKey(ref);
      set((s) => {
        const view = s.chats[key] ?? emptyChatView(ref);
        return { chats: { ...s.chats, [key]: { ...view, ...update(view) } } };
      });
    };
    const viewOf = (ref: ChatRef): ChatView | undefined => get().chats[chatKey(ref)];
    const networkRef = (ref: ChatRef) => ({
      agent: ref.agent,
      network,
      channelId: ref.channelId,
    });

    const patchSummary = (ref: ChatRef, update: (summary: ConversationSummary) => ConversationSummary) => {
      set((s) => {
        if (s.chatList.agent !== ref.agent) return {};
        const index = s.chatList.chats.findIndex((chat) => chat.channelId === ref.channelId);
        if (index < 0) return {};
        const chats = [...s.chatList.chats];
        chats[index] = update(chats[index]!);
        return { chatList: { ...s.chatList, chats } };
      });
    };

    /** Unread counts and new chats change with events the list has no event for: refetch, debounced. */
    const scheduleListRefresh = (agent: string) => {
      if (get().chatList.agent !== agent || get().chatList.status === 'idle') return;
      if (listRefreshTimer !== null) clearTimeout(listRefreshTimer);
      listRefreshTimer = setTimeout(() => {
        listRefreshTimer = null;
        void get().actions.loadChats();
      }, listRefreshMs);
    };

    const mergeIntoTimeline = (ref: ChatRef, messages: ChatMsg[]) => {
      patchChat(ref, (view) => ({
        timeline: { ...view.timeline, window: mergeMessages(view.timeline.window, messages) },
      }));
    };

    const setReaction = (message: ChatMsg, person: ChatPerson, emoji: string | null): ChatMsg => {
      const others = message.reactions.filter((reaction) => reaction.userId !== person.id);
      const userName = [person.firstName, person.lastName].filter(Boolean).join(' ');
      return {
        ...message,
        reactions: emoji === null ? others : [...others, { userId: person.id, userName, emoji }],
      };
    };

    const deliver = async (ref: ChatRef, pending: PendingSend) => {
      try {
        const { message } =
          pending.content.kind === 'text'
            ? await api.call('simulator.send', {
                agent: ref.agent,
                channelId: ref.channelId,
                personId: pending.personId,
                text: pending.content.text,
                replyTo: pending.replyTo,
              })
            : await api.call('simulator.sendSticker', {
                agent: ref.agent,
                channelId: ref.channelId,
                personId: pending.personId,
                setName: pending.content.sticker.setName,
                name: pending.content.sticker.name,
                replyTo: pending.replyTo,
              });
        patchChat(ref, (view) => ({
          pending: view.pending.filter((item) => item.tempId !== pending.tempId),
          timeline: { ...view.timeline, window: mergeMessages(view.timeline.window, [message]) },
        }));
        patchSummary(ref, (summary) =>
          isNewer(message, summary.lastMessage) ? { ...summary, lastMessage: message } : summary,
        );
      } catch (error) {
        patchChat(ref, (view) => ({
          pending: view.pending.map((item) =>
            item.tempId === pending.tempId ? { ...item, status: 'failed', error: errorMessage(error) } : item,
          ),
        }));
      }
    };

    const enqueueSend = async (ref: ChatRef, content: PendingSend['content']) => {
      onlySimulator(network, 'be written to');
      const view = viewOf(ref);
      const personId = view?.composer.personId ?? null;
      if (personId === null) throw new Error('Pick the person to write as first.');
      tempCounter += 1;
      const pending: PendingSend = {
        tempId: `pending-${tempCounter}`,
        personId,
        replyTo: view?.composer.replyToId ?? null,
        content,
        status: 'sending',
        error: null,
        createdAt: new Date(now()).toISOString(),
      };
      patchChat(ref, (current) => ({
        pending: [...current.pending, pending],
        composer: { ...current.composer, replyToId: null },
      }));
      // The person stopped typing by sending; the next keystroke signals again.
      lastTypingSignal.delete(chatKey(ref));
      await deliver(ref, pending);
    };

    const actions: ConversationActions = {
      selectAgent(agent) {
        if (get().agent === agent && get().chatList.status !== 'idle') return;
        listRequest += 1;
        set({
          agent,
          chatList: { agent, status: 'idle', error: null, errorCode: null, refreshing: false, chats: [] },
        });
        if (agent !== null) void get().actions.loadChats();
      },

      async loadChats() {
        const agent = get().agent;
        if (agent === null) return;
        const request = ++listRequest;
        set((s) => ({
          chatList:
            s.chatList.status === 'ready'
              ? { ...s.chatList, refreshing: true }
              : { ...s.chatList, status: 'loading', error: null, errorCode: null },
        }));
        try {
          const { conversations } = await api.call('conversations.list', { agent, network });
          if (request !== listRequest) return;
          set({
            chatList: {
              agent,
              status: 'ready',
              error: null,
              errorCode: null,
              refreshing: false,
              // The runtime answers for the asked network; a stray entry would open on the wrong page.
              chats: conversations.filter((chat) => chat.network === network),
            },
          });
        } catch (error) {
          if (request !== listRequest) return;
          set((s) => ({
            chatList: {
              ...s.chatList,
              status: s.chatList.status === 'ready' || s.chatList.refreshing ? 'ready' : 'error',
              error: errorMessage(error),
              errorCode: apiErrorCode(error),
              refreshing: false,
            },
          }));
        }
      },

      async createChat(input) {
        onlySimulator(network, 'be created');
        const agent = get().agent;
        if (agent === null) throw new Error('Pick an agent first.');
        const detail = await api.call('simulator.createChat', { ...input, agent });
        const ref = { agent, channelId: detail.chat.channelId };
        const summary: ConversationSummary = {
          agent,
          network: 'simulator',
          channelId: detail.chat.channelId,
          kind: detail.chat.kind,
          title: detail.chat.title,
          lastMessage: null,
          unreadCount: 0,
          pendingTasks: 0,
        };
        set((s) =>
          s.chatList.agent === agent && !s.chatList.chats.some((chat) => chat.channelId === ref.channelId)
            ? { chatList: { ...s.chatList, chats: [summary, ...s.chatList.chats] } }
            : {},
        );
        patchChat(ref, (view) => ({
          detail: { status: 'ready', value: detail, error: null },
          composer: { ...view.composer, personId: view.composer.personId ?? detail.people[0]?.id ?? null },
        }));
        return detail;
      },

      openChat(ref) {
        const key = chatKey(ref);
        set((s) => ({
          openKey: key,
          chats: s.chats[key] ? s.chats : { ...s.chats, [key]: emptyChatView(ref) },
        }));
        const view = viewOf(ref)!;
        const firstPage = async () => {
          const request = ++requestsOf(key).page;
          patchChat(ref, (current) => ({
            timeline:
              current.timeline.status === 'ready'
                ? current.timeline
                : { ...current.timeline, status: 'loading', error: null },
          }));
          try {
            const { messages, hasMore } = await api.call('conversations.messages', {
              ...networkRef(ref),
              limit: MESSAGE_PAGE_SIZE,
            });
            if (request !== requestsOf(key).page) return;
            patchChat(ref, (current) => ({
              timeline: {
                ...current.timeline,
                status: 'ready',
                error: null,
                window: mergeMessages(current.timeline.window, withoutDeleted(key, messages)),
                // A refresh keeps older pages loaded before; their own hasMore still holds.
                hasMore: current.timeline.status === 'ready' ? current.timeline.hasMore : hasMore,
              },
            }));
          } catch (error) {
            if (request !== requestsOf(key).page) return;
            patchChat(ref, (current) => ({
              timeline: {
                ...current.timeline,
                status: current.timeline.status === 'ready' ? 'ready' : 'error',
                error: errorMessage(error),
              },
            }));
          }
        };
        const detail = async () => {
          if (view.detail.status !== 'ready')
            patchChat(ref, () => ({ detail: { ...view.detail, status: 'loading' } }));
          try {
            const value = await api.call('simulator.chat', { agent: ref.agent, channelId: ref.channelId });
            patchChat(ref, (current) => {
              const keep = value.people.some((person) => person.id === current.composer.personId);
              return {
                detail: { status: 'ready', value, error: null },
                composer: {
                  ...current.composer,
                  personId: keep ? current.composer.personId : (value.people[0]?.id ?? null),
                },
              };
            });
          } catch (error) {
            patchChat(ref, (current) => ({
              detail: {
                ...current.detail,
                status: current.detail.value ? 'ready' : 'error',
                error: errorMessage(error),
              },
            }));
          }
        };
        // Only the Simulator has chat details; a Telegram chat is named by its summary.
        if (network === 'simulator') void detail();
        void firstPage();
        void get().actions.loadGraph(ref);
        void get().actions.loadExchange(ref);
        void get().actions.loadParameters(ref);
      },

      closeChat() {
        set({ openKey: null });
      },

      async loadOlder(ref) {
        const view = viewOf(ref);
        if (!view || view.timeline.loadingOlder || !view.timeline.hasMore) return;
        const before = oldestMessageId(view.timeline.window);
        if (before === null) return;
        const key = chatKey(ref);
        patchChat(ref, (current) => ({
          timeline: { ...current.timeline, loadingOlder: true, olderError: null },
        }));
        try {
          const { messages, hasMore } = await api.call('conversations.messages', {
            ...networkRef(ref),
            beforeMessageId: before,
            limit: MESSAGE_PAGE_SIZE,
          });
          patchChat(ref, (current) => ({
            timeline: {
              ...current.timeline,
              loadingOlder: false,
              hasMore,
              window: mergeMessages(current.timeline.window, withoutDeleted(key, messages)),
            },
          }));
        } catch (error) {
          patchChat(ref, (current) => ({
            timeline: { ...current.timeline, loadingOlder: false, olderError: errorMessage(error) },
          }));
        }
      },

      async sendText(ref, text) {
        const trimmed = text.trim();
        if (trimmed === '') return;
        await enqueueSend(ref, { kind: 'text', text: trimmed });
      },

      async sendSticker(ref, sticker) {
        await enqueueSend(ref, { kind: 'sticker', sticker });
      },

      async retrySend(ref, tempId) {
        const pending = viewOf(ref)?.pending.find((item) => item.tempId === tempId);
        if (pending?.status !== 'failed') return;
        const retry: PendingSend = { ...pending, status: 'sending', error: null };
        patchChat(ref, (view) => ({
          pending: view.pending.map((item) => (item.tempId === tempId ? retry : item)),
        }));
        await deliver(ref, retry);
      },

      discardSend(ref, tempId) {
        patchChat(ref, (view) => ({ pending: view.pending.filter((item) => item.tempId !== tempId) }));
      },

      async react(ref, messageId, emoji) {
        onlySimulator(network, 'be reacted to');
        const view = viewOf(ref);
        const personId = view?.composer.personId ?? null;
        const person = view?.detail.value?.people.find((candidate) => candidate.id === personId);
        const message = view?.timeline.window.byId[messageId];
        if (!view || !person || !message) return;
        mergeIntoTimeline(ref, [setReaction(message, person, emoji)]);
        try {
          const { message: updated } = await api.call('simulator.react', {
            agent: ref.agent,
            channelId: ref.channelId,
            personId: person.id,
            messageId,
            emoji,
          });
          mergeIntoTimeline(ref, [updated]);
        } catch (error) {
          // Undo only this person's reaction: others may have changed meanwhile.
          const current = viewOf(ref)?.timeline.window.byId[messageId];
          if (current) mergeIntoTimeline(ref, [setReaction(current, person, reactionOf(message, person.id))]);
          throw error;
        }
      },

      signalTyping(ref) {
        if (network !== 'simulator') return;
        const view = viewOf(ref);
        const personId = view?.composer.personId ?? null;
        if (personId === null) return;
        const key = chatKey(ref);
        const at = now();
        if (!shouldSignalTyping(lastTypingSignal.get(key) ?? null, at)) return;
        lastTypingSignal.set(key, at);
        // A lost typing signal changes nothing the operator would act on.
        api.call('simulator.type', { agent: ref.agent, channelId: ref.channelId, personId }).catch(() => {});
      },

      setComposerPerson(ref, personId) {
        lastTypingSignal.delete(chatKey(ref));
        patchChat(ref, (view) => ({ composer: { ...view.composer, personId } }));
      },

      setReplyTo(ref, messageId) {
        patchChat(ref, (view) => ({ composer: { ...view.composer, replyToId: messageId } }));
      },

      async loadStickers(agent) {
        const current = get().stickers[agent];
        if (current?.status === 'loading') return;
        set((s) => ({
          stickers: {
            ...s.stickers,
            [agent]: {
              status: current?.status === 'ready' ? 'ready' : 'loading',
              value: current?.value ?? [],
              error: null,
            },
          },
        }));
        try {
          const { stickers } = await api.call('simulator.stickers', { agent });
          set((s) => ({
            stickers: { ...s.stickers, [agent]: { status: 'ready', value: stickers, error: null } },
          }));
        } catch (error) {
          set((s) => ({
            stickers: {
              ...s.stickers,
              [agent]: {
                status: current?.status === 'ready' ? 'ready' : 'error',
                value: current?.value ?? [],
                error: errorMessage(error),
              },
            },
          }));
        }
      },

      async loadGraph(ref) {
        const key = chatKey(ref);
        const request = ++requestsOf(key).graph;
        const version = versionsOf(key).graph;
        patchChat(ref, (view) => ({
          graph:
            view.graph.status === 'ready' ? view.graph : { ...view.graph, status: 'loading', error: null },
        }));
        try {
          const { graph } = await api.call('conversations.graph', networkRef(ref));
          if (request !== requestsOf(key).graph) return;
          if (version !== versionsOf(key).graph) {
            patchChat(ref, (view) => ({ graph: { ...view.graph, status: 'ready' } }));
            return;
          }
          patchChat(ref, (view) => ({
            graph: { status: 'ready', value: graph, error: null },
            lastGraph: graph ?? view.lastGraph,
          }));
        } catch (error) {
          if (request !== requestsOf(key).graph) return;
          patchChat(ref, (view) => ({
            graph: {
              ...view.graph,
              status: view.graph.status === 'ready' ? 'ready' : 'error',
              error: errorMessage(error),
            },
          }));
        }
      },

      async loadExchange(ref) {
        const key = chatKey(ref);
        const request = ++requestsOf(key).exchange;
        const version = versionsOf(key).exchange;
        patchChat(ref, (view) => ({
          exchange:
            view.exchange.status === 'ready'
              ? view.exchange
              : { ...view.exchange, status: 'loading', error: null },
        }));
        try {
          const { exchange } = await api.call('conversations.lastExchange', networkRef(ref));
          if (request !== requestsOf(key).exchange) return;
          if (version !== versionsOf(key).exchange) {
            patchChat(ref, (view) => ({ exchange: { ...view.exchange, status: 'ready' } }));
            return;
          }
          patchChat(ref, () => ({ exchange: { status: 'ready', value: exchange, error: null } }));
        } catch (error) {
          if (request !== requestsOf(key).exchange) return;
          patchChat(ref, (view) => ({
            exchange: {
              ...view.exchange,
              status: view.exchange.status === 'ready' ? 'ready' : 'error',
              error: errorMessage(error),
            },
          }));
        }
      },

      async loadParameters(ref) {
        const key = chatKey(ref);
        const request = ++requestsOf(key).params;
        patchChat(ref, (view) => ({
          parameters:
            view.parameters.status === 'ready'
              ? view.parameters
              : { ...view.parameters, status: 'loading', error: null },
        }));
        try {
          const value = await api.call('conversations.parameters', networkRef(ref));
          if (request !== requestsOf(key).params) return;
          patchChat(ref, (view) => ({
            parameters: { ...view.parameters, status: 'ready', value, error: null },
          }));
        } catch (error) {
          if (request !== requestsOf(key).params) return;
          patchChat(ref, (view) => ({
            parameters: {
              ...view.parameters,
              status: view.parameters.status === 'ready' ? 'ready' : 'error',
              error: errorMessage(error),
            },
          }));
        }
      },

      async updateParameters(ref, patch) {
        const key = chatKey(ref);
        // A save supersedes any load still in flight.
        requestsOf(key).params += 1;
        patchChat(ref, (view) => ({ parameters: { ...view.parameters, saving: true } }));
        try {
          const value = await api.call('conversations.updateParameters', { ...networkRef(ref), ...patch });
          patchChat(ref, (view) => ({
            parameters: { ...view.parameters, status: 'ready', value, error: null, saving: false },
          }));
          return value;
        } catch (error) {
          patchChat(ref, (view) => ({ parameters: { ...view.parameters, saving: false } }));
          throw error;
        }
      },

      applyMessage(agent, message) {
        const ref = { agent, channelId: message.channelId };
        const key = chatKey(ref);
        const view = get().chats[key];
        if (view) {
          patchChat(ref, (current) => {
            // The runtime's copy of a message the operator just sent may arrive before the answer
            // to the send: it replaces the optimistic one.
            const index = message.isAgent
              ? -1
              : current.pending.findIndex(
                  (item) =>
                    item.status === 'sending' &&
                    item.personId === message.senderId &&
                    matchesContent(item, message),
                );
            return {
              pending: index < 0 ? current.pending : current.pending.filter((_, i) => i !== index),
              timeline: { ...current.timeline, window: mergeMessages(current.timeline.window, [message]) },
            };
          });
        }
        const listed =
          get().chatList.agent === agent &&
          get().chatList.chats.some((chat) => chat.channelId === message.channelId);
        patchSummary(ref, (summary) => ({
          ...summary,
          ...(isNewer(message, summary.lastMessage) ? { lastMessage: message } : {}),
          // The agent reads a chat when its turn starts, before it writes there.
          ...(message.isAgent ? { unreadCount: 0 } : {}),
        }));
        if (!listed || !message.isAgent) scheduleListRefresh(agent);
      },

      applyMessageEdited(agent, message) {
        const ref = { agent, channelId: message.channelId };
        if (get().chats[chatKey(ref)]) mergeIntoTimeline(ref, [message]);
        patchSummary(ref, (summary) =>
          summary.lastMessage?.messageId === message.messageId
            ? { ...summary, lastMessage: message }
            : summary,
        );
      },

      applyMessagesDeleted(ref, messageIds) {
        const key = chatKey(ref);
        let gone = deleted.get(key);
        if (!gone) {
          gone = new Set();
          deleted.set(key, gone);
        }
        for (const id of messageIds) gone.add(id);
        if (get().chats[key]) {
          patchChat(ref, (view) => ({
            timeline: { ...view.timeline, window: removeMessages(view.timeline.window, messageIds) },
            composer:
              view.composer.replyToId !== null && messageIds.includes(view.composer.replyToId)
                ? { ...view.composer, replyToId: null }
                : view.composer,
          }));
        }
        scheduleListRefresh(ref.agent);
      },

      applyGraph(ref, graph) {
        const key = chatKey(ref);
        versionsOf(key).graph += 1;
        if (get().chats[key])
          patchChat(ref, () => ({ graph: { status: 'ready', value: graph, error: null } }));
        patchSummary(ref, (summary) => ({ ...summary, pendingTasks: unfinishedTaskCount(graph) }));
        // A turn starting is when the agent reads: the unread counts change.
        scheduleListRefresh(ref.agent);
      },

      applyActivity(ref, activity) {
        // Chats not seen yet read their presence from their graph when they are opened.
        if (!get().chats[chatKey(ref)]) return;
        patchChat(ref, () => ({ activity: { typing: activity.typing, online: activity.online } }));
      },

      applyExchange(ref, exchange) {
        const key = chatKey(ref);
        versionsOf(key).exchange += 1;
        if (get().chats[key])
          patchChat(ref, () => ({ exchange: { status: 'ready', value: exchange, error: null } }));
      },

      resync() {
        if (get().chatList.status !== 'idle') void get().actions.loadChats();
        const open = get().openKey ? get().chats[get().openKey!] : undefined;
        if (open) get().actions.openChat(open.ref);
      },

      resyncAgent(agent) {
        if (get().agent === agent) get().actions.resync();
      },
    };

    return {
      network,
      agent: null,
      chatList: { agent: null, status: 'idle', error: null, errorCode: null, refreshing: false, chats: [] },
      chats: {},
      openKey: null,
      stickers: {},
      actions,
    };
  });
}

function matchesContent(pending: PendingSend, message: ChatMsg): boolean {
  if (pending.replyTo !== message.replyToMessageId) return false;
  if (pending.content.kind === 'text') {
    const text = message.parts
      .filter((part) => part.kind === 'text')
      .map((part) => part.text)
      .join('');
    return text.trim() === pending.content.text;
  }
  const { sticker } = pending.content;
  return message.parts.some(
    (part) =>
      part.kind === 'media' &&
      part.mediaKind === 'sticker' &&
      (part.uniqueId === sticker.uniqueId ||
        (part.stickerSetName === sticker.setName && part.stickerName === sticker.name)),
  );
}

/** The console's conversation stores, one per network. */
export type ConversationStores = Record<Network, ConversationStore>;

export const ConversationStoresContext = createContext<ConversationStores | null>(null);

const NetworkContext = createContext<Network | null>(null);

/** Names the network of the page inside: the shared conversation views read its store. */
export function ConversationNetworkProvider({
  network,
  children,
}: {
  network: Network;
  children: ReactNode;
}) {
  return createElement(NetworkContext, { value: network }, children);
}

export function useConversationNetwork(): Network {
  const network = useContext(NetworkContext);
  if (!network) throw new Error('Conversation views need a ConversationNetworkProvider.');
  return network;
}

/** Reads the store of the surrounding page's network through one of `conversationSelectors`. */
export function useConversationStore<T>(selector: (state: ConversationState) => T): T {
  const stores = useContext(ConversationStoresContext);
  const network = useConversationNetwork();
  if (!stores) throw new Error('useConversationStore needs a ConversationStoresContext provider.');
  return useStore(stores[network], selector);
}
