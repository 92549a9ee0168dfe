import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { NetworkSchema } from '../../shared/api/conversation-contract';
import type { ConversationKey } from '../../shared/domain/conversation-key';
import { type Embedder, embedderFromSettings } from '../llm';
import { createLogger, type Logger } from '../logging';
import { type RecalledItem, recallMemory } from '../memory';
import { resolveStateDir } from '../runtime/state-dir';
import { createKeyFileCipher, KEY_FILE_NAME, SecretStore } from '../secrets';
import { DATABASE_FILE_NAME, openStore, type Store } from '../store';
import {
  configPathHelp,
  parseCommandArgs,
  reportUsageError,
  runSubcommand,
  stateDirHelp,
  UsageError,
} from './cli-options';
import { findConfiguredAgent, UnknownAgentError } from './configured-agent';
import { fileReadReason } from './file-read-reason';
import type { CliIo } from './io';

const MEMORY_USAGE = `Usage: troupe memory <subcommand> [options]

Subcommands:
  recall   Show what an agent recalls in a chat for a question, as a turn would

Run "troupe memory recall --help" for its options.`;

const USAGE = `Usage: troupe memory recall --agent NAME --chat ID (--query TEXT | --queries FILE)
                            [--limit N] [--budget TOKENS] [--now TIME] [--json]
                            [--network telegram|simulator] [--state DIR] [--config-path DIRS]

Runs the recall a turn runs before the model is asked: full-text search of the chat's archived
messages, summaries and notes, the agent's memories and its facts about the chat's partner, fused
and cut to the token budget. The whole archive is searched (a turn leaves out the messages its
history shows). Needs no LLM; with an embedding model set in Settings (and the archive embedded
by a running Troupe), messages near the question in meaning are found too.

Options:
  --agent NAME        The agent's config name (its file in agents/, without .md)
  --chat ID           The chat's id on the network
  --query TEXT        What to recall, e.g. "what did we do on March 3?"
  --queries FILE      One query per line (blank lines skipped); one result per query
  --limit N           At most N items (default 10)
  --budget TOKENS     Token budget of the items (default 1000)
  --now TIME          Recall as of this ISO date-time ("yesterday" is relative to it; default now)
  --json              One JSON object per query: {"items":[{"kind","text","score","date","messageIds"}]}
                      (kind: message, summary, topic, note, memory or fact)
  --network NETWORK   telegram (default) or simulator
${stateDirHelp(22)}
${configPathHelp(22)}
  -h, --help          Show this help`;

export type MemoryRecallIo = Pick<CliIo, 'stdout' | 'stderr' | 'env' | 'cwd' | 'defaultDirs'>;

interface RecallArgs {
  agent: string;
  conversation: ConversationKey;
  queries: string[];
  limit: number;
  budget: number;
  now: Date;
  json: boolean;
  stateFlag: string | undefined;
  configPathOverride: string[] | undefined;
}

/** Bad input that is not about the command line's shape: said as it is, exit code 2. */
class RecallInputError extends Error {}

function positiveInteger(name: string, text: string | undefined, fallback: number): number {
  if (text === undefined) return fallback;
  const value = Number(text);
  if (!Number.isSafeInteger(value) || value < 1)
    throw new UsageError(`${name} needs a positive whole number, not "${text}".`);
  return value;
}

function readQueries(file: string, cwd: string): string[] {
  let text: string;
  try {
    text = readFileSync(resolve(cwd, file), 'utf8');
  } catch (error) {
    throw new RecallInputError(`Cannot read --queries ${file}: ${fileReadReason(error)}`);
  }
  const queries = text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
  if (queries.length === 0) throw new RecallInputError(`--queries ${file} has no query: write one per line.`);
  return queries;
}

