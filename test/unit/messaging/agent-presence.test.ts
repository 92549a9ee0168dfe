import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../../src/main/clock';
import type { AgentActivity } from '../../../src/main/messaging/agent-presence';
import {
  AgentPresence,
  ONLINE_EXPIRY_MS,
  TYPING_EXPIRY_MS,
} from '../../../src/main/messaging/agent-presence';

function presence() {
  const clock = new ManualClock();
  const reports: { agent: string; channelId: number; activity: AgentActivity }[] = [];
  const tracker = new AgentPresence(clock, (agent, channelId, activity) =>
    reports.push({ agent, channelId, activity }),
  );
  return { clock, tracker, reports };
}

describe('AgentPresence', () => {
  it('reports typing, then its end once the typing expiry passes', () => {
    const { clock, tracker, reports } = presence();
    tracker.typing('Cindy', 7);
    expect(reports).toEqual([{ agent: 'Cindy', channelId: 7, activity: { typing: true, online: true } }]);
    clock.advance(TYPING_EXPIRY_MS - 1);
    expect(tracker.activity('Cindy', 7).typing).toBe(true);
    clock.advance(1);
    expect(tracker.activity('Cindy', 7)).toEqual({ typing: false, online: true });
    expect(reports.at(-1)).toEqual({
      agent: 'Cindy',
      channelId: 7,
      activity: { typing: false, online: true },
    });
  });

  it('keeps typing while it is refreshed, without reporting again', () => {
    const { clock, tracker, reports } = presence();
    tracker.typing('Cindy', 7);
    for (let refresh = 0; refresh < 5; refresh += 1) {
      clock.advance(TYPING_EXPIRY_MS - 1_000);
      tracker.typing('Cindy', 7);
    }
    expect(tracker.activity('Cindy', 7).typing).toBe(true);
    expect(reports).toHaveLength(1);
  });

  it('stops typing at once when the agent sends or cancels, and stays online', () => {
    const { tracker, reports } = presence();
    tracker.typing('Cindy', 7);
    tracker.stoppedTyping('Cindy', 7);
    expect(tracker.activity('Cindy', 7)).toEqual({ typing: false, online: true });
    expect(reports.map((report) => report.activity)).toEqual([
      { typing: true, online: true },
      { typing: false, online: true },
    ]);
  });

  it('goes offline after the online expiry, in every chat told it was online', () => {
    const { clock, tracker, reports } = presence();
    tracker.seen('Cindy', 7);
    clock.advance(60_000);
    tracker.seen('Cindy', 8);
    clock.advance(ONLINE_EXPIRY_MS - 1);
    expect(tracker.activity('Cindy', 7).online).toBe(true);
    clock.advance(1);
    expect(tracker.activity('Cindy', 7).online).toBe(false);
    expect(reports.slice(-2)).toEqual([
      { agent: 'Cindy', channelId: 7, activity: { typing: false, online: false } },
      { agent: 'Cindy', channelId: 8, activity: { typing: false, online: false } },
    ]);
  });

  it('leaves typing alone when the agent is merely seen', () => {
    const { tracker } = presence();
    tracker.typing('Cindy', 7);
    tracker.seen('Cindy', 7);
    expect(tracker.activity('Cindy', 7).typing).toBe(true);
  });

  it('keeps agents apart', () => {
    const { tracker } = presence();
    tracker.typing('Cindy', 7);
    expect(tracker.activity('Bob', 7)).toEqual({ typing: false, online: false });
  });

  it('cancels its timers on close', () => {
    const { clock, tracker, reports } = presence();
    tracker.typing('Cindy', 7);
    tracker.close();
    expect(clock.pendingTimers()).toBe(0);
    clock.advance(ONLINE_EXPIRY_MS);
    expect(reports).toHaveLength(1);
  });
});
