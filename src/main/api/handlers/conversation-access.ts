import { ApiError, type ConversationRef, type Network } from '../../../shared/api';
import type { ChatQuery } from '../../../shared/domain/chat-query';
import type { ChatInfo, ChatMsg, StickerRef } from '../../../shared/domain/conversation';
import type { ConfigService } from '../../config';
import { type ConversationEngine, TaskActionError } from '../../engine';
import { type ChatSummary, MessagingError, type MessagingPort } from '../../messaging/port';
import type { MessagePage, MessagePageQuery, Simulator } from '../../simulator';
import type { ArchivedChats } from './archived-chats';
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
  /** The Telegram chats an agent is no longer in, as Troupe archived them. */
  archivedChats: ArchivedChats;
  config: ConfigService;
  /** Messages with their media described as far as Troupe knows (never asking a model). */
  describeMedia: (messages: ChatMsg[]) => ChatMsg[];
}

/** Every simulated chat: the operator made them all, so they are few. */
const SIMULATOR_CHATS_LIMIT = 1_000;
/** The newest Telegram chats; an agent's account may have thousands. */
const TELEGRAM_CHATS_LIMIT = 100;

/** A chat of the list; `archivedOnly` when the agent is no longer in it and the archive is all there is. */
export type ListedChat = ChatSummary & { archivedOnly?: boolean };

/**
 * What the handlers need of one network: its chats and messages (checked and with errors in API
 * terms), and the engine that holds the conversations' graphs, exchanges and parameters.
 */
interface NetworkConversations {
  engine: ConversationEngine;
  listChats(agent: string): Promise<ListedChat[]>;
  messages(
    agent: string,
    channelId: number,
    query: MessagePageQuery,
  ): Promise<MessagePage & { archivedOnly?: boolean }>;
  /** Throws the ApiError that says why the conversation cannot be looked at. */
  requireConversation(ref: ConversationRef): Promise<void>;
  /** The stickers the agent can send here (its sticker sets). */
  listStickers(agent: string): Promise<StickerRef[]>;
  /** The chat a query names, as the agent would reach it; null when there is none. */
  findChat(agent: string, query: ChatQuery): Promise<ChatInfo | null>;
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
    listStickers: (agent) => withSimulator(config, agent, () => simulator.listStickers(agent)),
    findChat: (agent, query) => withSimulator(config, agent, () => simulator.findChat(agent, query)),
  };
}

function telegramConversations(
  telegram: TelegramConversationDeps,
  config: ConfigService,
  archived: ArchivedChats,
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
    listChats: (agent) =>
      onAccount(agent, async () => {
        const live = await port.listChats(agent, { limit: TELEGRAM_CHATS_LIMIT });
        archived.rememberTitles(agent, live);
        const complete = live.length < TELEGRAM_CHATS_LIMIT;
        const gone = archived
          .missingFrom(agent, live, complete)
          .map((chat) => ({ ...chat, archivedOnly: true }));
        return [...live, ...gone];
      }),
    messages: (agent, channelId, query) =>
      onAccount(agent, async () => {
        const { beforeMessageId, limit } = query;
        try {
          // One more than asked says whether older messages exist.
          const page = await port.fetchHistory(agent, channelId, {
            limit: limit + 1,
            ...(beforeMessageId === undefined ? {} : { beforeMessageId }),
          });
          const hasMore = page.length > limit;
          return { messages: hasMore ? page.slice(1) : page, hasMore };
        } catch (error) {
          // Telegram will not show a chat the agent left (CHANNEL_PRIVATE, an unknown chat): the
          // archive does, read-only. A failure that may pass (a wait, no connection) stays one.
          const gone = error instanceof MessagingError && !error.retryable;
          const page = gone ? archived.page({ agent, network: 'telegram', channelId }, query) : null;
          if (page) return { ...page, archivedOnly: true };
          throw error;
        }
      }),
    // Graphs, exchanges and parameters are kept locally: they can be read while the agent is away.
    requireConversation: async ({ agent }) => requireAgent(config, agent),
    listStickers: (agent) => onAccount(agent, () => port.listStickers(agent)),
    findChat: (agent, query) => onAccount(agent, () => port.findChat(agent, query)),
  };
}

/** The engine's refusal of a plan action (or a promise of one), as the API says it. */
export function planAction<T>(act: () => T): T {
  const refusal = (error: unknown) =>
    error instanceof TaskActionError ? new ApiError(error.kind, error.message) : error;
  try {
    const result = act();
    if (result instanceof Promise) {
      return result.catch((error: unknown) => {
        throw refusal(error);
      }) as T;
    }
    return result;
  } catch (error) {
    throw refusal(error);
  }
}

/** Telegram's refusals in API terms: try again later, or it cannot be done. */
function telegramApiError(error: unknown): unknown {
  if (!(error instanceof MessagingError)) return error;
  return new ApiError(error.retryable ? 'unavailable' : 'conflict', error.message);
}

/** The networks' conversations as the handlers reach them, each checked before it is answered from. */
export function conversationAccess(deps: ConversationHandlerDeps) {
  const networks: Partial<Record<Network, NetworkConversations>> = {
    simulator: simulatorConversations(deps),
    ...(deps.telegram
      ? { telegram: telegramConversations(deps.telegram, deps.config, deps.archivedChats) }
      : {}),
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
    answer: (engine: ConversationEngine) => T | Promise<T>,
  ): Promise<T> => {
    const network = networkFor(ref.network);
    await network.requireConversation(ref);
    return answer(network.engine);
  };
  return { networks, networkFor, inConversation };
}
