import { parseArgs } from 'node:util';
import { splitConfigPathList } from '../config';

/** The help of --state, its description starting at `column`; `more` continues it on lines of its own. */
export function stateDirHelp(column: number, more: string[] = []): string {
  const indent = ' '.repeat(column);
  return [
    `  ${'--state DIR'.padEnd(column - 2)}State directory (default: TROUPE_STATE_DIR, else ./state if it holds a`,
    `${indent}database, else the user's own, e.g. ~/.local/state/troupe)`,
    ...more.map((line) => `${indent}${line}`),
  ].join('\n');
}

/**
 * The help of --config-path, its description starting at `column` as the command's other options'
 * do. It says the list replaces the defaults, so no one expects the shipped prompts to follow.
 */
export function configPathHelp(column: number): string {
  const indent = ' '.repeat(column);
  return [
    `  ${'--config-path DIRS'.padEnd(column - 2)}Colon-separated config directories, instead of the default: the first of`,
    `${indent}TROUPE_CONFIG_PATH, CINDY_AGENT_CONFIG_PATH, the saved setting, and the`,
    `${indent}shipped samples and configdir. Name configdir too unless your directories`,
    `${indent}hold the shared prompts (Instructions, Task-*)`,
  ].join('\n');
}

/** The command line is wrong; the message says what, and the usage follows it. */
export class UsageError extends Error {}

type OptionSpec = { type: 'string' } | { type: 'boolean' };

export interface CommandSpec {
  /** The command's own options; --config-path and -h/--help come with every command. */
  options?: Record<string, OptionSpec>;
  /** Whether the command takes --state DIR. */
  state?: boolean;
  /** Whether the command takes arguments besides options. */
  positionals?: boolean;
}

export interface CommandArgs {
  /** --state as given; resolveStateDir falls back to the environment and the working directory. */
  stateFlag: string | undefined;
  /** The directories of --config-path, when given. */
  configPathOverride: string[] | undefined;
  positionals: string[];
  /** A string option's value, when given. */
  text(name: string): string | undefined;
  /** Whether a boolean option was given. */
  flag(name: string): boolean;
}

/**
 * Parses a command's arguments: its own options plus the shared --state, --config-path and
 * -h/--help. Returns 'help' when help was asked for; throws UsageError on anything wrong.
 */
export function parseCommandArgs(args: string[], spec: CommandSpec): CommandArgs | 'help' {
  let values: Record<string, string | boolean | undefined>;
  let positionals: string[];
  try {
    ({ values, positionals } = parseArgs({
      args,
      options: {
        ...spec.options,
        ...(spec.state ? { state: { type: 'string' } } : {}),
        'config-path': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
      allowPositionals: spec.positionals ?? false,
    }));
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  if (values.help) return 'help';
  const text = (name: string) => {
    const value = values[name];
    return typeof value === 'string' ? value : undefined;
  };
  const configPathText = text('config-path');
  const configPathOverride = configPathText === undefined ? undefined : splitConfigPathList(configPathText);
  if (configPathOverride?.length === 0) throw new UsageError('--config-path needs at least one directory.');
  return {
    stateFlag: text('state'),
    configPathOverride,
    positionals,
    text,
    flag: (name) => values[name] === true,
  };
}

/** Prints a usage error the way every command does (the problem, then the usage) and returns exit code 2. */
export function reportUsageError(error: UsageError, usage: string, stderr: (text: string) => void): number {
  stderr(`${error.message}\n\n${usage}\n`);
  return 2;
}

/**
 * Parses a command's arguments and reads them with `read` (which may throw UsageError too),
 * answering --help and usage errors itself: the arguments read, or the exit code to end with.
 */
export function parseOrExit<T>(
  args: string[],
  spec: CommandSpec,
  usage: string,
  io: { stdout(text: string): void; stderr(text: string): void },
  read: (parsed: CommandArgs) => T,
): { args: T } | { exit: number } {
  try {
    const parsed = parseCommandArgs(args, spec);
    if (parsed !== 'help') return { args: read(parsed) };
  } catch (error) {
    if (error instanceof UsageError) return { exit: reportUsageError(error, usage, io.stderr) };
    throw error;
  }
  io.stdout(`${usage}\n`);
  return { exit: 0 };
}

/**
 * A command made of subcommands (`troupe memory recall`): runs the one named first, prints the
 * group's usage for no subcommand (exit 2) or for help (exit 0), and says so for an unknown one.
 */
export function runSubcommand(
  args: string[],
  group: { name: string; usage: string; subcommands: Record<string, (rest: string[]) => Promise<number>> },
  io: { stdout(text: string): void; stderr(text: string): void },
): Promise<number> {
  const [subcommand, ...rest] = args;
  const run = subcommand === undefined ? undefined : group.subcommands[subcommand];
  if (run) return run(rest);
  if (subcommand === undefined || subcommand === '--help' || subcommand === '-h') {
    io.stdout(`${group.usage}\n`);
    return Promise.resolve(subcommand === undefined ? 2 : 0);
  }
  io.stderr(`Unknown ${group.name} subcommand "${subcommand}".\n\n${group.usage}\n`);
  return Promise.resolve(2);
}
