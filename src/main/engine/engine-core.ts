import type { LlmExchangeView, Network } from '../../shared/api/conversation-contract';
import type { AgentConfig } from '../../shared/domain/config';
import { type ConversationKey, conversationKeyString } from '../../shared/domain/conversation-key';
import type { Settings } from '../../shared/domain/settings';
import type { TaskGraphView, TurnState } from '../../shared/domain/tasks';
import type { Clock } from '../clock';
import type { PromptSource } from '../config';
import type { Embedder, LlmRouter } from '../llm';
import type { Logger } from '../logging';
import type { MediaDescriptions } from '../media';
import type { MessagingPort } from '../messaging/port';
import type { Store } from '../store';
import { toGraphView } from './graph/graph-view';
import type { TaskGraph } from './graph/task-graph';
import type { ChatLookups } from './inbound/chat-lookups';
import { GivenUpChats } from './inbound/given-up-chats';
import { PresenceKeeper, presenceOf } from './pacing/presence';
import { LoopTurns } from './scheduler/loop-turns';
import { type SpendingState, spendingState } from './steering/spending-limit';
import type { EngineRetrieval } from './tasks/retrieve-task';

export interface ConversationEngineDeps {
  network: Network;
  port: MessagingPort;
  store: Store;
  clock: Clock;
  logger: Logger;
  /** The agents as the configuration has them now (read on every use, so reloads apply). */
  agents: () => readonly AgentConfig[];
  /** The prompts of the configuration as loaded now. */
  prompts: () => PromptSource;
  /** The prompts of memory work (summaries): the configuration's, else the shipped ones. */
  internalPrompts: () => PromptSource;
  /** Read on every use, so pacing, retry and concurrency changes apply at once. */
  settings: () => Settings;
  llm: Pick<LlmRouter, 'resolve' | 'providerFor'>;
  /** 'off' adds no typing or sticker waits (`troupe simulate --fast`, benchmarks). Default 'human'. */
  pacing?: 'human' | 'off';
  /** How long a direct partner counts as still typing after typing or writing. */
  partnerTypingWindowMs?: number;
  /** The zone of agents whose file names none; the server's by default. */
  defaultTimeZone?: string;
  /** The embedding model memory recall may use now (Settings → Memory recall); none: words only. */
  embedder?: () => Embedder | null;
  /** Describes media for the turns (shared by the engines: one cache per file); none: not described. */
  media?: MediaDescriptions;
  /** Reads what agents retrieve (web pages, `file:` documents); none: retrieve tasks fail, saying so. */
  retrieval?: EngineRetrieval;
  /**
   * Whether anyone follows the task graphs now (a headless runtime: whether a console is open;
   * the desktop app always does): without, a graph's changes are not told, which spares building
   * a view of it several times a turn. Always, without this.
   */
  graphsFollowed?: () => boolean;
}

/**
 * A part of an agent's memory a conversation changed: entries, summaries, session summaries,
 * scheduled events, its daily schedule, or what it knows of a person.
 */
export type MemoryTouch =
  | { what: 'entries' | 'summaries' | 'sessions' | 'events' | 'schedule' }
  | { what: 'facts' | 'profile'; partnerId: number };

export type EngineEvent =
  | { type: 'graphChanged'; conversation: ConversationKey; graph: TaskGraphView | null }
  | { type: 'exchange'; conversation: ConversationKey; exchange: LlmExchangeView }
  | { type: 'memoryChanged'; conversation: ConversationKey; touched: MemoryTouch[] }
  /** The conversation's scheduled events changed (created, edited, deleted or fired). */
  | { type: 'eventsChanged'; conversation: ConversationKey }
  /** The agent's daily spending limit held up a turn (told once per agent and day). */
  | { type: 'spendingLimit'; agent: string; spending: SpendingState }
  /** The agent's daily schedule changed (its own `schedule` task, or an extension). */
  | { type: 'scheduleChanged'; agent: string }
  | { type: 'turnState'; conversation: ConversationKey; state: TurnState };

const IDLE: TurnState = { phase: 'idle' };
const IDLE_TOLD = JSON.stringify(IDLE);

/** Per-conversation scheduling state, in memory only. */
export interface Runner {
  conversation: ConversationKey;
  /** A driver loop is working on the conversation; a poke then only needs it to look again. */
  running: boolean;
  /** The loop waits its turn for an LLM slot or a send. */
  queued: boolean;
  cancelWake: (() => void) | null;
  current: { nodeId: string; abort: AbortController } | null;
  presence: PresenceKeeper;
  /** Inbound events are handled one after another per conversation, in arrival order. */
  inbound: Promise<void>;
  /** What the latest event's gates learnt of the account and chat, for the next turn to use. */
  lookups: ChatLookups | null;
}

/**
 * What the parts of one engine share: the in-memory graphs and runners, the agents as configured
 * now, the listeners, and the work in flight. The intake writes graphs here, the loop runs them,
 * the facade answers queries from them.
 */
export class EngineCore {
  readonly deps: ConversationEngineDeps;
  readonly network: Network;
  readonly logger: Logger;
  /** By conversation key string. */
  readonly graphs = new Map<string, TaskGraph>();
  readonly runners = new Map<string, Runner>();
  /** Conversations whose last turn failed for good; the unread scan leaves them alone. */
  readonly givenUp = new GivenUpChats();
  /** One heavy step per turn of the event loop (see LoopTurns). */
  readonly loopTurns = new LoopTurns();
  readonly #listeners = new Set<(event: EngineEvent) => void>();
  /** Each conversation's turn state as last told, idle ones left out. */
  readonly #turnStates = new Map<string, string>();
  readonly #work = new Set<Promise<unknown>>();
  readonly #defaultTimeZone: string;
  #stopped = false;

