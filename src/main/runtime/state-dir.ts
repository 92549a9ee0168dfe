import { existsSync, mkdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { DATABASE_FILE_NAME } from '../store';

export interface StateDirSources {
  /** `--state <dir>` from the command line. */
  flag?: string | undefined;
  env: NodeJS.ProcessEnv;
  /** Electron's userData directory; only the desktop app passes it. */
  desktopUserDataDir?: string | undefined;
  /** Relative paths resolve against it. */
  cwd: string;
  /** The platform and home folder the default is made for; this machine's unless given. */
  platform?: NodeJS.Platform;
  home?: string;
}

/**
 * Where the command line keeps its state when nothing names a place: a folder of the user's own,
 * the same whatever the working directory, so `troupe serve` started from another folder still
 * finds its sign-ins and keys. Not the desktop app's folder: that one's secrets are sealed by the
 * operating system's keychain, which the command line does not use.
 */
export function defaultStateDir(
  env: NodeJS.ProcessEnv,
  platform: NodeJS.Platform = process.platform,
  home: string = homedir(),
): string {
  if (platform === 'darwin') return join(home, 'Library', 'Application Support', 'Troupe', 'server');
  if (platform === 'win32')
    return join(nonEmpty(env.LOCALAPPDATA) ?? join(home, 'AppData', 'Local'), 'Troupe', 'server');
  return join(nonEmpty(env.XDG_STATE_HOME) ?? join(home, '.local', 'state'), 'troupe');
}

/**
 * Picks the state directory: `--state`, else TROUPE_STATE_DIR, else the desktop app's user-data
 * directory, else `./state` when the working directory has one with a database (where earlier
 * versions kept it), else `defaultStateDir`. Creates it, readable only by the owner since it holds
 * the database, the secret key and Telegram sessions. Returns an absolute path.
 */
export function resolveStateDir(sources: StateDirSources): string {
  const legacy = resolve(sources.cwd, 'state');
  const chosen =
    nonEmpty(sources.flag) ??
    nonEmpty(sources.env.TROUPE_STATE_DIR) ??
    nonEmpty(sources.desktopUserDataDir) ??
    (existsSync(join(legacy, DATABASE_FILE_NAME)) ? legacy : undefined) ??
    defaultStateDir(sources.env, sources.platform, sources.home);
  const stateDir = resolve(sources.cwd, chosen);
  mkdirSync(stateDir, { recursive: true, mode: 0o700 });
  return stateDir;
}

function nonEmpty(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}
