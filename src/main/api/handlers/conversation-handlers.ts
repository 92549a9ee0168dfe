import { ApiError, type ConversationRef, type Network } from '../../../shared/api';
import type { ChatMsg } from '../../../shared/domain/conversation';
import { byNextRun } from '../../../shared/domain/plan-next';
import type { ConfigService } from '../../config';
import { type ConversationEngine, TaskActionError } from '../../engine';
import { type ChatSummary, MessagingError, type MessagingPort } from '../../messaging/port';
import type { MessagePage, MessagePageQuery, Simulator } from '../../simulator';
import type { ApiHandlers } from '../dispatcher';
import { agentPlans } from './agent-plans';
import { requireAgent, withSimulator } from './simulator-handlers';

/** Telegram as the console reads it: the port over the agents' accounts and the engine on it. */
export interface TelegramConversationDeps {
  port: MessagingPort;
  engine: ConversationEngine;
  /** The agent's account is connected now (the port can answer for it). */
  isConnected(agent: string): boolean;
}

export interface ConversationHandlerDeps {
  simulator: Simulator;
  simulatorEngine: ConversationEngine;
  /** Absent when this Troupe runs no Telegram. */
  telegram?: TelegramConversationDeps;
  config: ConfigService;
  /** Messages with their media described as far as Troupe knows (never asking a model). */
  describeMedia: (messages: ChatMsg[]) => ChatMsg[];
}

type ConversationProcedure =
  | 'conversations.list'
  | 'conversations.messages'
  | 'conversations.graph'
  | 'conversations.lastExchange'
  | 'conversations.exchanges'
  | 'conversations.provenance'
  | 'conversations.parameters'
  | 'conversations.updateParameters'
  | 'plan.cancelTask'
  | 'plan.retryTask'
  | 'plan.clearPending'
  | 'plan.xsend'
  | 'plan.agentOverview';

/** Every simulated chat: the operator made them all, so they are few. */
const SIMULATOR_CHATS_LIMIT = 1_000;
/** The newest Telegram chats; an agent's account may have thousands. */
const TELEGRAM_CHATS_LIMIT = 100;

/**
 * What the handlers need of one network: its chats and messages (checked and with errors in API
 * terms), and the engine that holds the conversations' graphs, exchanges and parameters.
 */
interface NetworkConversations {
  engine: ConversationEngine;
  listChats(agent: string): Promise<ChatSummary[]>;
  messages(agent: string, channelId: number, query: MessagePageQuery): Promise<MessagePage>;
  /** Throws the ApiError that says why the conversation cannot be looked at. */
  requireConversation(ref: ConversationRef): Promise<void>;
}

function simulatorConversations(deps: ConversationHandlerDeps): NetworkConversations {
  const { simulator, config } = deps;
  return {
    engine: deps.simulatorEngine,
    listChats: (agent) =>
      withSimulator(config, agent, () => simulator.listChats(agent, { limit: SIMULATOR_CHATS_LIMIT })),
    messages: (agent, channelId, query) =>
      withSimulator(config, agent, () => simulator.messages(agent, channelId, query)),
    requireConversation: ({ agent, channelId }) =>
      withSimulator(config, agent, () => {
        simulator.chat(agent, channelId);
      }),
  };
}

function telegramConversations(
  telegram: TelegramConversationDeps,
  config: ConfigService,
): NetworkConversations {
  const { port } = telegram;
  /** Asks Telegram on the agent's account, which must be connected. */
  const onAccount = async <T>(agent: string, call: () => Promise<T>): Promise<T> => {
    requireAgent(config, agent);
    if (!telegram.isConnected(agent)) {
      throw new ApiError('unavailable', `${agent} is not connected to Telegram; log it in or enable it.`);
    }
    try {
      return await call();
    } catch (error) {
      throw telegramApiError(error);
    }
  };
  return {
    engine: telegram.engine,
    listChats: (agent) => onAccount(agent, () => port.listChats(agent, { limit: TELEGRAM_CHATS_LIMIT })),
    messages: (agent, channelId, { beforeMessageId, limit }) =>
      onAccount(agent, async () => {
        // One more than asked says whether older messages exist.
        const page = await port.fetchHistory(agent, channelId, {
          limit: limit + 1,
          ...(beforeMessageId === undefined ? {} : { beforeMessageId }),
        });
        const hasMore = page.length > limit;
        return { messages: hasMore ? page.slice(1) : page, hasMore };
      }),
    // Graphs, exchanges and parameters are kept locally: they can be read while the agent is away.
    requireConversation: async ({ agent }) => requireAgent(config, agent),
  };
}

/** The engine's refusal of a plan action, as the API says it. */
function planAction<T>(act: () => T): T {
  try {
    return act();
  } catch (error) {
    if (error instanceof TaskActionError) throw new ApiError(error.kind, error.message);
    throw error;
  }
}

