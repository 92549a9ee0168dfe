import { readFile } from 'node:fs/promises';
import type { EventName, EventPayload } from '../../shared/api';
import type { ChatMsg, ChatPerson } from '../../shared/domain/conversation';
import type { TaskGraphView } from '../../shared/domain/tasks';
import { createLogger } from '../logging';
import { createRuntime } from '../runtime/runtime';
import { resolveStateDir } from '../runtime/state-dir';
import type { ConversationRuntimeHandle } from '../runtime/types';
import { createKeyFileCipher } from '../secrets';
import { parseCommandArgs, reportUsageError, UsageError } from './cli-options';
import type { CliIo } from './io';
import { parseSimulateScript, personIndex, ScriptError, type SimulateScript } from './simulate-script';

const DEFAULT_TIMEOUT_SECONDS = 600;
const IDLE_POLL_MS = 100;

const USAGE = `Usage: troupe simulate --agent NAME --script FILE [--state DIR] [--config-path DIRS] [--fast] [--timeout SECONDS]

Plays a scripted Simulator conversation with an agent through the full engine and its configured
LLM, printing the transcript, every task state change and every LLM call as JSON lines. Exits 0
once the agent is idle after the last step.

The script is JSON:
  { "people": ["Pat"] | [{"firstName": "Pat", "username": "pat_b"}, ...],
    "kind": "direct" | "group",                       (default: direct for one person)
    "steps": [ {"say": "Hi!", "as": "Pat", "replyTo": 0},
               {"react": "👍", "to": -1, "as": 0},
               {"wait": 5} ] }
Message indexes count the chat's messages from 0 (the agent's too); -1 is the newest.

Options:
  --agent NAME          The agent's config name
  --script FILE         The script to play
  --state DIR           State directory (default: TROUPE_STATE_DIR, else ./state); its stored
                        API keys and settings are used
  --config-path DIRS    Colon-separated config directories (default: TROUPE_CONFIG_PATH, then
                        CINDY_AGENT_CONFIG_PATH, then the saved setting, then the shipped samples)
  --fast                No human pacing: no typing waits, no waiting for the person to stop typing
  --timeout SECONDS     Give up when the agent is not idle this long after the last step
                        (default ${DEFAULT_TIMEOUT_SECONDS})
  -h, --help            Show this help

LLM base URLs may be pointed elsewhere with GOOGLE_GEMINI_BASE_URL, OPENAI_BASE_URL and the
other provider variables.`;

export type SimulateIo = Pick<CliIo, 'stdout' | 'stderr' | 'env' | 'cwd' | 'appRoot'>;

interface SimulateArgs {
  agent: string;
  scriptFile: string;
  stateFlag: string | undefined;
  configPathOverride: string[] | undefined;
  fast: boolean;
  timeoutSeconds: number;
}

function parseSimulateArgs(args: string[]): SimulateArgs | 'help' {
  const parsed = parseCommandArgs(args, {
    options: {
      agent: { type: 'string' },
      script: { type: 'string' },
      fast: { type: 'boolean' },
      timeout: { type: 'string' },
    },
    state: true,
  });
  if (parsed === 'help') return 'help';
  const { text } = parsed;
  const agent = text('agent');
  const scriptFile = text('script');
  if (!agent) throw new UsageError('--agent NAME is required.');
  if (!scriptFile) throw new UsageError('--script FILE is required.');
  const timeoutText = text('timeout');
  const timeoutSeconds = timeoutText === undefined ? DEFAULT_TIMEOUT_SECONDS : Number(timeoutText);
  if (!Number.isFinite(timeoutSeconds) || timeoutSeconds <= 0) {
    throw new UsageError(`--timeout needs a positive number of seconds, not "${timeoutText}".`);
  }
  return {
    agent,
    scriptFile,
    stateFlag: parsed.stateFlag,
    configPathOverride: parsed.configPathOverride,
    fast: parsed.flag('fast'),
    timeoutSeconds,
  };
}

function messageText(message: ChatMsg): string {
  return message.parts
    .map((part) => {
      switch (part.kind) {
        case 'text':
        case 'service':
          return part.text;
        case 'media':
          return `[${part.mediaKind}${part.stickerName ? ` ${part.stickerName}` : ''}]`;
        case 'unknown':
          return `[${part.partKind}]`;
        default: {
          const unknown: never = part;
          return `[${String(unknown)}]`;
        }
      }
    })
    .join('');
}

