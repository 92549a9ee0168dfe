import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import {
  NavDraftsCount,
  WaitingDraftsMenu,
} from '../../src/renderer/features/copilot/components/WaitingDrafts';
import { createCopilotStore } from '../../src/renderer/features/copilot/store';
import {
  draftsWaiting,
  waitingChatLabel,
  withDraftCount,
} from '../../src/renderer/features/copilot/waiting-drafts';
import type { WaitingDrafts } from '../../src/shared/api/copilot-contract';
import { createConversationStores, feedFromRuntimeEvents } from './support/conversation-stores';
import { agentConfig, FakeRuntime, runtimeState, type SimChat, settle } from './support/fake-runtime';
import { plan, task } from './support/plan-fixture';
import { textOf } from './support/render-markup';
import { renderCopilotMarkup as render } from './support/render-waiting-drafts';

const AGENT = 'Juniper';

/** Gives the chat a plan with `count` drafts waiting (and a sent message, not one), as the engine announces it. */
function draftInto(runtime: FakeRuntime, chat: SimChat, count: number) {
  const { channelId } = chat.info;
  chat.graph = plan(
    `graph-${channelId}-${count}`,
    [
      task('send-done', { status: 'done', params: { text: 'Sent', draft: 'approved' } }),
      ...Array.from({ length: count }, (_, index) =>
        task(`send-${index}`, { params: { text: `Draft ${index}`, draft: 'awaiting' } }),
      ),
    ],
    channelId,
  );
  runtime.emit('conversation.graphChanged', {
    agent: chat.agent,
    network: chat.network,
    channelId,
    graph: chat.graph,
  });
}

function setUp() {
  const runtime = new FakeRuntime();
  runtime.agents = [{ config: agentConfig({ configName: AGENT }), runtime: runtimeState(AGENT) }];
  const copilot = createCopilotStore(runtime.client);
  feedFromRuntimeEvents(runtime.client, { conversations: createConversationStores(runtime.client), copilot });
  const ada = runtime.seedChat(AGENT, 'direct', [{ firstName: 'Ada' }]);
  const grace = runtime.seedChat(AGENT, 'direct', [{ firstName: 'Grace' }]);
  const asked = () => runtime.callsOf('copilot.waitingDrafts').length;
  const counts = () => copilot.getState().waiting.chats.map((chat) => [chat.title, chat.drafts]);
  return { runtime, copilot, ada, grace, asked, counts };
}

const row = (overrides: Partial<WaitingDrafts> = {}): WaitingDrafts => ({
  agent: AGENT,
  agentName: 'Juniper',
  network: 'simulator',
  channelId: 7,
  title: 'Ada',
  drafts: 2,
  ...overrides,
});

describe('the drafts waiting, counted', () => {
  it('follows a chat’s count, drops it at none, and says when a chat is not listed', () => {
    const chats = [row(), row({ channelId: 8, title: 'Grace', network: 'telegram', drafts: 1 })];
    const ref = { network: 'simulator' as const, agent: AGENT, channelId: 7 };
    expect(withDraftCount(chats, ref, 3).chats.map((chat) => chat.drafts)).toEqual([3, 1]);
    expect(withDraftCount(chats, ref, 2).chats).toBe(chats);
    expect(withDraftCount(chats, ref, 0)).toEqual({ chats: [chats[1]], unknown: false });
    // The same chat id on the other network is another chat.
    expect(withDraftCount(chats, { ...ref, network: 'telegram' }, 2).unknown).toBe(true);
    expect(withDraftCount(chats, { ...ref, channelId: 9 }, 0)).toEqual({ chats, unknown: false });
    expect(draftsWaiting(chats)).toBe(3);
    expect(draftsWaiting(chats, 'telegram')).toBe(1);
    expect(waitingChatLabel(chats[1]!)).toBe('Juniper · Grace: 1 draft waiting, on Telegram');
  });
});

