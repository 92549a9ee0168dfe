import type { LlmExchangeView } from '../../../shared/api/conversation-contract';
import type { AgentConfig } from '../../../shared/domain/config';
import type { ChatMsg } from '../../../shared/domain/conversation';
import type { ConversationKey } from '../../../shared/domain/conversation-key';
import type { EngineSettings, LlmProviderId } from '../../../shared/domain/settings';
import { IMMEDIATE_TASK_KINDS } from '../../../shared/domain/tasks';
import type { Clock } from '../../clock';
import { PromptNotFoundError, type PromptSource } from '../../config';
import { renderTurns, withTurnContext } from '../../conversation/render';
import { type Embedder, type LlmRouter, priceLlmCall, recordLlmUsage } from '../../llm';
import type { LlmReply, LlmTurn } from '../../llm/provider';
import type { Logger } from '../../logging';
import type { MediaDescriptions } from '../../media';
import { archiveMessages, memoryOwner, type SummarizeRequest } from '../../memory';
import type { MessagingPort } from '../../messaging/port';
import { type BuiltPrompt, buildSystemPrompt, enabledTaskKinds, SCHEDULE_ROLE_PROMPT } from '../../prompt';
import type { Store } from '../../store';
import {
  assignGraphIds,
  DiscardedReplyError,
  type ParsedTask,
  parseTaskReply,
} from '../../tasks/reply-parser';
import type { MemoryTouch } from '../engine-core';
import { turnEvents } from '../events/turn-events';
import { type ReceivedParams, receivedParams } from '../graph/received-task';
import { isGroupChannel } from '../inbound/gates';
import type { Pacing } from '../pacing/typing-delay';
import { requiresApproval } from '../steering/approval';
import { PermanentTaskError, type TaskHandler } from '../tasks/task-handler';
import { recalledMemoryContext, turnMemory } from './conversation-memory';
import { planFromReply } from './plan-from-reply';
import { turnRetrieval } from './retrieval-round';

/** A conversation with fewer visible messages than this, none from the agent, is just starting. */
const CONVERSATION_START_MAX_MESSAGES = 5;

const IMMEDIATE_KINDS: readonly string[] = IMMEDIATE_TASK_KINDS;

export interface ReceivedTurnDeps {
  /** Resolves on a later turn of the event loop, one waiter per turn (see LoopTurns). */
  nextLoopTurn: () => Promise<void>;
  port: MessagingPort;
  store: Store;
  clock: Clock;
  logger: Logger;
  llm: Pick<LlmRouter, 'resolve' | 'providerFor'>;
  /** The prompts of the configuration as loaded now. */
  prompts: () => PromptSource;
  defaultAgentLlm: () => string;
  /** Read at each turn, so changes apply at once. */
  engineSettings: () => TurnSettings;
  pacing: (agent: AgentConfig) => Pacing;
  /** The agent's IANA zone (its file's, else the server's). */
  timeZone: (agent: AgentConfig) => string;
  onExchange: (conversation: ConversationKey, exchange: LlmExchangeView) => void;
  /** The turn's LLM call started (`since`) or ended (null), for the console to show it thinking. */
  onThinking: (conversation: ConversationKey, since: Date | null) => void;
  /** Asks for a summarization beside the conversation; it never holds up the turn. */
  requestSummary: (request: Omit<SummarizeRequest, 'signal'>) => void;
  /** Memory work after an exchange, once the conversation has been quiet (facts, topic summaries). */
  afterExchange: (conversation: ConversationKey, agent: AgentConfig) => void;
  onMemoryChanged: (conversation: ConversationKey, touched: MemoryTouch[]) => void;
  /** The embedding model recall may use now; null: words only. */
  embedder: () => Embedder | null;
  /** Describes the turn's media; absent, the model reads media as unknown files. */
  media: MediaDescriptions | null;
  /** The names of the documents the agent can read as `file:NAME`. */
  documents: (agent: AgentConfig) => Promise<readonly string[]>;
  /** New AI media descriptions a turn may wait for (Settings.media). */
  mediaBudget: () => number;
}

/** How much of a conversation a turn reads (Settings.engine). */
export interface HistorySize {
  historyFetchDirect: number;
  historyFetchGroup: number;
  historyShown: number;
}

/** What a turn reads of Settings.engine. */
export type TurnSettings = HistorySize & Pick<EngineSettings, 'maxMessagesPerReply'>;

