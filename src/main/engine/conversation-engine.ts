import type {
  ConversationParameters,
  ExchangeRecord,
  LlmExchangeView,
  MessageProvenance,
  Network,
} from '../../shared/api/conversation-contract';
import type { AgentConfig } from '../../shared/domain/config';
import { type ConversationKey, conversationKeyString } from '../../shared/domain/conversation-key';
import type { TaskGraphView } from '../../shared/domain/tasks';
import type { ReflectionResult, SummarizeResult } from '../memory';
import type { ScheduledEvent } from '../store';
import { MemoryWork } from './background/memory-work';
import { NightlyReflection } from './background/nightly-reflection';
import {
  type ConversationParametersPatch,
  readConversationParameters,
  updateConversationParameters,
} from './conversation-parameters';
import { type ConversationEngineDeps, EngineCore, type EngineEvent, type MemoryTouch } from './engine-core';
import { engineTaskHandlers } from './engine-handlers';
import { type EventChange, type EventChangeOutcome, operatorEventChange } from './events/event-changes';
import { EventTimer } from './events/event-timer';
import { toGraphView, unfinishedCount } from './graph/graph-view';
import { isAwaitingApproval } from './graph/operator-marks';
import { NO_TRIGGER, type ReceivedParams } from './graph/received-task';
import { TaskGraph, updateNode } from './graph/task-graph';
import { ChatLookups } from './inbound/chat-lookups';
import { isGroupChannel } from './inbound/gates';
import { InboundIntake } from './inbound/intake';
import { ConversationLoop } from './loop/conversation-loop';
import { TaskRunner } from './loop/run-task';
import { PARTNER_TYPING_WINDOW_MS, PartnerTypingTracker } from './pacing/partner-typing';
import { agentPacing, NO_PACING, type Pacing } from './pacing/typing-delay';
import { messageProvenance } from './provenance';
import { FairSlots } from './scheduler/fair-slots';
import { SendRateLimiter } from './scheduler/send-rate-limiter';
import { StopLatch } from './scheduler/stop-latch';
import { UnreadScanner } from './scheduler/unread-scanner';
import { approveDraft, describeDraft, rejectDraft } from './steering/drafts';
import type { SpendingState } from './steering/spending-limit';
import { type OperatorMessage, operatorSend } from './steering/takeover';
import { cancelTask, clearPending, retryTask, TaskActionError } from './steering/task-actions';

/** The agent is working in a conversation (or on its memory) right now. */
export class AgentBusyError extends Error {
  override readonly name = 'AgentBusyError';

  constructor(readonly agent: string) {
    super(`${agent} is working in a conversation right now; try again once it is idle.`);
  }
}

/** Events and the schedule have owners of their own; the rest is memory work's to announce. */
const isMemoryWorkTouch = (touch: MemoryTouch) => touch.what !== 'events' && touch.what !== 'schedule';

export type { ConversationParametersPatch } from './conversation-parameters';
export type { ConversationEngineDeps, EngineEvent, MemoryTouch } from './engine-core';

/**
 * The conversation engine of one network (the Simulator or Telegram): turns inbound events into
 * task graphs and runs them. Event-driven, with no tick: a task runs as soon as an event, another
 * task's completion or a timer (the next wait deadline) makes it ready. One task at a time per
 * conversation; conversations run in parallel under the global LLM concurrency limit and the
 * per-account send rate, each a first-come, first-served queue, so no agent starves another.
 * Every graph change is written to SQLite in the transaction that makes it, so a restart resumes
 * exactly where the engine stopped. This class wires and fronts the parts: the intake (inbound
 * events, scans, requested turns), the loop (one driver per conversation) and the task runner.
 */
export class ConversationEngine {
  readonly network: Network;
  readonly #core: EngineCore;
  readonly #intake: InboundIntake;
  readonly #loop: ConversationLoop;
  readonly #sendLimiter: SendRateLimiter;
  readonly #scanner: UnreadScanner;
  readonly #memory: MemoryWork;
  readonly #nightly: NightlyReflection;
  readonly #events: EventTimer;
  readonly #stopLatch = new StopLatch();
  readonly #pacing: (agent: AgentConfig) => Pacing;
  #unsubscribe: (() => void) | null = null;
  #started = false;

