import { describe, expect, it } from 'vitest';
import type { ChatRef } from '../../src/renderer/features/conversations/model';
import { conversationSelectors } from '../../src/renderer/features/conversations/selectors';
import type { TaskGraphView } from '../../src/shared/domain/tasks';
import { createConversationStores, feedFromRuntimeEvents } from './support/conversation-stores';
import { agentConfig, FakeRuntime, runtimeState, settle } from './support/fake-runtime';
import { burstPlan, plan, task } from './support/plan-fixture';

const AGENT = 'Juniper';

/** A Simulator chat whose graph is `graph`, open in a store fed by the runtime's events. */
async function setUp(graph: (channelId: number) => TaskGraphView | null) {
  const runtime = new FakeRuntime();
  runtime.agents = [{ config: agentConfig({ configName: AGENT }), runtime: runtimeState(AGENT) }];
  const stores = createConversationStores(runtime.client);
  feedFromRuntimeEvents(runtime.client, { conversations: stores });
  const chat = runtime.seedChat(AGENT, 'direct', [{ firstName: 'Ada' }]);
  chat.graph = graph(chat.info.channelId);
  const ref: ChatRef = { agent: AGENT, channelId: chat.info.channelId };
  const store = stores.simulator;
  store.getState().actions.openChat(ref);
  await settle();
  const view = () => conversationSelectors.chat(ref)(store.getState())!;
  const statuses = () => Object.fromEntries(view().graph.value?.nodes.map((n) => [n.id, n.status]) ?? []);
  const replan = (next: TaskGraphView) => {
    chat.graph = next;
    runtime.emit('conversation.graphChanged', {
      agent: AGENT,
      network: 'simulator',
      channelId: ref.channelId,
      graph: next,
    });
  };
  return { runtime, chat, ref, actions: store.getState().actions, view, statuses, replan };
}

describe('plan actions through the API', () => {
  it('cancels a task and every task waiting on it, and shows the new plan at once', async () => {
    const { actions, ref, statuses, chat } = await setUp((id) => burstPlan('graph-1', id));
    await expect(actions.cancelTask(ref, 'wait-2')).resolves.toEqual({
      done: true,
      cancelled: ['wait-2', 'send-2'],
    });
    expect(statuses()).toMatchObject({
      'wait-2': 'cancelled',
      'send-2': 'cancelled',
      'react-1': 'pending',
      'send-1': 'done',
    });
    expect(chat.graph?.nodes.find((n) => n.id === 'send-2')?.lastError).toBe('Cancelled by the operator.');
  });

  it("words the runtime's refusals for the operator: sent, being sent, not failed, gone", async () => {
    const { actions, ref, statuses, chat } = await setUp((id) => burstPlan('graph-1', id));
    await expect(actions.cancelTask(ref, 'send-1')).resolves.toEqual({
      done: false,
      refusal: 'Already sent.',
    });
    await expect(actions.retryTask(ref, 'send-1')).resolves.toEqual({
      done: false,
      refusal: 'Only a failed task can be retried; this one is done.',
    });
    chat.graph = {
      ...chat.graph!,
      nodes: chat.graph!.nodes.map((n) => (n.id === 'send-2' ? { ...n, status: 'active' } : n)),
    };
    await expect(actions.cancelTask(ref, 'send-2')).resolves.toEqual({
      done: false,
      refusal: 'It is being sent right now and can no longer be stopped.',
    });
    await expect(actions.cancelTask(ref, 'send-9')).resolves.toEqual({
      done: false,
      refusal: 'The plan has no task send-9 any more: it has run.',
    });
    // Refusals change nothing on screen.
    expect(statuses()['send-1']).toBe('done');
    chat.graph = null;
    await expect(actions.clearPending(ref)).resolves.toEqual({ done: true, cancelled: [] });
    await expect(actions.retryTask(ref, 'send-1')).resolves.toEqual({
      done: false,
      refusal: 'The conversation has no plan now: everything in it has run.',
    });
  });

  it('retries a failed task with the tasks its failure cancelled', async () => {
    const failed = (id: number) =>
      plan(
        'graph-1',
        [
          task('send-1', {
            status: 'failed',
            retries: 3,
            lastError: 'FLOOD_WAIT_30: Telegram asked to wait.',
          }),
          task('send-2', {
            status: 'cancelled',
            dependsOn: ['send-1'],
            lastError: 'A task it depended on failed or was cancelled.',
          }),
          task('send-3', {
            status: 'cancelled',
            dependsOn: ['send-1'],
            lastError: 'Cancelled by the operator.',
          }),
        ],
        id,
      );
    const { actions, ref, view } = await setUp(failed);
    await expect(actions.retryTask(ref, 'send-1')).resolves.toEqual({ done: true, cancelled: [] });
    expect(view().graph.value?.nodes.map((n) => [n.id, n.status, n.retries, n.lastError])).toEqual([
      ['send-1', 'pending', 0, null],
      ['send-2', 'pending', 0, null],
      ['send-3', 'cancelled', 0, 'Cancelled by the operator.'],
    ]);
  });

  it('clears everything that has not run, leaving what is done', async () => {
    const { actions, ref, statuses } = await setUp((id) => burstPlan('graph-1', id));
    await expect(actions.clearPending(ref)).resolves.toEqual({
      done: true,
      cancelled: ['wait-2', 'send-2', 'react-1'],
    });
    expect(statuses()).toEqual({
      'received-1': 'done',
      'wait-1': 'done',
      'send-1': 'done',
      'wait-2': 'cancelled',
      'send-2': 'cancelled',
      'react-1': 'cancelled',
    });
  });

  it('rejects with the error when the runtime fails otherwise', async () => {
    const { actions, ref, runtime } = await setUp((id) => burstPlan('graph-1', id));
    runtime.handle('plan.cancelTask', () => {
      throw new Error('The engine is not running.');
    });
    await expect(actions.cancelTask(ref, 'send-2')).rejects.toThrow('The engine is not running.');
  });
});

describe('replaced plans', () => {
  it('keeps the plans replans replaced, newest first, the last three, through the live events', async () => {
    const { ref, view, replan } = await setUp((id) => burstPlan('graph-1', id));
    for (const id of ['graph-2', 'graph-3', 'graph-4', 'graph-5']) {
      replan(plan(id, [task('received-1', { kind: 'received' })], ref.channelId));
      await settle();
    }
    expect(view().graph.value?.id).toBe('graph-5');
    expect(view().replacedGraphs.map((graph) => graph.id)).toEqual(['graph-4', 'graph-3', 'graph-2']);
  });

  it('replaces nothing when the plan only moves on, and keeps the last plan once it is done', async () => {
    const { ref, view, replan, actions } = await setUp((id) => burstPlan('graph-1', id));
    await actions.cancelTask(ref, 'send-2');
    replan({ ...burstPlan('graph-1', ref.channelId), nodes: [] });
    await settle();
    expect(view().replacedGraphs).toEqual([]);
    await actions.clearPending(ref);
    expect(view().lastGraph?.id).toBe('graph-1');
  });
});