/** Telegram's refusals in API terms: try again later, or it cannot be done. */
function telegramApiError(error: unknown): unknown {
  if (!(error instanceof MessagingError)) return error;
  return new ApiError(error.retryable ? 'unavailable' : 'conflict', error.message);
}

/**
 * The conversation views of the console. Chats and messages come from the network (the
 * Simulator, or the agent's Telegram account); graphs, exchanges and parameters from the
 * network's engine.
 */
export function createConversationHandlers(
  deps: ConversationHandlerDeps,
): Pick<ApiHandlers, ConversationProcedure> {
  const networks: Partial<Record<Network, NetworkConversations>> = {
    simulator: simulatorConversations(deps),
    ...(deps.telegram ? { telegram: telegramConversations(deps.telegram, deps.config) } : {}),
  };
  /** A network that does not run answers plainly instead of pretending to have no conversations. */
  const networkFor = (network: Network): NetworkConversations => {
    const found = networks[network];
    if (!found) {
      throw new ApiError('unavailable', `Conversations on ${network} are not available in this Troupe.`);
    }
    return found;
  };

  /** Checks the agent and the conversation, then answers from its network's engine. */
  const inConversation = async <T>(
    ref: ConversationRef,
    answer: (engine: ConversationEngine) => T,
  ): Promise<T> => {
    const network = networkFor(ref.network);
    await network.requireConversation(ref);
    return answer(network.engine);
  };

  return {
    'conversations.list': async ({ agent, network = 'simulator' }) => {
      const { engine, listChats } = networkFor(network);
      const chats = await listChats(agent);
      return {
        conversations: chats.map((chat) => ({
          agent,
          network,
          channelId: chat.channelId,
          kind: chat.kind,
          title: chat.title,
          lastMessage: chat.lastMessage && (deps.describeMedia([chat.lastMessage])[0] ?? null),
          unreadCount: chat.unreadCount,
          pendingTasks: engine.unfinishedTasks({ agent, network, channelId: chat.channelId }),
        })),
      };
    },
    'conversations.messages': async ({ agent, network, channelId, beforeMessageId, limit }) => {
      const page = await networkFor(network).messages(agent, channelId, {
        limit,
        ...(beforeMessageId === undefined ? {} : { beforeMessageId }),
      });
      return { ...page, messages: deps.describeMedia(page.messages) };
    },
    'conversations.graph': (ref) => inConversation(ref, (engine) => ({ graph: engine.graph(ref) })),
    'conversations.lastExchange': (ref) =>
      inConversation(ref, (engine) => ({ exchange: engine.lastExchange(ref) })),
    'conversations.parameters': (ref) => inConversation(ref, (engine) => engine.parameters(ref)),
    'conversations.exchanges': ({ beforeId, limit, ...ref }) =>
      inConversation(ref, (engine) => {
        // One more than asked says whether older exchanges exist.
        const page = engine.exchanges(ref, {
          limit: limit + 1,
          ...(beforeId === undefined ? {} : { beforeId }),
        });
        return { exchanges: page.slice(0, limit), hasMore: page.length > limit };
      }),
    'conversations.provenance': ({ messageId, reaction, ...ref }) =>
      inConversation(ref, (engine) => engine.provenance(ref, messageId, reaction)),
    'plan.agentOverview': async ({ agent, network }) => {
      requireAgent(deps.config, agent);
      const now = Date.now();
      const engines = network ? [networkFor(network).engine] : Object.values(networks).map((n) => n.engine);
      return {
        plans: byNextRun(
          engines.flatMap((engine) => agentPlans(engine, agent, now)),
          now,
        ),
      };
    },
    'plan.cancelTask': ({ taskId, ...ref }) =>
      inConversation(ref, (engine) =>
        planAction(() => ({ cancelled: engine.cancelTask(ref, taskId), graph: engine.graph(ref) })),
      ),
    'plan.retryTask': ({ taskId, ...ref }) =>
      inConversation(ref, (engine) =>
        planAction(() => {
          engine.retryTask(ref, taskId);
          return { graph: engine.graph(ref) };
        }),
      ),
    'plan.xsend': async ({ intent, ...ref }) => {
      const { engine } = networkFor(ref.network);
      await networkFor(ref.network).requireConversation(ref);
      return { started: await engine.requestTurn(ref, { xsendIntent: intent }) };
    },
    'plan.clearPending': (ref) =>
      inConversation(ref, (engine) => ({ cancelled: engine.clearPending(ref), graph: engine.graph(ref) })),
    'conversations.updateParameters': ({ agent, network, channelId, ...patch }) => {
      const ref = { agent, network, channelId };
      return inConversation(ref, (engine) => engine.updateParameters(ref, patch));
    },
  };
}
