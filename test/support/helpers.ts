import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach } from 'vitest';
import { createLogger, type Logger } from '../../src/main/logging';

/** A fresh temporary directory per call, removed after the test. */
export function tempDirsPerTest(): () => string {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });
  return () => {
    const dir = mkdtempSync(join(tmpdir(), 'troupe-test-'));
    dirs.push(dir);
    return dir;
  };
}

/** A logger whose JSON lines the test can read. */
export function capturingLogger(): { logger: Logger; records: () => Record<string, unknown>[] } {
  const lines: string[] = [];
  const logger = createLogger({ level: 'debug', destination: { write: (line: string) => lines.push(line) } });
  return { logger, records: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>) };
}

/** A clock the test moves by hand. */
export function manualClock(start: string): { now: () => Date; set: (iso: string) => void } {
  let current = new Date(start);
  return { now: () => new Date(current), set: (iso) => (current = new Date(iso)) };
}
