import type { ConversationKey } from '../../../shared/domain/conversation-key';
import { conversationKeyString } from '../../../shared/domain/conversation-key';
import {
  archivedSince,
  type ExtractionRequest,
  extractFacts,
  FACT_EXTRACTION_QUIET_MS,
  type SummarizeRequest,
  summarizeConversation,
} from '../../memory';
import type { EngineCore, MemoryTouch } from '../engine-core';
import { effectiveLlmName } from '../turn/received-turn';
import { BackgroundJobs } from './background-jobs';

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

  changed(conversation: ConversationKey, touched: MemoryTouch[]): void {
    if (touched.length > 0) this.#core.emit({ type: 'memoryChanged', conversation, touched });
  }

  /** Summarizes beside the turn that asked; asking again while it waits or runs adds nothing. */
  requestSummary(request: Omit<SummarizeRequest, 'signal'>): void {
    this.#jobs.request(summaryKey(request.conversation), async (signal) => {
      await this.#summarize({ ...request, signal });
    });
  }

  /** Reads the conversation for facts once it has been quiet for a while. */
  requestExtraction(request: Omit<ExtractionRequest, 'signal'>): void {
    this.#jobs.requestAfterQuiet(
      `extract:${conversationKeyString(request.conversation)}`,
      FACT_EXTRACTION_QUIET_MS,
      async (signal) => {
        const result = await extractFacts(this.#deps, { ...request, signal });
        this.changed(
          request.conversation,
          result.partnerIds.map((partnerId) => ({ what: 'facts', partnerId })),
        );
        this.#core.logger.info(
          { conversation: request.conversation, ...result },
          'facts read from the conversation',
        );
      },
    );
  }

  /**
   * The operator's "summarize now": every archived message no summary covers yet (the newest
   * ones too), with the conversation's model. Rejects with ConversationBusyError while a
   * summarization of the conversation is under way.
   */
  async summarizeNow(conversation: ConversationKey): Promise<{ written: number; consolidated: number }> {
    const { deps } = this.#core;
    const agent = this.#core.agent(conversation.agent);
    if (!agent)
      throw new Error(`The agent "${conversation.agent}" is not running on ${conversation.network}.`);
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
      modelName: effectiveLlmName(
        deps.store.conversationSettings.get(conversation).llmOverride,
        agent,
        deps.settings().engine.defaultAgentLlm,
      ),
      messages: archivedSince(deps.store, conversation, highest, SUMMARIZE_NOW_LIMIT),
      timeZone: agent.timezone ?? deps.defaultTimeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone,
      origin: 'summarizer' as const,
    };
    return new Promise((resolve, reject) => {
      const queued = this.#jobs.request(summaryKey(conversation), async (signal) => {
        try {
          resolve(await this.#summarize({ ...request, signal }));
        } catch (error) {
          reject(error);
          throw error;
        }
      });
      if (!queued)
        reject(
          new ConversationBusyError('This conversation is being summarized already; try again in a moment.'),
        );
    });
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
