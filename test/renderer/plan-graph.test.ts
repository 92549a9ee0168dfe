import { describe, expect, it } from 'vitest';
import {
  dependentsOf,
  REPLACED_PLANS_KEPT,
  rememberReplaced,
  taskActions,
  taskIntent,
  taskInWords,
  taskTitle,
  workTasks,
} from '../../src/renderer/features/conversations/model';
import {
  liveElements,
  replacedElements,
  taskLabel,
} from '../../src/renderer/features/conversations/model/plan-flow';
import { type PlanLayout, TASK_NODE_SIZE } from '../../src/renderer/features/conversations/model/plan-layout';
import { layoutChains } from '../../src/renderer/features/conversations/model/plan-layout-chains';
import {
  CONTROLS_BOX,
  FULL_PADDING,
  focusTask,
  fullViewport,
  initialViewport,
  READABLE_ZOOM,
  type Viewport,
} from '../../src/renderer/features/conversations/model/plan-viewport';
import { burstPlan, plan, task } from './support/plan-fixture';

const ids = (nodes: ReadonlyArray<{ id: string }>) => nodes.map((node) => node.id);

function gridLayout(ids: string[]): PlanLayout {
  return {
    positions: new Map(ids.map((id, index) => [id, { x: index * 300, y: 0 }])),
    width: ids.length * 300,
    height: 120,
  };
}

describe('plan graph model: what each task will do', () => {
  it('reads the words of a send, the sticker, the emoji, the wait and the trigger', () => {
    expect(taskIntent(task('s', { params: { text: 'Hello', reply_to: 3 } }))).toEqual({
      kind: 'text',
      text: 'Hello',
    });
    expect(
      taskIntent(task('k', { kind: 'sticker', params: { sticker_set: 'WinnieThePooh', name: '🍯' } })),
    ).toEqual({ kind: 'sticker', set: 'WinnieThePooh', name: '🍯' });
    expect(taskIntent(task('r', { kind: 'react', params: { emoji: '🔥', message_id: 7 } }))).toEqual({
      kind: 'emoji',
      emoji: '🔥',
      messageId: 7,
    });
    expect(
      taskIntent(task('w', { kind: 'wait', params: { delay: 4, typing: true, online: false } })),
    ).toEqual({
      kind: 'wait',
      delaySeconds: 4,
      flags: ['typing'],
    });
    expect(
      taskIntent(
        task('t', { kind: 'received', params: { messageId: 9, reactionMessageIds: [5, 6], callout: true } }),
      ),
    ).toEqual({ kind: 'trigger', words: 'Message #9, reactions to #5, #6 (mentioned)' });
    expect(
      taskIntent(task('x', { kind: 'received', params: { messageId: null, xsendIntent: 'Say hi' } })),
    ).toEqual({ kind: 'trigger', words: 'Asked from another chat: Say hi' });
  });

  it('says a task in a few words for the confirm list', () => {
    expect(taskInWords(task('s', { params: { text: 'A very long message indeed' } }), 10)).toBe(
      'send “A very lo…”',
    );
    expect(taskInWords(task('w', { kind: 'wait', params: { delay: 6.4285714 } }))).toBe('wait 6.4 s');
    expect(taskInWords(task('r', { kind: 'react', params: { emoji: '👍' } }))).toBe('react 👍');
    expect(taskInWords(task('k', { kind: 'sticker', params: { sticker_set: 'Pooh', name: '🍯' } }))).toBe(
      'sticker 🍯 from Pooh',
    );
    expect(taskInWords(task('b', { kind: 'block' }))).toBe('block');
  });

  it('names a task as its card does, for its buttons and what stopping it stops', () => {
    expect(taskTitle(task('send-1a2b', { params: { text: 'See you' } }))).toBe('Message “See you”');
    expect(taskTitle(task('wait-ffe1', { kind: 'wait', params: { delay: 12 } }))).toBe('Wait 12 s');
    expect(taskTitle(task('recv-8c02', { kind: 'received', params: { messageId: 8 } }))).toBe(
      'Incoming Message #8',
    );
    expect(taskTitle(task('b', { kind: 'block' }))).toBe('Block');
  });
});