/** Messages to fetch for a turn: the configured amount, and never fewer than the model is shown. */
export function historyFetchLimit(size: HistorySize, isGroup: boolean): number {
  return Math.max(isGroup ? size.historyFetchGroup : size.historyFetchDirect, size.historyShown);
}

/** The model name a conversation uses now: its override, else the agent's, else the default. */
export function effectiveLlmName(
  override: string | null,
  agent: AgentConfig,
  defaultAgentLlm: string,
): string {
  return override?.trim() || agent.llm?.trim() || defaultAgentLlm;
}

/** No message is the agent's and only a few are visible: the partner just made contact. */
export function isConversationStart(history: readonly ChatMsg[]): boolean {
  return history.length < CONVERSATION_START_MAX_MESSAGES && !history.some((message) => message.isAgent);
}

/** What the ledger calls the turn: woken from another chat, by a scheduled event, or by the chat itself. */
function turnOperation(trigger: ReceivedParams): string {
  if (trigger.xsendIntent !== null) return 'xsend';
  return trigger.eventIntents.length > 0 ? 'event' : 'received';
}

async function loadPrompts(
  library: PromptSource,
  agent: AgentConfig,
): Promise<{
  instructions: string;
  rolePrompts: { name: string; text: string }[];
  schedulePrompt: string | null;
}> {
  try {
    const instructions = await library.load('Instructions');
    const rolePrompts = [];
    for (const name of agent.rolePrompts) rolePrompts.push({ name, text: await library.load(name) });
    return { instructions, rolePrompts, schedulePrompt: await schedulePromptOf(library, agent) };
  } catch (error) {
    // A missing prompt is the operator's to fix; retrying cannot make the file appear sooner.
    if (error instanceof PromptNotFoundError) throw new PermanentTaskError(error.message);
    throw error;
  }
}

/** Task-Schedule for an agent that keeps a schedule without listing it; null when it has none to offer. */
async function schedulePromptOf(library: PromptSource, agent: AgentConfig): Promise<string | null> {
  const listed = agent.rolePrompts.some((name) => name.toLowerCase() === SCHEDULE_ROLE_PROMPT.toLowerCase());
  if (agent.dailySchedule === null || listed) return null;
  return library.load(SCHEDULE_ROLE_PROMPT).catch((error: unknown) => {
    if (error instanceof PromptNotFoundError) return null;
    throw error;
  });
}

/**
 * The `received` task: the agent looks at the conversation and decides what to do. It fetches the
 * history, builds the system prompt, asks the model for a task list, and turns the reply into
 * immediate effects (thoughts, memories, notes, plans, intentions) and a chain of graph tasks
 * after itself, with typing waits. The read receipt goes out once the agent has "read" (the turn
 * has started), and the agent stays online for a while after.
 */
