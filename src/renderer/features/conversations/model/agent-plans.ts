import type { NextTask } from '../../../../shared/domain/plan-next';
import type { TaskGraphView } from '../../../../shared/domain/tasks';
import { formatSeconds } from './formatting';
import { taskInWords } from './plan-graph';

/** What a plan does next and when, as the agent-wide plan view words it. */
export type NextRunWords = { what: string; when: string };

/** "send “See you”" and "in 2 min 5 s", "now", "running", "after wait 12 s"; null when nothing will run. */
export function nextRunWords(graph: TaskGraphView, next: NextTask | null, now: number): NextRunWords | null {
  if (!next) return null;
  const node = graph.nodes.find((candidate) => candidate.id === next.taskId);
  const what = node ? taskInWords(node) : next.kind;
  switch (next.when) {
    case 'running':
      return { what, when: 'running now' };
    case 'now':
      return { what, when: 'now' };
    case 'approval':
      return { what, when: 'waiting for your approval' };
    case 'at': {
      const seconds = Math.max(0, Math.round((Date.parse(next.at ?? '') - now) / 1000));
      return { what, when: seconds === 0 ? 'now' : `in ${formatSeconds(seconds)}` };
    }
    case 'after': {
      const blocker = graph.nodes.find((candidate) => candidate.id === next.afterTaskId);
      return { what, when: `after ${blocker ? taskInWords(blocker, 24) : 'another task'}` };
    }
  }
}
