import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MessageProvenance } from '../../../src/shared/api/conversation-contract';
import type { AgentPlan } from '../../../src/shared/api/plan-contract';
import { callApi, waitFor } from '../../support/engine-harness';
import { type LlmRuntime, startLlmRuntime } from '../../support/llm-runtime';

describe('the agent-wide plan view and reaction provenance through the API', () => {
  let bed: LlmRuntime;

  beforeEach(async () => {
    bed = await startLlmRuntime('plan-overview');
  });

  afterEach(() => bed.close());

  const overview = async (input: object) =>
    ((await callApi(bed.runtime, 'plan.agentOverview', input)) as { plans: AgentPlan[] }).plans;

  it('lists each conversation with a live plan, what runs next and when, the soonest first', async () => {
    const { runtime, llm } = bed;
    const chatWith = (firstName: string) =>
      runtime.simulator.createChat('Ada', { kind: 'direct', people: [{ firstName }] });
    const later = chatWith('Pat');
    const sooner = chatWith('Kim');
    expect(await overview({ agent: 'Ada', network: 'simulator' })).toEqual([]);

    llm.replyWith({
      tasks: [
        { id: 'hi', kind: 'send', text: 'hello Pat' },
        { id: 'pause', kind: 'wait', delay: 3600, depends_on: ['hi'] },
        { kind: 'send', text: 'an hour later', depends_on: ['pause'] },
      ],
    });
    runtime.simulator.sendAsPerson('Ada', later.chat.channelId, later.people[0]!.id, { text: 'hi' });
    await waitFor(
      async () => (await overview({ agent: 'Ada' })).some((plan) => plan.next?.when === 'at'),
      'the long wait',
    );

    llm.replyWith({
      tasks: [
        { id: 'hi', kind: 'send', text: 'hello Kim' },
        { id: 'pause', kind: 'wait', delay: 60, depends_on: ['hi'] },
        { kind: 'sticker', sticker_set: 'none', name: 'wave', depends_on: ['pause'] },
      ],
    });
    runtime.simulator.sendAsPerson('Ada', sooner.chat.channelId, sooner.people[0]!.id, { text: 'hey' });
    const plans = await waitFor(async () => {
      const listed = await overview({ agent: 'Ada', network: 'simulator' });
      return listed.length === 2 && listed.every((plan) => plan.next?.when === 'at') ? listed : null;
    }, 'both plans to wait');

    expect(plans.map((plan) => plan.title)).toEqual(['Kim', 'Pat']);
    const [kim, pat] = plans as [AgentPlan, AgentPlan];
    expect(kim).toMatchObject({
      agent: 'Ada',
      network: 'simulator',
      channelId: sooner.chat.channelId,
      paused: false,
    });
    expect(kim.next).toMatchObject({ kind: 'sticker', when: 'at' });
    expect(pat.next).toMatchObject({ kind: 'send', when: 'at' });
    const inSeconds = (plan: AgentPlan) => (Date.parse(plan.next!.at!) - Date.now()) / 1000;
    expect(inSeconds(kim)).toBeGreaterThan(30);
    expect(inSeconds(kim)).toBeLessThanOrEqual(60);
    expect(inSeconds(pat)).toBeGreaterThan(3500);
    expect(pat.graph.nodes.find((node) => node.id === pat.next!.taskId)?.params.text).toBe('an hour later');
    expect(pat.counts.done).toBeGreaterThanOrEqual(2);
    expect(pat.counts.pending).toBeGreaterThanOrEqual(2);

    // A paused conversation comes last; its plan stays listed.
    await callApi(runtime, 'conversations.updateParameters', {
      agent: 'Ada',
      network: 'simulator',
      channelId: sooner.chat.channelId,
      paused: true,
    });
    const paused = await overview({ agent: 'Ada' });
    expect(paused.map((plan) => [plan.title, plan.paused])).toEqual([
      ['Pat', false],
      ['Kim', true],
    ]);

    expect(await runtime.dispatch('plan.agentOverview', { agent: 'Nobody' })).toMatchObject({
      ok: false,
      error: { code: 'not_found' },
    });
    expect(await runtime.dispatch('plan.agentOverview', { agent: '' })).toMatchObject({
      ok: false,
      error: { code: 'invalid_input' },
    });
  });

  it('traces the agent’s reaction to the turn that planned it, with what else that turn did', async () => {
    const { runtime, llm } = bed;
    const { chat, people } = runtime.simulator.createChat('Ada', {
      kind: 'direct',
      people: [{ firstName: 'Pat' }],
    });
    const ref = { agent: 'Ada', network: 'simulator', channelId: chat.channelId };
    const asked = runtime.simulator.sendAsPerson('Ada', chat.channelId, people[0]!.id, { text: 'I passed!' });
    llm.replyWith(
      {
        tasks: [
          { kind: 'react', message_id: asked.messageId, emoji: '🎉' },
          { kind: 'send', text: 'Congratulations!' },
        ],
      },
      { usage: { thinkingTokens: 42 } },
    );
    await waitFor(async () => {
      const page = (await callApi(runtime, 'conversations.messages', { ...ref, limit: 5 })) as {
        messages: { isAgent: boolean; reactions: unknown[]; messageId: number }[];
      };
      const reacted = page.messages.find((message) => message.messageId === asked.messageId);
      return page.messages.some((message) => message.isAgent) && (reacted?.reactions.length ?? 0) > 0;
    }, 'the reaction and the reply');

    const traced = (await callApi(runtime, 'conversations.provenance', {
      ...ref,
      messageId: asked.messageId,
      reaction: true,
    })) as MessageProvenance;
    expect(traced.task).toMatchObject({
      kind: 'react',
      details: { emoji: '🎉', messageId: asked.messageId },
    });
    expect(traced.exchange?.taskId).toBe(traced.task?.origin);
    expect(traced.exchange?.rawReply).toContain('Congratulations!');
    expect(traced.exchange?.thinkingTokens).toBe(42);
    expect(traced.planned.map((task) => task.kind).sort()).toEqual(['react', 'send']);

    // The person's message itself was not sent by the agent: nothing traces it as a message.
    const asMessage = (await callApi(runtime, 'conversations.provenance', {
      ...ref,
      messageId: asked.messageId,
    })) as MessageProvenance;
    expect(asMessage).toEqual({ task: null, exchange: null, planned: [] });
  });
});