/** Prints what happens in the simulated chat as JSON lines, and keeps the transcript for indexes. */
class TranscriptPrinter {
  readonly transcript: ChatMsg[] = [];
  readonly #print: (line: Record<string, unknown>) => void;
  readonly #taskStates = new Map<string, string>();
  failedTasks = 0;

  constructor(print: (line: Record<string, unknown>) => void) {
    this.#print = print;
  }

  message(message: ChatMsg): void {
    this.transcript.push(message);
    this.#print({
      type: 'message',
      index: this.transcript.length - 1,
      messageId: message.messageId,
      from: message.isAgent ? 'agent' : message.senderName,
      text: messageText(message),
      replyTo: message.replyToMessageId,
      reactions: message.reactions.map((reaction) => reaction.emoji),
      at: message.sentAt,
    });
  }

  edited(message: ChatMsg): void {
    const index = this.transcript.findIndex((known) => known.messageId === message.messageId);
    if (index === -1) return;
    this.transcript[index] = message;
    this.#print({
      type: 'edit',
      index,
      messageId: message.messageId,
      text: messageText(message),
      reactions: message.reactions.map((reaction) => `${reaction.userName}: ${reaction.emoji}`),
    });
  }

  /** One line per task whose status, retries or error changed since the graph was last seen. */
  graph(graph: TaskGraphView | null): void {
    for (const node of graph?.nodes ?? []) {
      const state = `${node.status}/${node.retries}/${node.lastError ?? ''}/${node.waitUntil ?? ''}`;
      if (this.#taskStates.get(node.id) === state) continue;
      this.#taskStates.set(node.id, state);
      if (node.status === 'failed') this.failedTasks++;
      this.#print({
        type: 'task',
        id: node.id,
        kind: node.kind,
        status: node.status,
        retries: node.retries,
        ...(node.waitUntil ? { waitUntil: node.waitUntil } : {}),
        ...(node.lastError ? { error: node.lastError } : {}),
        params: node.params,
      });
    }
  }

  exchange(exchange: EventPayload<'conversation.exchange'>['exchange']): void {
    this.#print({
      type: 'llm',
      provider: exchange.provider,
      model: exchange.model,
      inputTokens: exchange.inputTokens,
      outputTokens: exchange.outputTokens,
      cachedTokens: exchange.cachedTokens,
      costUsd: exchange.costUsd,
      latencyMs: exchange.latencyMs,
      reply: exchange.rawReply,
      ...(exchange.error ? { error: exchange.error } : {}),
    });
  }

  /** The message a transcript index names (negative counts from the newest). */
  messageAt(index: number, step: number): ChatMsg {
    const message = index < 0 ? this.transcript[this.transcript.length + index] : this.transcript[index];
    if (!message) {
      throw new ScriptError(
        `step ${step}: there is no message ${index} yet; the chat has ${this.transcript.length} message(s).`,
      );
    }
    return message;
  }
}

