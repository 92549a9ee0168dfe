import { statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { type Network, NetworkSchema } from '../../shared/api/conversation-contract';
import { createLogger } from '../logging';
import {
  ExportFormatError,
  type HistoryImportReport,
  ImportMismatchError,
  importTelegramHistory,
} from '../memory';
import { resolveStateDir } from '../runtime/state-dir';
import { DATABASE_FILE_NAME, openStore, SchemaTooNewError, type Store } from '../store';
import { exportTextToMarkdown } from '../telegram/mapping';
import {
  configPathHelp,
  parseCommandArgs,
  reportUsageError,
  runSubcommand,
  stateDirHelp,
  UsageError,
} from './cli-options';
import { findAgentAndConfig, UnknownAgentError } from './configured-agent';
import { fileReadReason } from './file-read-reason';
import { type MemoryPasses, MissingSecretKeyError, runMemoryPasses } from './history-memory-passes';
import type { CliIo } from './io';
import { ProgressBar } from './progress-bar';

const HISTORY_USAGE = `Usage: troupe history <subcommand> [options]

Subcommands:
  import   Read a Telegram Desktop JSON export into an agent's conversation archive

Run "troupe history import --help" for its options.`;

const USAGE = `Usage: troupe history import --agent NAME --export FILE [--network telegram|simulator] [--chat ID]
                             [--summarize] [--extract] [--state DIR] [--config-path DIRS]

Reads a Telegram Desktop JSON export (Settings → Advanced → Export Telegram data, format
"Machine-readable JSON") into the agent's conversation archive, keeping the export's message
ids. A chat export imports its chat; a whole-account export imports every chat in it but Saved
Messages, Replies and Verification Codes, or only the chat --chat names. Service messages (joins,
title changes, calls) are skipped. Messages the archive has already are left as they are, so a
second import adds nothing. One transaction: a problem anywhere in the file writes nothing, and
the error names the field to fix (messages[1234].date: ...). It holds the database's write lock
while it runs, so import big exports while Troupe is stopped.

Which messages are the agent's: in a direct chat, every one not from the partner; in a group or
channel, those from the agent's own Telegram account: the owner a whole-account export names,
else the agent file's "# Telegram ID" (written by troupe login).

Options:
  --agent NAME        The agent's config name (its file in agents/, without .md)
  --export FILE       The export's result.json, or the folder holding it
  --network NETWORK   Which of the agent's archives: telegram (default) or simulator
  --chat ID           Of a whole-account export, only the chat with this id (its "id" in the export)
  --summarize         Then summarize each chat's history (all but its newest 20 messages) with the
                      agent's model, as a running Troupe would; an estimate of the calls and their
                      cost comes first
  --extract           Then read each chat from its start for facts about the people in it, with
                      the agent's memory model (Memory LLM, else its LLM)
${stateDirHelp(22)}
${configPathHelp(22)}
  -h, --help          Show this help`;

export type HistoryImportIo = Pick<
  CliIo,
  'stdout' | 'stderr' | 'env' | 'cwd' | 'defaultDirs' | 'stdoutIsTerminal'
>;

interface HistoryImportArgs {
  agent: string;
  exportPath: string;
  network: Network;
  chatId: number | null;
  stateFlag: string | undefined;
  configPathOverride: string[] | undefined;
  passes: MemoryPasses;
}

/** Bad input the operator can fix: printed as it is, exit code 2. */
class InputError extends Error {}

function parseHistoryImportArgs(args: string[]): HistoryImportArgs | 'help' {
  const parsed = parseCommandArgs(args, {
    options: {
      agent: { type: 'string' },
      export: { type: 'string' },
      network: { type: 'string' },
      chat: { type: 'string' },
      summarize: { type: 'boolean' },
      extract: { type: 'boolean' },
    },
    state: true,
  });
  if (parsed === 'help') return 'help';
  const { text } = parsed;
  const agent = text('agent');
  const exportPath = text('export');
  if (!agent) throw new UsageError('--agent NAME is required.');
  if (!exportPath) throw new UsageError('--export FILE is required.');
  const network = NetworkSchema.safeParse(text('network') ?? 'telegram');
  if (!network.success) {
    throw new UsageError(`--network is telegram or simulator, not "${text('network')}".`);
  }
  const chatText = text('chat');
  const chatId = chatText === undefined ? null : Number(chatText);
  if (chatId !== null && !(Number.isSafeInteger(chatId) && chatId > 0)) {
    throw new UsageError(
      `--chat needs a chat id as the export writes it (a positive number), not "${chatText}".`,
    );
  }
  return {
    agent,
    exportPath,
    network: network.data,
    chatId,
    stateFlag: parsed.stateFlag,
    configPathOverride: parsed.configPathOverride,
    passes: { summarize: parsed.flag('summarize'), extract: parsed.flag('extract') },
  };
}

/** The export's result.json: the file given, or result.json in the folder given. */
function exportFile(path: string, cwd: string): string {
  const given = resolve(cwd, path);
  try {
    const file = statSync(given).isDirectory() ? join(given, 'result.json') : given;
    if (!statSync(file).isFile()) throw new InputError(`--export ${path} is not a file.`);
    return file;
  } catch (error) {
    if (error instanceof InputError) throw error;
    throw new InputError(`Cannot read --export ${path}: ${fileReadReason(error)}`);
  }
}

const count = (value: number) => value.toLocaleString('en-US');

function plural(value: number, noun: string): string {
  return `${count(value)} ${noun}${value === 1 ? '' : 's'}`;
}

function headline(report: HistoryImportReport, parsed: HistoryImportArgs, seconds: number): string {
  const chats = plural(report.chats.length, 'chat');
  if (report.messages === 0) return `Nothing to import: the export's ${chats} hold no messages people wrote.`;
  const where = `${parsed.agent}'s ${parsed.network} archive`;
  if (report.added === 0) {
    return `Nothing new: ${where} already had all ${plural(report.messages, 'message')} of the export (${chats}).`;
  }
  const already = report.messages - report.added;
  const rate = seconds > 0 ? `, ${count(Math.round(report.messages / seconds))} messages/s` : '';
  return (
    `Imported ${plural(report.added, 'new message')} into ${where} from ${chats}` +
    `${already > 0 ? ` (${count(already)} already archived)` : ''} in ${seconds.toFixed(1)} s${rate}.`
  );
}

function summary(report: HistoryImportReport, parsed: HistoryImportArgs, seconds: number): string {
  const head = headline(report, parsed, seconds);
  const lines = [head];
  for (const chat of report.chats) {
    const skipped = chat.skipped > 0 ? `, ${plural(chat.skipped, 'service message')} skipped` : '';
    lines.push(
      `  "${chat.name}" (${chat.type} ${chat.exportId}, archived as chat ${chat.channelId}): ` +
        `${count(chat.added)} new of ${plural(chat.messages, 'message')}${skipped}`,
    );
  }
  for (const chat of report.leftOut)
    lines.push(`  left out "${chat.name}" (${chat.exportId}): ${chat.reason}`);
  return `${lines.join('\n')}\n`;
}

/** `troupe history <subcommand>`. */
export function runHistory(args: string[], io: HistoryImportIo): Promise<number> {
  return runSubcommand(
    args,
    { name: 'history', usage: HISTORY_USAGE, subcommands: { import: (rest) => runHistoryImport(rest, io) } },
    io,
  );
}

/**
 * `troupe history import`: exit 0 once the export is in the archive (or already was), 2 on bad
 * input (options, the file, an agent that is not configured or does not fit the export), 1 when
 * the database cannot be used.
 */
export async function runHistoryImport(args: string[], io: HistoryImportIo): Promise<number> {
  let parsed: HistoryImportArgs;
  let file: string;
  try {
    const result = parseHistoryImportArgs(args);
    if (result === 'help') {
      io.stdout(`${USAGE}\n`);
      return 0;
    }
    parsed = result;
    file = exportFile(parsed.exportPath, io.cwd);
  } catch (error) {
    if (error instanceof UsageError) return reportUsageError(error, USAGE, io.stderr);
    if (error instanceof InputError) {
      io.stderr(`${error.message}\n`);
      return 2;
    }
    throw error;
  }

  const logger = createLogger({
    level: io.env.TROUPE_LOG_LEVEL ?? 'warn',
    destination: { write: (line: string) => io.stderr(line) },
  });
  let store: Store | undefined;
  const bar = io.stdoutIsTerminal ? new ProgressBar(io.stdout, 'Importing') : null;
  try {
    const stateDir = resolveStateDir({ flag: parsed.stateFlag, env: io.env, cwd: io.cwd });
    store = openStore({ file: join(stateDir, DATABASE_FILE_NAME), logger });
    const { agent, configDirs } = await findAgentAndConfig(
      parsed.agent,
      parsed.configPathOverride,
      store,
      io,
    );
    const started = performance.now();
    const report = importTelegramHistory(
      {
        file,
        agent: agent.configName,
        network: parsed.network,
        agentTelegramId: agent.telegramId,
        chatId: parsed.chatId,
      },
      {
        store,
        formatText: exportTextToMarkdown,
        now: () => new Date(),
        onProgress: (progress) =>
          bar?.update(progress.bytesRead, progress.totalBytes, `${count(progress.entries)} messages`),
      },
    );
    bar?.clear();
    io.stdout(summary(report, parsed, (performance.now() - started) / 1000));
    if (parsed.passes.summarize || parsed.passes.extract) {
      const context = {
        store,
        io,
        logger,
        stateDir,
        configDirs,
        agent,
        network: parsed.network,
        chats: report.chats,
      };
      try {
        io.stdout(await runMemoryPasses(context, parsed.passes));
      } catch (error) {
        const fix =
          error instanceof MissingSecretKeyError
            ? ''
            : ' What they wrote before stays; run the import again to go on.';
        io.stderr(`The import stands; the LLM passes stopped: ${(error as Error).message}${fix}\n`);
        return error instanceof MissingSecretKeyError ? 2 : 1;
      }
    }
    return 0;
  } catch (error) {
    bar?.clear();
    const badInput = [UnknownAgentError, ExportFormatError, ImportMismatchError];
    if (badInput.some((type) => error instanceof type)) {
      io.stderr(`${(error as Error).message}\nNothing was imported.\n`);
      return 2;
    }
    if (error instanceof SchemaTooNewError) {
      io.stderr(`${error.message}\n`);
      return 1;
    }
    if ((error as { code?: unknown }).code === 'SQLITE_BUSY') {
      io.stderr(
        'The database stayed busy: a running Troupe is writing to it. Import again with Troupe stopped. Nothing was imported.\n',
      );
      return 1;
    }
    io.stderr(`troupe history import: ${(error as Error).message}\n`);
    return 1;
  } finally {
    store?.close();
  }
}