export function receivedHandler(deps: ReceivedTurnDeps): TaskHandler {
  return async ({ conversation, node, agent, signal, lookups }) => {
    const trigger = receivedParams(node);
    const { store } = deps;
    const override = store.conversationSettings.get(conversation).llmOverride;
    const llmName = effectiveLlmName(override, agent, deps.defaultAgentLlm());
    const resolved = deps.llm.resolve(llmName);
    const provider = deps.llm.providerFor(resolved.provider);
    const channelId = conversation.channelId;
    const agentName = agent.configName;
    const isGroup = isGroupChannel(channelId);

    const historySize = deps.engineSettings();
    const history = await deps.port.fetchHistory(agentName, channelId, {
      limit: historyFetchLimit(historySize, isGroup),
    });
    const newConversation = isConversationStart(history);
    const timeZone = deps.timeZone(agent);
    const promptsLoaded = loadPrompts(deps.prompts(), agent);
    const kinds = promptsLoaded.then((loaded) => enabledTaskKinds({ agent, ...loaded }));
    const [listedChat, listedStickers, self, prompts, library, documents] = await Promise.all([
      lookups.chat(),
      deps.port.listStickers(agentName),
      lookups.self(),
      promptsLoaded,
      // The library and the documents are only worth listing when the agent can use them.
      kinds.then((enabled) => (enabled.includes('send_media') ? deps.port.listMedia(agentName) : [])),
      kinds.then((enabled) => (enabled.includes('retrieve') ? deps.documents(agent) : [])),
    ]);
    const viewer = { agent: agentName, channelId, port: deps.port };
    const chat = deps.media?.describeChatPhoto(listedChat, viewer) ?? listedChat;
    const stickers = deps.media?.describeStickers(listedStickers, viewer) ?? listedStickers;
    const media =
      deps.media?.describeLibrary(library, { ...viewer, savedMessages: deps.port.kind === 'telegram' }) ??
      library;
    const isSelfChat = self.id === channelId;
    const memory = turnMemory(store, conversation, {
      agent,
      history,
      newConversation,
      isSelfChat,
      isGroup,
      chatTitle: chat.title,
    });
    if (memory.forgotten.length > 0) deps.onMemoryChanged(conversation, memory.forgotten);
    const shown = deps.media
      ? await deps.media.describeMessages(memory.unsummarized.slice(-historySize.historyShown), viewer, {
          budget: deps.mediaBudget(),
          signal,
        })
      : memory.unsummarized.slice(-historySize.historyShown);
    const shownIds = new Set(shown.map((message) => message.messageId));
    const now = deps.clock.now();
    const agentWide = (scope: 'memory' | 'intention') =>
      store.memoryEntries.list(memoryOwner(scope, conversation));
    const retrieval = turnRetrieval(store, conversation, node, now);
    const prompt = buildSystemPrompt({
      agent,
      agentId: self.id,
      chat,
      instructions: prompts.instructions,
      rolePrompts: prompts.rolePrompts,
      schedulePrompt: prompts.schedulePrompt,
      stickers,
      media,
      documents,
      memories: agentWide('memory'),
      intentions: agentWide('intention'),
      notes: store.memoryEntries.list(memoryOwner('note', conversation)),
      plans: store.memoryEntries.list(memoryOwner('plan', conversation)),
      people: memory.people,
      summaries: memory.summaries,
      events: turnEvents(store, conversation),
      retrieval,
      schedule: store.schedules.get(agent.configName).activities,
      now,
      timeZone,
      turn: {
        xsendIntent: trigger.xsendIntent,
        eventIntents: trigger.eventIntents,
        guidance: trigger.guidance,
        newConversation,
        targetMessageId:
          trigger.messageId !== null && shownIds.has(trigger.messageId) ? trigger.messageId : null,
        reactionMessageIds: trigger.reactionMessageIds,
      },
    });
    const recalled = await recalledMemoryContext(store, conversation, {
      shown,
      now,
      timeZone,
      partnerIds: memory.people.map((person) => person.id),
      embedder: deps.embedder(),
      logger: deps.logger,
    });
    const turnContext = recalled === '' ? prompt.turnContext : `${prompt.turnContext}\n\n${recalled}`;
    const turns = withTurnContext(renderTurns(shown, { timeZone }), turnContext);
    if (memory.dueForSummary) {
      deps.requestSummary({
        conversation,
        agent,
        agentId: self.id,
        chat,
        modelName: llmName,
        messages: memory.dueForSummary,
        timeZone,
        origin: 'summarizer',
      });
    }

    const { reply, keepBooks } = await queryModel(deps, conversation, {
      agent,
      provider: resolved.provider,
      model: resolved.model,
      prompt,
      turns,
      signal,
      operation: turnOperation(trigger),
      taskId: node.id,
      run: () =>
        provider.queryStructured({
          model: resolved.model,
          systemPrompt: prompt.text,
          turns,
          responseSchema: prompt.responseSchema,
          signal,
        }),
    });

    try {
      // The turn's history joins the archive with the turn's completion: what the live events
      // missed (a disconnect, a restart) and the network's own copy of what the agent sent.
      const described = new Map(shown.map((message) => [message.messageId, message]));
      const archiveHistory = () =>
        archiveMessages(
          store,
          conversation,
          history.map((message) => described.get(message.messageId) ?? message),
          deps.clock.now(),
        );
      // The call's books and how far the agent has read join the completion too: its record of
      // what it answered, which the unread scan goes by should the read receipt fail.
      const recordTurn = () => {
        keepBooks();
        archiveHistory();
        const newest = history.at(-1);
        if (newest) store.readMarks.advance(conversation, newest.messageId);
      };
      let tasks: ParsedTask[];
      try {
        tasks = assignGraphIds(parseTaskReply(reply.text).tasks, IMMEDIATE_KINDS);
      } catch (error) {
        if (!(error instanceof DiscardedReplyError)) throw error;
        deps.logger.warn({ conversation, err: error }, 'reply discarded: an element is not a task');
        await markRead(deps, conversation, history, trigger);
        return { record: recordTurn, log: { model: resolved.model, discarded: error.message } };
      }
      await markRead(deps, conversation, history, trigger);
      const plan = planFromReply(deps, {
        conversation,
        agent,
        receivedId: node.id,
        tasks,
        allowedKinds: new Set(prompt.allowedKinds),
        channelName: chat.title,
        timeZone,
        groupTriggerMessageId: isGroup ? trigger.messageId : null,
        model: resolved.model,
        maxMessages: historySize.maxMessagesPerReply,
        history,
        isGroup,
        drafts: requiresApproval(store, conversation),
        retrieval: { received: node, documents: retrieval.documents },
      });
      if (!isSelfChat) {
        deps.afterExchange(conversation, agent);
      }
      return { ...plan, record: recordTurn };
    } catch (error) {
      // The call was made and paid for, whatever became of the turn.
      deps.store.transaction(keepBooks);
      throw error;
    }
  };
}

