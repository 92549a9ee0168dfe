import type {
  ConversationParameters,
  LlmExchangeView,
  Network,
} from '../../shared/api/conversation-contract';
import type { AgentConfig } from '../../shared/domain/config';
import type { ReplyPolicy } from '../../shared/domain/conversation';
import { type ConversationKey, conversationKeyString } from '../../shared/domain/conversation-key';
import type { Settings } from '../../shared/domain/settings';
import type { TaskGraphView } from '../../shared/domain/tasks';
import type { Clock } from '../clock';
import type { PromptSource } from '../config';
import type { LlmRouter } from '../llm';
import type { Logger } from '../logging';
import type { InboundEvent, MessagingPort } from '../messaging/port';
import type { Store } from '../store';
import {
  failTask,
  isGraphIdle,
  nextRunnableTask,
  nextWakeTime,
  type ReceivedGate,
  settleGraph,
} from './graph/graph-rules';
import { toGraphView, unfinishedCount } from './graph/graph-view';
import { extendOnlineWindow } from './graph/online-window';
import { NO_TRIGGER, type ReceivedParams } from './graph/received-task';
import { insertReceivedTask } from './graph/replan';
import { TaskGraph, type TaskNode, updateNode } from './graph/task-graph';
import { isGroupChannel } from './inbound/gates';
import { GivenUpChats } from './inbound/given-up-chats';
import { inboundTrigger } from './inbound/inbound-trigger';
import { scanUnread } from './inbound/unread-scan';
import { PARTNER_TYPING_WINDOW_MS, PartnerTypingTracker } from './pacing/partner-typing';
import { PresenceKeeper, presenceOf } from './pacing/presence';
import { agentPacing, NO_PACING, type Pacing } from './pacing/typing-delay';
import { FairSlots, type Release } from './scheduler/fair-slots';
import { SendRateLimiter } from './scheduler/send-rate-limiter';
import { STOPPED, StopLatch } from './scheduler/stop-latch';
import { UnreadScanner } from './scheduler/unread-scanner';
import { classifyTaskFailure } from './tasks/classify-failure';
import { createTaskHandlers, resourceOf } from './tasks/handler-registry';
import type { TaskHandler, TaskResult } from './tasks/task-handler';
import { effectiveLlmName, receivedHandler } from './turn/received-turn';

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
  /** Read on every use, so pacing, retry and concurrency changes apply at once. */
  settings: () => Settings;
  llm: Pick<LlmRouter, 'resolve' | 'providerFor'>;
  /** 'off' adds no typing or sticker waits (`troupe simulate --fast`, benchmarks). Default 'human'. */
  pacing?: 'human' | 'off';
  /** How long a direct partner counts as still typing after typing or writing. */
  partnerTypingWindowMs?: number;
  /** The zone of agents whose file names none; the server's by default. */
  defaultTimeZone?: string;
}

export type EngineEvent =
  | { type: 'graphChanged'; conversation: ConversationKey; graph: TaskGraphView | null }
  | { type: 'exchange'; conversation: ConversationKey; exchange: LlmExchangeView };

export interface ConversationParametersPatch {
  llmOverride?: string | null;
  gaggedOverride?: boolean | null;
  replyPolicy?: ReplyPolicy;
}

/** Per-conversation scheduling state, in memory only. */
interface Runner {
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
}

/**
 * The conversation engine of one network (the Simulator or Telegram): turns inbound events into
 * task graphs and runs them. Event-driven, with no tick: a task runs as soon as an event, another
 * task's completion or a timer (the next wait deadline) makes it ready. One task at a time per
 * conversation; conversations run in parallel under the global LLM concurrency limit and the
 * per-account send rate, each a first-come, first-served queue, so no agent starves another.
 * Every graph change is written to SQLite in the transaction that makes it, so a restart resumes
 * exactly where the engine stopped.
 */
