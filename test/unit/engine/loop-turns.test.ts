import { describe, expect, it } from 'vitest';
import { LoopTurns } from '../../../src/main/engine/scheduler/loop-turns';

describe('loop turns', () => {
  it('lets one waiter through per turn of the event loop, in the order they asked', async () => {
    // Counts turns of the event loop: an immediate queued from an immediate runs in the next one.
    let loopTurn = 0;
    let counting = true;
    const count = () => {
      loopTurn++;
      if (counting) setImmediate(count);
    };
    setImmediate(count);

    const turns = new LoopTurns();
    const order: number[] = [];
    const seenAt = await Promise.all(
      [1, 2, 3, 4].map((step) =>
        turns.next().then(() => {
          order.push(step);
          return loopTurn;
        }),
      ),
    );
    counting = false;
    expect(order).toEqual([1, 2, 3, 4]);
    for (let index = 1; index < seenAt.length; index++)
      expect(seenAt[index]).toBeGreaterThan(seenAt[index - 1]!);
  });

  it('lets turns about to ask the model through before the other steps waiting', async () => {
    const turns = new LoopTurns();
    const order: string[] = [];
    await Promise.all([
      turns.next().then(() => order.push('reply 1')),
      turns.next().then(() => order.push('reply 2')),
      turns.next('turn-start').then(() => order.push('turn 1')),
      turns.next().then(() => order.push('send 1')),
      turns.next('turn-start').then(() => order.push('turn 2')),
    ]);
    // All asked before the first step ran: the turns go first, then the rest in the order they asked.
    expect(order).toEqual(['turn 1', 'turn 2', 'reply 1', 'reply 2', 'send 1']);
  });
});
