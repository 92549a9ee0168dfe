import { describe, expect, it } from 'vitest';
import { agentActivity } from '../../src/renderer/features/conversations/model';

const NOW = new Date('2026-11-28T10:00:10.000Z');
const base = { agentName: 'Juniper', partnerName: 'Ada', now: NOW };
const ONLINE = { typing: false, online: true };

describe('the agent activity line', () => {
  it('counts the seconds of an LLM call, before anything else it shows', () => {
    expect(
      agentActivity({
        ...base,
        presence: { typing: true, online: true },
        turn: { phase: 'thinking', since: '2026-11-28T10:00:06.600Z' },
      }),
    ).toEqual({ text: 'Juniper is thinking…', seconds: 3, active: true });
  });

  it('explains the wait for the partner to stop typing, with the seconds left', () => {
    expect(
      agentActivity({
        ...base,
        presence: ONLINE,
        turn: { phase: 'waitingForPartner', until: '2026-11-28T10:00:14.000Z' },
      }),
    ).toEqual({ text: 'Juniper answers once Ada stops typing', seconds: 4, active: true });
    // A deadline just passed reads 0, never a negative count; a chat without one partner names no one.
    expect(
      agentActivity({
        ...base,
        partnerName: null,
        presence: { typing: false, online: false },
        turn: { phase: 'waitingForPartner', until: '2026-11-28T10:00:09.000Z' },
      }),
    ).toEqual({ text: 'Juniper answers once the partner stops typing', seconds: 0, active: false });
  });

  it("says when the agent's schedule holds the answer: hours while asleep, seconds near the end", () => {
    const held = (until: string, asleep: boolean, activity: string | null) =>
      agentActivity({
        ...base,
        presence: { typing: false, online: false },
        turn: { phase: 'heldBySchedule', until, asleep, activity },
      });
    expect(held('2026-11-28T15:20:10.000Z', true, 'Sleeping')).toEqual({
      text: 'Juniper is asleep (Sleeping) and answers on waking in 5 h 20 min',
      seconds: null,
      active: false,
    });
    expect(held('2026-11-28T11:00:10.000Z', true, 'Sleeping').text).toBe(
      'Juniper is asleep (Sleeping) and answers on waking in 1 h',
    );
    expect(held('2026-11-28T10:01:40.000Z', false, 'Cooking dinner')).toEqual({
      text: 'Juniper is busy (Cooking dinner) and answers in',
      seconds: 90,
      active: false,
    });
    expect(held('2026-11-28T10:05:10.000Z', false, null).text).toBe('Juniper is busy and answers in 5 min');
  });

  it('falls back to typing, online and offline', () => {
    expect(agentActivity({ ...base, presence: { typing: true, online: true }, turn: null }).text).toBe(
      'Juniper is typing…',
    );
    expect(agentActivity({ ...base, presence: ONLINE, turn: null })).toEqual({
      text: 'Juniper is online',
      seconds: null,
      active: true,
    });
    expect(agentActivity({ ...base, presence: { typing: false, online: false }, turn: null }).active).toBe(
      false,
    );
  });
});
