import { describe, expect, it } from 'vitest';
import {
  failTask,
  isGraphIdle,
  nextRunnableTask,
  nextWakeTime,
  settleGraph,
} from '../../../src/main/engine/graph/graph-rules';
import { updateNode } from '../../../src/main/engine/graph/task-graph';
import { at, graphOf, NOW, statusOf } from './graph-fixtures';

const open = () => null;
const policy = { maxRetries: 10, retryIntervalSeconds: 10 };

describe('graph readiness', () => {
  it('runs a pending task once all its dependencies are done, in insertion order', () => {
    const graph = graphOf([
      { id: 'a', kind: 'send', params: { text: 'one' } },
      { id: 'b', kind: 'send', params: { text: 'two' }, dependsOn: ['a'] },
      { id: 'c', kind: 'react', params: {} },
    ]);
    expect(nextRunnableTask(graph, NOW, open)?.id).toBe('a');
    graph.node('a')!.status = 'active';
    expect(nextRunnableTask(graph, NOW, open)?.id).toBe('c');
    graph.node('a')!.status = 'done';
    expect(nextRunnableTask(graph, NOW, open)?.id).toBe('b');
  });

  it('never runs done, failed or cancelled tasks', () => {
    const graph = graphOf([
      { id: 'a', kind: 'send', status: 'done' },
      { id: 'b', kind: 'send', status: 'failed' },
      { id: 'c', kind: 'send', status: 'cancelled' },
    ]);
    expect(nextRunnableTask(graph, NOW, open)).toBeNull();
  });

  it('treats a dependency the graph does not have as done, so an invented id holds nothing up', () => {
    const graph = graphOf([{ id: 'a', kind: 'send', dependsOn: ['nowhere'] }]);
    expect(nextRunnableTask(graph, NOW, open)?.id).toBe('a');
  });

  it('holds a received task while its gate is closed and wakes when it opens', () => {
    const graph = graphOf([{ id: 'r', kind: 'received' }]);
    const gate = () => at(5);
    expect(nextRunnableTask(graph, NOW, gate)).toBeNull();
    expect(nextWakeTime(graph, NOW, gate)).toEqual(at(5));
    expect(nextRunnableTask(graph, at(5), gate)?.id).toBe('r');
  });
});

describe('waits', () => {
  it('turns a delay into a deadline the first time the wait is unblocked, and completes it when due', () => {
    const graph = graphOf([
      { id: 'r', kind: 'received' },
      { id: 'w', kind: 'wait', params: { delay: 30 }, dependsOn: ['r'] },
      { id: 's', kind: 'send', params: { text: 'hi' }, dependsOn: ['w'] },
    ]);
    settleGraph(graph, NOW);
    expect(graph.node('w')!.waitUntil).toBeNull();

    graph.node('r')!.status = 'done';
    settleGraph(graph, at(7));
    expect(graph.node('w')!.waitUntil).toBe(at(37).toISOString());
    expect(nextRunnableTask(graph, at(20), open)).toBeNull();
    expect(nextWakeTime(graph, at(20), open)).toEqual(at(37));

    settleGraph(graph, at(37));
    expect(statusOf(graph, 'w')).toBe('done');
    expect(nextRunnableTask(graph, at(37), open)?.id).toBe('s');
  });

  it('adds chained waits up: each starts when the one before it ends', () => {
    const graph = graphOf([
      { id: 'w1', kind: 'wait', params: { delay: 10 } },
      { id: 'w2', kind: 'wait', params: { delay: 20 }, dependsOn: ['w1'] },
    ]);
    settleGraph(graph, NOW);
    expect(graph.node('w1')!.waitUntil).toBe(at(10).toISOString());
    expect(graph.node('w2')!.waitUntil).toBeNull();
    settleGraph(graph, at(10));
    expect(statusOf(graph, 'w1')).toBe('done');
    expect(graph.node('w2')!.waitUntil).toBe(at(30).toISOString());
  });

  it('completes a zero-second wait at once and fails a wait without a valid delay, saying why', () => {
    const graph = graphOf([
      { id: 'zero', kind: 'wait', params: { delay: 0 } },
      { id: 'none', kind: 'wait', params: {} },
      { id: 'words', kind: 'wait', params: { delay: 'a while' } },
      { id: 'negative', kind: 'wait', params: { delay: -5 } },
      { id: 'after', kind: 'send', params: { text: 'hi' }, dependsOn: ['none'] },
    ]);
    settleGraph(graph, NOW);
    expect(statusOf(graph, 'zero')).toBe('done');
    expect(graph.node('none')).toMatchObject({ status: 'failed', lastError: 'wait task: delay is required' });
    expect(graph.node('words')!.status).toBe('failed');
    expect(graph.node('words')!.lastError).toMatch(/^wait task: delay /);
    expect(graph.node('negative')!.lastError).toBe('wait task: delay must be zero or more seconds');
    expect(statusOf(graph, 'after')).toBe('cancelled');
  });

  it('fails a wait longer than 30 days instead of overflowing the date (no throw, a reason)', () => {
    const graph = graphOf([
      { id: 'huge', kind: 'wait', params: { delay: 1e13 } },
      { id: 'month', kind: 'wait', params: { delay: 30 * 24 * 3600 } },
    ]);
    expect(() => settleGraph(graph, NOW)).not.toThrow();
    expect(graph.node('huge')).toMatchObject({
      status: 'failed',
      lastError: 'wait task: delay must be at most 2592000 seconds (30 days)',
    });
    expect(graph.node('month')!.waitUntil).toBe(at(30 * 24 * 3600).toISOString());
  });

  it("keeps the fractional delays of the engine's own waits", () => {
    const graph = graphOf([{ id: 'typing', kind: 'wait', params: { delay: 1.5, typing: true } }]);
    settleGraph(graph, NOW);
    expect(graph.node('typing')!.waitUntil).toBe(new Date(NOW.getTime() + 1500).toISOString());
  });
});