function parseRecallArgs(args: string[], cwd: string): RecallArgs | 'help' {
  const parsed = parseCommandArgs(args, {
    options: {
      agent: { type: 'string' },
      chat: { type: 'string' },
      query: { type: 'string' },
      queries: { type: 'string' },
      limit: { type: 'string' },
      budget: { type: 'string' },
      now: { type: 'string' },
      network: { type: 'string' },
      json: { type: 'boolean' },
    },
    state: true,
  });
  if (parsed === 'help') return 'help';
  const { text } = parsed;
  const agent = text('agent');
  if (!agent) throw new UsageError('--agent NAME is required.');
  const chatText = text('chat');
  if (chatText === undefined) throw new UsageError('--chat ID is required.');
  const channelId = Number(chatText);
  if (!Number.isSafeInteger(channelId))
    throw new UsageError(`--chat needs the chat's id (a whole number), not "${chatText}".`);
  const network = NetworkSchema.safeParse(text('network') ?? 'telegram');
  if (!network.success) throw new UsageError(`--network is telegram or simulator, not "${text('network')}".`);
  const query = text('query');
  const queriesFile = text('queries');
  if ((query === undefined) === (queriesFile === undefined)) {
    throw new UsageError('Give what to recall: --query TEXT or --queries FILE (one of them).');
  }
  if (query !== undefined && query.trim() === '') throw new UsageError('--query needs some text.');
  const nowText = text('now');
  const now = nowText === undefined ? new Date() : new Date(nowText);
  if (Number.isNaN(now.getTime()))
    throw new UsageError(`--now needs an ISO date-time such as 2025-03-04T12:00:00Z, not "${nowText}".`);
  return {
    agent,
    conversation: { agent, network: network.data, channelId },
    queries: query === undefined ? readQueries(queriesFile!, cwd) : [query],
    limit: positiveInteger('--limit', text('limit'), 10),
    budget: positiveInteger('--budget', text('budget'), 1000),
    now,
    json: parsed.flag('json'),
    stateFlag: parsed.stateFlag,
    configPathOverride: parsed.configPathOverride,
  };
}

/** The agent's time zone from its file; the machine's when the file names none. */
async function agentTimeZone(parsed: RecallArgs, store: Store, io: MemoryRecallIo): Promise<string> {
  try {
    const agent = await findConfiguredAgent(parsed.agent, parsed.configPathOverride, store, io);
    return agent.timezone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch (error) {
    if (error instanceof UnknownAgentError) throw new RecallInputError(error.message);
    throw error;
  }
}

const jsonItem = (item: RecalledItem) => ({
  kind: item.kind,
  text: item.text,
  score: item.score,
  date: item.endDate !== null && item.endDate !== item.date ? `${item.date}/${item.endDate}` : item.date,
  messageIds: item.messageIds,
});

function oneLine(text: string, width: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= width ? flat : `${flat.slice(0, width - 1)}…`;
}

/** A readable table: rank, score, kind, date, who, text, message ids. */
function table(query: string, items: readonly RecalledItem[]): string {
  const lines = [`Query: ${query}`];
  if (items.length === 0) return `${lines[0]}\n  (nothing recalled)\n`;
  const rows = items.map((item, index) => [
    String(index + 1),
    item.score.toFixed(4),
    item.kind,
    (item.date ?? '').replace('T', ' ').replace(/:\d\d\.\d+Z$/, 'Z'),
    item.kind === 'message' ? (item.byAgent ? 'you' : (item.from ?? '?')) : '',
    oneLine(item.text, 70),
    item.messageIds.length > 4
      ? `${item.messageIds[0]}…${item.messageIds.at(-1)} (${item.messageIds.length})`
      : item.messageIds.join(','),
  ]);
  const header = ['#', 'score', 'kind', 'date', 'from', 'text', 'ids'];
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => row[column]!.length)),
  );
  const format = (row: string[]) =>
    `  ${row
      .map((cell, column) => cell.padEnd(widths[column]!))
      .join('  ')
      .trimEnd()}`;
  return `${[...lines, format(header), ...rows.map(format)].join('\n')}\n`;
}

/**
 * The embedding model of the settings, its key read with the state directory's secret key; none
 * when no model is set. A key file is never made here: without one (or TROUPE_SECRET_KEY), a
 * provider that needs a key fails on its first call, which recall logs once, keeping to words.
 */
function settingsEmbedder(
  store: Store,
  stateDir: string,
  env: NodeJS.ProcessEnv,
  logger: Logger,
): Embedder | null {
  let secrets: SecretStore | null | undefined;
  const reveal = (name: Parameters<SecretStore['reveal']>[0]) => {
    if (secrets === undefined) {
      const keyAvailable =
        (env.TROUPE_SECRET_KEY ?? '').trim() !== '' || existsSync(join(stateDir, KEY_FILE_NAME));
      secrets = keyAvailable
        ? new SecretStore({
            repository: store.secrets,
            cipher: createKeyFileCipher({ stateDir, env, logger }),
            logger,
            env,
          })
        : null;
    }
    return secrets === null ? null : secrets.reveal(name);
  };
  return embedderFromSettings({ secrets: { reveal }, settings: () => store.settings.get(), env });
}

