import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { REPO_ROOT } from './serve-process';

/**
 * A child process whose output is kept and watched: the demo runs `troupe login` and
 * `troupe serve` through it, and tests run the demo and the standalone fake Telegram.
 */

export interface WatchedProcess {
  readonly child: ChildProcess;
  /** Everything it printed so far, standard output and error interleaved. */
  output(): string;
  /** Resolves with the first match of `pattern` in the output (already printed or to come). */
  waitForOutput(pattern: RegExp, ms: number, what: string): Promise<RegExpExecArray>;
  /** Resolves with the exit code (null when a signal ended it). */
  readonly exited: Promise<number | null>;
  /**
   * Sends `signal` once, waits up to `graceMs` for the exit, then kills it (SIGKILL).
   * Resolves with the exit code, or 'killed'.
   */
  stop(signal?: NodeJS.Signals, graceMs?: number): Promise<number | null | 'killed'>;
}

export interface WatchedOptions {
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  /** Own process group: a terminal's Ctrl-C then reaches only the parent, which stops it once. */
  detached?: boolean;
  /** Also copy its output here as it comes (the demo shows the console's lines). */
  echo?: (text: string) => void;
}

export function spawnWatched(command: string, args: string[], options: WatchedOptions = {}): WatchedProcess {
  const child = spawn(command, args, {
    cwd: options.cwd ?? REPO_ROOT,
    env: options.env ?? process.env,
    detached: options.detached ?? false,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let output = '';
  const listeners = new Set<() => void>();
  const take = (chunk: Buffer) => {
    const text = chunk.toString();
    output += text;
    options.echo?.(text);
    for (const listener of listeners) listener();
  };
  child.stdout?.on('data', take);
  child.stderr?.on('data', take);
  const exited = new Promise<number | null>((resolve) => {
    if (child.exitCode !== null) resolve(child.exitCode);
    child.once('exit', (code) => resolve(code));
    child.once('error', () => resolve(null));
  });
  const running = () => child.exitCode === null && child.signalCode === null;

  return {
    child,
    output: () => output,
    exited,
    waitForOutput(pattern, ms, what) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const match = pattern.exec(output);
          if (!match) return;
          finish();
          resolve(match);
        };
        const timer = setTimeout(() => {
          finish();
          reject(new Error(`${what} did not show within ${ms} ms. Output:\n${output}`));
        }, ms);
        const onExit = (code: number | null) => {
          finish();
          reject(new Error(`the process exited (${code}) before ${what} showed. Output:\n${output}`));
        };
        const finish = () => {
          clearTimeout(timer);
          listeners.delete(check);
          child.off('exit', onExit);
        };
        listeners.add(check);
        child.once('exit', onExit);
        check();
        if (listeners.has(check) && !running()) onExit(child.exitCode);
      });
    },
    async stop(signal = 'SIGTERM', graceMs = 15_000) {
      if (running()) child.kill(signal);
      let timer: NodeJS.Timeout | undefined;
      const outcome = await Promise.race([
        exited,
        new Promise<'late'>((resolve) => {
          timer = setTimeout(() => resolve('late'), graceMs);
        }),
      ]);
      clearTimeout(timer);
      if (outcome !== 'late') return outcome;
      child.kill('SIGKILL');
      await exited;
      return 'killed';
    },
  };
}

/** Runs a TypeScript file of this repository with jiti, as `npm run` scripts do. */
export function spawnTypeScript(
  script: string,
  args: string[],
  options: WatchedOptions = {},
): WatchedProcess {
  return spawnWatched(
    process.execPath,
    [join(REPO_ROOT, 'node_modules/jiti/lib/jiti-cli.mjs'), join(REPO_ROOT, script), ...args],
    options,
  );
}