async function call<T>(runtime: ConversationRuntimeHandle, method: string, input: unknown): Promise<T> {
  const outcome = await runtime.dispatch(method, input);
  if (!outcome.ok) throw new ScriptError(`${method} failed: ${outcome.error.message}`);
  return outcome.result as T;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function playScript(
  runtime: ConversationRuntimeHandle,
  args: SimulateArgs,
  script: SimulateScript,
  printer: TranscriptPrinter,
): Promise<{ channelId: number }> {
  const created = await call<{ chat: { channelId: number }; people: ChatPerson[] }>(
    runtime,
    'simulator.createChat',
    {
      agent: args.agent,
      kind: script.kind ?? 'direct',
      ...(script.title ? { title: script.title } : {}),
      people: script.people,
    },
  );
  const channelId = created.chat.channelId;
  const personId = (ref: Parameters<typeof personIndex>[1], step: number) =>
    created.people[personIndex(script, ref, step)]!.id;
  for (const [step, action] of script.steps.entries()) {
    if ('say' in action) {
      await call(runtime, 'simulator.send', {
        agent: args.agent,
        channelId,
        personId: personId(action.as, step),
        text: action.say,
        ...(action.replyTo === undefined
          ? {}
          : { replyTo: printer.messageAt(action.replyTo, step).messageId }),
      });
    } else if ('react' in action) {
      await call(runtime, 'simulator.react', {
        agent: args.agent,
        channelId,
        personId: personId(action.as, step),
        messageId: printer.messageAt(action.to, step).messageId,
        emoji: action.react,
      });
    } else {
      await sleep(action.wait * 1000);
    }
  }
  return { channelId };
}

/**
 * `troupe simulate`: a scripted Simulator conversation through the full engine. Resolves with the
 * exit code: 0 once the agent is idle after the last step (and no task failed), 1 on errors
 * (a failed task, a script step that cannot be played, no idle before the timeout), 2 on usage.
 */
export async function runSimulate(args: string[], io: SimulateIo): Promise<number> {
  let parsed: SimulateArgs;
  let script: SimulateScript;
  try {
    const result = parseSimulateArgs(args);
    if (result === 'help') {
      io.stdout(`${USAGE}\n`);
      return 0;
    }
    parsed = result;
    let text: string;
    try {
      text = await readFile(parsed.scriptFile, 'utf8');
    } catch (error) {
      throw new ScriptError(`Cannot read --script ${parsed.scriptFile}: ${(error as Error).message}`);
    }
    script = parseSimulateScript(text, parsed.scriptFile);
  } catch (error) {
    if (error instanceof UsageError) return reportUsageError(error, USAGE, io.stderr);
    if (error instanceof ScriptError) {
      io.stderr(`${error.message}\n`);
      return 1;
    }
    throw error;
  }

  const logger = createLogger({
    env: { TROUPE_LOG_LEVEL: 'warn', ...io.env },
    destination: { write: (line: string) => io.stderr(line) },
  });
  const print = (line: Record<string, unknown>) => io.stdout(`${JSON.stringify(line)}\n`);
  const printer = new TranscriptPrinter(print);
  let runtime: ConversationRuntimeHandle | undefined;
  try {
    const stateDir = resolveStateDir({ flag: parsed.stateFlag, env: io.env, cwd: io.cwd });
    runtime = await createRuntime({
      mode: 'server',
      stateDir,
      appRoot: io.appRoot,
      env: io.env,
      cwd: io.cwd,
      ...(parsed.configPathOverride ? { configPathOverride: parsed.configPathOverride } : {}),
      cipher: createKeyFileCipher({ stateDir, env: io.env, logger }),
      logger,
      version: 'simulate',
      ...(parsed.fast ? { engine: { pacing: 'off' as const, partnerTypingWindowMs: 0 } } : {}),
    });
    const agents = await call<{ agents: { config: { configName: string } }[] }>(runtime, 'agents.list', {});
    if (!agents.agents.some((agent) => agent.config.configName === parsed.agent)) {
      const known = agents.agents.map((agent) => agent.config.configName).join(', ') || 'none';
      throw new ScriptError(
        `There is no agent "${parsed.agent}" in the loaded configuration (agents: ${known}).`,
      );
    }
    let channelId: number | null = null;
    const ours = (payload: { agent: string; network: string }) =>
      payload.agent === parsed.agent && payload.network === 'simulator';
    const inChat = (id: number) => channelId === null || id === channelId;
    runtime.events.subscribe((name: EventName, payload: unknown) => {
      if (name === 'conversation.message') {
        const event = payload as EventPayload<'conversation.message'>;
        if (ours(event) && inChat(event.message.channelId)) printer.message(event.message);
      } else if (name === 'conversation.messageEdited') {
        const event = payload as EventPayload<'conversation.messageEdited'>;
        if (ours(event) && inChat(event.message.channelId)) printer.edited(event.message);
      } else if (name === 'conversation.graphChanged') {
        const event = payload as EventPayload<'conversation.graphChanged'>;
        if (ours(event) && inChat(event.channelId)) printer.graph(event.graph);
      } else if (name === 'conversation.exchange') {
        const event = payload as EventPayload<'conversation.exchange'>;
        if (ours(event) && inChat(event.channelId)) printer.exchange(event.exchange);
      }
    });
    channelId = (await playScript(runtime, parsed, script, printer)).channelId;

    const engine = runtime.engines.simulator!;
    const deadline = Date.now() + parsed.timeoutSeconds * 1000;
    // Let the last step's event reach the engine before asking whether it is idle.
    await sleep(IDLE_POLL_MS);
    while (!engine.isIdle(parsed.agent) || engine.isBusy()) {
      if (Date.now() > deadline) {
        throw new ScriptError(`The agent was still busy ${parsed.timeoutSeconds} s after the last step.`);
      }
      await sleep(IDLE_POLL_MS);
    }
    print({ type: 'idle', messages: printer.transcript.length, failedTasks: printer.failedTasks });
    if (printer.failedTasks > 0) {
      io.stderr(`${printer.failedTasks} task(s) failed; see the "task" lines with an "error".\n`);
      return 1;
    }
    return 0;
  } catch (error) {
    io.stderr(`troupe simulate: ${(error as Error).message}\n`);
    return 1;
  } finally {
    await runtime?.close();
  }
}