interface ModelCall {
  agent: AgentConfig;
  provider: LlmProviderId;
  model: string;
  prompt: BuiltPrompt;
  turns: LlmTurn[];
  signal: AbortSignal;
  operation: string;
  taskId: string;
  run: () => Promise<LlmReply>;
}

/**
 * Calls the model. A failed call's exchange is written at once, for the Playground; a reply comes
 * with `keepBooks`, which writes its exchange and its usage and cost in the ledger, for the caller
 * to run inside a transaction of its choosing (once).
 */
async function queryModel(
  deps: ReceivedTurnDeps,
  conversation: ConversationKey,
  call: ModelCall,
): Promise<{ reply: LlmReply; keepBooks: () => void }> {
  const startedAt = deps.clock.now();
  const exchangeBase = {
    at: startedAt.toISOString(),
    provider: call.provider,
    model: call.model,
    sections: call.prompt.sections.map(({ id, title, text, stable }) => ({ id, title, text, stable })),
    turns: call.turns.map((turn) => ({ role: turn.role, parts: [...turn.parts] })),
  };
  let reply: LlmReply;
  deps.onThinking(conversation, startedAt);
  try {
    reply = await call.run();
    // Replies come in bursts; each is taken in on a turn of the event loop of its own.
    await deps.nextLoopTurn();
  } catch (error) {
    deps.onThinking(conversation, null);
    if (call.signal.aborted) throw error;
    const exchange: LlmExchangeView = {
      ...exchangeBase,
      rawReply: null,
      inputTokens: 0,
      outputTokens: 0,
      cachedTokens: 0,
      costUsd: null,
      latencyMs: Math.max(0, deps.clock.now().getTime() - startedAt.getTime()),
      error: error instanceof Error ? error.message : String(error),
    };
    deps.store.transaction(() => {
      deps.store.exchangeHistory.append(conversation, call.taskId, exchange);
    });
    deps.onExchange(conversation, exchange);
    throw error;
  }
  deps.onThinking(conversation, null);
  const costUsd = priceLlmCall(deps.store.llmPrices, {
    provider: call.provider,
    model: call.model,
    usage: reply.usage,
  });
  const exchange: LlmExchangeView = {
    ...exchangeBase,
    model: reply.model || call.model,
    rawReply: reply.text,
    inputTokens: reply.usage.inputTokens,
    outputTokens: reply.usage.outputTokens,
    cachedTokens: reply.usage.cachedTokens,
    thinkingTokens: reply.usage.thinkingTokens,
    costUsd,
    latencyMs: reply.latencyMs,
    error: null,
  };
  const keepBooks = () => {
    recordLlmUsage(deps.store, {
      agent: call.agent.configName,
      channelId: conversation.channelId,
      network: conversation.network,
      operation: call.operation,
      provider: call.provider,
      model: call.model,
      usage: reply.usage,
      latencyMs: reply.latencyMs,
      costUsd,
      taskIdentifier: call.taskId,
    });
    deps.store.exchangeHistory.append(conversation, call.taskId, exchange);
    deps.onExchange(conversation, exchange);
  };
  return { reply, keepBooks };
}

/**
 * The read receipt: up to the newest message, clearing the mentions and reactions the turn is
 * about. A failure only costs the receipt, never the turn.
 */
async function markRead(
  deps: ReceivedTurnDeps,
  conversation: ConversationKey,
  history: readonly ChatMsg[],
  trigger: ReturnType<typeof receivedParams>,
): Promise<void> {
  const newest = history.at(-1);
  if (!newest) return;
  try {
    await deps.port.markRead(conversation.agent, conversation.channelId, {
      upToMessageId: newest.messageId,
      clearMentions: trigger.clearMentions || trigger.callout,
      clearReactions: trigger.clearReactions || trigger.reactionMessageIds.length > 0,
    });
  } catch (error) {
    deps.logger.warn({ conversation, err: error }, 'read receipt failed');
  }
}
