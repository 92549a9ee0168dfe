import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { AgentPlans } from '../../src/renderer/features/conversations/components/agent-plans/AgentPlans';
import { nextRunWords } from '../../src/renderer/features/conversations/model';
import { conversationSelectors } from '../../src/renderer/features/conversations/selectors';
import type { ConversationStores } from '../../src/renderer/features/conversations/store';
import { nextTask } from '../../src/shared/domain/plan-next';
import type { TaskGraphView } from '../../src/shared/domain/tasks';
import { createConversationStores, feedFromRuntimeEvents } from './support/conversation-stores';
import { agentConfig, FakeRuntime, runtimeState, settle } from './support/fake-runtime';
import { plan, task } from './support/plan-fixture';
import { renderConversationMarkup } from './support/render-conversation';
import { textOf } from './support/render-markup';

const AGENT = 'Juniper';
const NOW = Date.parse('2025-06-01T12:00:00.000Z');
const inSeconds = (seconds: number) => new Date(NOW + seconds * 1000).toISOString();

/** A turn done, a send done, then a wait (running until `waitUntil`, or not started) and a send after it. */
function waitingPlan(id: string, channelId: number, text: string, wait: Partial<Parameters<typeof task>[1]>) {
  return plan(
    id,
    [
      task('received-1', { kind: 'received', status: 'done' }),
      task('send-1', { status: 'done', params: { text: 'Hi' }, dependsOn: ['received-1'] }),
      task('wait-1', { kind: 'wait', params: { delay: 60 }, dependsOn: ['send-1'], ...wait }),
      task('send-2', { params: { text }, dependsOn: ['wait-1'] }),
    ],
    channelId,
  );
}

describe('what a plan runs next, and when', () => {
  it('reads running, now, after a wait (its deadline, or its delay from now), and after a task', () => {
    const running = plan('g', [task('received-1', { kind: 'received', status: 'active' })]);
    expect(nextTask(running, NOW)).toMatchObject({ taskId: 'received-1', when: 'running' });
    const ready = plan('g', [task('send-1')]);
    expect(nextTask(ready, NOW)).toMatchObject({ taskId: 'send-1', when: 'now', at: null });
    const deadline = waitingPlan('g', 1, 'Later', { waitUntil: inSeconds(30) });
    expect(nextTask(deadline, NOW)).toMatchObject({ taskId: 'send-2', when: 'at', at: inSeconds(30) });
    const blocked = plan('g', [
      task('send-1', { status: 'active' }),
      task('wait-1', { kind: 'wait', params: { delay: 60 }, dependsOn: ['send-1'] }),
      task('send-2', { dependsOn: ['wait-1'] }),
    ]);
    expect(nextTask(blocked, NOW)).toMatchObject({ taskId: 'send-1', when: 'running' });
    const notStarted = plan('g', [
      task('wait-1', { kind: 'wait', params: { delay: 90 } }),
      task('send-2', { dependsOn: ['wait-1'] }),
    ]);
    expect(nextTask(notStarted, NOW)).toMatchObject({ when: 'at', at: inSeconds(90) });
    const doomed = plan('g', [
      task('send-1', { status: 'failed' }),
      task('send-2', { dependsOn: ['send-1'] }),
    ]);
    expect(nextTask(doomed, NOW)).toBeNull();
  });

  it('says a due draft waits for the operator, and the tasks after it wait for the draft', () => {
    const drafted = plan('g', [
      task('received-1', { kind: 'received', status: 'done' }),
      task('send-1', { params: { text: 'Hi', draft: 'awaiting' }, dependsOn: ['received-1'] }),
      task('send-2', { params: { text: 'Bye', draft: 'awaiting' }, dependsOn: ['send-1'] }),
    ]);
    const next = nextTask(drafted, NOW);
    expect(next).toMatchObject({ taskId: 'send-1', when: 'approval' });
    expect(nextRunWords(drafted, next, NOW)).toEqual({
      what: 'send “Hi”',
      when: 'waiting for your approval',
    });
  });

  it('words it for the operator, the time counting down', () => {
    const graph = waitingPlan('g', 1, 'See you', { waitUntil: inSeconds(125) });
    expect(nextRunWords(graph, nextTask(graph, NOW), NOW)).toEqual({
      what: 'send “See you”',
      when: 'in 2 min 5 s',
    });
    expect(nextRunWords(graph, nextTask(graph, NOW), NOW + 125_000)).toEqual({
      what: 'send “See you”',
      when: 'now',
    });
  });
});

