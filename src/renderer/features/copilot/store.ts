import { createContext, useContext } from 'react';
import { useStore } from 'zustand';
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { ApiClient } from '../../../shared/api/client';
import type { ConversationRef, Network } from '../../../shared/api/conversation-contract';
import type { AgentSteeringView, OperatorMessage } from '../../../shared/api/copilot-contract';
import type { ChatInfo, StickerRef } from '../../../shared/domain/conversation';
import { errorMessage } from '../../api/errors';
import type { LoadStatus } from '../../ui/load-status';
import {
  createWaitingDraftsSlice,
  type WaitingDraftsActions,
  type WaitingDraftsState,
} from './waiting-drafts-slice';

export type AgentSteeringState = {
  status: LoadStatus;
  value: AgentSteeringView | null;
  error: string | null;
};

export interface CopilotActions extends WaitingDraftsActions {
  /** The agent's approval default and spending today, fetched (again). */
  loadAgent(agent: string): Promise<void>;
  /** Saves a change; rejects with the API error, whose issues name the field. */
  updateAgent(
    agent: string,
    patch: { requireApproval?: boolean; dailyLimitUsd?: number | null },
  ): Promise<AgentSteeringView>;
  liftLimit(agent: string): Promise<AgentSteeringView>;
  /** An agent's settings or spending changed state: fetched again if shown. */
  applyAgentChanged(agent: string): void;
  /** The stickers the agent can send on a network, asked once per agent and network. */
  stickersOf(agent: string, network: Network): Promise<StickerRef[]>;
  /** Sends as the agent (paced like it); rejects with the runtime's refusal. */
  send(ref: ConversationRef, message: OperatorMessage, replyTo: number | null): Promise<void>;
  approve(ref: ConversationRef, taskId: string, text?: string): Promise<void>;
  /** Resolves whether the agent started thinking again (an instruction was given). */
  reject(ref: ConversationRef, taskId: string, instruction?: string): Promise<boolean>;
  /** The chat a user id, @username or +phone names; rejects with the field's error or "not found". */
  findConversation(agent: string, network: Network, query: string): Promise<ChatInfo>;
  /** An intent for the agent in a conversation; resolves whether a new turn started (else it joined one due). */
  xsend(ref: ConversationRef, intent: string): Promise<boolean>;
  resync(): void;
}

export type CopilotState = {
  agents: Record<string, AgentSteeringState>;
  /** The conversations whose drafts wait for approval, shown wherever the operator is. */
  waiting: WaitingDraftsState;
  actions: CopilotActions;
};

export type CopilotStore = StoreApi<CopilotState>;

/**
 * The operator's co-pilot: each agent's approval default and daily spending limit (kept live by
 * `copilot.agentChanged`), the conversations whose drafts wait (kept live by each plan's
 * `conversation.graphChanged`), and the actions on a conversation (takeover sends, drafts). What
 * those change in a plan or a chat arrives through the conversation stores' own events.
 */
export function createCopilotStore(api: ApiClient): CopilotStore {
  const requests = new Map<string, number>();
  const stickers = new Map<string, Promise<StickerRef[]>>();

  return createStore<CopilotState>()((set, get) => {
    const patchAgent = (agent: string, change: Partial<AgentSteeringState>) =>
      set((state) => {
        const current = state.agents[agent] ?? { status: 'idle' as LoadStatus, value: null, error: null };
        return { agents: { ...state.agents, [agent]: { ...current, ...change } } };
      });
    const show = (view: AgentSteeringView) => {
      requests.set(view.agent, (requests.get(view.agent) ?? 0) + 1);
      patchAgent(view.agent, { status: 'ready', value: view, error: null });
      return view;
    };

    const actions: CopilotActions = {
      ...createWaitingDraftsSlice(api, set, get),
      async loadAgent(agent) {
        const request = (requests.get(agent) ?? 0) + 1;
        requests.set(agent, request);
        if (get().agents[agent]?.status !== 'ready') patchAgent(agent, { status: 'loading', error: null });
        try {
          const view = await api.call('copilot.agentSettings', { agent });
          if (requests.get(agent) === request)
            patchAgent(agent, { status: 'ready', value: view, error: null });
        } catch (error) {
          if (requests.get(agent) !== request) return;
          patchAgent(agent, {
            status: get().agents[agent]?.value ? 'ready' : 'error',
            error: errorMessage(error),
          });
        }
      },
      async updateAgent(agent, patch) {
        return show(await api.call('copilot.updateAgentSettings', { agent, ...patch }));
      },
      async liftLimit(agent) {
        return show(await api.call('copilot.liftLimit', { agent }));
      },
      applyAgentChanged(agent) {
        if (get().agents[agent]) void actions.loadAgent(agent);
      },
      stickersOf(agent, network) {
        const key = `${network}/${agent}`;
        let found = stickers.get(key);
        if (!found) {
          found = api.call('copilot.stickers', { agent, network }).then((answer) => answer.stickers);
          // A failure (the account away) is asked again next time.
          found.catch(() => stickers.delete(key));
          stickers.set(key, found);
        }
        return found;
      },
      async send(ref, message, replyTo) {
        await api.call('copilot.send', { ...ref, message, replyTo });
      },
      async approve(ref, taskId, text) {
        await api.call('copilot.approveDraft', { ...ref, taskId, ...(text === undefined ? {} : { text }) });
      },
      async reject(ref, taskId, instruction) {
        const trimmed = instruction?.trim() ?? '';
        const answer = await api.call('copilot.rejectDraft', {
          ...ref,
          taskId,
          ...(trimmed === '' ? {} : { instruction: trimmed }),
        });
        return answer.started;
      },
      async findConversation(agent, network, query) {
        return (await api.call('plan.findConversation', { agent, network, query })).chat;
      },
      async xsend(ref, intent) {
        return (await api.call('plan.xsend', { ...ref, intent })).started;
      },
      resync() {
        for (const agent of Object.keys(get().agents)) void actions.loadAgent(agent);
        void actions.reloadWaitingDrafts();
      },
    };
    return { agents: {}, waiting: { status: 'idle', chats: [], error: null }, actions };
  });
}

export const CopilotStoreContext = createContext<CopilotStore | null>(null);

export function useCopilotStore<T>(selector: (state: CopilotState) => T): T {
  const store = useContext(CopilotStoreContext);
  if (!store) throw new Error('useCopilotStore needs a CopilotStoreContext provider.');
  return useStore(store, selector);
}
