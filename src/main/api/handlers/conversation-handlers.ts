import { ApiError } from '../../../shared/api/errors';
import { formatChatQuery, parseChatQuery } from '../../../shared/domain/chat-query';
import { byNextRun } from '../../../shared/domain/plan-next';
import type { ApiHandlers } from '../dispatcher';
import { agentPlans } from './agent-plans';
import { type ConversationHandlerDeps, conversationAccess, planAction } from './conversation-access';
import { requireAgent } from './simulator-handlers';

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
  | 'plan.findConversation'
  | 'plan.agentOverview';

/**
 * The conversation views of the console. Chats and messages come from the network (the
 * Simulator, or the agent's Telegram account); graphs, exchanges and parameters from the
 * network's engine.
 */
export function createConversationHandlers(
  deps: ConversationHandlerDeps,
): Pick<ApiHandlers, ConversationProcedure> {
  const { networks, networkFor, inConversation } = conversationAccess(deps);

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
          ...(chat.archivedOnly ? { archivedOnly: true } : {}),
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
      if (engine.parameters(ref).operatorOnly) {
        throw new ApiError(
          'conflict',
          'You have taken this conversation over: release it to let the agent act.',
        );
      }
      return { started: await engine.requestTurn(ref, { xsendIntent: intent }) };
    },
    'plan.findConversation': async ({ agent, network, query }) => {
      const parsed = parseChatQuery(query);
      // The schema let only a valid query through.
      if ('error' in parsed) throw new ApiError('invalid_input', parsed.error);
      const chat = await networkFor(network).findChat(agent, parsed);
      if (!chat) {
        throw new ApiError(
          'not_found',
          network === 'simulator' && parsed.kind === 'phone'
            ? 'Simulated people have no phone numbers: use their @username or id.'
            : `${agent} can reach no chat or person ${formatChatQuery(parsed)}.`,
        );
      }
      return { chat };
    },
    'plan.clearPending': (ref) =>
      inConversation(ref, (engine) => ({ cancelled: engine.clearPending(ref), graph: engine.graph(ref) })),
    'conversations.updateParameters': ({ agent, network, channelId, ...patch }) => {
      const ref = { agent, network, channelId };
      return inConversation(ref, (engine) => engine.updateParameters(ref, patch));
    },
  };
}
