import { describe, expect, it } from 'vitest';
import type { AttentionSignal } from '../../../src/main/app/agent-board';
import { NOTIFICATION_COOLDOWN_MS, NotificationPlanner } from '../../../src/main/app/notification-planner';

const NOW = Date.parse('2026-03-02T10:00:00.000Z');
const utcTime = (iso: string) => iso.slice(11, 16);
const planner = () => new NotificationPlanner({ formatTime: utcTime });

const signIn = (agent: string): AttentionSignal => ({ kind: 'signIn', agent, agentName: `${agent} Bot` });
const draft = (agent: string, channelId: number, count = 1, network: 'telegram' | 'simulator' = 'telegram') =>
  ({ kind: 'draftWaiting', agent, agentName: agent, network, channelId, count }) as const;

describe('NotificationPlanner', () => {
  it('words each kind for one agent and opens the page to act on', () => {
    const notes = planner().plan(
      [
        signIn('Juniper'),
        {
          kind: 'sendsStopped',
          agent: 'Ada',
          agentName: 'Ada',
          cause: 'limited',
          until: '2026-03-02T12:00:00.000Z',
        },
        { kind: 'agentError', agent: 'Bob', agentName: 'Bob', problem: 'Set the Telegram API id and hash.' },
        draft('Cy', -100123),
        {
          kind: 'spendingLimit',
          agent: 'Di',
          agentName: 'Di',
          limitUsd: 5,
          resetsAt: '2026-03-03T00:00:00.000Z',
        },
      ],
      NOW,
      [],
    );
    expect(notes).toEqual([
      {
        kind: 'signIn',
        title: 'Juniper Bot needs a new Telegram sign-in',
        body: 'Telegram ended its session, so it is offline. Sign it in again on its page.',
        route: '/agents/Juniper',
      },
      {
        kind: 'sendsStopped',
        title: "Telegram stopped Ada's sends",
        body: 'The account is limited until 12:00; its replies wait. Check it with @SpamBot before resuming sends.',
        route: '/agents/Ada',
      },
      {
        kind: 'agentError',
        title: 'Bob stopped',
        body: 'Set the Telegram API id and hash.',
        route: '/agents/Bob',
      },
      {
        kind: 'draftWaiting',
        title: 'Cy drafted a message for your approval',
        body: 'Approve, edit or reject it in the conversation.',
        route: '/conversations/Cy/-100123',
      },
      {
        kind: 'spendingLimit',
        title: 'Di reached its daily spending limit',
        body: '$5.00 spent today: its turns wait until 00:00, unless you lift the limit on its page.',
        route: '/agents/Di',
      },
    ]);
  });

  it('words a long flood wait', () => {
    const [note] = planner().plan(
      [
        {
          kind: 'sendsStopped',
          agent: 'Ada',
          agentName: 'Ada',
          cause: 'floodWait',
          until: '2026-03-02T10:12:00.000Z',
        },
      ],
      NOW,
      [],
    );
    expect(note).toMatchObject({ title: 'Ada is waiting out a flood wait', route: '/agents/Ada' });
  });

  it('groups several of a kind into one notification', () => {
    const notes = planner().plan(
      [draft('Cy', 1, 2), draft('Cy', 2), draft('Ada', 3, 1, 'simulator')],
      NOW,
      [],
    );
    expect(notes).toEqual([
      {
        kind: 'draftWaiting',
        title: '4 drafts wait for approval',
        body: 'Cy (3), Ada (1)',
        route: '/agents',
      },
    ]);
    expect(planner().plan([signIn('A'), signIn('B'), signIn('C')], NOW, [])).toEqual([
      {
        kind: 'signIn',
        title: '3 agents need a new Telegram sign-in',
        body: 'Telegram ended the sessions of A Bot, B Bot, and C Bot.',
        route: '/agents',
      },
    ]);
  });

  it("sends one agent's drafts in several chats to its plans, on their network", () => {
    expect(planner().plan([draft('Cy', 1), draft('Cy', 2)], NOW, [])[0]).toMatchObject({
      title: '2 drafts wait for approval',
      route: '/agents/Cy/plans/telegram',
    });
    expect(planner().plan([draft('Cy', 1), draft('Cy', 2, 1, 'simulator')], NOW, [])[0]?.route).toBe(
      '/agents/Cy/plans',
    );
    expect(planner().plan([draft('Cy', 5, 3, 'simulator')], NOW, [])[0]).toMatchObject({
      title: '3 drafts from Cy wait for your approval',
      route: '/playground/Cy/5',
    });
  });

  it('reads one agent of other kinds as its latest signal', () => {
    const notes = planner().plan(
      [
        { kind: 'agentError', agent: 'Bob', agentName: 'Bob', problem: 'First.' },
        { kind: 'agentError', agent: 'Bob', agentName: 'Bob', problem: 'Second.' },
      ],
      NOW,
      [],
    );
    expect(notes).toEqual([
      { kind: 'agentError', title: 'Bob stopped', body: 'Second.', route: '/agents/Bob' },
    ]);
  });

  it('tells an agent of a kind at most once per cooldown', () => {
    const plan = planner();
    expect(plan.plan([draft('Cy', 1)], NOW, [])).toHaveLength(1);
    expect(plan.plan([draft('Cy', 2)], NOW + 60_000, [])).toEqual([]);
    // Another agent, or another kind, is news meanwhile.
    expect(plan.plan([draft('Ada', 2), signIn('Cy')], NOW + 60_000, [])).toHaveLength(2);
    expect(plan.plan([draft('Cy', 3)], NOW + NOTIFICATION_COOLDOWN_MS, [])).toHaveLength(1);
  });

  it('shows nothing of a kind the operator switched off, and does not hold it against later', () => {
    const plan = planner();
    expect(plan.plan([draft('Cy', 1), signIn('Cy')], NOW, ['draftWaiting'])).toEqual([
      expect.objectContaining({ kind: 'signIn' }),
    ]);
    expect(plan.plan([draft('Cy', 1)], NOW + 1000, [])).toHaveLength(1);
  });
});
