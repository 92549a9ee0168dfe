import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';

export interface StateDirSources {
  /** `--state <dir>` from the command line. */
  flag?: string | undefined;
  env: NodeJS.ProcessEnv;
  /** Electron's userData directory; only the desktop app passes it. */
  desktopUserDataDir?: string | undefined;
  /** Relative paths resolve against it. */
  cwd: string;
}

/**
 * Picks the state directory: `--state`, else TROUPE_STATE_DIR, else the desktop app's user-data
 * directory, else `<cwd>/state`. Creates it, readable only by the owner since it holds the
 * database, the secret key and Telegram sessions. Returns an absolute path.
 */
export function resolveStateDir(sources: StateDirSources): string {
  const chosen =
    nonEmpty(sources.flag) ??
    nonEmpty(sources.env.TROUPE_STATE_DIR) ??
    nonEmpty(sources.desktopUserDataDir) ??
    'state';
  const stateDir = resolve(sources.cwd, chosen);
  mkdirSync(stateDir, { recursive: true, mode: 0o700 });
  return stateDir;
}

function nonEmpty(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}
