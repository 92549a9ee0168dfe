import type { AgentPlan } from '../../../../shared/api/plan-contract';
import { nextTask } from '../../../../shared/domain/plan-next';
import type { TaskGraphView } from '../../../../shared/domain/tasks';
import { errorMessage } from '../../../api/errors';
import { type ChatRef, countByStatus, unfinishedTaskCount } from '../model';
import type { SliceContext } from './slice-context';
import type { AgentPlanActions, Loadable } from './types';

export type AgentPlansSlice = {
  actions: AgentPlanActions;
  /** A conversation's plan changed: its row follows, goes when nothing is left, or is fetched when new. */
  applyGraph(ref: ChatRef, graph: TaskGraphView | null): void;
};

/** A row with its plan replaced: counts and what runs next read again from the new graph. */
function withGraph(plan: AgentPlan, graph: TaskGraphView, now: number): AgentPlan {
  return { ...plan, graph, counts: countByStatus(graph.nodes), next: nextTask(graph, now) };
}

/**
 * The agent-wide plan view's rows: fetched once a view asks (`plan.agentOverview`), then moved on
 * by graph events alone. A conversation the rows do not know yet is fetched with the others, its
 * title being the runtime's; the fetches a burst of events asks for are folded into one.
 */
export function createAgentPlansSlice(ctx: SliceContext, refreshMs: number): AgentPlansSlice {
  const { api, set, get } = ctx;
  const requests = new Map<string, number>();
  const refreshes = new Map<string, ReturnType<typeof setTimeout>>();
  const patch = (agent: string, value: Loadable<AgentPlan[]>) =>
    set((s) => ({ agentPlans: { ...s.agentPlans, [agent]: value } }));

  const loadAgentPlans = async (agent: string) => {
    const request = (requests.get(agent) ?? 0) + 1;
    requests.set(agent, request);
    const current = get().agentPlans[agent];
    patch(agent, {
      status: current?.status === 'ready' ? 'ready' : 'loading',
      value: current?.value ?? [],
      error: null,
    });
    try {
      const { plans } = await api.call('plan.agentOverview', { agent, network: ctx.network });
      if (requests.get(agent) === request) patch(agent, { status: 'ready', value: plans, error: null });
    } catch (error) {
      if (requests.get(agent) !== request) return;
      patch(agent, { ...get().agentPlans[agent]!, status: 'error', error: errorMessage(error) });
    }
  };

  const scheduleRefresh = (agent: string) => {
    if (refreshes.has(agent)) return;
    refreshes.set(
      agent,
      setTimeout(() => {
        refreshes.delete(agent);
        void loadAgentPlans(agent);
      }, refreshMs),
    );
  };

  return {
    actions: { loadAgentPlans },
    applyGraph(ref, graph) {
      const rows = get().agentPlans[ref.agent];
      if (!rows || rows.status === 'idle') return;
      const live = graph !== null && unfinishedTaskCount(graph) > 0 ? graph : null;
      const index = rows.value.findIndex((plan) => plan.channelId === ref.channelId);
      if (index < 0) {
        if (live) scheduleRefresh(ref.agent);
        return;
      }
      const value = live
        ? rows.value.map((plan, i) => (i === index ? withGraph(plan, live, ctx.now()) : plan))
        : rows.value.filter((_, i) => i !== index);
      patch(ref.agent, { ...rows, value });
    },
  };
}
