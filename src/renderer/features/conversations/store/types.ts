import type { StoreApi } from 'zustand/vanilla';
import type { ProcedureInput } from '../../../../shared/api/contract';
import type {
  ConversationParameters,
  ExchangeRecord,
  LlmExchangeView,
  MessageProvenance,
  Network,
} from '../../../../shared/api/conversation-contract';
import type { ApiErrorCode } from '../../../../shared/api/errors';
import type { AgentPlan } from '../../../../shared/api/plan-contract';
import type { ChatInfo, ChatMsg, ChatPerson, StickerRef } from '../../../../shared/domain/conversation';
import type { TaskGraphView, TurnState } from '../../../../shared/domain/tasks';
import type { LoadStatus } from '../../../ui/load-status';
import type { ChatRef, ChatRows, MessageWindow, PendingSend } from '../model';

export type { PendingSend } from '../model';

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

/** One page of messages older than those loaded. */
export type OlderPage = { messages: ChatMsg[]; hasMore: boolean };

/** The page before `before`, fetched ahead or on its way; `page` is set once it arrived. */
export type PageAhead = { before: number; request: Promise<OlderPage>; page: OlderPage | null };

/** What the agent shows in the chat right now. */
export type Activity = { typing: boolean; online: boolean };

export type Composer = {
  /** The simulated person the operator writes as. */
  personId: number | null;
  /** The message the next one replies to. */
  replyToId: number | null;
};

/**
 * Everything the console knows about one chat. Each part is replaced on its own, so a view that
 * selects one part is not redrawn when another changes.
 */
export type ChatView = {
  ref: ChatRef;
  /** The Simulator's chat and people; stays idle on Telegram (the list's summary names the chat). */
  detail: Loadable<ChatDetail | null>;
  timeline: Timeline;
  pending: PendingSend[];
  /** The agent's typing and presence as last announced; null until an event says. */
  activity: Activity | null;
  /** What the agent's turn is doing (waiting for the partner, thinking); null when idle or not yet told. */
  turn: TurnState | null;
  graph: Loadable<TaskGraphView | null>;
  /** The newest graph seen, kept after the runtime drops a finished one. */
  lastGraph: TaskGraphView | null;
  /** The plans replans replaced in this session, newest first (at most `REPLACED_PLANS_KEPT`). */
  replacedGraphs: readonly TaskGraphView[];
  exchange: Loadable<LlmExchangeView | null>;
  parameters: Loadable<ConversationParameters | null> & { saving: boolean };
  composer: Composer;
};

export type ChatList = ChatRows & {
  agent: string | null;
  status: LoadStatus;
  error: string | null;
  /** The API's code of that error: `unavailable` when the agent's Telegram account is not connected. */
  errorCode: ApiErrorCode | null;
  refreshing: boolean;
};

export type CreateChatInput = Omit<ProcedureInput<'simulator.createChat'>, 'agent'>;
export type ParametersPatch = Omit<
  ProcedureInput<'conversations.updateParameters'>,
  'agent' | 'network' | 'channelId'
>;

export interface ChatListActions {
  /** The agent whose chats on the store's network are listed; loads them. */
  selectAgent(agent: string | null): void;
  /** conversations.list of the selected agent on the store's network. */
  loadChats(): Promise<void>;
  /** Simulator-only. Creates a Simulator chat for the selected agent; rejects with the API error (its issues name fields). */
  createChat(input: CreateChatInput): Promise<ChatDetail>;
}

export interface TimelineActions {
  /** Shows a chat: its people (Simulator), latest messages, task graph, last LLM exchange and parameters. */
  openChat(ref: ChatRef): void;
  closeChat(): void;
  /** The page of messages before the oldest loaded one. */
  loadOlder(ref: ChatRef): Promise<void>;
}

/** Simulator-only: Telegram chats are watched, never written to, from the console. */
export interface SendActions {
  /** Sends text as the composer's person, replying to the composer's message; shown at once. */
  sendText(ref: ChatRef, text: string): Promise<void>;
  sendSticker(ref: ChatRef, sticker: StickerRef): Promise<void>;
  retrySend(ref: ChatRef, tempId: string): Promise<void>;
  discardSend(ref: ChatRef, tempId: string): void;
  /** Sets (or with null removes) the composer person's reaction; shown at once, undone on failure. */
  react(ref: ChatRef, messageId: number, emoji: string | null): Promise<void>;
}