export class ConversationEngine {
  readonly network: Network;
  readonly #deps: ConversationEngineDeps;
  readonly #logger: Logger;
  readonly #graphs = new Map<string, TaskGraph>();
  readonly #runners = new Map<string, Runner>();
  readonly #listeners = new Set<(event: EngineEvent) => void>();
  readonly #llmSlots: FairSlots;
  readonly #sendLimiter: SendRateLimiter;
  readonly #partnerTyping: PartnerTypingTracker;
  readonly #handlerFor: (kind: string) => TaskHandler;
  readonly #scanner: UnreadScanner;
  readonly #givenUp = new GivenUpChats();
  readonly #work = new Set<Promise<unknown>>();
  #unsubscribe: (() => void) | null = null;
  /** Inbound events and unread scans still being looked at (gates may ask the network). */
  #pendingInbound = 0;
  #started = false;
  #stopped = false;
  /** Ends the waits for a slot when the engine stops. */
  readonly #stopLatch = new StopLatch();

  constructor(deps: ConversationEngineDeps) {
    this.network = deps.network;
    this.#deps = deps;
    this.#logger = deps.logger.child({ module: 'engine', network: deps.network });
    this.#llmSlots = new FairSlots(() => deps.settings().engine.llmConcurrency);
    this.#sendLimiter = new SendRateLimiter(deps.clock, () => deps.settings().engine.sendsPerMinute);
    this.#partnerTyping = new PartnerTypingTracker(deps.partnerTypingWindowMs ?? PARTNER_TYPING_WINDOW_MS);
    const taskDeps = {
      port: deps.port,
      store: deps.store,
      clock: deps.clock,
      logger: this.#logger,
      requestTurn: (conversation: ConversationKey, trigger: Partial<ReceivedParams>) =>
        this.requestTurn(conversation, trigger),
    };
    const received = receivedHandler({
      port: deps.port,
      store: deps.store,
      clock: deps.clock,
      logger: this.#logger,
      llm: deps.llm,
      prompts: deps.prompts,
      defaultAgentLlm: () => deps.settings().engine.defaultAgentLlm,
      history: () => deps.settings().engine,
      pacing: (agent) => this.#pacing(agent),
      defaultTimeZone: deps.defaultTimeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone,
      onExchange: (conversation, exchange) => this.#emit({ type: 'exchange', conversation, exchange }),
    });
    this.#handlerFor = createTaskHandlers(taskDeps, received);
    this.#scanner = new UnreadScanner({
      clock: deps.clock,
      logger: this.#logger,
      intervalMs: () => deps.settings().engine.scanIntervalSeconds * 1000,
      agents: () =>
        deps
          .agents()
          .map((agent) => agent.configName)
          .filter((name) => this.#agent(name) !== null),
      scanOnce: (agent) => this.#scanOnce(agent),
    });
  }

  // ---- Lifecycle ----

  /**
   * Loads the stored graphs, recovers from a crash (a task that was running starts over: its
   * effects are idempotent or journalled), re-arms every timer and starts listening to the port.
   */
  start(): void {
    if (this.#started) throw new Error('The engine has already been started.');
    this.#started = true;
    const { store } = this.#deps;
    const now = this.#deps.clock.now();
    store.transaction(() => {
      for (const record of store.taskGraphs.list(this.network)) {
        const graph = new TaskGraph(record);
        let recovered = 0;
        for (const node of graph.nodes) {
          if (node.status !== 'active') continue;
          updateNode(node, { status: 'pending' }, now);
          recovered++;
        }
        if (recovered > 0) {
          store.taskGraphs.save(graph);
          this.#logger.info({ conversation: graph.conversation, recovered }, 'resuming interrupted tasks');
        }
        this.#graphs.set(conversationKeyString(graph.conversation), graph);
      }
    });
    this.#unsubscribe = this.#deps.port.subscribe((event) => this.#onInbound(event));
    for (const graph of this.#graphs.values()) this.#poke(graph.conversation);
    this.#scanner.start();
    this.#logger.info({ graphs: this.#graphs.size }, 'engine started');
  }

  /**
   * Stops listening, aborts what is in flight and waits for the conversation loops to notice.
   * Running tasks stay `active` in the store, so the next start runs them again.
   */
  async stop(): Promise<void> {
    if (this.#stopped) return;
    this.#stopped = true;
    this.#stopLatch.stop();
    this.#unsubscribe?.();
    this.#scanner.stop();
    for (const runner of this.#runners.values()) {
      runner.cancelWake?.();
      runner.current?.abort.abort();
      runner.presence.close();
    }
    this.#sendLimiter.close();
    await Promise.allSettled([...this.#work]);
    this.#logger.info('engine stopped');
  }

  /** Every engine event (graph changes, LLM exchanges). Returns the unsubscribe function. */
  subscribe(listener: (event: EngineEvent) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Looks at every conversation again (after a config reload enabled an agent, for instance). */
  refresh(): void {
    for (const graph of this.#graphs.values()) this.#poke(graph.conversation);
  }

  // ---- Queries ----

  graph(conversation: ConversationKey): TaskGraphView | null {
    const graph = this.#graphs.get(conversationKeyString(conversation));
    return graph ? toGraphView(graph) : null;
  }

  /** Tasks of the conversation not yet finished, the presence window left out. */
  unfinishedTasks(conversation: ConversationKey): number {
    return unfinishedCount(this.#graphs.get(conversationKeyString(conversation)) ?? null);
  }

  /**
   * Nothing left to do (only presence windows pending) and nothing in flight, for every
   * conversation of `agent` (or of every agent).
   */
  isIdle(agent?: string): boolean {
    for (const runner of this.#runners.values()) {
      if (agent !== undefined && runner.conversation.agent !== agent) continue;
      if (runner.running || runner.current !== null) return false;
    }
    for (const graph of this.#graphs.values()) {
      if (agent !== undefined && graph.conversation.agent !== agent) continue;
      if (!isGraphIdle(graph)) return false;
    }
    return this.#pendingInbound === 0;
  }

  /**
   * Some conversation is working right now (a task in flight, an inbound event being looked at),
   * as opposed to waiting for a timer, for its turn at a global limit, or for nothing.
   */
  isBusy(): boolean {
    if (this.#pendingInbound > 0) return true;
    for (const runner of this.#runners.values()) if (runner.running && !runner.queued) return true;
    return false;
  }

  lastExchange(conversation: ConversationKey): LlmExchangeView | null {
    return this.#deps.store.llmExchanges.get(conversation);
  }

  parameters(conversation: ConversationKey): ConversationParameters {
    const settings = this.#deps.store.conversationSettings.get(conversation);
    const agent = this.#agent(conversation.agent);
    const name = agent
      ? effectiveLlmName(settings.llmOverride, agent, this.#deps.settings().engine.defaultAgentLlm)
      : (settings.llmOverride ?? this.#deps.settings().engine.defaultAgentLlm);
    let effectiveLlm = name;
    try {
      const resolved = this.#deps.llm.resolve(name);
      effectiveLlm = `${resolved.provider}:${resolved.model}`;
    } catch {
      // Shown as written; the turn itself will fail with the routing error.
    }
    const agentGagged = agent?.gagged ?? false;
    return {
      llmOverride: settings.llmOverride,
      effectiveLlm,
      gaggedOverride: settings.gaggedOverride,
      gagged: settings.gaggedOverride ?? agentGagged,
      replyPolicy: settings.replyPolicy ?? 'callouts',
    };
  }

  updateParameters(
    conversation: ConversationKey,
    patch: ConversationParametersPatch,
  ): ConversationParameters {
    const { store, clock } = this.#deps;
    const agentGagged = this.#agent(conversation.agent)?.gagged ?? false;
    store.transaction(() => {
      const current = store.conversationSettings.get(conversation);
      const gaggedOverride =
        patch.gaggedOverride === undefined ? current.gaggedOverride : patch.gaggedOverride;
      store.conversationSettings.put(
        conversation,
        {
          llmOverride: patch.llmOverride === undefined ? current.llmOverride : patch.llmOverride,
          // An override equal to the agent's default is no override.
          gaggedOverride: gaggedOverride === agentGagged ? null : gaggedOverride,
          // 'callouts' is the default; storing it would pin the conversation to today's default.
          replyPolicy:
            patch.replyPolicy === undefined
              ? current.replyPolicy
              : patch.replyPolicy === 'callouts'
                ? null
                : patch.replyPolicy,
        },
        clock.now(),
      );
    });
    return this.parameters(conversation);
  }

  // ---- Turns ----

  /**
   * Starts a turn in a conversation for the agent's own reasons (xsend, the operator): a received
   * task that bypasses the gag. Resolves false when nothing was inserted.
   */
  async requestTurn(conversation: ConversationKey, trigger: Partial<ReceivedParams>): Promise<boolean> {
    return this.#insertTrigger(conversation, { ...NO_TRIGGER, ...trigger });
  }

  /**
   * Scans the agent's unread chats now for work the live events missed (call it once its account
   * has connected) and starts the turns that are due. Resolves to the number of conversations
   * triggered, 0 when the engine is not running; rejects when the chats cannot be listed.
   */
  async scan(agent: string): Promise<number> {
    if (!this.#started || this.#stopped) return 0;
    return this.#scanner.scan(agent);
  }

  #scanOnce(agent: string): Promise<number> {
    this.#pendingInbound++;
    const scan = scanUnread(agent, {
      network: this.network,
      port: this.#deps.port,
      logger: this.#logger,
      activeAgent: (name) => this.#agent(name),
      conversationSettings: (conversation) => this.#deps.store.conversationSettings.get(conversation),
      graph: (conversation) => this.#graphs.get(conversationKeyString(conversation)) ?? null,
      givenUp: this.#givenUp,
      insert: (conversation, trigger) => this.#insertTrigger(conversation, trigger),
    }).finally(() => {
      this.#pendingInbound--;
    });
    this.#track(scan.catch(() => {}));
    return scan;
  }

  #onInbound(event: InboundEvent): void {
    if (this.#stopped) return;
    const channelId = 'message' in event ? event.message.channelId : event.channelId;
    const runner = this.#runner({ agent: event.agent, network: this.network, channelId });
    this.#pendingInbound++;
    const handled = runner.inbound
      .then(async () => {
        if (this.#stopped) return;
        const decided = await inboundTrigger(event, {
          network: this.network,
          port: this.#deps.port,
          clock: this.#deps.clock,
          logger: this.#logger,
          activeAgent: (name) => this.#agent(name),
          conversationSettings: (conversation) => this.#deps.store.conversationSettings.get(conversation),
          partnerTyping: this.#partnerTyping,
        });
        if (decided && !this.#stopped) await this.#insertTrigger(decided.conversation, decided.trigger);
      })
      .catch((error: unknown) =>
        this.#logger.error({ err: error, event: event.type }, 'inbound event failed'),
      )
      .finally(() => {
        this.#pendingInbound--;
      });
    runner.inbound = handled;
    this.#track(handled);
  }

  /** Coalesces the trigger into the conversation's pending received task, or replans. */
  async #insertTrigger(conversation: ConversationKey, trigger: ReceivedParams): Promise<boolean> {
    const key = conversationKeyString(conversation);
    const current = this.#graphs.get(key) ?? null;
    const hasPendingReceived = current?.nodes.some(
      (node) => node.kind === 'received' && node.status === 'pending',
    );
    // A new graph records the chat's title; a coalesce needs nothing from the network.
    const channelName = hasPendingReceived
      ? (current?.context.channelName ?? '')
      : (await this.#deps.port.getChat(conversation.agent, conversation.channelId)).title;
    if (this.#stopped) return false;
    const now = this.#deps.clock.now();
    const insertion = insertReceivedTask({
      // Read again: the graph may have changed while the chat was looked up.
      current: this.#graphs.get(key) ?? null,
      conversation,
      context: { isGroup: isGroupChannel(conversation.channelId), channelName },
      trigger,
      now,
    });
    if (insertion.outcome === 'duplicate') return false;
    this.#deps.store.transaction(() => this.#deps.store.taskGraphs.save(insertion.graph));
    this.#graphs.set(key, insertion.graph);
    this.#givenUp.clear(conversation);
    if (insertion.outcome === 'replanned') {
      const runner = this.#runner(conversation);
      if (runner.current && insertion.cancelled.some((node) => node.id === runner.current?.nodeId)) {
        runner.current.abort.abort();
      }
    }
    this.#logger.debug(
      { conversation, outcome: insertion.outcome, task: insertion.received.id },
      'turn requested',
    );
    this.#emitGraph(conversation);
    this.#poke(conversation);
    return true;
  }

  // ---- The conversation loop ----

  #poke(conversation: ConversationKey): void {
    const runner = this.#runner(conversation);
    if (this.#stopped || runner.running) return;
    runner.running = true;
    this.#track(this.#drive(runner));
  }

  /**
   * Runs the conversation's ready tasks one after another until none is ready, then arms a timer
   * for the next moment one may be. `running` is cleared in the same synchronous step that finds
   * nothing to do, so a poke can never fall between the check and the exit.
   */
  async #drive(runner: Runner): Promise<void> {
    try {
      for (;;) {
        const next = this.#prepare(runner);
        if (!next) {
          runner.running = false;
          return;
        }
        await this.#runTask(runner, next);
      }
    } catch (error) {
      runner.running = false;
      this.#logger.error({ err: error, conversation: runner.conversation }, 'conversation loop failed');
    }
  }

  /** Settles the graph, drops it when finished, updates presence, and picks the next task. */
  #prepare(runner: Runner): TaskNode | null {
    runner.cancelWake?.();
    runner.cancelWake = null;
    if (this.#stopped) return null;
    const { conversation } = runner;
    const key = conversationKeyString(conversation);
    const graph = this.#graphs.get(key);
    if (!graph) {
      runner.presence.show('away');
      return null;
    }
    // Telegram accounts of disabled agents rest: their graphs are kept and resume when re-enabled.
    if (!this.#agent(conversation.agent)) return null;
    const now = this.#deps.clock.now();
    const changed = settleGraph(graph, now);
    if (graph.isFinished()) {
      this.#deps.store.transaction(() => {
        this.#deps.store.taskGraphs.delete(conversation);
        this.#deps.store.outboundSends.deleteConversation(conversation);
      });
      this.#graphs.delete(key);
      runner.presence.show('away');
      this.#emit({ type: 'graphChanged', conversation, graph: null });
      return null;
    }
    if (changed.length > 0) {
      this.#deps.store.transaction(() => this.#deps.store.taskGraphs.save(graph));
      this.#emitGraph(conversation);
    }
    runner.presence.show(presenceOf(graph));
    const gate = this.#receivedGate(conversation, now);
    const next = nextRunnableTask(graph, now, gate);
    const wakeAt = nextWakeTime(graph, now, gate);
    if (wakeAt) {
      runner.cancelWake = this.#deps.clock.setTimer(wakeAt.getTime() - now.getTime(), () => {
        runner.cancelWake = null;
        this.#poke(conversation);
      });
    }
    return next;
  }

  /** A received task in a direct chat waits while the partner is (or just was) typing. */
  #receivedGate(conversation: ConversationKey, now: Date): ReceivedGate {
    if (isGroupChannel(conversation.channelId)) return () => null;
    return () => this.#partnerTyping.typingUntil(conversation, now);
  }

  async #runTask(runner: Runner, picked: TaskNode): Promise<void> {
    const { conversation } = runner;
    const key = conversationKeyString(conversation);
    runner.queued = true;
    const release = await this.#acquire(picked.kind, conversation).finally(() => {
      runner.queued = false;
    });
    if (release === STOPPED) return;
    try {
      const graph = this.#graphs.get(key);
      const node = graph?.node(picked.id);
      const agent = this.#agent(conversation.agent);
      // While it queued for a slot, a replan may have cancelled it or a new message re-gated it.
      const stillNext = graph
        ? nextRunnableTask(
            graph,
            this.#deps.clock.now(),
            this.#receivedGate(conversation, this.#deps.clock.now()),
          )
        : null;
      if (!graph || !node || !agent || stillNext !== node) return;
      const abort = new AbortController();
      runner.current = { nodeId: node.id, abort };
      this.#commit(conversation, (current, now) => {
        updateNode(node, { status: 'active' }, now);
        if (node.kind === 'received') extendOnlineWindow(current, now);
      });
      let result: TaskResult | null = null;
      let failure: unknown = null;
      try {
        result = await this.#handlerFor(node.kind)({
          conversation,
          graph,
          node,
          agent,
          signal: abort.signal,
        });
      } catch (error) {
        failure = error;
      } finally {
        runner.current = null;
      }
      // Stopping leaves the task active; the next start runs it again.
      if (this.#stopped) return;
      this.#complete(conversation, node, result, failure);
    } finally {
      release();
    }
  }

  /** Waits for the slot a kind needs (LLM concurrency, the account's send rate), or for stop. */
  async #acquire(kind: string, conversation: ConversationKey): Promise<Release | typeof STOPPED> {
    const resource = resourceOf(kind);
    if (resource === null) return () => {};
    if (resource === 'llm') {
      const slot = this.#llmSlots.acquire();
      const outcome = await this.#stopLatch.race(slot);
      if (outcome === STOPPED) {
        // Gives the slot back whenever it is granted, so nothing stays held after stop.
        void slot.then((release) => release());
        return STOPPED;
      }
      return outcome;
    }
    const outcome = await this.#stopLatch.race(this.#sendLimiter.acquire(conversation.agent));
    return outcome === STOPPED ? STOPPED : () => {};
  }

  /** Records a task's outcome: done (with its effects) or failed (retry, flood wait, or for good). */
  #complete(
    conversation: ConversationKey,
    node: TaskNode,
    result: TaskResult | null,
    failure: unknown,
  ): void {
    const { store, settings } = this.#deps;
    this.#commit(conversation, (graph, now) => {
      result?.record?.();
      // Cancelled meanwhile (superseded by a replan): its plan no longer counts.
      if (node.status !== 'active' || graph.node(node.id) !== node) return;
      const logBase = {
        timestamp: now,
        agentConfigName: conversation.agent,
        channelId: conversation.channelId,
        actionKind: node.kind,
        taskIdentifier: node.id,
      };
      if (failure === null) {
        result?.apply?.(graph, now);
        updateNode(node, { status: 'done', lastError: null }, now);
        store.taskLog.append({ ...logBase, details: result?.log ?? {} });
        return;
      }
      const classified = classifyTaskFailure(failure);
      const { maxRetries, retryIntervalSeconds } = settings().engine;
      const outcome = failTask(graph, node, classified, { maxRetries, retryIntervalSeconds }, now);
      if (outcome === 'failed' && node.kind === 'received') this.#givenUp.gaveUp(conversation);
      store.taskLog.append({
        ...logBase,
        details: { outcome, retries: node.retries },
        failureMessage: classified.message,
      });
      const log =
        outcome === 'failed' ? this.#logger.warn.bind(this.#logger) : this.#logger.info.bind(this.#logger);
      log(
        { conversation, task: node.id, kind: node.kind, outcome, error: classified.message },
        'task failed',
      );
    });
  }

  /**
   * Changes the conversation's current graph and writes it in one transaction, then tells the
   * listeners. Without a graph (removed meanwhile) only `mutate`'s bookkeeping would be lost,
   * and nothing is left to change.
   */
  #commit(conversation: ConversationKey, mutate: (graph: TaskGraph, now: Date) => void): void {
    const graph = this.#graphs.get(conversationKeyString(conversation));
    if (!graph) return;
    const now = this.#deps.clock.now();
    this.#deps.store.transaction(() => {
      mutate(graph, now);
      this.#deps.store.taskGraphs.save(graph);
    });
    this.#runner(conversation).presence.show(presenceOf(graph));
    this.#emitGraph(conversation);
  }

  // ---- Helpers ----

  /**
   * The agent, when it may act on this network now. The Simulator rehearses every agent, also
   * those whose file says Disabled: Disabled governs the agent's Telegram account only.
   */
  #agent(name: string): AgentConfig | null {
    const agent = this.#deps.agents().find((candidate) => candidate.configName === name) ?? null;
    if (!agent) return null;
    if (this.network === 'telegram' && agent.disabled) return null;
    return agent;
  }

  #pacing(agent: AgentConfig): Pacing {
    return this.#deps.pacing === 'off' ? NO_PACING : agentPacing(agent, this.#deps.settings().engine);
  }

  #runner(conversation: ConversationKey): Runner {
    const key = conversationKeyString(conversation);
    let runner = this.#runners.get(key);
    if (!runner) {
      runner = {
        conversation,
        running: false,
        queued: false,
        cancelWake: null,
        current: null,
        presence: new PresenceKeeper(
          this.#deps.clock,
          (action) => this.#deps.port.setTyping(conversation.agent, conversation.channelId, action),
          (error) => this.#logger.debug({ err: error, conversation }, 'presence update failed'),
        ),
        inbound: Promise.resolve(),
      };
      this.#runners.set(key, runner);
    }
    return runner;
  }

  #track(work: Promise<unknown>): void {
    this.#work.add(work);
    void work.finally(() => this.#work.delete(work));
  }

  #emitGraph(conversation: ConversationKey): void {
    this.#emit({ type: 'graphChanged', conversation, graph: this.graph(conversation) });
  }

  #emit(event: EngineEvent): void {
    for (const listener of this.#listeners) {
      try {
        listener(event);
      } catch (error) {
        this.#logger.error({ err: error, event: event.type }, 'engine listener failed');
      }
    }
  }
}