describe('plan graph model: dependents and actions', () => {
  it('finds every task that waits on one, through others, in the plan order', () => {
    const graph = burstPlan();
    expect(ids(dependentsOf(graph, 'send-1'))).toEqual(['wait-2', 'send-2']);
    expect(ids(dependentsOf(graph, 'received-1'))).toEqual([
      'wait-1',
      'send-1',
      'wait-2',
      'send-2',
      'react-1',
    ]);
    expect(dependentsOf(graph, 'send-2')).toEqual([]);
    // A diamond reaches its far end once.
    const diamond = plan('d', [
      task('a'),
      task('b', { dependsOn: ['a'] }),
      task('c', { dependsOn: ['a'] }),
      task('d', { dependsOn: ['b', 'c'] }),
    ]);
    expect(ids(dependentsOf(diamond, 'a'))).toEqual(['b', 'c', 'd']);
  });

  it('offers Cancel before a task has run and Retry only once it failed', () => {
    expect(taskActions(task('s'))).toEqual({ cancel: true, retry: false });
    expect(taskActions(task('s', { status: 'done' }))).toEqual({ cancel: false, retry: false });
    expect(taskActions(task('s', { status: 'failed' }))).toEqual({ cancel: false, retry: true });
    expect(taskActions(task('s', { status: 'cancelled' }))).toEqual({ cancel: false, retry: false });
    // A message being sent cannot be called back; a turn being thought or a wait can be stopped.
    expect(taskActions(task('s', { status: 'active' })).cancel).toBe(false);
    expect(taskActions(task('k', { kind: 'sticker', status: 'active' })).cancel).toBe(false);
    expect(taskActions(task('r', { kind: 'received', status: 'active' })).cancel).toBe(true);
    expect(taskActions(task('w', { kind: 'wait', status: 'active' })).cancel).toBe(true);
  });

  it('counts the presence window after an answer as part of the plan, not as work left', () => {
    const sent = task('s', { status: 'done' });
    const online = task('w', { kind: 'wait', params: { seconds: 60, online: true } });
    const typing = task('t', { kind: 'wait', params: { seconds: 3, typing: true } });
    expect(workTasks([sent, online, typing])).toEqual([sent, typing]);
  });
});

describe('plan graph model: replaced plans', () => {
  it('keeps the plan a replan replaced, newest first, the last three only', () => {
    const [a, b, c, d, e] = ['a', 'b', 'c', 'd', 'e'].map((id) => plan(id, [task('s')]));
    let history = rememberReplaced([], null, a!);
    expect(history).toEqual([]);
    history = rememberReplaced(history, a!, b!);
    history = rememberReplaced(history, b!, c!);
    history = rememberReplaced(history, c!, d!);
    history = rememberReplaced(history, d!, e!);
    expect(REPLACED_PLANS_KEPT).toBe(3);
    expect(ids(history)).toEqual(['d', 'c', 'b']);
  });

  it('replaces nothing when the same plan changes or the plan finishes', () => {
    const before = [plan('old', [task('s')])];
    const live = plan('live', [task('s')]);
    expect(rememberReplaced(before, live, { ...live, nodes: [task('s', { status: 'done' })] })).toBe(before);
    expect(rememberReplaced(before, live, null)).toBe(before);
    expect(rememberReplaced(before, null, live)).toBe(before);
  });
});

describe('plan graph model: nodes and edges', () => {
  it('draws one labelled node per task at its layout position and one edge per dependency', () => {
    const graph = burstPlan();
    const { nodes, edges } = liveElements(graph, gridLayout(ids(graph.nodes)));
    expect(ids(nodes)).toEqual(ids(graph.nodes));
    expect(nodes[2]).toMatchObject({
      type: 'task',
      position: { x: 600, y: 0 },
      ariaRole: 'article',
      ariaLabel: 'send task send-1, Done',
      draggable: false,
    });
    expect(edges.map((edge) => `${edge.source}->${edge.target}`)).toEqual([
      'received-1->wait-1',
      'wait-1->send-1',
      'send-1->wait-2',
      'wait-2->send-2',
      'received-1->react-1',
    ]);
    expect(taskLabel(task('w', { kind: 'wait', status: 'active' }))).toBe('wait task w, Running');
  });

  it('leaves out edges to tasks the plan no longer holds, and dashes edges into cancelled tasks', () => {
    const graph = plan('g', [task('a'), task('b', { dependsOn: ['a', 'gone'], status: 'cancelled' })]);
    const { edges } = liveElements(graph, gridLayout(['a', 'b']));
    expect(edges).toHaveLength(1);
    expect(edges[0]).toMatchObject({ source: 'a', target: 'b', className: 'pg-plan-edge-cancelled' });
  });

  it('draws a replaced plan behind, shifted by its age, with ids of its own and out of reach', () => {
    const graph = burstPlan('old');
    const { nodes, edges } = replacedElements(graph, gridLayout(ids(graph.nodes)), 2);
    expect(nodes[0]).toMatchObject({
      id: 'replaced-2:received-1',
      type: 'replaced',
      position: { x: 36, y: 36 },
      zIndex: -2,
      focusable: false,
      selectable: false,
      domAttributes: { 'aria-hidden': true },
    });
    expect(edges[0]).toMatchObject({
      source: 'replaced-2:received-1',
      target: 'replaced-2:wait-1',
      zIndex: -1,
    });
  });
});

