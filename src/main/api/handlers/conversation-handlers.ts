import { ApiError, type ConversationRef, type Network } from '../../../shared/api';
import type { ConversationEngine } from '../../engine';
import type { ConfigService } from '../../runtime/config-service';
import type { Simulator } from '../../simulator';
import type { ApiHandlers } from '../dispatcher';
import { withSimulator } from './simulator-handlers';

export interface ConversationHandlerDeps {
  /** The engine of each network that runs; Telegram joins later. */
  engines: Partial<Record<Network, ConversationEngine>>;
  simulator: Simulator;
  config: ConfigService;
}

type ConversationProcedure =
  | 'conversations.list'
  | 'conversations.messages'
  | 'conversations.graph'
  | 'conversations.lastExchange'
  | 'conversations.parameters'
  | 'conversations.updateParameters';

/** A network with no engine answers plainly instead of pretending to have no conversations. */
function engineFor(deps: ConversationHandlerDeps, network: Network): ConversationEngine {
  const engine = deps.engines[network];
  if (!engine) {
    throw new ApiError('unavailable', `Conversations on ${network} are not available yet in this Troupe.`);
  }
  return engine;
}

/**
 * The conversation views of the console. Chats and messages come from the network (only the
 * Simulator for now); graphs, exchanges and parameters from the network's engine.
 */
export function createConversationHandlers(
  deps: ConversationHandlerDeps,
): Pick<ApiHandlers, ConversationProcedure> {
  const { simulator, config } = deps;

  /** Checks the agent and that the conversation exists, then answers from its network's engine. */
  const inConversation = <T>(ref: ConversationRef, answer: (engine: ConversationEngine) => T): Promise<T> => {
    const engine = engineFor(deps, ref.network);
    return withSimulator(config, ref.agent, () => {
      simulator.chat(ref.agent, ref.channelId);
      return answer(engine);
    });
  };

  return {
    'conversations.list': ({ agent, network = 'simulator' }) => {
      const engine = engineFor(deps, network);
      return withSimulator(config, agent, () => ({
        conversations: simulator.listChats(agent).map((chat) => ({
          agent,
          network,
          channelId: chat.channelId,
          kind: chat.kind,
          title: chat.title,
          lastMessage: chat.lastMessage,
          unreadCount: chat.unreadCount,
          pendingTasks: engine.unfinishedTasks({ agent, network, channelId: chat.channelId }),
        })),
      }));
    },
    'conversations.messages': ({ agent, network, channelId, beforeMessageId, limit }) => {
      engineFor(deps, network);
      return withSimulator(config, agent, () =>
        simulator.messages(agent, channelId, {
          limit,
          ...(beforeMessageId === undefined ? {} : { beforeMessageId }),
        }),
      );
    },
    'conversations.graph': (ref) => inConversation(ref, (engine) => ({ graph: engine.graph(ref) })),
    'conversations.lastExchange': (ref) =>
      inConversation(ref, (engine) => ({ exchange: engine.lastExchange(ref) })),
    'conversations.parameters': (ref) => inConversation(ref, (engine) => engine.parameters(ref)),
    'conversations.updateParameters': ({ agent, network, channelId, ...patch }) => {
      const ref = { agent, network, channelId };
      return inConversation(ref, (engine) => engine.updateParameters(ref, patch));
    },
  };
}
