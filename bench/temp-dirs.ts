import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const made = new Set<string>();
let removedAtExit = false;

/**
 * A fresh folder in the system's temp folder, removed after the benchmark file (see
 * `bench/setup.ts`) or when a benchmark's own process exits: a benchmark's state (a database of
 * thousands of chats) and agent files would otherwise pile up run after run.
 */
export function benchTempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  if (!removedAtExit) process.once('exit', removeBenchTempDirs);
  removedAtExit = true;
  made.add(dir);
  return dir;
}

/** Removes every folder benchTempDir made; runtimes using them must be closed. */
export function removeBenchTempDirs(): void {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
  made.clear();
}