describe('plan graph model: where the view first looks', () => {
  const screen = { width: 400, height: 600 };

  /** Where a card's sides land on the screen. */
  function cardSides(layout: PlanLayout, id: string, viewport: Viewport) {
    const at = layout.positions.get(id)!;
    const side = (x: number) => x * viewport.zoom + viewport.x;
    return { left: side(at.x), right: side(at.x + TASK_NODE_SIZE.width) };
  }

  /** The cards wholly within the screen's width, and those a side of it cuts. */
  function onScreen(layout: PlanLayout, viewport: Viewport, { width }: { width: number }) {
    const whole: string[] = [];
    const cut: string[] = [];
    for (const id of layout.positions.keys()) {
      const { left, right } = cardSides(layout, id, viewport);
      if (left >= 0 && right <= width) whole.push(id);
      else if (right > 0 && left < width) cut.push(id);
    }
    return { whole, cut };
  }

  it('shows a reply too wide for a phone from its last send, whole cards from edge to edge', () => {
    const graph = plan('g', [
      task('received', { kind: 'received', status: 'done' }),
      task('typing', { kind: 'wait', status: 'done', dependsOn: ['received'] }),
      task('send', { status: 'done', dependsOn: ['typing'] }),
    ]);
    const layout = layoutChains(graph.nodes)!;
    const phone = { width: 366, height: 560 };
    const viewport = initialViewport(graph, layout, phone);
    expect(viewport.zoom).toBeGreaterThanOrEqual(READABLE_ZOOM);
    expect(onScreen(layout, viewport, phone)).toEqual({ whole: ['typing', 'send'], cut: [] });
    expect(cardSides(layout, 'typing', viewport).left).toBeCloseTo(8);
    expect(cardSides(layout, 'send', viewport).right).toBeCloseTo(phone.width - 8);
  });

  it('shows the newest rows of a tall plan down to its last, with no space below it', () => {
    const turns = Array.from({ length: 8 }, (_, turn) => `received-${turn}`);
    const graph = plan(
      'g',
      turns.map((id, turn) => task(id, { kind: 'received', status: turn === 7 ? 'active' : 'done' })),
    );
    const layout = layoutChains(graph.nodes)!;
    const viewport = initialViewport(graph, layout, screen);
    const bottom =
      (layout.positions.get('received-7')!.y + TASK_NODE_SIZE.height) * viewport.zoom + viewport.y;
    expect(bottom).toBeCloseTo(screen.height - 8);
  });

  it('shows the whole plan in the full window at any width, padded and clear of the zoom buttons', () => {
    const graph = burstPlan();
    const layout = gridLayout(ids(graph.nodes));
    for (const screen of [
      { width: 390, height: 700 },
      { width: 1440, height: 860 },
    ]) {
      const viewport = fullViewport(layout, screen);
      expect(viewport.zoom).toBeLessThanOrEqual(1);
      const left = viewport.x;
      const top = viewport.y;
      const right = viewport.x + layout.width * viewport.zoom;
      const bottom = viewport.y + layout.height * viewport.zoom;
      expect(left).toBeGreaterThanOrEqual(FULL_PADDING - 0.01);
      expect(top).toBeGreaterThanOrEqual(FULL_PADDING - 0.01);
      expect(right).toBeLessThanOrEqual(screen.width - FULL_PADDING + 0.01);
      expect(bottom).toBeLessThanOrEqual(screen.height - FULL_PADDING + 0.01);
      // Not under the zoom buttons in the bottom-left corner.
      expect(left >= CONTROLS_BOX.width || bottom <= screen.height - CONTROLS_BOX.height).toBe(true);
    }
    // A small plan is not zoomed in past 1.
    expect(
      fullViewport(
        { positions: new Map([['a', { x: 0, y: 0 }]]), width: 208, height: 120 },
        { width: 390, height: 700 },
      ).zoom,
    ).toBe(1);
  });

  it('shows a plan whole and centred when it fits readably, never zoomed in past 1', () => {
    const graph = plan('g', [task('a')]);
    const viewport = initialViewport(
      graph,
      { positions: new Map([['a', { x: 0, y: 0 }]]), width: 208, height: 120 },
      screen,
    );
    expect(viewport).toEqual({ x: 96, y: 240, zoom: 1 });
  });

  it('shows a long plan readably from its running task, no card cut at a side', () => {
    const graph = burstPlan();
    const layout = gridLayout(ids(graph.nodes));
    const viewport = initialViewport(graph, layout, screen);
    expect(viewport.zoom).toBeGreaterThanOrEqual(READABLE_ZOOM);
    // wait-2 runs: it shows whole, after send-1 that led to it, the two filling the width.
    expect(onScreen(layout, viewport, screen)).toEqual({ whole: ['send-1', 'wait-2'], cut: [] });
    expect(cardSides(layout, 'send-1', viewport).left).toBeCloseTo(8);
    expect(cardSides(layout, 'wait-2', viewport).right).toBeCloseTo(screen.width - 8);
    expect(focusTask(graph)).toBe('wait-2');
    const online = task('online', { kind: 'wait', params: { delay: 300, online: true } });
    expect(focusTask(plan('g', [online, task('a', { status: 'done' }), task('b'), task('c')]))).toBe('b');
    expect(focusTask(plan('g', [task('a', { status: 'done' }), task('b', { status: 'cancelled' })]))).toBe(
      'b',
    );
    // A finished turn is looked at from its last send, not from the presence window after it.
    expect(focusTask(plan('g', [task('a', { status: 'done' }), task('b', { status: 'done' }), online]))).toBe(
      'b',
    );
  });
});
