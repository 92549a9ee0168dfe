import type { TaskLogRowView } from '../../src/shared/api/conversation-tools-contract';

/** A task-log row as the console gets it: a `send` that ran, unless `extra` says otherwise. */
export function taskRow(id: number, at: string, extra: Partial<TaskLogRowView> = {}): TaskLogRowView {
  return {
    id,
    at,
    kind: 'send',
    outcome: 'done',
    failure: null,
    taskId: `t${id}`,
    operation: null,
    model: null,
    costUsd: null,
    ...extra,
  };
}
