import { ApiError } from '../../../../shared/api/errors';
import type { TaskGraphView } from '../../../../shared/domain/tasks';
import { type ChatRef, rememberReplaced } from '../model';
import type { SliceContext } from './slice-context';
import type { ChatView, EventActions, PlanActions, PlanOutcome } from './types';

/**
 * A chat's plan parts once `graph` is the plan: the last one seen stays after the runtime drops
 * it, and the one on screen joins the replaced plans when a replan gives a new graph id.
 */
export function nextGraphParts(
  view: ChatView,
  graph: TaskGraphView | null,
): Pick<ChatView, 'lastGraph' | 'replacedGraphs'> {
  return {
    lastGraph: graph ?? view.lastGraph,
    replacedGraphs: rememberReplaced(view.replacedGraphs, view.graph.value, graph),
  };
}

/** Refusals the operator reads as a notice: the task has just run, or the plan is gone. */
function refusalOf(error: unknown): string | null {
  if (error instanceof ApiError && (error.code === 'conflict' || error.code === 'not_found')) {
    return error.message;
  }
  return null;
}

export function createPlanSlice(ctx: SliceContext, applyGraph: EventActions['applyGraph']): PlanActions {
  const { api } = ctx;
  const act = async (
    ref: ChatRef,
    call: () => Promise<{ graph: TaskGraphView | null; cancelled?: string[] }>,
  ): Promise<PlanOutcome> => {
    try {
      const result = await call();
      applyGraph(ref, result.graph);
      return { done: true, cancelled: result.cancelled ?? [] };
    } catch (error) {
      const refusal = refusalOf(error);
      if (refusal === null) throw error;
      return { done: false, refusal };
    }
  };
  return {
    cancelTask: (ref, taskId) =>
      act(ref, () => api.call('plan.cancelTask', { ...ctx.networkRef(ref), taskId })),
    retryTask: (ref, taskId) =>
      act(ref, () => api.call('plan.retryTask', { ...ctx.networkRef(ref), taskId })),
    clearPending: (ref) => act(ref, () => api.call('plan.clearPending', ctx.networkRef(ref))),
  };
}
