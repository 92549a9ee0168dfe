import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TaskGraphView } from '../../../src/shared/domain/tasks';
import { callApi, waitFor } from '../../support/engine-harness';
import { type LlmRuntime, startLlmRuntime } from '../../support/llm-runtime';

describe('the co-pilot through the API', () => {
  let bed: LlmRuntime;

  beforeEach(async () => {
    bed = await startLlmRuntime('copilot-api');
  });

  afterEach(() => bed.close());

  function directChat(username = 'pat_smith') {
    const { chat, people } = bed.runtime.simulator.createChat('Ada', {
      kind: 'direct',
      people: [{ firstName: 'Pat', username }],
    });
    return {
      ref: { agent: 'Ada', network: 'simulator' as const, channelId: chat.channelId },
      personId: people[0]!.id,
    };
  }

  const texts = async (ref: object) => {
    const { messages } = (await callApi(bed.runtime, 'conversations.messages', { ...ref, limit: 50 })) as {
      messages: Array<{ isAgent: boolean; parts: Array<{ text?: string }> }>;
    };
    return messages.filter((message) => message.isAgent).map((message) => message.parts[0]?.text);
  };

  it('drafts under approval, survives a restart, and sends the approved text; a second approval is refused', async () => {
    const { runtime, llm } = bed;
    const { ref, personId } = directChat();
    await callApi(runtime, 'conversations.updateParameters', { ...ref, approvalOverride: true });
    llm.replyWith({ tasks: [{ kind: 'send', text: 'Draft one' }] });
    runtime.simulator.sendAsPerson('Ada', ref.channelId, personId, { text: 'hello' });
    const draft = await waitFor(async () => {
      const { graph } = (await callApi(runtime, 'conversations.graph', ref)) as {
        graph: TaskGraphView | null;
      };
      return graph?.nodes.find((node) => node.params.draft === 'awaiting') ?? null;
    }, 'the draft');

    // Every console can list where drafts wait, across agents and networks.
    expect(await callApi(runtime, 'copilot.waitingDrafts', {})).toEqual({
      chats: [{ ...ref, agentName: 'Ada', title: 'Pat', drafts: 1 }],
    });

    await bed.restart();
    const again = bed.runtime;
    const { graph } = (await callApi(again, 'copilot.approveDraft', {
      ...ref,
      taskId: draft.id,
      text: 'Edited one',
    })) as {
      graph: TaskGraphView;
    };
    expect(graph.nodes.find((node) => node.id === draft.id)?.params).toMatchObject({
      draft: 'edited',
      text: 'Edited one',
    });
    await waitFor(
      async () => ((await texts(ref)).includes('Edited one') ? true : null),
      'the approved message',
    );
    expect(await callApi(again, 'copilot.waitingDrafts', {})).toEqual({ chats: [] });
    const twice = await again.dispatch('copilot.approveDraft', { ...ref, taskId: draft.id });
    expect(twice).toMatchObject({ ok: false, error: { code: expect.stringMatching(/conflict|not_found/) } });
  });

  it('sends as the agent, refuses an empty message with a field error, and refuses an intent while taken over', async () => {
    const { runtime } = bed;
    const { ref } = directChat();
    const empty = await runtime.dispatch('copilot.send', { ...ref, message: { kind: 'text', text: '  ' } });
    expect(empty).toMatchObject({
      ok: false,
      error: { code: 'invalid_input', issues: [{ path: 'message.text', message: 'Write the message.' }] },
    });
    await callApi(runtime, 'conversations.updateParameters', { ...ref, operatorOnly: true });
    await callApi(runtime, 'copilot.send', { ...ref, message: { kind: 'text', text: 'Operator here.' } });
    await waitFor(
      async () => ((await texts(ref)).includes('Operator here.') ? true : null),
      'the operator message',
    );
    const intent = await runtime.dispatch('plan.xsend', { ...ref, intent: 'Say hi' });
    expect(intent).toMatchObject({
      ok: false,
      error: { code: 'conflict', message: /taken this conversation over/ },
    });
  });

  it('finds a conversation by id and @username, says what a query is missing, and knows no phones in the Simulator', async () => {
    const { runtime } = bed;
    const { ref } = directChat('lena_k');
    const find = (query: string) =>
      runtime.dispatch('plan.findConversation', { agent: 'Ada', network: 'simulator', query });
    expect(await find('@Lena_K')).toMatchObject({
      ok: true,
      result: { chat: { channelId: ref.channelId, kind: 'direct' } },
    });
    expect(await find(String(ref.channelId))).toMatchObject({
      ok: true,
      result: { chat: { channelId: ref.channelId } },
    });
    expect(await find('@nobody_at_all')).toMatchObject({
      ok: false,
      error: { code: 'not_found', message: 'Ada can reach no chat or person @nobody_at_all.' },
    });
    expect(await find('+1 555 000 0000')).toMatchObject({
      ok: false,
      error: { code: 'not_found', message: /no phone numbers/ },
    });
    expect(await find('a b')).toMatchObject({
      ok: false,
      error: { code: 'invalid_input', issues: [{ path: 'query' }] },
    });
  });

  it('keeps an agent’s approval default and daily limit, with today’s spend, and lifts a reached limit', async () => {
    const { runtime } = bed;
    expect(await callApi(runtime, 'copilot.agentSettings', { agent: 'Ada' })).toMatchObject({
      requireApproval: false,
      dailyLimitUsd: null,
      spentTodayUsd: 0,
      limitReached: false,
    });
    const bad = await runtime.dispatch('copilot.updateAgentSettings', { agent: 'Ada', dailyLimitUsd: -1 });
    expect(bad).toMatchObject({
      ok: false,
      error: { code: 'invalid_input', issues: [{ path: 'dailyLimitUsd' }] },
    });
    const unknown = await runtime.dispatch('copilot.agentSettings', { agent: 'Nobody' });
    expect(unknown).toMatchObject({ ok: false, error: { code: 'not_found' } });
    expect(
      await callApi(runtime, 'copilot.updateAgentSettings', {
        agent: 'Ada',
        requireApproval: true,
        dailyLimitUsd: 2.5,
      }),
    ).toMatchObject({ requireApproval: true, dailyLimitUsd: 2.5, limitReached: false });
    const { ref } = directChat();
    expect(await callApi(runtime, 'conversations.parameters', ref)).toMatchObject({
      approvalOverride: null,
      approval: true,
    });
    expect(await callApi(runtime, 'copilot.liftLimit', { agent: 'Ada' })).toMatchObject({
      liftedToday: true,
    });
  });
});
