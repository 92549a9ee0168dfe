import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..');

export interface ServeProcess {
  /** The one-time login link the server printed. */
  loginUrl: string;
  /** The server's origin, e.g. http://127.0.0.1:41234 */
  origin: string;
  output: () => string;
  /** Sends SIGTERM (once) and resolves with the exit code. */
  stop: () => Promise<number | null>;
  /** Ends a server that did not stop by itself. */
  kill: () => void;
}

/** Starts `troupe serve` from the built CLI on a free loopback port and waits for its login link. */
export function startServe(args: string[], env: NodeJS.ProcessEnv = {}): Promise<ServeProcess> {
  const child: ChildProcess = spawn(
    process.execPath,
    [join(REPO_ROOT, 'bin/troupe.js'), 'serve', '--port', '0', ...args],
    {
      cwd: REPO_ROOT,
      env: { ...process.env, TROUPE_LOG_LEVEL: 'warn', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /(http:\/\/[^\s]+\?token=[^\s]+)/.exec(output);
      if (!match?.[1]) return;
      const loginUrl = match[1];
      resolve({
        loginUrl,
        origin: new URL(loginUrl).origin,
        output: () => output,
        stop: async () => {
          if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
          return exited;
        },
        kill: () => {
          if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
        },
      });
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    exited.then((code) =>
      reject(new Error(`troupe serve exited with ${code} before printing its link:\n${output}`)),
    );
  });
}

/** Copies of the shipped samples and shared prompts under `root`, for a test to edit freely. */
export function copyShippedConfig(root: string): { samplesDir: string; configPath: string } {
  const samplesDir = join(root, 'samples');
  const configdir = join(root, 'configdir');
  cpSync(join(REPO_ROOT, 'samples'), samplesDir, { recursive: true });
  cpSync(join(REPO_ROOT, 'configdir'), configdir, { recursive: true });
  return { samplesDir, configPath: `${samplesDir}:${configdir}` };
}
