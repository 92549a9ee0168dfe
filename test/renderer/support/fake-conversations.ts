import type { ProcedureInput } from '../../../src/shared/api/contract';
import {
  type ConversationParameters,
  type ConversationSummary,
  conversationProcedures,
  type Network,
} from '../../../src/shared/api/conversation-contract';
import { planProcedures } from '../../../src/shared/api/plan-contract';
import type { ReplyPolicy } from '../../../src/shared/domain/conversation';
import type { TaskGraphView } from '../../../src/shared/domain/tasks';
import type { SimChat } from './fake-chats';
import * as plan from './fake-plan';
import type { FakeRuntime } from './fake-runtime';

type ConversationProcedure =
  | Extract<keyof typeof conversationProcedures, `conversations.${string}`>
  | keyof typeof planProcedures;

/** The conversation views' reads and parameters, and the operator's plan actions (`conversations.*`, `plan.*`). */
export function isConversationProcedure(method: string): method is ConversationProcedure {
  return (
    (method.startsWith('conversations.') && Object.hasOwn(conversationProcedures, method)) ||
    Object.hasOwn(planProcedures, method)
  );
}

/** What these procedures read and change in the fake runtime. */
type ConversationState = Pick<
  FakeRuntime,
  'chats' | 'simChats' | 'xsends' | 'provenance' | 'agents' | 'settings' | 'copilot' | 'emit'
>;

export function answerConversation(
  runtime: ConversationState,
  method: ConversationProcedure,
  input: unknown,
): unknown {
  const { chats } = runtime;
  switch (method) {
    case 'conversations.list': {
      const { agent, network } = input as { agent: string; network?: Network };
      if (network === 'telegram') chats.requireConnected(agent);
      const conversations: ConversationSummary[] = [...runtime.simChats.values()]
        .filter((chat) => chat.agent === agent && (network === undefined || chat.network === network))
        .map((chat) => chats.summary(chat));
      return { conversations };
    }
    case 'conversations.messages': {
      const { beforeMessageId, limit } = input as { beforeMessageId?: number; limit: number };
      const chat = chats.networkChat(input);
      const older = chat.messages.filter(
        (message) => beforeMessageId === undefined || message.messageId < beforeMessageId,
      );
      return { messages: older.slice(-limit), hasMore: older.length > limit };
    }
    case 'conversations.graph': {
      return { graph: chats.networkChat(input).graph };
    }
    case 'plan.cancelTask':
      return changePlan(runtime, input, (graph) =>
        plan.cancelTask(graph, (input as { taskId: string }).taskId),
      );
    case 'plan.retryTask': {
      const { graph } = changePlan(runtime, input, (current) =>
        plan.retryTask(current, (input as { taskId: string }).taskId),
      );
      return { graph };
    }
    case 'plan.clearPending':
      return changePlan(runtime, input, plan.clearPending);
    case 'conversations.provenance':
      chats.networkChat(input);
      return runtime.provenance.provenance(
        input as ProcedureInput<'conversations.provenance'> & { reaction: boolean },
      );
    case 'plan.agentOverview':
      return plan.agentOverview(
        runtime.simChats.values(),
        input as { agent: string; network?: Network },
        Date.now(),
      );
    case 'plan.xsend': {
      const { intent, ...ref } = input as {
        agent: string;
        network: Network;
        channelId: number;
        intent: string;
      };
      chats.networkChat(ref);
      runtime.xsends.push({ ...ref, intent });
      return { started: true };
    }
    case 'plan.findConversation':
      return plan.findConversation(
        runtime.simChats.values(),
        input as { agent: string; network: Network; query: string },
      );
    case 'conversations.lastExchange': {
      return { exchange: chats.networkChat(input).exchange };
    }
    case 'conversations.exchanges':
      return runtime.provenance.exchanges(
        input as { beforeId?: number; limit: number },
        chats.networkChat(input),
      );
    case 'conversations.parameters': {
      return parameters(runtime, chats.networkChat(input));
    }
    case 'conversations.updateParameters': {
      const patch = input as {
        llmOverride?: string | null;
        gaggedOverride?: boolean | null;
        replyPolicy?: ReplyPolicy;
        paused?: boolean;
        operatorOnly?: boolean;
        approvalOverride?: boolean | null;
      };
      const chat = chats.networkChat(input);
      if (patch.paused !== undefined) chat.paused = patch.paused;
      if (patch.operatorOnly !== undefined) chat.operatorOnly = patch.operatorOnly;
      if (patch.approvalOverride !== undefined) chat.approvalOverride = patch.approvalOverride;
      if (patch.llmOverride !== undefined) chat.llmOverride = patch.llmOverride;
      if (patch.gaggedOverride !== undefined) chat.gaggedOverride = patch.gaggedOverride;
      if (patch.replyPolicy !== undefined) chat.replyPolicy = patch.replyPolicy;
      return parameters(runtime, chat);
    }
    default:
      return method satisfies never;
  }
}

/** Applies a plan action to the chat's graph and announces the new graph, as the engine does. */
function changePlan(
  runtime: ConversationState,
  input: unknown,
  change: (graph: TaskGraphView | null) => { graph: TaskGraphView | null; cancelled: string[] },
): { graph: TaskGraphView | null; cancelled: string[] } {
  const chat = runtime.chats.networkChat(input);
  const outcome = change(chat.graph);
  chat.graph = outcome.graph;
  const { agent, network } = chat;
  runtime.emit('conversation.graphChanged', {
    agent,
    network,
    channelId: chat.info.channelId,
    graph: chat.graph,
  });
  return outcome;
}

function parameters(runtime: ConversationState, chat: SimChat): ConversationParameters {
  const config = runtime.agents.find((candidate) => candidate.config.configName === chat.agent)?.config;
  const agentLlm = config?.llm ?? runtime.settings.engine.defaultAgentLlm;
  const agentGagged = config?.gagged ?? false;
  return {
    llmOverride: chat.llmOverride,
    effectiveLlm: chat.llmOverride ?? agentLlm,
    gaggedOverride: chat.gaggedOverride,
    gagged: chat.gaggedOverride ?? agentGagged,
    replyPolicy: chat.replyPolicy,
    paused: chat.paused,
    operatorOnly: chat.operatorOnly,
    approvalOverride: chat.approvalOverride,
    approval: chat.approvalOverride ?? runtime.copilot.view(chat.agent).requireApproval,
  };
}