describe('retries', () => {
  it('inserts a retry wait the task depends on and counts the retry', () => {
    const graph = graphOf([{ id: 's', kind: 'send', status: 'active' }]);
    const outcome = failTask(
      graph,
      graph.node('s')!,
      { message: 'server said 500', retryable: true, retryAfterSeconds: null },
      policy,
      NOW,
    );
    expect(outcome).toBe('retrying');
    const task = graph.node('s')!;
    expect(task).toMatchObject({ status: 'pending', retries: 1, lastError: 'server said 500' });
    const wait = graph.node(task.dependsOn.at(-1)!)!;
    expect(wait).toMatchObject({
      kind: 'wait',
      params: { delay: 10, retry: true },
      waitUntil: at(10).toISOString(),
    });
    expect(nextRunnableTask(graph, at(9), open)).toBeNull();
    settleGraph(graph, at(10));
    expect(nextRunnableTask(graph, at(10), open)?.id).toBe('s');
  });

  it('fails for good once the retries are used up', () => {
    const graph = graphOf([{ id: 's', kind: 'send', status: 'active' }]);
    const task = graph.node('s')!;
    const failure = { message: 'still down', retryable: true, retryAfterSeconds: null };
    const outcomes: string[] = [];
    for (let attempt = 0; attempt <= 3; attempt++) {
      task.status = 'active';
      outcomes.push(failTask(graph, task, failure, { maxRetries: 3, retryIntervalSeconds: 10 }, NOW));
    }
    expect(outcomes).toEqual(['retrying', 'retrying', 'retrying', 'failed']);
    expect(task).toMatchObject({ status: 'failed', retries: 3, lastError: 'still down' });
  });

  it('fails a non-retryable error at once', () => {
    const graph = graphOf([{ id: 's', kind: 'send', status: 'active' }]);
    const outcome = failTask(
      graph,
      graph.node('s')!,
      { message: 'bad key', retryable: false, retryAfterSeconds: null },
      policy,
      NOW,
    );
    expect(outcome).toBe('failed');
    expect(graph.nodes).toHaveLength(1);
  });

  it('waits out a flood wait without counting a retry', () => {
    const graph = graphOf([{ id: 's', kind: 'send', status: 'active' }]);
    const task = graph.node('s')!;
    const outcome = failTask(
      graph,
      task,
      { message: 'flood', retryable: true, retryAfterSeconds: 42 },
      { maxRetries: 0, retryIntervalSeconds: 10 },
      NOW,
    );
    expect(outcome).toBe('flood-wait');
    expect(task).toMatchObject({ status: 'pending', retries: 0 });
    expect(nextWakeTime(graph, NOW, open)).toEqual(at(42));
  });
});

describe('cancellation', () => {
  it('cancels the dependants of a failed task, transitively, and leaves the rest alone', () => {
    const graph = graphOf([
      { id: 'a', kind: 'send', status: 'failed' },
      { id: 'b', kind: 'wait', params: { delay: 3 }, dependsOn: ['a'] },
      { id: 'c', kind: 'send', dependsOn: ['b'] },
      { id: 'd', kind: 'react' },
    ]);
    settleGraph(graph, NOW);
    expect(graph.nodes.map((node) => node.status)).toEqual(['failed', 'cancelled', 'cancelled', 'pending']);
  });

  it('never changes a done task', () => {
    const graph = graphOf([{ id: 'a', kind: 'send', status: 'done' }]);
    expect(() => updateNode(graph.node('a')!, { status: 'cancelled' }, NOW)).toThrow(/done/);
  });
});

describe('idleness', () => {
  it('counts a graph with only its presence window left as idle', () => {
    const graph = graphOf([
      { id: 'r', kind: 'received', status: 'done' },
      { id: 'o', kind: 'wait', params: { delay: 300, online: true } },
    ]);
    expect(isGraphIdle(graph)).toBe(true);
    graph.add({ ...graph.node('r')!, id: 's', kind: 'send', status: 'pending' });
    expect(isGraphIdle(graph)).toBe(false);
  });
});
