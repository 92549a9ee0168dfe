import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TaskGraphView } from '../../../src/shared/domain/tasks';
import { callApi, waitFor } from '../../support/engine-harness';
import { type LlmRuntime, startLlmRuntime } from '../../support/llm-runtime';

describe('plan actions through the API', () => {
  let bed: LlmRuntime;

  beforeEach(async () => {
    bed = await startLlmRuntime('plan-api');
  });

  afterEach(() => bed.close());

  it('answers "already sent" for a send that went, and clears what has not run', async () => {
    const { runtime, llm } = bed;
    const { chat, people } = runtime.simulator.createChat('Ada', {
      kind: 'direct',
      people: [{ firstName: 'Pat' }],
    });
    const ref = { agent: 'Ada', network: 'simulator', channelId: chat.channelId };
    llm.replyWith({
      tasks: [
        { kind: 'send', text: 'right away' },
        { kind: 'wait', delay: 600 },
        { kind: 'send', text: 'in ten minutes' },
      ],
    });
    runtime.simulator.sendAsPerson('Ada', chat.channelId, people[0]!.id, { text: 'hello' });
    const planned = await waitFor(async () => {
      const { graph } = (await callApi(runtime, 'conversations.graph', ref)) as {
        graph: TaskGraphView | null;
      };
      const sent = graph?.nodes.find((node) => node.params.text === 'right away' && node.status === 'done');
      return sent ? graph : null;
    }, 'the first send to go');
    const sent = planned.nodes.find((node) => node.params.text === 'right away')!;
    const later = planned.nodes.find((node) => node.params.text === 'in ten minutes')!;

    const refused = await runtime.dispatch('plan.cancelTask', { ...ref, taskId: sent.id });
    expect(refused).toEqual({ ok: false, error: { code: 'conflict', message: 'Already sent.' } });
    const retried = await runtime.dispatch('plan.retryTask', { ...ref, taskId: later.id });
    expect(retried).toMatchObject({ ok: false, error: { code: 'conflict' } });

    const { cancelled, graph } = (await callApi(runtime, 'plan.clearPending', ref)) as {
      cancelled: string[];
      graph: TaskGraphView | null;
    };
    expect(cancelled).toContain(later.id);
    expect(graph?.nodes.some((node) => node.status === 'pending') ?? false).toBe(false);
    const gone = await runtime.dispatch('plan.cancelTask', { ...ref, taskId: later.id });
    expect(gone).toMatchObject({ ok: false, error: { code: 'not_found' } });

    // The exchange that planned it is kept, with the turn that made it.
    const { exchanges, hasMore } = (await callApi(runtime, 'conversations.exchanges', {
      ...ref,
      limit: 5,
    })) as {
      exchanges: { taskId: string | null; rawReply: string | null }[];
      hasMore: boolean;
    };
    expect(hasMore).toBe(false);
    expect(exchanges).toHaveLength(1);
    expect(exchanges[0]!.rawReply).toContain('in ten minutes');
    expect(planned.nodes.find((node) => node.id === exchanges[0]!.taskId)?.kind).toBe('received');

    // The message the agent sent traces back to its task and that exchange.
    const page = (await callApi(runtime, 'conversations.messages', { ...ref, limit: 5 })) as {
      messages: { messageId: number; isAgent: boolean }[];
    };
    const agentMessage = page.messages.find((message) => message.isAgent)!;
    const provenance = (await callApi(runtime, 'conversations.provenance', {
      ...ref,
      messageId: agentMessage.messageId,
    })) as {
      task: { id: string; kind: string } | null;
      exchange: { taskId: string | null } | null;
    };
    expect(provenance.task).toMatchObject({ id: sent.id, kind: 'send' });
    expect(provenance.exchange?.taskId).toBe(exchanges[0]!.taskId);
    const unknown = (await callApi(runtime, 'conversations.provenance', { ...ref, messageId: 999 })) as {
      task: unknown;
    };
    expect(unknown.task).toBeNull();
  });

  it('leaves a message unanswered once the operator cancels its turn, through a resume and a scan', async () => {
    const { runtime, llm } = bed;
    const { chat, people } = runtime.simulator.createChat('Ada', {
      kind: 'direct',
      people: [{ firstName: 'Pat' }],
    });
    const ref = { agent: 'Ada', network: 'simulator', channelId: chat.channelId };
    await callApi(runtime, 'conversations.updateParameters', { ...ref, paused: true });
    runtime.simulator.sendAsPerson('Ada', chat.channelId, people[0]!.id, { text: 'Are you open on Sunday?' });
    const received = await waitFor(async () => {
      const { graph } = (await callApi(runtime, 'conversations.graph', ref)) as {
        graph: TaskGraphView | null;
      };
      return graph?.nodes.find((node) => node.kind === 'received' && node.status === 'pending');
    }, 'the turn to wait');
    await callApi(runtime, 'plan.cancelTask', { ...ref, taskId: received.id });

    await callApi(runtime, 'conversations.updateParameters', { ...ref, paused: false });
    await runtime.engines.simulator?.scan('Ada');
    await waitFor(() => runtime.engines.simulator?.isIdle('Ada'), 'the engine to settle');
    const { graph } = (await callApi(runtime, 'conversations.graph', ref)) as { graph: TaskGraphView | null };
    expect(
      graph?.nodes.filter((node) => node.kind === 'received' && node.status !== 'cancelled') ?? [],
    ).toEqual([]);
    expect(llm.requests).toEqual([]);
  });

  it('starts a turn with the operator’s intent as a secret instruction (xsend)', async () => {
    const { runtime, llm } = bed;
    const { chat } = runtime.simulator.createChat('Ada', { kind: 'direct', people: [{ firstName: 'Pat' }] });
    const ref = { agent: 'Ada', network: 'simulator', channelId: chat.channelId };
    llm.replyWith({ tasks: [{ kind: 'send', text: 'Happy birthday, Pat!' }] });
    const { started } = (await callApi(runtime, 'plan.xsend', {
      ...ref,
      intent: 'Wish Pat a happy birthday.',
    })) as {
      started: boolean;
    };
    expect(started).toBe(true);
    const turn = await waitFor(
      () =>
        llm.requests.find((request) => JSON.stringify(request.body).includes('Wish Pat a happy birthday.')),
      'the turn with the intent',
    );
    expect(turn).toBeDefined();
    await waitFor(async () => {
      const page = (await callApi(runtime, 'conversations.messages', { ...ref, limit: 5 })) as {
        messages: { isAgent: boolean }[];
      };
      return page.messages.some((message) => message.isAgent);
    }, 'the agent to write');
    const refused = await runtime.dispatch('plan.xsend', { ...ref, intent: '  ' });
    expect(refused).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
  });
});
