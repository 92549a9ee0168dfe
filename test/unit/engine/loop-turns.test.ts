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
});
