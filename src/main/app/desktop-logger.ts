import { join } from 'node:path';
import { pino } from 'pino';
import { createLogger, type Logger } from '../logging';

export const DESKTOP_LOG_FILE = join('logs', 'desktop.log');

export interface DesktopLoggerOptions {
  stateDir: string;
  env: NodeJS.ProcessEnv;
  /** A packaged app has no terminal, so its log goes to `<stateDir>/logs/desktop.log`. */
  toFile: boolean;
}

/** The desktop process's root logger: stdout under `electron-vite dev`, a file when packaged. */
export function createDesktopLogger({ stateDir, env, toFile }: DesktopLoggerOptions): Logger {
  // Synchronous writes: the last lines before a crash are the ones worth having.
  const destination = toFile
    ? pino.destination({ dest: join(stateDir, DESKTOP_LOG_FILE), mkdir: true, sync: true })
    : undefined;
  return createLogger({ env, destination });
}
