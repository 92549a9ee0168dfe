import { join } from 'node:path';
import {
  SECRET_ENV_VARS,
  SECRET_LABELS,
  SECRET_NAMES,
  type SecretName,
  type SecretStatus,
  secretValueProblem,
} from '../../shared/domain/secrets';
import { createLogger, type Logger } from '../logging';
import { resolveStateDir } from '../runtime/state-dir';
import { openStateSecrets, SecretKeyMismatchError, type SecretStore } from '../secrets';
import { DATABASE_FILE_NAME, openStore } from '../store';
import { type CommandArgs, parseOrExit, runSubcommand, stateDirHelp, UsageError } from './cli-options';
import type { CliIo } from './io';
import { CancelledError, Prompter, type PrompterInput } from './prompter';

const NAMES = SECRET_NAMES.map(
  (name) => `  ${name.padEnd(18)} ${SECRET_LABELS[name]} (${SECRET_ENV_VARS[name]})`,
);

const USAGE = `Usage: troupe secrets <list | set NAME | clear NAME> [--state DIR]

Saves the API keys and Telegram credentials Troupe uses, encrypted in the state directory, as
the console's Settings does. "set" reads the value from standard input, never from the command
line (where shell history and process lists would keep it): it asks for it on a terminal, without
showing it, or reads what is piped in, e.g.
  printf %s "$GEMINI_KEY" | troupe secrets set gemini.apiKey

A secret's environment variable, when set, is used in place of the saved value.

Secrets (and their environment variables):
${NAMES.join('\n')}

Options:
${stateDirHelp(16)}
  -h, --help    Show this help`;

export type SecretsIo = Pick<CliIo, 'stdout' | 'stderr' | 'env' | 'cwd'> & { input: PrompterInput };

/** A secret by its name or by its environment variable's, in any case. */
function secretNamed(given: string): SecretName {
  const lower = given.toLowerCase();
  const found = SECRET_NAMES.find(
    (name) => name.toLowerCase() === lower || SECRET_ENV_VARS[name].toLowerCase() === lower,
  );
  if (!found) throw new UsageError(`There is no secret "${given}". Secrets: ${SECRET_NAMES.join(', ')}.`);
  return found;
}

function statusLine(status: SecretStatus): string {
  const saved = status.isSet ? `saved ${status.updatedAt?.slice(0, 10) ?? ''}`.trim() : 'not saved';
  const environment = status.environmentVariable
    ? `; ${status.environmentVariable} is set and is used instead`
    : '';
  return `${status.name.padEnd(18)} ${saved}${environment}`;
}

/** Reads everything piped in, or asks once on a terminal without echoing. */
async function readValue(name: SecretName, io: SecretsIo): Promise<string> {
  if (io.input.isTTY === true) {
    const prompter = new Prompter(io.input, io.stderr, () => {}, 'Nothing was saved.');
    try {
      return await prompter.ask(`${SECRET_LABELS[name]} (not shown as you type): `, { hidden: true });
    } finally {
      prompter.close();
    }
  }
  const chunks: Buffer[] = [];
  for await (const chunk of io.input) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks).toString('utf8').trim();
}

/** Opens the state's secrets, checked against its key as the runtime does, for one action. */
async function withSecrets(
  stateFlag: string | undefined,
  io: SecretsIo,
  action: (secrets: SecretStore, stateDir: string) => Promise<number>,
): Promise<number> {
  const logger: Logger = createLogger({
    level: io.env.TROUPE_LOG_LEVEL ?? 'warn',
    destination: { write: (line: string) => io.stderr(line) },
  });
  const stateDir = resolveStateDir({ flag: stateFlag, env: io.env, cwd: io.cwd });
  const store = openStore({ file: join(stateDir, DATABASE_FILE_NAME), logger });
  try {
    return await action(openStateSecrets({ store, stateDir, env: io.env, logger }).secrets, stateDir);
  } catch (error) {
    if (error instanceof SecretKeyMismatchError || error instanceof CancelledError) {
      io.stderr(`${error.message}\n`);
      return 1;
    }
    throw error;
  } finally {
    store.close();
  }
}

/** The secret a subcommand names (none for `list`); throws UsageError for a wrong command line. */
function secretOf(parsed: CommandArgs, takesName: boolean): SecretName | null {
  const [given, ...extra] = parsed.positionals;
  if (!takesName) {
    if (given !== undefined) throw new UsageError(`"list" takes no arguments, not "${given}".`);
    return null;
  }
  if (given === undefined) throw new UsageError('Name the secret, e.g. gemini.apiKey.');
  if (extra.length > 0) {
    throw new UsageError(
      'Give the value on standard input, not on the command line, where shell history would keep it.',
    );
  }
  return secretNamed(given);
}

/** Runs one subcommand: its arguments read, usage errors and help answered the shared way. */
async function subcommand(
  args: string[],
  io: SecretsIo,
  takesName: boolean,
  action: (name: SecretName | null, secrets: SecretStore, stateDir: string) => Promise<number>,
): Promise<number> {
  const outcome = parseOrExit(args, { state: true, positionals: true }, USAGE, io, (parsed) => ({
    name: secretOf(parsed, takesName),
    stateFlag: parsed.stateFlag,
  }));
  if ('exit' in outcome) return outcome.exit;
  const { name, stateFlag } = outcome.args;
  return withSecrets(stateFlag, io, (secrets, stateDir) => action(name, secrets, stateDir));
}

/** `troupe secrets list|set|clear`: the console's secret fields, from a terminal or a script. */
export function runSecrets(args: string[], io: SecretsIo): Promise<number> {
  return runSubcommand(
    args,
    {
      name: 'secrets',
      usage: USAGE,
      subcommands: {
        list: (rest) =>
          subcommand(rest, io, false, async (_name, secrets) => {
            for (const status of secrets.status()) io.stdout(`${statusLine(status)}\n`);
            return 0;
          }),
        set: (rest) =>
          subcommand(rest, io, true, async (name, secrets, stateDir) => {
            const value = await readValue(name!, io);
            if (value === '') {
              io.stderr(
                `Nothing was read, so nothing was saved. Type the value, or pipe it in: printf %s "$VALUE" | troupe secrets set ${name}\n`,
              );
              return 1;
            }
            const problem = secretValueProblem(name!, value);
            if (problem) {
              io.stderr(`${SECRET_LABELS[name!]} not saved. ${problem}\n`);
              return 1;
            }
            const status = secrets.set(name!, value);
            io.stdout(`Saved ${SECRET_LABELS[name!]} in ${stateDir}, encrypted.\n`);
            if (status.environmentVariable) {
              io.stdout(`${status.environmentVariable} is set here and is used instead while it is.\n`);
            }
            io.stdout('A running Troupe uses it from its next start (or at once, if the key was missing).\n');
            return 0;
          }),
        clear: (rest) =>
          subcommand(rest, io, true, async (name, secrets) => {
            const before = secrets.status().find((status) => status.name === name)!;
            secrets.clear(name!);
            io.stdout(
              before.isSet
                ? `Cleared ${SECRET_LABELS[name!]}.\n`
                : `${SECRET_LABELS[name!]} was not saved.\n`,
            );
            return 0;
          }),
      },
    },
    io,
  );
}