/** Chats named in the note about a chat with nothing archived. */
const CHATS_SUGGESTED = 5;

/**
 * A chat with no archived messages is most often a wrong --chat or --network: recall can then
 * find summaries and facts at most, so the note says where the agent's messages are.
 */
function noteEmptyChat(store: Store, conversation: ConversationKey, io: MemoryRecallIo): void {
  if (store.archive.count(conversation) > 0) return;
  const { agent, network, channelId } = conversation;
  const chats = store.archive.chats(agent, CHATS_SUGGESTED);
  const where =
    chats.length === 0
      ? `${agent} has no archived messages in any chat yet: the agent archives what it sees, and \`troupe history import\` brings in older history.`
      : `Chats with archived messages: ${chats
          .map(
            (chat) =>
              `--network ${chat.conversation.network} --chat ${chat.conversation.channelId} (${chat.messages} messages)`,
          )
          .join(', ')}.`;
  io.stderr(
    `Note: ${agent} has no archived messages in ${network} chat ${channelId}, so only summaries and facts can be recalled there. ${where}\n`,
  );
}

async function recallAll(
  parsed: RecallArgs,
  store: Store,
  options: { timeZone: string; embedder: Embedder | null; logger: Logger },
  io: MemoryRecallIo,
) {
  for (const query of parsed.queries) {
    const items = await recallMemory(
      store,
      {
        conversation: parsed.conversation,
        queryTexts: [query],
        now: parsed.now,
        timeZone: options.timeZone,
        budgetTokens: parsed.budget,
        limit: parsed.limit,
        embedder: options.embedder,
      },
      options.logger,
    );
    io.stdout(parsed.json ? `${JSON.stringify({ items: items.map(jsonItem) })}\n` : table(query, items));
  }
}

/** `troupe memory <subcommand>`. */
export function runMemory(args: string[], io: MemoryRecallIo): Promise<number> {
  return runSubcommand(
    args,
    { name: 'memory', usage: MEMORY_USAGE, subcommands: { recall: (rest) => runMemoryRecall(rest, io) } },
    io,
  );
}

/**
 * `troupe memory recall`: exit 0 with the items (none is an answer too), 2 on bad input (options,
 * the queries file, an unknown agent, no database), 1 when the database cannot be used.
 */
export async function runMemoryRecall(args: string[], io: MemoryRecallIo): Promise<number> {
  let parsed: RecallArgs;
  try {
    const result = parseRecallArgs(args, io.cwd);
    if (result === 'help') {
      io.stdout(`${USAGE}\n`);
      return 0;
    }
    parsed = result;
  } catch (error) {
    if (error instanceof UsageError) return reportUsageError(error, USAGE, io.stderr);
    if (error instanceof RecallInputError) {
      io.stderr(`${error.message}\n`);
      return 2;
    }
    throw error;
  }
  const logger = createLogger({
    env: { TROUPE_LOG_LEVEL: 'warn', ...io.env },
    destination: { write: (line: string) => io.stderr(line) },
  });
  let store: Store | undefined;
  try {
    const stateDir = resolveStateDir({ flag: parsed.stateFlag, env: io.env, cwd: io.cwd });
    const file = join(stateDir, DATABASE_FILE_NAME);
    if (!existsSync(file)) {
      throw new RecallInputError(
        `There is no Troupe database in ${stateDir}: pass the state directory with --state DIR.`,
      );
    }
    store = openStore({ file, logger });
    const timeZone = await agentTimeZone(parsed, store, io);
    const embedder = settingsEmbedder(store, stateDir, io.env, logger);
    noteEmptyChat(store, parsed.conversation, io);
    await recallAll(parsed, store, { timeZone, embedder, logger }, io);
    return 0;
  } catch (error) {
    if (error instanceof RecallInputError) {
      io.stderr(`${error.message}\n`);
      return 2;
    }
    io.stderr(`troupe memory recall: ${(error as Error).message}\n`);
    return 1;
  } finally {
    store?.close();
  }
}