/** The Plans tab's list as drawn from the Simulator store now. */
function drawPlans(stores: ConversationStores): string {
  return textOf(
    renderConversationMarkup(
      stores,
      'simulator',
      createElement(AgentPlans, {
        agent: AGENT,
        agentName: 'Juniper',
        network: 'simulator',
        networkSwitch: null,
      }),
    ),
  );
}

describe('the agent-wide plan view', () => {
  async function setUp() {
    const runtime = new FakeRuntime();
    runtime.agents = [{ config: agentConfig({ configName: AGENT }), runtime: runtimeState(AGENT) }];
    const stores = createConversationStores(runtime.client);
    feedFromRuntimeEvents(runtime.client, { conversations: stores });
    const soon = runtime.seedChat(AGENT, 'direct', [{ firstName: 'Ada' }]);
    const later = runtime.seedChat(AGENT, 'direct', [{ firstName: 'Bob' }]);
    const idle = runtime.seedChat(AGENT, 'direct', [{ firstName: 'Cy' }]);
    const now = Date.now();
    later.graph = waitingPlan('g-later', later.info.channelId, 'In an hour', {
      waitUntil: new Date(now + 3_600_000).toISOString(),
    });
    soon.graph = waitingPlan('g-soon', soon.info.channelId, 'In a minute', {
      waitUntil: new Date(now + 60_000).toISOString(),
    });
    idle.graph = null;
    const store = stores.simulator;
    const rows = () => conversationSelectors.agentPlans(AGENT)(store.getState());
    const emitGraph = (channelId: number, graph: TaskGraphView | null) =>
      runtime.emit('conversation.graphChanged', { agent: AGENT, network: 'simulator', channelId, graph });
    return { runtime, stores, store, rows, emitGraph, soon, later, idle };
  }

  it('lists the conversations with a live plan, what runs next first', async () => {
    const { store, rows, stores } = await setUp();
    await store.getState().actions.loadAgentPlans(AGENT);
    expect(rows().value.map((row) => [row.title, row.next?.kind, row.next?.when])).toEqual([
      ['Ada', 'send', 'at'],
      ['Bob', 'send', 'at'],
    ]);
    const text = drawPlans(stores);
    expect(text.indexOf('Ada')).toBeLessThan(text.indexOf('Bob'));
    expect(text).toMatch(/Next: send “In a minute” · in (59 s|1 min)/);
    expect(text).toMatch(/Next: send “In an hour” · in (59 min 59 s|1 h)/);
    expect(text).toContain('2 done');
    expect(text).toContain('Open');
  });

  it('follows graph events: a row moves on, goes when its plan is done, and a new plan is fetched', async () => {
    const { store, rows, emitGraph, soon, idle, runtime } = await setUp();
    await store.getState().actions.loadAgentPlans(AGENT);
    const calls = runtime.callsOf('plan.agentOverview').length;

    // The wait ran out: the send is due now.
    const due = waitingPlan('g-soon', soon.info.channelId, 'In a minute', {
      status: 'done',
      waitUntil: inSeconds(0),
    });
    emitGraph(soon.info.channelId, due);
    expect(rows().value.find((row) => row.title === 'Ada')?.next).toMatchObject({
      when: 'now',
      taskId: 'send-2',
    });

    // Everything ran: the row goes, without asking the runtime.
    soon.graph = null;
    emitGraph(soon.info.channelId, { ...due, nodes: due.nodes.map((node) => ({ ...node, status: 'done' })) });
    expect(rows().value.map((row) => row.title)).toEqual(['Bob']);
    expect(runtime.callsOf('plan.agentOverview')).toHaveLength(calls);

    // A conversation the view has not listed starts a plan: it is fetched, with its title.
    idle.graph = waitingPlan('g-idle', idle.info.channelId, 'Hello Cy', {
      waitUntil: new Date(Date.now() + 5_000).toISOString(),
    });
    emitGraph(idle.info.channelId, idle.graph);
    await settle();
    await settle();
    expect(rows().value.map((row) => row.title)).toEqual(['Cy', 'Bob']);
  });

  it('explains an empty view', async () => {
    const { store, stores, runtime, soon, later } = await setUp();
    soon.graph = null;
    later.graph = null;
    await store.getState().actions.loadAgentPlans(AGENT);
    expect(runtime.callsOf('plan.agentOverview')).toEqual([{ agent: AGENT, network: 'simulator' }]);
    const text = drawPlans(stores);
    expect(text).toContain('Nothing planned');
    expect(text).toContain('No conversation of Juniper on Simulator has work waiting');
  });
});
