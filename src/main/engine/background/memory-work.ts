import type { AgentConfig } from '../../../shared/domain/config';
import type { ConversationKey } from '../../../shared/domain/conversation-key';
import { conversationKeyString } from '../../../shared/domain/conversation-key';
import {
  archivedSince,
  extractFacts,
  FACT_EXTRACTION_QUIET_MS,
  fromArchivedMessage,
  latestNight,
  type ReflectionRequest,
  type ReflectionResult,
  reflectOnPerson,
  SESSION_QUIET_MS,
  type SummarizeRequest,
  type SummarizeResult,
  summarizeConversation,
  summarizeSession,
} from '../../memory';
import type { EngineCore, MemoryTouch } from '../engine-core';
import { effectiveLlmName } from '../turn/received-turn';
import { BackgroundJobs } from './background-jobs';
import type { NightlyRequest } from './nightly-reflection';

/** After a summarization that wrote nothing, this many more messages are awaited before the next. */
const SUMMARY_RETRY_AFTER_MESSAGES = 20;

/** The most messages one "summarize now" reads back from the archive (its newest). */
const SUMMARIZE_NOW_LIMIT = 2_000;

export class ConversationBusyError extends Error {
  override readonly name = 'ConversationBusyError';
}

/**
 * The agent's memory work beside its conversations: summaries and fact reading run one at a time
 * in the background (never holding up a turn), and every change is told to the engine's
 * listeners so open views reload it.
 */
export class MemoryWork {
  readonly #core: EngineCore;
  readonly #jobs: BackgroundJobs;
  readonly #deps;
  /** The newest message id of each conversation's last summarization that wrote nothing. */
  readonly #futileSummaries = new Map<string, number>();

