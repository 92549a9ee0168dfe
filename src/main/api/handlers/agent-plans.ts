import type { AgentPlan } from '../../../shared/api/plan-contract';
import { nextTask } from '../../../shared/domain/plan-next';
import { TASK_STATUSES, type TaskStatus } from '../../../shared/domain/tasks';
import type { ConversationEngine } from '../../engine';

function countsOf(plan: AgentPlan['graph']): Record<TaskStatus, number> {
  const counts = Object.fromEntries(TASK_STATUSES.map((status) => [status, 0])) as Record<TaskStatus, number>;
  for (const node of plan.nodes) counts[node.status] += 1;
  return counts;
}

/** The agent's live plans on one network's engine, each with its counts, next task and paused flag. */
export function agentPlans(engine: ConversationEngine, agent: string, now: number): AgentPlan[] {
  return engine.plans(agent).map(({ conversation, title, graph }) => ({
    ...conversation,
    title,
    paused: engine.parameters(conversation).paused,
    counts: countsOf(graph),
    next: nextTask(graph, now),
    graph,
  }));
}