  constructor(deps: ConversationEngineDeps) {
    this.deps = deps;
    this.network = deps.network;
    this.logger = deps.logger.child({ module: 'engine', network: deps.network });
    this.#defaultTimeZone = deps.defaultTimeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  }

  /** Where the agent stands against its daily spending limit, in its zone (see `zoneOf`). */
  spending(agentName: string): SpendingState {
    return spendingState(this.deps.store, agentName, this.zoneOf(agentName), this.deps.clock.now());
  }

  /** The zone of a configured agent, enabled or not; the engine's default for one no longer configured. */
  zoneOf(agentName: string): string {
    const agent = this.deps.agents().find((candidate) => candidate.configName === agentName);
    return agent ? this.timeZone(agent) : this.#defaultTimeZone;
  }

  /** The agent's IANA zone: its file's, else the engine's default (the server's). */
  timeZone(agent: AgentConfig): string {
    return agent.timezone ?? this.#defaultTimeZone;
  }

  get stopped(): boolean {
    return this.#stopped;
  }

  /** Marks the engine stopped; returns the work still in flight, to wait for. */
  stop(): Promise<unknown> {
    this.#stopped = true;
    return Promise.allSettled([...this.#work]);
  }

  graphOf(conversation: ConversationKey): TaskGraph | null {
    return this.graphs.get(conversationKeyString(conversation)) ?? null;
  }

  /**
   * The agent, when it may act on this network now. The Simulator rehearses every agent, also
   * those whose file says Disabled: Disabled governs the agent's Telegram account only.
   */
  agent(name: string): AgentConfig | null {
    const agent = this.deps.agents().find((candidate) => candidate.configName === name) ?? null;
    if (!agent) return null;
    if (this.network === 'telegram' && agent.disabled) return null;
    return agent;
  }

  runner(conversation: ConversationKey): Runner {
    const key = conversationKeyString(conversation);
    let runner = this.runners.get(key);
    if (!runner) {
      runner = {
        conversation,
        running: false,
        queued: false,
        cancelWake: null,
        current: null,
        presence: new PresenceKeeper(
          this.deps.clock,
          (action) => this.deps.port.setTyping(conversation.agent, conversation.channelId, action),
          (error) => this.logger.debug({ err: error, conversation }, 'presence update failed'),
        ),
        inbound: Promise.resolve(),
        lookups: null,
      };
      this.runners.set(key, runner);
    }
    return runner;
  }

  /**
   * Changes the conversation's current graph and writes it in one transaction, then tells the
   * listeners. Without a graph (removed meanwhile) only `mutate`'s bookkeeping would be lost,
   * and nothing is left to change.
   */
  commit(conversation: ConversationKey, mutate: (graph: TaskGraph, now: Date) => void): void {
    const graph = this.graphOf(conversation);
    if (!graph) return;
    const now = this.deps.clock.now();
    this.deps.store.transaction(() => {
      mutate(graph, now);
      this.deps.store.taskGraphs.save(graph);
    });
    this.#changed(conversation, graph);
  }

  /**
   * Changes the conversation's current graph in memory only, then tells the listeners: for a
   * change a crash may lose because the next start does the same (a task marked running is
   * pending again then), which the conversation's next `commit` writes along with its own.
   */
  change(conversation: ConversationKey, mutate: (graph: TaskGraph, now: Date) => void): void {
    const graph = this.graphOf(conversation);
    if (!graph) return;
    mutate(graph, this.deps.clock.now());
    this.#changed(conversation, graph);
  }

  #changed(conversation: ConversationKey, graph: TaskGraph): void {
    this.runner(conversation).presence.show(presenceOf(graph));
    this.emitGraph(conversation);
  }

  /** Keeps `work` until it settles, so stop can wait for it. */
  track(work: Promise<unknown>): void {
    this.#work.add(work);
    void work.finally(() => this.#work.delete(work));
  }

  subscribe(listener: (event: EngineEvent) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  emitGraph(conversation: ConversationKey): void {
    if (this.deps.graphsFollowed?.() === false) return;
    const graph = this.graphOf(conversation);
    this.emit({ type: 'graphChanged', conversation, graph: graph ? toGraphView(graph) : null });
  }

  /** Tells the listeners what the conversation's turn is doing, when that changed. */
  emitTurnState(conversation: ConversationKey, state: TurnState): void {
    const key = conversationKeyString(conversation);
    const told = JSON.stringify(state);
    if ((this.#turnStates.get(key) ?? IDLE_TOLD) === told) return;
    if (state.phase === 'idle') this.#turnStates.delete(key);
    else this.#turnStates.set(key, told);
    this.emit({ type: 'turnState', conversation, state });
  }

  /** The turn's LLM call started (`since`) or ended (null). */
  emitThinking(conversation: ConversationKey, since: Date | null): void {
    this.emitTurnState(conversation, since ? { phase: 'thinking', since: since.toISOString() } : IDLE);
  }

  emit(event: EngineEvent): void {
    for (const listener of this.#listeners) {
      try {
        listener(event);
      } catch (error) {
        this.logger.error({ err: error, event: event.type }, 'engine listener failed');
      }
    }
  }
}