/** The Playground's composer: who writes, what they reply to, their typing and stickers. */
export interface ComposerActions {
  /** Tells the Simulator the composer's person is typing, at most every few seconds. */
  signalTyping(ref: ChatRef): void;
  setComposerPerson(ref: ChatRef, personId: number): void;
  setReplyTo(ref: ChatRef, messageId: number | null): void;
  loadStickers(agent: string): Promise<void>;
}

export interface InspectorActions {
  loadGraph(ref: ChatRef): Promise<void>;
  loadExchange(ref: ChatRef): Promise<void>;
  loadParameters(ref: ChatRef): Promise<void>;
  /** Saves parameters; rejects with the API error. */
  updateParameters(ref: ChatRef, patch: ParametersPatch): Promise<ConversationParameters>;
}

/**
 * What the runtime said of a plan action: done (with the tasks it cancelled), or refused with a
 * sentence for the operator (the task has just run, or the plan is gone).
 */
export type PlanOutcome = { done: true; cancelled: string[] } | { done: false; refusal: string };

/** The operator's hand on the chat's plan; the new plan shows at once. Other failures reject. */
export interface PlanActions {
  /** Cancels a task that has not run yet and every task that waits on it. */
  cancelTask(ref: ChatRef, taskId: string): Promise<PlanOutcome>;
  /** Runs a failed task again. */
  retryTask(ref: ChatRef, taskId: string): Promise<PlanOutcome>;
  /** Cancels everything in the plan that has not run. */
  clearPending(ref: ChatRef): Promise<PlanOutcome>;
}

/** The exchanges kept for a chat, newest first, a page at a time. */
export type ExchangeHistory = Loadable<ExchangeRecord[]> & { hasMore: boolean; loadingOlder: boolean };

/** What one of the agent's messages (or its reaction to a message) is traced to. */
export type ProvenanceTarget = { messageId: number; reaction: boolean };

/** Why the agent said what it said: its kept exchanges, and where each message came from. */
export interface HistoryActions {
  /** The newest page of the chat's kept exchanges (again, when asked again). */
  loadExchanges(ref: ChatRef): Promise<void>;
  /** The page before the oldest loaded. */
  loadOlderExchanges(ref: ChatRef): Promise<void>;
  loadProvenance(ref: ChatRef, target: ProvenanceTarget): Promise<void>;
}

/** The agent-wide plan view: every conversation of an agent with a live plan, kept live by graph events. */
export interface AgentPlanActions {
  loadAgentPlans(agent: string): Promise<void>;
}

export interface EventActions {
  applyMessage(agent: string, message: ChatMsg): void;
  applyMessageEdited(agent: string, message: ChatMsg): void;
  applyMessagesDeleted(ref: ChatRef, messageIds: readonly number[]): void;
  applyGraph(ref: ChatRef, graph: TaskGraphView | null): void;
  applyActivity(ref: ChatRef, activity: Activity): void;
  applyTurnState(ref: ChatRef, state: TurnState): void;
  applyExchange(ref: ChatRef, exchange: LlmExchangeView): void;
  /** The agent's chats changed otherwise than by a message (it joined or left a group): the list reloads. */
  applyChatsChanged(agent: string): void;
  /** Re-fetches what is on screen, e.g. after the connection came back. */
  resync(): void;
  /** Re-fetches what is on screen when it belongs to `agent`, e.g. after its account reconnected. */
  resyncAgent(agent: string): void;
}

/** What both conversation pages do. Simulator-only actions reject on another network. */
export type ConversationActions = ChatListActions &
  TimelineActions &
  SendActions &
  ComposerActions &
  InspectorActions &
  PlanActions &
  HistoryActions &
  AgentPlanActions &
  EventActions;

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
  /** Kept exchanges by `chatKey`, once a view asked. */
  exchangeHistory: Record<string, ExchangeHistory>;
  /** By `provenanceKey`, once a view asked. */
  provenance: Record<string, Loadable<MessageProvenance | null>>;
  /** Each agent's live plans (on the store's network), once a view asked. */
  agentPlans: Record<string, Loadable<AgentPlan[]>>;
  actions: ConversationActions;
};

export type ConversationStore = StoreApi<ConversationState>;

export type ConversationStoreOptions = {
  network: Network;
  /** Debounce of the chat list refresh that a chat the list does not know yet asks for. */
  listRefreshMs?: number;
  /** The clock for the typing throttle. */
  now?: () => number;
};
