import { describe, expect, it, vi } from 'vitest';
import { ManualClock } from '../../../src/main/clock';
import {
  FIRST_SCAN_DELAY_MS,
  MAX_SCAN_STAGGER_MS,
  scanStaggerMs,
  UnreadScanner,
} from '../../../src/main/engine/scheduler/unread-scanner';
import { createLogger } from '../../../src/main/logging';

const INTERVAL_MS = 60_000;

function setup(agents: string[], scanOnce: (agent: string) => Promise<number> = async () => 0) {
  const clock = new ManualClock();
  const logger = createLogger({ level: 'silent' });
  const warn = vi.spyOn(logger, 'warn');
  const scanned: { agent: string; at: number }[] = [];
  const start = clock.now().getTime();
  const scanner = new UnreadScanner({
    clock,
    logger,
    intervalMs: () => INTERVAL_MS,
    agents: () => agents,
    scanOnce: (agent) => {
      scanned.push({ agent, at: clock.now().getTime() - start });
      return scanOnce(agent);
    },
  });
  return { clock, scanner, scanned, warn };
}

/** Lets the scans' promise callbacks run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('unread scanner', () => {
  it('gives each agent a stable offset within the stagger window', () => {
    expect(scanStaggerMs('Ada')).toBe(scanStaggerMs('Ada'));
    for (const name of ['Ada', 'Bob', 'Cleo', 'a much longer agent name']) {
      expect(scanStaggerMs(name)).toBeGreaterThanOrEqual(0);
      expect(scanStaggerMs(name)).toBeLessThan(MAX_SCAN_STAGGER_MS);
    }
    expect(new Set(['Ada', 'Bob', 'Cleo'].map(scanStaggerMs)).size).toBeGreaterThan(1);
  });

  it('scans every agent shortly after start, then every interval, each at its offset', async () => {
    const { clock, scanner, scanned } = setup(['Ada', 'Bob']);
    scanner.start();
    clock.advance(FIRST_SCAN_DELAY_MS + MAX_SCAN_STAGGER_MS);
    for (let cycle = 0; cycle < 2; cycle++) {
      await settle();
      clock.advance(INTERVAL_MS);
    }
    const times = (agent: string) => scanned.filter((scan) => scan.agent === agent).map((scan) => scan.at);
    for (const agent of ['Ada', 'Bob']) {
      const first = FIRST_SCAN_DELAY_MS + scanStaggerMs(agent);
      expect(times(agent)).toEqual([first, first + INTERVAL_MS, first + 2 * INTERVAL_MS]);
    }
  });

  it('skips a periodic scan while the previous one of the agent still runs', async () => {
    let finish = () => {};
    const { clock, scanner, scanned } = setup(
      ['Ada'],
      () => new Promise((resolve) => (finish = () => resolve(0))),
    );
    scanner.start();
    clock.advance(FIRST_SCAN_DELAY_MS + MAX_SCAN_STAGGER_MS + INTERVAL_MS);
    expect(scanned).toHaveLength(1);
    finish();
    await settle();
    clock.advance(INTERVAL_MS);
    expect(scanned).toHaveLength(2);
  });

  it('runs an on-demand scan after the one in flight, not alongside it', async () => {
    const finishers: (() => void)[] = [];
    const { scanner, scanned } = setup(
      ['Ada'],
      () => new Promise((resolve) => finishers.push(() => resolve(1))),
    );
    const first = scanner.scan('Ada');
    const second = scanner.scan('Ada');
    await settle();
    expect(scanned).toHaveLength(1);
    finishers[0]!();
    expect(await first).toBe(1);
    await settle();
    expect(scanned).toHaveLength(2);
    finishers[1]!();
    expect(await second).toBe(1);
  });

  it('logs a failed scan and still scans at the next interval', async () => {
    const failing = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(0);
    const { clock, scanner, scanned, warn } = setup(['Ada'], failing);
    scanner.start();
    clock.advance(FIRST_SCAN_DELAY_MS + MAX_SCAN_STAGGER_MS);
    await settle();
    expect(warn).toHaveBeenCalledWith(expect.objectContaining({ agent: 'Ada' }), 'unread scan failed');
    clock.advance(INTERVAL_MS);
    expect(scanned).toHaveLength(2);
  });

  it('stops scanning when stopped', () => {
    const { clock, scanner, scanned } = setup(['Ada']);
    scanner.start();
    clock.advance(FIRST_SCAN_DELAY_MS + MAX_SCAN_STAGGER_MS);
    scanner.stop();
    clock.advance(10 * INTERVAL_MS);
    expect(scanned).toHaveLength(1);
    expect(clock.pendingTimers()).toBe(0);
  });
});
