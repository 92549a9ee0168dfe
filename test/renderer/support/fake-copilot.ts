import type { ProcedureName } from '../../../src/shared/api/contract';
import type { AgentSteeringView } from '../../../src/shared/api/copilot-contract';
import { ApiError } from '../../../src/shared/api/errors';
import type { StickerRef } from '../../../src/shared/domain/conversation';
import type { TaskNodeView } from '../../../src/shared/domain/tasks';
import type { SimChat } from './fake-runtime';

const COPILOT_PROCEDURES = [
  'copilot.send',
  'copilot.approveDraft',
  'copilot.rejectDraft',
  'copilot.waitingDrafts',
  'copilot.stickers',
  'copilot.agentSettings',
  'copilot.updateAgentSettings',
  'copilot.liftLimit',
] as const;
type CopilotProcedure = (typeof COPILOT_PROCEDURES)[number];

export function isCopilotProcedure(method: string): method is CopilotProcedure {
  return (COPILOT_PROCEDURES as readonly string[]).includes(method);
}

interface FakeCopilotHost {
  simChat(agent: string, channelId: number): SimChat;
  simChats: ReadonlyMap<string, SimChat>;
  agentSays(agent: string, channelId: number, text: string, replyTo?: number | null): unknown;
  emit(name: string, payload: unknown): void;
  stickers: StickerRef[];
}

type ChatRef = { agent: string; channelId: number };

/**
 * The fake runtime's `copilot.*`: takeover texts go out at once (the fake has no pacing), drafts
 * in a chat's graph are approved (sent) or rejected with the engine's refusals, and each agent's
 * approval default and spending limit are kept in memory, with today's spend as a test sets it.
 */
export class FakeCopilot {
  readonly #host: FakeCopilotHost;
  readonly #settings = new Map<
    string,
    { requireApproval: boolean; dailyLimitUsd: number | null; lifted: boolean }
  >();
  /** What each agent spent today, as a test sets it. */
  readonly spentToday = new Map<string, number>();

  constructor(host: FakeCopilotHost) {
    this.#host = host;
  }

  view(agent: string): AgentSteeringView {
    const settings = this.#settings.get(agent) ?? {
      requireApproval: false,
      dailyLimitUsd: null,
      lifted: false,
    };
    const spent = this.spentToday.get(agent) ?? 0;
    return {
      agent,
      requireApproval: settings.requireApproval,
      dailyLimitUsd: settings.dailyLimitUsd,
      spentTodayUsd: spent,
      limitReached: settings.dailyLimitUsd !== null && spent >= settings.dailyLimitUsd && !settings.lifted,
      liftedToday: settings.lifted,
      day: '2026-03-02',
      resetsAt: '2026-03-03T00:00:00.000Z',
    };
  }

  answer(method: CopilotProcedure & ProcedureName, input: unknown): unknown {
    switch (method) {
      case 'copilot.send': {
        const { agent, channelId, message, replyTo } = input as ChatRef & {
          message: { kind: 'text'; text: string } | { kind: 'sticker'; name: string };
          replyTo?: number | null;
        };
        const text = message.kind === 'text' ? message.text : message.name;
        this.#host.agentSays(agent, channelId, text, replyTo ?? null);
        return { taskId: `send-operator-${Date.now()}`, graph: this.#host.simChat(agent, channelId).graph };
      }
      case 'copilot.approveDraft': {
        const { text, taskId, ...ref } = input as ChatRef & { taskId: string; text?: string };
        return this.#changeDraft(ref, taskId, (node) => {
          node.status = 'done';
          node.params = { ...node.params, draft: text === undefined ? 'approved' : 'edited' };
          if (node.kind === 'send')
            this.#host.agentSays(ref.agent, ref.channelId, text ?? String(node.params.text));
        });
      }
      case 'copilot.rejectDraft': {
        const { instruction, taskId, ...ref } = input as ChatRef & { taskId: string; instruction?: string };
        const { graph } = this.#changeDraft(ref, taskId, (node) => {
          node.status = 'cancelled';
          node.lastError = 'Rejected by the operator.';
        });
        return { started: instruction !== undefined && instruction !== '', graph };
      }
      case 'copilot.waitingDrafts': {
        const chats = [...this.#host.simChats.values()].flatMap((chat) => {
          const drafts =
            chat.graph?.nodes.filter((node) => node.status === 'pending' && node.params.draft === 'awaiting')
              .length ?? 0;
          const { channelId, title } = chat.info;
          return drafts > 0
            ? [{ agent: chat.agent, agentName: chat.agent, network: chat.network, channelId, title, drafts }]
            : [];
        });
        return { chats };
      }
      case 'copilot.stickers':
        return { stickers: this.#host.stickers };
      case 'copilot.agentSettings':
        return this.view((input as { agent: string }).agent);
      case 'copilot.updateAgentSettings': {
        const { agent, requireApproval, dailyLimitUsd } = input as {
          agent: string;
          requireApproval?: boolean;
          dailyLimitUsd?: number | null;
        };
        const current = this.view(agent);
        this.#settings.set(agent, {
          requireApproval: requireApproval ?? current.requireApproval,
          dailyLimitUsd: dailyLimitUsd === undefined ? current.dailyLimitUsd : dailyLimitUsd,
          lifted: current.liftedToday,
        });
        return this.#changed(agent);
      }
      case 'copilot.liftLimit': {
        const { agent } = input as { agent: string };
        const current = this.view(agent);
        this.#settings.set(agent, { ...current, lifted: true });
        return this.#changed(agent);
      }
      default:
        return method satisfies never;
    }
  }

  #changed(agent: string): AgentSteeringView {
    this.#host.emit('copilot.agentChanged', { agent });
    return this.view(agent);
  }

  #changeDraft(ref: ChatRef, taskId: string, change: (node: TaskNodeView) => void) {
    const chat = this.#host.simChat(ref.agent, ref.channelId);
    const node = chat.graph?.nodes.find((candidate) => candidate.id === taskId);
    if (!chat.graph || !node)
      throw new ApiError('not_found', `The plan has no task ${taskId} any more: it has run.`);
    if (node.params.draft !== 'awaiting' || node.status !== 'pending') {
      throw new ApiError('conflict', 'This draft was approved already.');
    }
    change(node);
    chat.graph = { ...chat.graph, nodes: [...chat.graph.nodes] };
    this.#host.emit('conversation.graphChanged', {
      agent: ref.agent,
      network: chat.network,
      channelId: ref.channelId,
      graph: chat.graph,
    });
    return { graph: chat.graph };
  }
}
