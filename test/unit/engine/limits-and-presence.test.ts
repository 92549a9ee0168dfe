import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../../src/main/clock';
import { PresenceKeeper, presenceOf } from '../../../src/main/engine/pacing/presence';
import { FairSlots } from '../../../src/main/engine/scheduler/fair-slots';
import { SendRateLimiter } from '../../../src/main/engine/scheduler/send-rate-limiter';
import { graphOf, NOW } from './graph-fixtures';

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('fair slots', () => {
  it('grants slots up to the limit and then in the order asked', async () => {
    const slots = new FairSlots(() => 1);
    const granted: string[] = [];
    const first = await slots.acquire();
    void slots.acquire().then((release) => {
      granted.push('second');
      release();
    });
    void slots.acquire().then(() => granted.push('third'));
    await tick();
    expect(granted).toEqual([]);
    first();
    first();
    await tick();
    expect(granted).toEqual(['second', 'third']);
    expect(slots.inUse).toBe(1);
  });

  it('reads the limit live', async () => {
    let limit = 1;
    const slots = new FairSlots(() => limit);
    await slots.acquire();
    let second = false;
    void slots.acquire().then(() => {
      second = true;
    });
    limit = 2;
    void slots.acquire().then(() => {});
    await tick();
    expect(second).toBe(true);
  });
});

describe('send rate limiter', () => {
  it('lets an account send at most the limit in any minute, others unaffected', async () => {
    const clock = new ManualClock(NOW);
    const limiter = new SendRateLimiter(clock, () => 2);
    const sent: string[] = [];
    for (const name of ['a1', 'a2', 'a3']) void limiter.acquire('Ada').then(() => sent.push(name));
    void limiter.acquire('Bea').then(() => sent.push('b1'));
    await tick();
    expect(sent).toEqual(['a1', 'a2', 'b1']);
    clock.advance(59_999);
    await tick();
    expect(sent).toHaveLength(3);
    clock.advance(1);
    await tick();
    expect(sent).toEqual(['a1', 'a2', 'b1', 'a3']);
  });
});

describe('presence', () => {
  it('shows typing only while a typing wait is pending and unblocked, else online during the window', () => {
    const graph = graphOf([
      { id: 'r', kind: 'received', status: 'done' },
      { id: 'online', kind: 'wait', params: { delay: 300, online: true } },
      { id: 'type', kind: 'wait', params: { delay: 3, typing: true }, dependsOn: ['r'] },
    ]);
    expect(presenceOf(graph)).toBe('online');
    graph.node('type')!.waitUntil = NOW.toISOString();
    expect(presenceOf(graph)).toBe('typing');
    graph.node('r')!.status = 'active';
    expect(presenceOf(graph)).toBe('online');
    expect(presenceOf(null)).toBe('away');
  });

  it('sends typing at once and every 4 seconds, then a cancel that keeps the agent online', () => {
    const clock = new ManualClock(NOW);
    const actions: string[] = [];
    const keeper = new PresenceKeeper(
      clock,
      async (action) => {
        actions.push(`${clock.now().getTime() - NOW.getTime()}:${action}`);
      },
      () => {},
    );
    keeper.show('typing');
    clock.advance(9_000);
    keeper.show('online');
    clock.advance(60_000);
    keeper.show('away');
    clock.advance(120_000);
    expect(actions).toEqual(['0:typing', '4000:typing', '8000:typing', '9000:cancel', '69000:cancel']);
  });
});
