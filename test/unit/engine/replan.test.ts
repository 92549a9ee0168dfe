import { describe, expect, it } from 'vitest';
import {
  NO_TRIGGER,
  type ReceivedParams,
  receivedParams,
} from '../../../src/main/engine/graph/received-task';
import { type InsertReceivedInput, insertReceivedTask } from '../../../src/main/engine/graph/replan';
import type { TaskGraph } from '../../../src/main/engine/graph/task-graph';
import { at, DIRECT, graphOf, NOW, statusOf } from './graph-fixtures';

function insert(current: TaskGraph | null, trigger: Partial<ReceivedParams>, now = NOW) {
  const input: InsertReceivedInput = {
    current,
    conversation: DIRECT,
    context: { isGroup: false, channelName: 'Pat' },
    trigger: { ...NO_TRIGGER, ...trigger },
    now,
  };
  return insertReceivedTask(input);
}

function graphAfter(result: ReturnType<typeof insert>): TaskGraph {
  if (result.outcome === 'duplicate') throw new Error('expected a graph');
  return result.graph;
}

describe('coalescing into a pending received task', () => {
  it('makes a first graph with one received task', () => {
    const result = insert(null, { messageId: 5, clearMentions: false });
    expect(result.outcome).toBe('replanned');
    const graph = graphAfter(result);
    expect(graph.nodes.map((node) => node.kind)).toEqual(['received']);
    expect(receivedParams(graph.nodes[0]!).messageId).toBe(5);
  });

  it('absorbs a burst: one received task with the newest message id, callout, intent and guidance kept', () => {
    const guidance = { heldBack: ['See you at 5'], instruction: 'Say 6 instead.' };
    let graph = graphAfter(insert(null, { messageId: 5 }));
    graph = graphAfter(insert(graph, { messageId: 6, callout: true, clearMentions: true }));
    graph = graphAfter(insert(graph, { guidance }));
    graph = graphAfter(insert(graph, { messageId: 7 }));
    graph = graphAfter(insert(graph, { xsendIntent: 'ask about the trip' }));
    const received = graph.nodes.filter((node) => node.kind === 'received');
    expect(received).toHaveLength(1);
    expect(receivedParams(received[0]!)).toEqual({
      messageId: 7,
      callout: true,
      xsendIntent: 'ask about the trip',
      guidance,
      eventIntents: [],
      reactionMessageIds: [],
      clearMentions: true,
      clearReactions: false,
    });
  });

  it('keeps the intent of every scheduled event that came due before the turn ran, in order', () => {
    let graph = graphAfter(insert(null, { eventIntents: ['water the plants'] }));
    graph = graphAfter(insert(graph, { messageId: 3 }));
    graph = graphAfter(insert(graph, { eventIntents: ['call the bakery'] }));
    const received = graph.nodes.filter((node) => node.kind === 'received');
    expect(received).toHaveLength(1);
    expect(receivedParams(received[0]!)).toMatchObject({
      messageId: 3,
      eventIntents: ['water the plants', 'call the bakery'],
    });
  });

  it('appends new reaction ids, ignores ones already tracked, and still updates the flags', () => {
    let graph = graphAfter(insert(null, { reactionMessageIds: [3], clearReactions: true }));
    const result = insert(graph, { reactionMessageIds: [3, 4], clearMentions: true });
    expect(result.outcome).toBe('coalesced');
    graph = graphAfter(result);
    expect(receivedParams(graph.node(graph.nodes[0]!.id)!)).toMatchObject({
      reactionMessageIds: [3, 4],
      clearMentions: true,
      clearReactions: true,
    });
  });

  it('ignores a reaction a finished received task in the graph already handled', () => {
    const graph = graphOf([
      { id: 'r', kind: 'received', status: 'done', params: { reactionMessageIds: [3] } },
      { id: 'o', kind: 'wait', params: { delay: 300, online: true } },
    ]);
    expect(insert(graph, { reactionMessageIds: [3] }).outcome).toBe('duplicate');
    expect(insert(graph, { reactionMessageIds: [8] }).outcome).toBe('replanned');
  });
});

describe('replanning', () => {
  it('keeps the old nodes but cancels the unfinished ones, and never touches done ones', () => {
    const old = graphOf([
      { id: 'r', kind: 'received', status: 'done' },
      { id: 'w', kind: 'wait', params: { delay: 3, typing: true }, dependsOn: ['r'], status: 'done' },
      { id: 's1', kind: 'send', params: { text: 'one' }, dependsOn: ['w'], status: 'done' },
      { id: 'w2', kind: 'wait', params: { delay: 3, typing: true }, dependsOn: ['s1'] },
      { id: 's2', kind: 'send', params: { text: 'two' }, dependsOn: ['w2'] },
    ]);
    const result = insert(old, { messageId: 9 }, at(5));
    const graph = graphAfter(result);
    expect(graph.id).not.toBe(old.id);
    expect(['r', 'w', 's1', 'w2', 's2'].map((id) => statusOf(graph, id))).toEqual([
      'done',
      'done',
      'done',
      'cancelled',
      'cancelled',
    ]);
    const received = graph.nodes.at(-1)!;
    expect(received).toMatchObject({ kind: 'received', status: 'pending', dependsOn: [] });
  });

  it('cancels a received task whose turn is in flight, so the new turn sees every message', () => {
    const old = graphOf([{ id: 'r', kind: 'received', status: 'active' }]);
    const result = insert(old, { messageId: 9 });
    expect(result.outcome).toBe('replanned');
    expect(statusOf(graphAfter(result), 'r')).toBe('cancelled');
  });

  it('keeps preserved nodes: a preserved non-wait becomes a dependency of the new turn, a preserved wait runs alone', () => {
    const old = graphOf([
      { id: 'r', kind: 'received', status: 'done' },
      { id: 'keep', kind: 'send', params: { text: 'hold', preserve: true } },
      { id: 'keepwait', kind: 'wait', params: { delay: 300, preserve: true } },
      { id: 'drop', kind: 'send', params: { text: 'drop' } },
    ]);
    const graph = graphAfter(insert(old, { messageId: 9 }));
    expect(statusOf(graph, 'keep')).toBe('pending');
    expect(statusOf(graph, 'keepwait')).toBe('pending');
    expect(statusOf(graph, 'drop')).toBe('cancelled');
    expect(graph.nodes.at(-1)!.dependsOn).toEqual(['keep']);
  });

  it('keeps a pending presence window across the replan', () => {
    const old = graphOf([
      { id: 'r', kind: 'received', status: 'done' },
      { id: 'online', kind: 'wait', params: { delay: 300, online: true } },
    ]);
    const graph = graphAfter(insert(old, { messageId: 9 }));
    expect(statusOf(graph, 'online')).toBe('pending');
  });

  it('drops nodes finished before the previous replan that nothing needs, so a busy graph stays small', () => {
    let graph = graphOf([
      { id: 'r', kind: 'received', status: 'active' },
      { id: 's', kind: 'send', params: { text: 'x' }, dependsOn: ['r'] },
    ]);
    graph = graphAfter(insert(graph, { messageId: 2 }, at(1)));
    expect(graph.node('s')?.status).toBe('cancelled');
    graph.nodes.at(-1)!.status = 'done';
    graph = graphAfter(insert(graph, { messageId: 3 }, at(2)));
    expect(graph.node('s')).toBeUndefined();
    expect(graph.nodes.filter((node) => node.kind === 'received').map((node) => node.status)).toEqual([
      'done',
      'pending',
    ]);
  });
});
