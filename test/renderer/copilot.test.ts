import { describe, expect, it } from 'vitest';
import type { ChatRef } from '../../src/renderer/features/conversations/model';
import { draftLabel, draftsOf, formatUsd } from '../../src/renderer/features/copilot/model';
import { createCopilotStore } from '../../src/renderer/features/copilot/store';
import { createConversationStores, feedFromRuntimeEvents } from './support/conversation-stores';
import { agentConfig, FakeRuntime, runtimeState, settle } from './support/fake-runtime';
import { plan, task } from './support/plan-fixture';
import { renderCopilotDockMarkup } from './support/render-copilot';

const AGENT = 'Juniper';

const draftPlan = (channelId: number) =>
  plan(
    'graph-1',
    [
      task('received-1', { kind: 'received', status: 'done', params: { messageId: 1 } }),
      task('send-1', {
        params: { text: 'See you at 7!', reply_to: 1, draft: 'awaiting' },
        dependsOn: ['received-1'],
      }),
      task('react-1', {
        kind: 'react',
        params: { emoji: '👍', message_id: 1, draft: 'awaiting' },
        dependsOn: ['send-1'],
      }),
      task('send-2', { status: 'done', params: { text: 'Sent before', draft: 'approved' } }),
      task('send-3', { params: { text: 'Not a draft' } }),
    ],
    channelId,
  );

async function setUp() {
  const runtime = new FakeRuntime();
  runtime.agents = [{ config: agentConfig({ configName: AGENT }), runtime: runtimeState(AGENT) }];
  const stores = createConversationStores(runtime.client);
  feedFromRuntimeEvents(runtime.client, { conversations: stores });
  const copilot = createCopilotStore(runtime.client);
  runtime.client.on('copilot.agentChanged', ({ agent }) =>
    copilot.getState().actions.applyAgentChanged(agent),
  );
  const chat = runtime.seedChat(AGENT, 'direct', [{ firstName: 'Ada' }]);
  chat.graph = draftPlan(chat.info.channelId);
  const ref: ChatRef = { agent: AGENT, channelId: chat.info.channelId };
  stores.simulator.getState().actions.openChat(ref);
  await copilot.getState().actions.loadAgent(AGENT);
  await settle();
  const markup = () => renderCopilotDockMarkup(stores, copilot, ref, AGENT);
  return { runtime, chat, ref, copilot, markup, conversation: { ...ref, network: 'simulator' as const } };
}

describe('the co-pilot model', () => {
  it('finds the drafts still waiting, in the order planned, and names them', () => {
    const drafts = draftsOf(draftPlan(7));
    expect(drafts.map((draft) => draft.taskId)).toEqual(['send-1', 'react-1']);
    expect(drafts.map(draftLabel)).toEqual(['Message, replying to message 1', 'Reaction on message 1']);
    expect(drafts.map((draft) => draft.editable)).toEqual([true, false]);
    expect(draftsOf(null)).toEqual([]);
  });

  it('shows spend in cents, and finer below a cent', () => {
    expect(formatUsd(5)).toBe('$5.00');
    expect(formatUsd(0.0042)).toBe('$0.0042');
    expect(formatUsd(0)).toBe('$0.00');
  });
});

describe('the co-pilot dock', () => {
  it('shows each draft with its actions and the conversation’s switches', async () => {
    const { markup } = await setUp();
    const html = markup();
    expect(html).toContain('See you at 7!');
    expect(html.match(/aria-label="Draft: /g)).toHaveLength(2);
    expect(html).toContain('Approve');
    expect(html).toContain('Reject');
    expect(html).toContain('Operator only');
    expect(html).toContain('Write as Juniper');
    expect(html).not.toContain('Not a draft');
    expect(html).not.toContain('reached today');
  });

  it('says why the agent is quiet when its spending limit is reached, and forgets it once lifted', async () => {
    const { runtime, copilot, markup } = await setUp();
    runtime.copilot.spentToday.set(AGENT, 5.5);
    await copilot.getState().actions.updateAgent(AGENT, { dailyLimitUsd: 5 });
    expect(markup()).toContain('Juniper reached today&#x27;s spending limit');
    expect(markup()).toContain('$5.50 spent of $5.00');

    await copilot.getState().actions.liftLimit(AGENT);
    await settle();
    expect(markup()).not.toContain('reached today');
    expect(copilot.getState().agents[AGENT]?.value).toMatchObject({ liftedToday: true, limitReached: false });
  });

  it('approves a draft: it is sent and leaves the list; approving it again is refused plainly', async () => {
    const { copilot, conversation, runtime, chat, markup } = await setUp();
    await copilot.getState().actions.approve(conversation, 'send-1', 'See you at 8!');
    await settle();
    expect(chat.messages.at(-1)?.parts).toEqual([{ kind: 'text', text: 'See you at 8!' }]);
    expect(markup()).not.toContain('See you at 7!');
    await expect(copilot.getState().actions.approve(conversation, 'send-1')).rejects.toThrow(
      'This draft was approved already.',
    );
    expect(runtime.callsOf('copilot.approveDraft')).toHaveLength(2);
  });

  it('rejects with an instruction and says the agent thinks again', async () => {
    const { copilot, conversation, markup } = await setUp();
    await expect(copilot.getState().actions.reject(conversation, 'react-1', '  No thumbs.  ')).resolves.toBe(
      true,
    );
    await expect(copilot.getState().actions.reject(conversation, 'send-1', '   ')).resolves.toBe(false);
    await settle();
    expect(markup()).not.toContain('aria-label="Draft: ');
  });

  it('writes as the agent: the text lands in the chat as the agent’s', async () => {
    const { copilot, conversation, chat } = await setUp();
    await copilot.getState().actions.send(conversation, { kind: 'text', text: 'It is me.' }, 1);
    expect(chat.messages.at(-1)).toMatchObject({ isAgent: true, replyToMessageId: 1 });
    await expect(copilot.getState().actions.stickersOf(AGENT, 'simulator')).resolves.not.toHaveLength(0);
  });

  it('finds another conversation by @username and sends it an intent', async () => {
    const { copilot, runtime } = await setUp();
    const other = runtime.seedChat(AGENT, 'direct', [{ firstName: 'Lena', username: 'lena_k' }]);
    const found = await copilot.getState().actions.findConversation(AGENT, 'simulator', '@Lena_K');
    expect(found.channelId).toBe(other.info.channelId);
    await expect(
      copilot.getState().actions.findConversation(AGENT, 'simulator', '@nobody_here'),
    ).rejects.toThrow('Juniper can reach no chat or person @nobody_here.');
    await expect(
      copilot
        .getState()
        .actions.xsend({ agent: AGENT, network: 'simulator', channelId: found.channelId }, 'Say hi'),
    ).resolves.toBe(true);
    expect(runtime.xsends).toEqual([
      { agent: AGENT, network: 'simulator', channelId: found.channelId, intent: 'Say hi' },
    ]);
  });
});
