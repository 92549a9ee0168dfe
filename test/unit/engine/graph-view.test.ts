import { describe, expect, test } from 'vitest';
import { toGraphView, unfinishedCount } from '../../../src/main/engine/graph/graph-view';
import { graphOf } from './graph-fixtures';

describe('the graph as the console shows it', () => {
  test('holds every node with its params, dependencies and state', () => {
    const graph = graphOf([
      { id: 'think-1', kind: 'think', params: { text: 'hm', tags: ['a', { deep: [1, null] }] } },
      { id: 'send-1', kind: 'send', params: { text: 'hi' }, dependsOn: ['think-1'], status: 'done' },
    ]);

    const view = toGraphView(graph);

    expect(view).toMatchObject({ id: 'recv-test', agent: 'Ada', channelId: graph.conversation.channelId });
    expect(view.nodes.map(({ id, kind, status, dependsOn }) => ({ id, kind, status, dependsOn }))).toEqual([
      { id: 'think-1', kind: 'think', status: 'pending', dependsOn: [] },
      { id: 'send-1', kind: 'send', status: 'done', dependsOn: ['think-1'] },
    ]);
    expect(view.nodes[0]!.params).toEqual({ text: 'hm', tags: ['a', { deep: [1, null] }] });
  });

  test('is a copy: later changes to the graph, however deep, do not reach a view already sent', () => {
    const graph = graphOf([{ id: 'think-1', kind: 'think', params: { tags: ['a', { deep: [1] }] } }]);
    const view = toGraphView(graph);

    const node = graph.node('think-1')!;
    node.status = 'active';
    node.dependsOn.push('other');
    node.params.text = 'added';
    const tags = node.params.tags as [string, { deep: number[] }];
    tags.push('b');
    tags[1].deep.push(2);

    expect(view.nodes[0]).toMatchObject({
      status: 'pending',
      dependsOn: [],
      params: { tags: ['a', { deep: [1] }] },
    });
  });

  test('copies any key a model wrote as a key, "__proto__" too', () => {
    const params = JSON.parse('{"text":"hi","__proto__":{"polluted":true}}') as Record<string, unknown>;
    const view = toGraphView(graphOf([{ id: 'send-1', kind: 'send', params }]));
    const copied = view.nodes[0]!.params;
    expect(Object.keys(copied)).toEqual(['text', '__proto__']);
    expect(Object.getOwnPropertyDescriptor(copied, '__proto__')?.value).toEqual({ polluted: true });
    expect(Object.getPrototypeOf(copied)).toBe(Object.prototype);
    expect(JSON.parse(JSON.stringify(view.nodes[0]!.params))).toEqual(JSON.parse(JSON.stringify(params)));
  });

  test('counts what is left to do', () => {
    const graph = graphOf([
      { kind: 'think', status: 'done' },
      { kind: 'send' },
      { kind: 'send', status: 'failed' },
    ]);
    expect(unfinishedCount(graph)).toBe(1);
    expect(unfinishedCount(null)).toBe(0);
  });
});