describe('the drafts waiting, kept live', () => {
  it('lists them once, then follows each plan’s events without asking again', async () => {
    const { runtime, copilot, ada, grace, asked, counts } = setUp();
    draftInto(runtime, ada, 2);
    // Nothing shows them yet: the events are not followed, and nothing is asked.
    expect(copilot.getState().waiting.status).toBe('idle');
    expect(asked()).toBe(0);

    copilot.getState().actions.followWaitingDrafts();
    copilot.getState().actions.followWaitingDrafts();
    await settle();
    expect(asked()).toBe(1);
    expect(counts()).toEqual([['Ada', 2]]);

    draftInto(runtime, ada, 3);
    await copilot
      .getState()
      .actions.approve({ agent: AGENT, network: 'simulator', channelId: ada.info.channelId }, 'send-0');
    await settle();
    expect(counts()).toEqual([['Ada', 2]]);

    // A chat that newly has drafts is asked for once, for its title.
    draftInto(runtime, grace, 1);
    await settle();
    expect(asked()).toBe(2);
    expect(counts()).toEqual([
      ['Ada', 2],
      ['Grace', 1],
    ]);

    draftInto(runtime, ada, 0);
    await copilot
      .getState()
      .actions.reject({ agent: AGENT, network: 'simulator', channelId: grace.info.channelId }, 'send-0');
    await settle();
    expect(counts()).toEqual([]);
    expect(asked()).toBe(2);
  });

  it('keeps the counts events gave while the list was on its way', async () => {
    const { runtime, copilot, ada, grace, asked, counts } = setUp();
    draftInto(runtime, ada, 2);
    draftInto(runtime, grace, 1);
    let answer: () => void = () => {};
    const listed = runtime.copilot.answer('copilot.waitingDrafts', {}) as { chats: WaitingDrafts[] };
    runtime.handle('copilot.waitingDrafts', () => new Promise((resolve) => (answer = () => resolve(listed))));
    copilot.getState().actions.followWaitingDrafts();
    draftInto(runtime, ada, 0);
    draftInto(runtime, grace, 4);
    answer();
    await settle();
    expect(counts()).toEqual([['Grace', 4]]);
    expect(asked()).toBe(1);
  });

  it('does not ask again and again for a chat the runtime does not list', async () => {
    const { runtime, copilot, ada, asked, counts } = setUp();
    runtime.handle('copilot.waitingDrafts', () => ({ chats: [] }));
    copilot.getState().actions.followWaitingDrafts();
    await settle();
    draftInto(runtime, ada, 1);
    await settle();
    draftInto(runtime, ada, 2);
    await settle();
    expect(asked()).toBe(2);
    expect(counts()).toEqual([]);
  });

  it('asks again on a reconnect, once listed', async () => {
    const { copilot, ada, asked, counts } = setUp();
    copilot.getState().actions.resync();
    await settle();
    expect(asked()).toBe(0);
    copilot.getState().actions.followWaitingDrafts();
    await settle();
    expect(counts()).toEqual([]);
    ada.graph = plan(
      'graph-x',
      [task('send-x', { params: { text: 'Hi', draft: 'awaiting' } })],
      ada.info.channelId,
    );
    copilot.getState().actions.resync();
    await settle();
    expect(asked()).toBe(2);
    expect(counts()).toEqual([['Ada', 1]]);
  });
});

describe('the drafts waiting, shown', () => {
  it('shows nothing while none wait', async () => {
    const { copilot } = setUp();
    copilot.getState().actions.followWaitingDrafts();
    await settle();
    expect(render(copilot, createElement(WaitingDraftsMenu))).toBe('');
    expect(render(copilot, createElement(NavDraftsCount, { network: 'simulator' }))).toBe('');
  });

  it('says how many wait in the header, and in each network’s link', async () => {
    const { runtime, copilot, ada, grace } = setUp();
    draftInto(runtime, ada, 2);
    draftInto(runtime, grace, 1);
    copilot.getState().actions.followWaitingDrafts();
    await settle();
    const header = render(copilot, createElement(WaitingDraftsMenu));
    expect(header).toContain('aria-label="3 drafts waiting"');
    expect(header).toContain('aria-haspopup="menu"');
    expect(textOf(header)).toContain('3 drafts waiting');

    const playground = render(copilot, createElement(NavDraftsCount, { network: 'simulator' }));
    expect(textOf(playground).trim()).toBe('3 , 3 drafts waiting');
    expect(render(copilot, createElement(NavDraftsCount, { network: 'telegram', rail: true }))).toBe('');
  });
});