  constructor(deps: ConversationEngineDeps) {
    this.network = deps.network;
    const core = new EngineCore(deps);
    this.#core = core;
    this.#sendLimiter = new SendRateLimiter(deps.clock, () => deps.settings().engine.sendsPerMinute);
    const partnerTyping = new PartnerTypingTracker(deps.partnerTypingWindowMs ?? PARTNER_TYPING_WINDOW_MS);
    this.#pacing = (agent) =>
      deps.pacing === 'off' ? NO_PACING : agentPacing(agent, deps.settings().engine);
    const memory = new MemoryWork(core);
    this.#memory = memory;
    this.#nightly = new NightlyReflection(core, (request) => memory.requestReflection(request));
    this.#events = new EventTimer(core, (conversation, trigger, commitment) =>
      this.#intake.insert(conversation, trigger, undefined, commitment),
    );
    const memoryChanged = (conversation: ConversationKey, touched: MemoryTouch[]) => {
      const whats = new Set(touched.map((touch) => touch.what));
      if (whats.has('events')) this.#events.changed(conversation);
      if (whats.has('schedule')) core.emit({ type: 'scheduleChanged', agent: conversation.agent });
      memory.changed(conversation, touched.filter(isMemoryWorkTouch));
    };
    const handlerFor = engineTaskHandlers(core, deps, {
      pacing: this.#pacing,
      memory,
      onMemoryChanged: memoryChanged,
      requestTurn: (conversation, trigger) => this.requestTurn(conversation, trigger),
    });
    const tasks = new TaskRunner(core, {
      handlerFor,
      llmSlots: new FairSlots(() => deps.settings().engine.llmConcurrency),
      sendLimiter: this.#sendLimiter,
      stopLatch: this.#stopLatch,
    });
    this.#loop = new ConversationLoop(core, tasks, partnerTyping);
    this.#intake = new InboundIntake(core, partnerTyping, (conversation) => this.#loop.poke(conversation));
    this.#scanner = new UnreadScanner({
      clock: deps.clock,
      logger: core.logger,
      intervalMs: () => deps.settings().engine.scanIntervalSeconds * 1000,
      agents: () =>
        deps
          .agents()
          .map((agent) => agent.configName)
          .filter((name) => core.agent(name) !== null),
      scanOnce: (agent) => this.#intake.scanOnce(agent),
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
    const core = this.#core;
    const { store, clock } = core.deps;
    const now = clock.now();
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
          core.logger.info({ conversation: graph.conversation, recovered }, 'resuming interrupted tasks');
        }
        core.graphs.set(conversationKeyString(graph.conversation), graph);
      }
    });
    this.#unsubscribe = core.deps.port.subscribe((event) => this.#intake.onInbound(event));
    for (const graph of core.graphs.values()) this.#loop.poke(graph.conversation);
    this.#scanner.start();
    this.#nightly.start();
    this.#events.arm();
    core.logger.info({ graphs: core.graphs.size }, 'engine started');
  }

  /**
   * Stops listening, aborts what is in flight and waits for the conversation loops to notice.
   * Running tasks stay `active` in the store, so the next start runs them again.
   */
  async stop(): Promise<void> {
    if (this.#core.stopped) return;
    const inFlight = this.#core.stop();
    this.#memory.stop();
    this.#nightly.stop();
    this.#events.stop();
    this.#stopLatch.stop();
    this.#unsubscribe?.();
    this.#scanner.stop();
    this.#loop.stop();
    this.#sendLimiter.close();
    await inFlight;
    this.#core.logger.info('engine stopped');
  }

  /** Every engine event (graph changes, LLM exchanges). Returns the unsubscribe function. */
  subscribe(listener: (event: EngineEvent) => void): () => void {
    return this.#core.subscribe(listener);
  }

  /** Looks at every conversation and event again: an agent was enabled, a schedule changed. */
  refresh(): void {
    for (const graph of this.#core.graphs.values()) this.#loop.poke(graph.conversation);
    if (this.#started) this.#events.arm();
  }

  // ---- Agents renamed or deleted (see api/handlers/agent-lifecycle) ----

  /**
   * Lets go of an agent about to be renamed or deleted: its plans leave memory (the store keeps
   * them), its timers and the memory work waiting for quiet go. Throws AgentBusyError, changing
   * nothing, while one of its conversations or its memory work is under way.
   */
  releaseAgent(agent: string): void {
    const core = this.#core;
    const runners = [...core.runners.values()].filter((runner) => runner.conversation.agent === agent);
    const working = runners.some((runner) => runner.running || runner.current !== null);
    if (working || this.#intake.busy || this.#memory.isWorkingFor(agent)) throw new AgentBusyError(agent);
    this.#memory.forgetAgent(agent);
    for (const runner of runners) {
      runner.cancelWake?.();
      runner.presence.close();
      core.runners.delete(conversationKeyString(runner.conversation));
    }
    for (const [key, graph] of core.graphs) if (graph.conversation.agent === agent) core.graphs.delete(key);
    this.#events.arm();
  }

  /** Takes up the stored plans of an agent (one just renamed to this name, or put back). */
  adoptAgent(agent: string): void {
    for (const record of this.#core.deps.store.taskGraphs.list(this.network)) {
      if (record.conversation.agent !== agent) continue;
      const graph = new TaskGraph(record);
      this.#core.graphs.set(conversationKeyString(graph.conversation), graph);
      this.#loop.poke(graph.conversation);
    }
    this.#events.arm();
  }

  // ---- Queries ----

  graph(conversation: ConversationKey): TaskGraphView | null {
    const graph = this.#core.graphOf(conversation);
    return graph ? toGraphView(graph) : null;
  }

  /** The agent's conversations with unfinished work: each chat's title as its plan knows it, and the plan. */
  plans(agent: string): Array<{ conversation: ConversationKey; title: string; graph: TaskGraphView }> {
    return [...this.#core.graphs.values()]
      .filter((graph) => graph.conversation.agent === agent && unfinishedCount(graph) > 0)
      .map((graph) => ({
        conversation: graph.conversation,
        title: graph.context.channelName,
        graph: toGraphView(graph),
      }));
  }

  /** Every conversation (of every agent) whose plan has drafts waiting for the operator, with how many. */
  waitingDrafts(): Array<{ conversation: ConversationKey; title: string; drafts: number }> {
    return [...this.#core.graphs.values()].flatMap((graph) => {
      const drafts = graph.nodes.filter(isAwaitingApproval).length;
      return drafts > 0
        ? [{ conversation: graph.conversation, title: graph.context.channelName, drafts }]
        : [];
    });
  }

  /** Tasks of the conversation not yet finished, the presence window left out. */
  unfinishedTasks(conversation: ConversationKey): number {
    return unfinishedCount(this.#core.graphOf(conversation));
  }

  /**
   * Nothing left to do (only presence windows pending) and nothing in flight, for every
   * conversation of `agent` (or of every agent), memory work beside the conversations included.
   */
  isIdle(agent?: string): boolean {
    return this.#loop.isIdle(agent) && !this.#intake.busy && !this.#memory.busy;
  }

  /**
   * Some conversation is working right now (a task in flight, an inbound event being looked at,
   * memory work beside it), as opposed to waiting for a timer, for its turn at a global limit, or for nothing.
   */
  isBusy(): boolean {
    return this.#intake.busy || this.#loop.isBusy() || this.#memory.busy;
  }

  lastExchange(conversation: ConversationKey): LlmExchangeView | null {
    const latest = this.#core.deps.store.exchangeHistory.latest(conversation);
    if (latest === null) return null;
    const { id: _id, taskId: _taskId, truncated: _truncated, ...exchange } = latest;
    return exchange;
  }

  /** The conversation's kept exchanges before `beforeId`, newest first. */
  exchanges(conversation: ConversationKey, options: { beforeId?: number; limit: number }): ExchangeRecord[] {
    return this.#core.deps.store.exchangeHistory.page(conversation, options);
  }

  /**
   * The task that sent one of the agent's messages (or, with `reaction`, its latest reaction to a
   * message), and the exchange whose reply planned it.
   */
  provenance(conversation: ConversationKey, messageId: number, reaction = false): MessageProvenance {
    return messageProvenance(this.#core.deps.store, conversation, messageId, reaction);
  }

  parameters(conversation: ConversationKey): ConversationParameters {
    return readConversationParameters(this.#core, conversation);
  }

  updateParameters(
    conversation: ConversationKey,
    patch: ConversationParametersPatch,
  ): ConversationParameters {
    const parameters = updateConversationParameters(this.#core, conversation, patch);
    // Resumed (or anything else changed): the plan may run now.
    this.#loop.poke(conversation);
    return parameters;
  }

  // ---- The operator's actions on the plan (see steering/task-actions) ----

  /** Cancels a task and what waits for it; returns the ids cancelled. */
  cancelTask(conversation: ConversationKey, taskId: string): string[] {
    const cancelled = cancelTask(this.#core, conversation, taskId);
    this.#loop.poke(conversation);
    return cancelled;
  }

  /** Runs a failed task again now. */
  retryTask(conversation: ConversationKey, taskId: string): void {
    retryTask(this.#core, conversation, taskId);
    this.#loop.poke(conversation);
  }

  /** Cancels every task of the conversation that has not run; returns the ids cancelled. */
  clearPending(conversation: ConversationKey): string[] {
    const cancelled = clearPending(this.#core, conversation);
    this.#loop.poke(conversation);
    return cancelled;
  }

  // ---- The operator as co-pilot (see steering/takeover and steering/drafts) ----

  /** Sends the operator's message as the agent's own, paced like the agent's; returns its task id. */
  async sendAsOperator(conversation: ConversationKey, message: OperatorMessage): Promise<string> {
    const core = this.#core;
    const agent = core.agent(conversation.agent);
    if (!agent)
      throw new TaskActionError('conflict', `${conversation.agent} cannot send here now: enable it first.`);
    const context = core.graphOf(conversation)?.context ?? {
      isGroup: isGroupChannel(conversation.channelId),
      channelName: (await new ChatLookups(core.deps.port, conversation).chat()).title,
    };
    const taskId = operatorSend(core, conversation, message, { pacing: this.#pacing(agent), context });
    core.emitGraph(conversation);
    this.#loop.poke(conversation);
    return taskId;
  }

  /** Lets a draft go, its text edited when `text` is given. */
  approveDraft(conversation: ConversationKey, taskId: string, text?: string): void {
    const agent = this.#core.agent(conversation.agent);
    const pacing = agent ? this.#pacing(agent) : NO_PACING;
    approveDraft(this.#core, conversation, taskId, text === undefined ? {} : { text }, pacing);
    this.#loop.poke(conversation);
  }

  /**
   * Drops a draft. With an instruction the agent thinks again at once, told what was held back
   * (this draft and the others still awaiting) and what to do instead. Resolves whether a turn started.
   */
  async rejectDraft(
    conversation: ConversationKey,
    taskId: string,
    instruction: string | null,
  ): Promise<boolean> {
    const rejected = rejectDraft(this.#core, conversation, taskId);
    this.#loop.poke(conversation);
    if (instruction === null) return false;
    const stillAwaiting = this.#core.graphOf(conversation)?.nodes.filter(isAwaitingApproval) ?? [];
    const heldBack = [rejected, ...stillAwaiting].map(describeDraft);
    return this.requestTurn(conversation, { guidance: { heldBack, instruction } });
  }

  /** Where the agent stands against its daily spending limit (see steering/spending-limit). */
  spending(agent: string): SpendingState {
    return this.#core.spending(agent);
  }

  // ---- Scheduled events (see events/) ----

  /** The conversation's scheduled events, soonest first, and the agent's zone their times are in. */
  events(conversation: ConversationKey): { timeZone: string; events: ScheduledEvent[] } {
    return {
      timeZone: this.#core.zoneOf(conversation.agent),
      events: this.#core.deps.store.scheduledEvents.list(conversation),
    };
  }

  /**
   * Creates, edits or deletes an event of the conversation as the operator asks (times in the
   * agent's zone), with the same checks as the agent's `event` task; a refusal changes nothing.
   */
  changeEvent(conversation: ConversationKey, change: EventChange): EventChangeOutcome {
    const outcome = operatorEventChange(this.#core, conversation, change);
    if (outcome.outcome !== 'refused') this.#events.changed(conversation);
    return outcome;
  }

  // ---- Memory ----

  /** Summarizes every message of the conversation no summary covers yet, now (see MemoryWork). */
  summarizeNow(conversation: ConversationKey): Promise<SummarizeResult> {
    return this.#memory.summarizeNow(conversation);
  }

  /** Reflects on the partner of a direct conversation now (see MemoryWork.reflectNow). */
  reflectNow(conversation: ConversationKey): Promise<ReflectionResult> {
    return this.#memory.reflectNow(conversation);
  }

  // ---- Turns ----

  /**
   * Starts a turn in a conversation for the agent's own reasons (xsend, the operator): a received
   * task that bypasses the gag. Resolves false when nothing was inserted.
   */
  async requestTurn(conversation: ConversationKey, trigger: Partial<ReceivedParams>): Promise<boolean> {
    return this.#intake.insert(conversation, { ...NO_TRIGGER, ...trigger });
  }

  /**
   * Scans the agent's unread chats now for work the live events missed (call it once its account
   * has connected) and starts the turns that are due. Resolves to the number of conversations
   * triggered, 0 when the engine is not running; rejects when the chats cannot be listed.
   */
  async scan(agent: string): Promise<number> {
    if (!this.#started || this.#core.stopped) return 0;
    return this.#scanner.scan(agent);
  }
}
