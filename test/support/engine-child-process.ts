import { type ChildProcess, fork } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ChildCommand, ChildMessage } from './engine-child';

const here = dirname(fileURLToPath(import.meta.url));
const REPO_ROOT = join(here, '../..');
const CHILD_SCRIPT = join(here, 'engine-child.ts');
/*
 * The child runs the TypeScript sources as they are. jiti (already in node_modules through vite)
 * compiles them on the fly; a devDependency of its own would make that explicit.
 */
const JITI_CLI = join(
  dirname(createRequire(import.meta.url).resolve('jiti/package.json')),
  'lib',
  'jiti-cli.mjs',
);

type CommandInput = ChildCommand extends infer C ? (C extends { id: number } ? Omit<C, 'id'> : never) : never;

export interface EngineChild {
  call<T = unknown>(command: CommandInput, timeoutMs?: number): Promise<T>;
  /** SIGKILL: no shutdown code runs. */
  kill(): Promise<void>;
  /** Resolves when the process exits, with its signal or code. */
  readonly exited: Promise<string>;
  /** Disconnects, letting the child close its runtime and exit. */
  stop(): Promise<void>;
  output(): string;
}

export interface EngineChildOptions {
  root: string;
  geminiBaseUrl: string;
  engineSettings?: Record<string, unknown>;
  crashAfterDelivery?: boolean;
  /** Dies right after a scheduled event it was asked to set fires (see engine-child). */
  crashAfterEventFired?: boolean;
}

/** Starts the runtime in a child process and waits until it is ready for commands. */
export function startEngineChild(options: EngineChildOptions): Promise<EngineChild> {
  const child: ChildProcess = fork(JITI_CLI, [CHILD_SCRIPT, options.root], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      FAKE_GEMINI_URL: options.geminiBaseUrl,
      ENGINE_SETTINGS: JSON.stringify(options.engineSettings ?? {}),
      ...(options.crashAfterDelivery ? { CRASH_AFTER_DELIVERY: '1' } : {}),
      ...(options.crashAfterEventFired ? { CRASH_AFTER_EVENT_FIRED: '1' } : {}),
    },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise<string>((resolve) =>
    child.once('exit', (code, signal) => resolve(signal ?? `exit ${code}`)),
  );
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  let nextId = 1;
  void exited.then((how) => {
    for (const waiter of pending.values()) waiter.reject(new Error(`the engine child ended (${how})`));
    pending.clear();
  });

  const handle: EngineChild = {
    call: <T>(command: CommandInput, timeoutMs = 10_000) =>
      new Promise<T>((resolve, reject) => {
        const id = nextId++;
        const timer = setTimeout(() => {
          pending.delete(id);
          reject(new Error(`no answer to ${command.type} within ${timeoutMs} ms`));
        }, timeoutMs);
        pending.set(id, {
          resolve: (value) => {
            clearTimeout(timer);
            resolve(value as T);
          },
          reject: (error) => {
            clearTimeout(timer);
            reject(error);
          },
        });
        child.send({ ...command, id });
      }),
    kill: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
    exited,
    stop: async () => {
      if (child.connected) child.disconnect();
      await exited;
    },
    output: () => output,
  };

  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the engine child did not start:\n${output}`)), 20_000);
    child.on('message', (message: ChildMessage) => {
      switch (message.type) {
        case 'ready':
          clearTimeout(timer);
          resolve(handle);
          return;
        case 'result':
          pending.get(message.id)?.resolve(message.result);
          pending.delete(message.id);
          return;
        case 'error':
          pending.get(message.id)?.reject(new Error(message.message));
          pending.delete(message.id);
          return;
      }
    });
    void exited.then((how) => {
      clearTimeout(timer);
      reject(new Error(`the engine child exited (${how}) before it was ready:\n${output}`));
    });
  });
}
