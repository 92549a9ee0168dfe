import type { TaskGraphView, TaskNodeView } from '../../../src/shared/domain/tasks';

/** A task of a test plan: a pending send unless told otherwise. */
export function task(id: string, overrides: Partial<TaskNodeView> = {}): TaskNodeView {
  return {
    id,
    kind: 'send',
    status: 'pending',
    params: {},
    dependsOn: [],
    retries: 0,
    waitUntil: null,
    lastError: null,
    createdAt: '2025-06-01T12:00:00.000Z',
    updatedAt: '2025-06-01T12:00:00.000Z',
    ...overrides,
  };
}

export function plan(id: string, nodes: TaskNodeView[], channelId = 1001): TaskGraphView {
  return { id, agent: 'Juniper', channelId, createdAt: '2025-06-01T12:00:00.000Z', nodes };
}

/**
 * A burst's plan: the turn, then "Hello" after a typing wait, a long wait, and "Bye" after it;
 * a reaction beside them.
 */
export function burstPlan(id = 'graph-1', channelId = 1001): TaskGraphView {
  return plan(
    id,
    [
      task('received-1', { kind: 'received', status: 'done', params: { messageId: 4, callout: false } }),
      task('wait-1', {
        kind: 'wait',
        status: 'done',
        params: { delay: 2, typing: true },
        dependsOn: ['received-1'],
      }),
      task('send-1', { status: 'done', params: { text: 'Hello' }, dependsOn: ['wait-1'] }),
      task('wait-2', {
        kind: 'wait',
        status: 'active',
        params: { delay: 600 },
        dependsOn: ['send-1'],
        waitUntil: '2025-06-01T12:10:00.000Z',
      }),
      task('send-2', { params: { text: 'Bye' }, dependsOn: ['wait-2'] }),
      task('react-1', { kind: 'react', params: { emoji: '👍', message_id: 4 }, dependsOn: ['received-1'] }),
    ],
    channelId,
  );
}
