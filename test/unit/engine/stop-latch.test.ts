import { describe, expect, it } from 'vitest';
import { STOPPED, StopLatch } from '../../../src/main/engine/scheduler/stop-latch';

describe('StopLatch', () => {
  it("gives the work's value when it settles first, and its error when it fails", async () => {
    const latch = new StopLatch();
    await expect(latch.race(Promise.resolve('slot'))).resolves.toBe('slot');
    await expect(latch.race(Promise.reject(new Error('refused')))).rejects.toThrow('refused');
  });

  it('ends a pending wait with STOPPED when it stops, and every later one at once', async () => {
    const latch = new StopLatch();
    const waiting = latch.race(new Promise<string>(() => {}));
    latch.stop();
    await expect(waiting).resolves.toBe(STOPPED);
    await expect(latch.race(Promise.resolve('too late'))).resolves.toBe(STOPPED);
    expect(latch.stopped).toBe(true);
  });

  it('keeps nothing of a wait once its work settled', async () => {
    const latch = new StopLatch();
    let release: (value: string) => void = () => {};
    const pending = latch.race(new Promise<string>((resolve) => (release = resolve)));
    const done = Promise.all([latch.race(Promise.resolve(1)), latch.race(Promise.reject(new Error('x')))]);
    expect(latch.waiting).toBe(3);
    await done.catch(() => undefined);
    expect(latch.waiting).toBe(1);
    release('granted');
    await expect(pending).resolves.toBe('granted');
    expect(latch.waiting).toBe(0);
  });
});
