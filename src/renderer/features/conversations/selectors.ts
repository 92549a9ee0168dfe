import type { ConversationSummary, MessageProvenance } from '../../../shared/api/conversation-contract';
import type { AgentPlan } from '../../../shared/api/plan-contract';
import type { StickerRef } from '../../../shared/domain/conversation';
import { type ChatRef, chatKey, chatPresence, type Presence, unfinishedTaskCount } from './model';
import type { ChatView, ConversationState, ExchangeHistory, Loadable, ProvenanceTarget } from './store';
import { provenanceKey } from './store/history-slice';

const NO_STICKERS: Loadable<StickerRef[]> = { status: 'idle', value: [], error: null };
const NO_PENDING: ChatView['pending'] = [];
const OFFLINE: Presence = { typing: false, online: false };
const NO_HISTORY: ExchangeHistory = {
  status: 'idle',
  value: [],
  error: null,
  hasMore: false,
  loadingOlder: false,
};
const NOT_ASKED: Loadable<null> = { status: 'idle', value: null, error: null };
const NO_PLANS: Loadable<AgentPlan[]> = { status: 'idle', value: [], error: null };

const viewOf = (s: ConversationState, ref: ChatRef): ChatView | undefined => s.chats[chatKey(ref)];

/**
 * Named selectors: components read a conversation store only through these, each selecting the
 * smallest part it draws so that an event redraws only what it changed. Those returning a fresh
 * object or array are meant for `useShallow`.
 */
export const conversationSelectors = {
  network: (s: ConversationState) => s.network,
  agent: (s: ConversationState) => s.agent,
  actions: (s: ConversationState) => s.actions,
  chatList: (s: ConversationState) => s.chatList,
  chatListRefreshing: (s: ConversationState) => s.chatList.refreshing,
  chatListReady: (s: ConversationState) => s.chatList.status === 'ready',
  /** The selected agent's chat ids, the most recently active first (new, empty chats on top). */
  chatOrder: (s: ConversationState) => s.chatList.order,
  /** The selected agent's chats in list order. */
  sortedChats: (s: ConversationState): ConversationSummary[] =>
    s.chatList.order.map((channelId) => s.chatList.byId[channelId]!),
  listedChat:
    (channelId: number) =>
    (s: ConversationState): ConversationSummary | undefined =>
      s.chatList.byId[channelId],
  openKey: (s: ConversationState) => s.openKey,
  /** One chat's view, or undefined before it was opened. */
  chat:
    (ref: ChatRef) =>
    (s: ConversationState): ChatView | undefined =>
      viewOf(s, ref),
  timeline: (ref: ChatRef) => (s: ConversationState) => viewOf(s, ref)?.timeline,
  pending: (ref: ChatRef) => (s: ConversationState) => viewOf(s, ref)?.pending ?? NO_PENDING,
  detail: (ref: ChatRef) => (s: ConversationState) => viewOf(s, ref)?.detail,
  composer: (ref: ChatRef) => (s: ConversationState) => viewOf(s, ref)?.composer,
  graph: (ref: ChatRef) => (s: ConversationState) => viewOf(s, ref)?.graph,
  parameters: (ref: ChatRef) => (s: ConversationState) => viewOf(s, ref)?.parameters,
  /** The agent's typing and presence in the chat; for `useShallow`. */
  presence:
    (ref: ChatRef) =>
    (s: ConversationState): Presence => {
      const view = viewOf(s, ref);
      return view ? chatPresence(view.activity, view.graph.value) : OFFLINE;
    },
  /** What the agent's turn is doing in the chat (waiting for the partner, thinking); null when idle. */
  turn: (ref: ChatRef) => (s: ConversationState) => viewOf(s, ref)?.turn ?? null,
  unfinishedTasks: (ref: ChatRef) => (s: ConversationState) =>
    unfinishedTaskCount(viewOf(s, ref)?.graph.value ?? null),
  summary:
    (ref: ChatRef) =>
    (s: ConversationState): ConversationSummary | undefined =>
      s.chatList.agent === ref.agent ? s.chatList.byId[ref.channelId] : undefined,
  unreadCount: (ref: ChatRef) => (s: ConversationState) =>
    s.chatList.agent === ref.agent ? (s.chatList.byId[ref.channelId]?.unreadCount ?? 0) : 0,
  /** The chat's kept exchanges, newest first. */
  exchangeHistory:
    (ref: ChatRef) =>
    (s: ConversationState): ExchangeHistory =>
      s.exchangeHistory[chatKey(ref)] ?? NO_HISTORY,
  provenance:
    (ref: ChatRef, target: ProvenanceTarget) =>
    (s: ConversationState): Loadable<MessageProvenance | null> =>
      s.provenance[provenanceKey(ref, target)] ?? NOT_ASKED,
  /** The agent's conversations with a live plan, as last fetched and moved on by events. */
  agentPlans:
    (agent: string) =>
    (s: ConversationState): Loadable<AgentPlan[]> =>
      s.agentPlans[agent] ?? NO_PLANS,
  stickers:
    (agent: string) =>
    (s: ConversationState): Loadable<StickerRef[]> =>
      s.stickers[agent] ?? NO_STICKERS,
};
