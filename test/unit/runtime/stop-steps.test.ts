import { describe, expect, it } from 'vitest';
import { runStopSteps } from '../../../src/main/runtime/stop-steps';
import { captureLogger } from '../app/capture-logger';

describe('runStopSteps', () => {
  it('runs the later steps on time when one never finishes', async () => {
    const { logger, warnings } = captureLogger();
    const ran: string[] = [];
    const started = Date.now();
    await runStopSteps(
      [
        { name: 'telegram', run: () => new Promise(() => {}) },
        { name: 'store', run: () => ran.push('store') },
      ],
      200,
      logger,
    );
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(ran).toEqual(['store']);
    expect(warnings()).toEqual([expect.objectContaining({ step: 'telegram' })]);
  });

  it('goes on after a step that throws, and logs it', async () => {
    const { logger, lines } = captureLogger();
    const ran: string[] = [];
    await runStopSteps(
      [
        {
          name: 'engine',
          run: () => {
            throw new Error('already stopped');
          },
        },
        { name: 'store', run: async () => ran.push('store') },
      ],
      1_000,
      logger,
    );
    expect(ran).toEqual(['store']);
    expect(lines).toEqual([expect.objectContaining({ step: 'engine', msg: 'a shutdown step failed' })]);
  });
});
