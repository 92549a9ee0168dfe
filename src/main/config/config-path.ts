import { join, resolve } from 'node:path';
import type { ConfigPathSource } from '../../shared/api';

export interface ConfigPathInputs {
  env: Readonly<Record<string, string | undefined>>;
  /** `--config-path` from the command line, already split; wins over everything else. */
  override?: readonly string[] | undefined;
  /** The operator's saved setting; empty means "not set". */
  settingsConfigPath?: readonly string[] | undefined;
  /** The shipped directories, used when nothing else names any. */
  defaultDirs: readonly string[];
  /** Relative directories are resolved against this (default: the process's working directory). */
  cwd?: string | undefined;
}

export interface ResolvedConfigPath {
  /** Absolute config directories in search order. */
  dirs: string[];
  source: ConfigPathSource;
}

/** Splits a colon-separated list of directories, trimming each and dropping empty entries. */
export function splitConfigPathList(value: string): string[] {
  return cleanDirs(value.split(':'));
}

function cleanDirs(dirs: readonly string[]): string[] {
  return dirs.map((dir) => dir.trim()).filter((dir) => dir !== '');
}

/**
 * The config directories to load, from the first source that names any: the command line,
 * TROUPE_CONFIG_PATH, CINDY_AGENT_CONFIG_PATH (the original system's variable, so existing setups
 * keep working), the saved setting, then the shipped defaults.
 */
export function resolveConfigPath(inputs: ConfigPathInputs): ResolvedConfigPath {
  const candidates: [ConfigPathSource, string[]][] = [
    ['--config-path', cleanDirs(inputs.override ?? [])],
    ['TROUPE_CONFIG_PATH', splitConfigPathList(inputs.env.TROUPE_CONFIG_PATH ?? '')],
    ['CINDY_AGENT_CONFIG_PATH', splitConfigPathList(inputs.env.CINDY_AGENT_CONFIG_PATH ?? '')],
    ['settings', cleanDirs(inputs.settingsConfigPath ?? [])],
  ];
  const [source, dirs] = candidates.find(([, found]) => found.length > 0) ?? [
    'default',
    cleanDirs(inputs.defaultDirs),
  ];
  const cwd = inputs.cwd ?? process.cwd();
  return { source, dirs: dirs.map((dir) => resolve(cwd, dir)) };
}

/** The sample agents and the shared prompts that ship with Troupe, under the app's root directory. */
export function shippedConfigDirs(appRoot: string): string[] {
  return [join(appRoot, 'samples'), join(appRoot, 'configdir')];
}
