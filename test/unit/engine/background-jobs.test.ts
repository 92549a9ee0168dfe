import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../../src/main/clock';
import { BackgroundJobs } from '../../../src/main/engine/background/background-jobs';
import { createLogger } from '../../../src/main/logging';

function jobs() {
  const tracked: Promise<unknown>[] = [];
  const warnings: unknown[] = [];
  const logger = createLogger({ level: 'silent' });
  logger.warn = ((details: unknown) => warnings.push(details)) as typeof logger.warn;
  const clock = new ManualClock('2026-03-02T10:00:00Z');
  const runner = new BackgroundJobs({ logger, clock, track: (work) => tracked.push(work) });
  return { runner, tracked, warnings, clock };
}

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

describe('memory work beside the conversations', () => {
  it('runs jobs one at a time in the order asked, and adds nothing for a key already waiting or running', async () => {
    const { runner, tracked } = jobs();
    const order: string[] = [];
    const gate = deferred();
    expect(
      runner.request('a', async () => {
        order.push('a');
        await gate.promise;
      }),
    ).toBe(true);
    expect(runner.request('a', async () => void order.push('a again'))).toBe(false);
    expect(runner.request('b', async () => void order.push('b'))).toBe(true);
    expect(runner.request('b', async () => void order.push('b again'))).toBe(false);
    expect(order).toEqual(['a']);
    expect(runner.busy).toBe(true);
    gate.resolve();
    await Promise.all(tracked);
    expect(order).toEqual(['a', 'b']);
    expect(runner.busy).toBe(false);
    expect(runner.request('a', async () => void order.push('a later'))).toBe(true);
    await Promise.all(tracked);
    expect(order).toEqual(['a', 'b', 'a later']);
  });

  it('logs a failed job and goes on with the next', async () => {
    const { runner, tracked, warnings } = jobs();
    const done: string[] = [];
    runner.request('bad', async () => {
      throw new Error('model unreachable');
    });
    runner.request('good', async () => void done.push('good'));
    await Promise.all(tracked);
    expect(done).toEqual(['good']);
    expect(warnings).toEqual([expect.objectContaining({ job: 'bad' })]);
  });

  it('stops: aborts the running job, drops the queue and takes no more', async () => {
    const { runner, tracked, warnings } = jobs();
    const ran: string[] = [];
    runner.request(
      'long',
      (signal) =>
        new Promise<void>((_resolve, reject) => {
          signal.addEventListener('abort', () => reject(new Error('aborted')));
        }),
    );
    runner.request('queued', async () => void ran.push('queued'));
    runner.stop();
    await Promise.all(tracked);
    expect(runner.request('after', async () => void ran.push('after'))).toBe(false);
    expect(ran).toEqual([]);
    expect(warnings).toEqual([]);
  });

  it('runs a debounced job once, after the last of a burst of requests has been quiet long enough', async () => {
    const { runner, tracked, clock } = jobs();
    const ran: string[] = [];
    runner.requestAfterQuiet('read', 60_000, async () => void ran.push('first'));
    clock.advance(50_000);
    runner.requestAfterQuiet('read', 60_000, async () => void ran.push('second'));
    clock.advance(50_000);
    expect(ran).toEqual([]);
    expect(runner.busy).toBe(false);
    clock.advance(10_000);
    await Promise.all(tracked);
    expect(ran).toEqual(['second']);
    runner.requestAfterQuiet('read', 60_000, async () => void ran.push('cancelled'));
    runner.stop();
    clock.advance(60_000);
    await Promise.all(tracked);
    expect(ran).toEqual(['second']);
  });
});
