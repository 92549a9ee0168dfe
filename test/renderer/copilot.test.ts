import { MantineProvider } from '@mantine/core';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { ChatRef } from '../../src/renderer/features/conversations/model';
import { DraftCard } from '../../src/renderer/features/copilot/components/DraftCard';
import {
  changedUnderneath,
  type DraftEdit,
  type DraftEdits,
  followDrafts,
  lostText,
  NO_DRAFT_EDITS,
  rejectedNotice,
  startEdit,
  withEdit,
} from '../../src/renderer/features/copilot/draft-edits';
import { type Draft, draftLabel, draftsOf, formatUsd } from '../../src/renderer/features/copilot/model';
import { CopilotStoreContext, createCopilotStore } from '../../src/renderer/features/copilot/store';
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

const message = (taskId: string, content: string): Draft => ({
  taskId,
  kind: 'send',
  content,
  messageId: null,
  editable: true,
});

/** One draft card as drawn with the operator's `edit` under way, as markup without styles. */
function draftCard(draft: Draft, edit: DraftEdit | null): string {
  const copilot = createCopilotStore(new FakeRuntime().client);
  return renderToStaticMarkup(
    createElement(
      MantineProvider,
      null,
      createElement(
        CopilotStoreContext,
        { value: copilot },
        createElement(DraftCard, {
          conversation: { agent: AGENT, network: 'simulator', channelId: 7 },
          agentName: AGENT,
          draft,
          edit,
          onEdit: () => {},
        }),
      ),
    ),
  ).replace(/<style[\s\S]*?<\/style>/g, '');
}

describe('a draft being edited', () => {
  const christies = message('send-1', 'We have two Christies in.');

  it('starts each edit from the draft as it is: a cancelled edit leaves nothing behind', () => {
    let edits: DraftEdits = withEdit(NO_DRAFT_EDITS, 'send-1', startEdit(christies, 'edit'));
    edits = withEdit(edits, 'send-1', { ...edits.byTask['send-1']!, text: 'Scrap this' });
    edits = withEdit(edits, 'send-1', null);
    expect(edits.byTask).toEqual({});
    edits = withEdit(edits, 'send-1', startEdit(christies, 'edit'));
    expect(edits.byTask['send-1']!.text).toBe('We have two Christies in.');
    expect(draftCard(christies, edits.byTask['send-1']!)).toContain('>We have two Christies in.</textarea>');
  });

  it('keeps what was typed when the agent replans: it moves to the draft that came in its place, which says it changed', () => {
    const typed = { ...startEdit(christies, 'edit'), text: 'We have two Agatha Christies in.' };
    const replanned = message('send-9', 'We have three Christies in now.');
    const edits = followDrafts(withEdit(NO_DRAFT_EDITS, 'send-1', typed), [christies], [replanned]);
    expect(edits.byTask).toEqual({ 'send-9': typed });
    expect(edits.lost).toEqual([]);
    expect(changedUnderneath(edits.byTask['send-9']!, replanned)).toBe(true);

    const html = draftCard(replanned, edits.byTask['send-9']!);
    expect(html).toContain('>We have two Agatha Christies in.</textarea>');
    expect(html).toContain('Juniper changed this draft while you were at it');
    expect(html).toContain('We have three Christies in now.');
    expect(html).toContain('Use the new draft');
    expect(html).toContain('Keep my text');
  });

  it('keeps typed text aside while the draft is gone, until a new one takes it up, and forgets an edit approved or untouched', () => {
    const typed = { ...startEdit(christies, 'edit'), text: 'Mine' };
    const gone = followDrafts(withEdit(NO_DRAFT_EDITS, 'send-1', typed), [christies], []);
    expect(gone.byTask).toEqual({});
    expect(gone.lost.map(lostText)).toEqual(['Mine']);
    // The replan withdraws the draft first; the one replacing it comes a moment later and takes it up.
    const replanned = message('send-9', 'We have three now.');
    const taken = followDrafts(gone, [], [replanned]);
    expect(taken).toEqual({ byTask: { 'send-9': typed }, lost: [] });
    // A reaction cannot take up a rewritten text: it stays aside.
    const reaction: Draft = { ...message('react-1', '👍'), kind: 'react', editable: false };
    expect(followDrafts(gone, [], [reaction]).lost.map(lostText)).toEqual(['Mine']);

    const approving = withEdit(NO_DRAFT_EDITS, 'send-1', { ...typed, submitting: true });
    expect(followDrafts(approving, [christies], [message('send-2', 'Next')])).toEqual(NO_DRAFT_EDITS);
    const untouched = withEdit(NO_DRAFT_EDITS, 'send-1', startEdit(christies, 'edit'));
    expect(followDrafts(untouched, [christies], [message('send-2', 'Next')])).toEqual(NO_DRAFT_EDITS);
    // A draft still there keeps its edit as it was.
    const kept = withEdit(NO_DRAFT_EDITS, 'send-1', typed);
    expect(followDrafts(kept, [christies], [christies, message('send-2', 'Next')])).toBe(kept);
  });

  it('cannot be approved blank, and says why', () => {
    const html = draftCard(christies, { ...startEdit(christies, 'edit'), text: '   ' });
    expect(html).toMatch(/<button[^>]*disabled=""[^>]*>(?:(?!<\/button>)[\s\S])*Approve as edited/);
    expect(html).toContain('Write the message to approve it, or Cancel to keep the draft.');
    expect(draftCard(christies, { ...startEdit(christies, 'edit'), text: 'Hi' })).not.toContain(
      'Write the message to approve it',
    );
  });

  it('says once rejected that nothing was sent, and whether the agent was told', () => {
    expect(rejectedNotice(AGENT, '  ', false)).toEqual({
      title: 'Draft rejected',
      message: 'Nothing was sent.',
    });
    expect(rejectedNotice(AGENT, 'Do not quote prices.', true).message).toBe(
      'Nothing was sent; Juniper was told what to do instead and is thinking again.',
    );
    expect(rejectedNotice(AGENT, 'Do not quote prices.', false).message).toMatch(
      /^Nothing was sent; Juniper was told/,
    );
  });
});