  constructor(core: EngineCore) {
    this.#core = core;
    const { deps } = core;
    this.#jobs = new BackgroundJobs({
      logger: core.logger,
      clock: deps.clock,
      track: (work) => core.track(work),
    });
    this.#deps = {
      store: deps.store,
      logger: core.logger,
      llm: deps.llm,
      prompts: deps.internalPrompts,
      now: () => deps.clock.now(),
    };
  }

  get busy(): boolean {
    return this.#jobs.busy;
  }

  stop(): void {
    this.#jobs.stop();
  }

  /** Whether work of the agent runs, or is queued to run, now. */
  isWorkingFor(agent: string): boolean {
    return this.#jobs.keysUnderWay().some((key) => agentOfJobKey(key) === agent);
  }

  /** Drops the agent's work still waiting for its conversations to go quiet (it is renamed or deleted). */
  forgetAgent(agent: string): void {
    this.#jobs.dropWaiting((key) => agentOfJobKey(key) === agent);
    for (const key of this.#futileSummaries.keys()) {
      if (agentOfJobKey(key) === agent) this.#futileSummaries.delete(key);
    }
  }

  changed(conversation: ConversationKey, touched: MemoryTouch[]): void {
    if (touched.length > 0) this.#core.emit({ type: 'memoryChanged', conversation, touched });
  }

  /** Summarizes beside the turn that asked; asking again while it waits or runs adds nothing. */
  requestSummary(request: Omit<SummarizeRequest, 'signal'>): void {
    const key = summaryKey(request.conversation);
    const newest = request.messages.at(-1)?.messageId ?? 0;
    // After a pass that wrote nothing, wait for a few more messages: every turn asking the same
    // model the same question again would only cost.
    const futile = this.#futileSummaries.get(key);
    if (futile !== undefined && newest < futile + SUMMARY_RETRY_AFTER_MESSAGES) return;
    this.#jobs.request(key, async (signal) => {
      // Over the spending limit nothing is marked futile: the next turn asks again.
      if (this.#overSpendingLimit(request.conversation.agent)) return;
      try {
        const result = await this.#summarize({ ...request, signal });
        if (result.written === 0) this.#futileSummaries.set(key, newest);
        else this.#futileSummaries.delete(key);
      } catch (error) {
        if (!signal.aborted) this.#futileSummaries.set(key, newest);
        throw error;
      }
    });
  }

  /**
   * After an exchange: once the conversation has been quiet for a minute it is read for facts,
   * once it has been quiet for half an hour its new messages become topic summaries.
   */
  afterExchange(conversation: ConversationKey, agent: AgentConfig): void {
    const key = conversationKeyString(conversation);
    const request = {
      conversation,
      agent,
      modelName: this.#memoryModel(conversation, agent),
      timeZone: this.#core.timeZone(agent),
    };
    this.#jobs.requestAfterQuiet(`extract:${key}`, FACT_EXTRACTION_QUIET_MS, async (signal) => {
      if (this.#overSpendingLimit(agent.configName)) return;
      const result = await extractFacts(this.#deps, { ...request, signal });
      this.changed(
        request.conversation,
        result.partnerIds.map((partnerId) => ({ what: 'facts', partnerId })),
      );
      this.#core.logger.info(
        { conversation: request.conversation, ...result },
        'facts read from the conversation',
      );
    });
    this.#jobs.requestAfterQuiet(`session:${key}`, SESSION_QUIET_MS, async (signal) => {
      if (this.#overSpendingLimit(agent.configName)) return;
      const result = await summarizeSession(this.#deps, { ...request, signal });
      if (result.written > 0) this.changed(request.conversation, [{ what: 'sessions' }]);
      this.#core.logger.info({ conversation: request.conversation, ...result }, 'session summarized');
    });
  }

  /** Reflects on the partner of a direct conversation for a night (see NightlyReflection). */
  requestReflection(request: NightlyRequest): void {
    const { conversation, agent } = request;
    const full = {
      ...request,
      modelName: this.#memoryModel(conversation, agent),
      timeZone: this.#core.timeZone(agent),
    };
    this.#jobs.request(reflectionKey(conversation), async (signal) => {
      if (this.#overSpendingLimit(agent.configName)) return;
      await this.#reflect({ ...full, signal });
    });
  }

  /**
   * The operator's "reflect now" on the partner of a direct conversation: everything since the
   * last reflection, counted as tonight's. Rejects with ConversationBusyError while one runs.
   */
  reflectNow(conversation: ConversationKey): Promise<ReflectionResult> {
    const { deps } = this.#core;
    const agent = this.#requireAgent(conversation);
    const timeZone = this.#core.timeZone(agent);
    const request = {
      conversation,
      agent,
      modelName: this.#memoryModel(conversation, agent),
      timeZone,
      night: latestNight(deps.clock.now(), timeZone).date,
      throughMessageId: Number.MAX_SAFE_INTEGER,
    };
    return this.#runNow(reflectionKey(conversation), (signal) => this.#reflect({ ...request, signal }));
  }

  /**
   * The operator's "summarize now": every archived message no summary covers yet (the newest
   * ones too), with the conversation's model. Rejects with ConversationBusyError while a
   * summarization of the conversation is under way.
   */
  async summarizeNow(conversation: ConversationKey): Promise<SummarizeResult> {
    const { deps } = this.#core;
    const agent = this.#requireAgent(conversation);
    const [self, chat] = await Promise.all([
      deps.port.self(conversation.agent),
      deps.port.getChat(conversation.agent, conversation.channelId),
    ]);
    const highest = deps.store.summaries.highestSummarizedId(conversation) ?? 0;
    const request = {
      conversation,
      agent,
      agentId: self.id,
      chat,
      modelName: this.#modelName(conversation, agent),
      messages: archivedSince(deps.store, conversation, highest, SUMMARIZE_NOW_LIMIT).map((message) =>
        fromArchivedMessage(message, conversation.channelId),
      ),
      timeZone: this.#core.timeZone(agent),
      origin: 'summarizer' as const,
    };
    return this.#runNow(summaryKey(conversation), (signal) => this.#summarize({ ...request, signal }));
  }

  /** Runs a job for the operator, who waits for its outcome; refused while the same work is under way. */
  #runNow<T>(key: string, job: (signal: AbortSignal) => Promise<T>): Promise<T> {
    return new Promise((resolve, reject) => {
      const queued = this.#jobs.request(key, async (signal) => {
        try {
          resolve(await job(signal));
        } catch (error) {
          reject(error);
          throw error;
        }
      });
      if (!queued) reject(new ConversationBusyError('This is under way already; try again in a moment.'));
    });
  }

  /**
   * The agent's daily spending limit is reached: background memory work waits (it is asked for
   * again by the next exchange or night check). What the operator asks for runs all the same.
   */
  #overSpendingLimit(agent: string): boolean {
    const { store } = this.#core.deps;
    return store.agentSteering.get(agent).dailyLimitUsd !== null && this.#core.spending(agent).reached;
  }

  #requireAgent(conversation: ConversationKey): AgentConfig {
    const agent = this.#core.agent(conversation.agent);
    if (!agent)
      throw new Error(`The agent "${conversation.agent}" is not running on ${conversation.network}.`);
    return agent;
  }

  /** The model of memory work beside the conversation: the agent's Memory LLM, else the conversation's. */
  #memoryModel(conversation: ConversationKey, agent: AgentConfig): string {
    return agent.memoryLlm?.trim() || this.#modelName(conversation, agent);
  }

  /** The conversation's model: its override, else the agent's, else the default. */
  #modelName(conversation: ConversationKey, agent: AgentConfig): string {
    const { deps } = this.#core;
    return effectiveLlmName(
      deps.store.conversationSettings.get(conversation).llmOverride,
      agent,
      deps.settings().engine.defaultAgentLlm,
    );
  }

  async #reflect(request: ReflectionRequest): Promise<ReflectionResult> {
    const result = await reflectOnPerson(this.#deps, request);
    const touched: MemoryTouch[] = [];
    if (result.facts > 0) touched.push({ what: 'facts', partnerId: request.conversation.channelId });
    if (result.profileUpdated) touched.push({ what: 'profile', partnerId: request.conversation.channelId });
    if (result.intentions > 0) touched.push({ what: 'entries' });
    this.changed(request.conversation, touched);
    this.#core.logger.info({ conversation: request.conversation, ...result }, 'reflected on a person');
    return result;
  }

  async #summarize(request: SummarizeRequest) {
    const result = await summarizeConversation(this.#deps, request);
    if (result.written + result.consolidated > 0) this.changed(request.conversation, [{ what: 'summaries' }]);
    this.#core.logger.info({ conversation: request.conversation, ...result }, 'conversation summarized');
    return result;
  }
}

function summaryKey(conversation: ConversationKey): string {
  return `summarize:${conversationKeyString(conversation)}`;
}

function reflectionKey(conversation: ConversationKey): string {
  return `reflect:${conversationKeyString(conversation)}`;
}

/** The agent a job's key names: every key is `<work>:<conversation key>` (`<network>:<agent>:<channel>`). */
function agentOfJobKey(key: string): string {
  return key.split(':').slice(2, -1).join(':');
}
