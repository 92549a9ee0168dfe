import { readFile } from 'node:fs/promises';
import type { EventName, EventPayload } from '../../shared/api';
import { createLogger } from '../logging';
import { createRuntime } from '../runtime/runtime';
import { resolveStateDir } from '../runtime/state-dir';
import type { ConversationRuntimeHandle } from '../runtime/types';
import { createKeyFileCipher } from '../secrets';
import { configPathHelp, parseCommandArgs, reportUsageError, stateDirHelp, UsageError } from './cli-options';
import { UnknownAgentError, unknownAgentMessage } from './configured-agent';
import { fileReadReason } from './file-read-reason';
import type { CliIo } from './io';
import { readStepFiles, type StepFile } from './simulate-files';
import { call, playScript, sleep } from './simulate-play';
import { readableLine } from './simulate-readable';
import { parseSimulateScript, ScriptError, type SimulateScript } from './simulate-script';
import { TranscriptPrinter } from './simulate-transcript';

const DEFAULT_TIMEOUT_SECONDS = 600;
const IDLE_POLL_MS = 100;

const USAGE = `Usage: troupe simulate --agent NAME --script FILE [--state DIR] [--config-path DIRS] [--fast] [--json] [--timeout SECONDS]

Plays a scripted Simulator conversation with an agent through the full engine and its configured
LLM, printing the transcript, every task state change and every LLM call. Exits 0 once the agent
is idle after the last step, 1 when a task failed or the agent was not idle in time, 2 when an
option or the script is wrong. Each run is a new chat: a username an earlier run took gets a number.

The script is JSON:
  { "people": ["Pat"] | [{"firstName": "Pat", "username": "pat_b"}, ...],
    "kind": "direct" | "group",                       (default: direct for one person)
    "steps": [ {"say": "Hi!", "as": "Pat", "replyTo": 0},
               {"react": "👍", "to": -1, "as": 0},
               {"wait": 5}, {"wait": "reply"},                 (seconds, or until the agent is done)
               {"photo": "beach.jpg", "caption": "Look!"},   (also "video", "voice", "audio", "document")
               {"sticker": "cat.tgs", "emoji": "🐱"},        (a .webp, .tgs or .webm file)
               {"sticker": "😺", "set": "HappyCats"} ] }    (a sticker the agent knows)
Message indexes count the chat's messages from 0 (the agent's too); -1 is the newest. Steps that
send take "as" and "replyTo"; file paths are relative to the script; files are read for what
they are, up to 20 MB.

Options:
  --agent NAME          The agent's config name
  --script FILE         The script to play
${stateDirHelp(24, ['(its stored API keys and settings are used)'])}
${configPathHelp(24)}
  --fast                No human pacing: no typing waits, no waiting for the person to stop typing
  --json                Print JSON lines (type: message, edit, task, llm, note, idle) instead of text
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
  json: boolean;
  timeoutSeconds: number;
}

function parseSimulateArgs(args: string[]): SimulateArgs | 'help' {
  const parsed = parseCommandArgs(args, {
    options: {
      agent: { type: 'string' },
      script: { type: 'string' },
      fast: { type: 'boolean' },
      json: { type: 'boolean' },
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
    json: parsed.flag('json'),
    timeoutSeconds,
  };
}

/**
 * `troupe simulate`: a scripted Simulator conversation through the full engine. Resolves with the
 * exit code: 0 once the agent is idle after the last step (and no task failed), 1 on errors while
 * playing (a failed task, no idle before the timeout), 2 on bad input (options, a script or a
 * file it sends that cannot be read or played), before anything runs.
 */
export async function runSimulate(args: string[], io: SimulateIo): Promise<number> {
  let parsed: SimulateArgs;
  let script: SimulateScript;
  let files: Map<number, StepFile>;
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
      throw new ScriptError(`Cannot read --script ${parsed.scriptFile}: ${fileReadReason(error)}`);
    }
    script = parseSimulateScript(text, parsed.scriptFile);
    files = await readStepFiles(script, parsed.scriptFile);
  } catch (error) {
    if (error instanceof UsageError) return reportUsageError(error, USAGE, io.stderr);
    // A script that cannot be played is bad input, as a wrong option is: nothing was run.
    if (error instanceof ScriptError) {
      io.stderr(`${error.message}\n`);
      return 2;
    }
    throw error;
  }

  const logger = createLogger({
    env: { TROUPE_LOG_LEVEL: 'warn', ...io.env },
    destination: { write: (line: string) => io.stderr(line) },
  });
  // The agent's own name labels its messages once the configuration is read.
  let agentName = parsed.agent;
  const print = (line: Record<string, unknown>) =>
    io.stdout(`${parsed.json ? JSON.stringify(line) : readableLine(line, agentName)}\n`);
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
    const agents = await call<{ agents: { config: { configName: string; name: string } }[] }>(
      runtime,
      'agents.list',
      {},
    );
    const agent = agents.agents.find((known) => known.config.configName === parsed.agent);
    if (!agent) {
      const { configPath } = await call<{ configPath: string[] }>(runtime, 'app.info', {});
      throw new UnknownAgentError(
        unknownAgentMessage(
          parsed.agent,
          configPath,
          agents.agents.map((other) => other.config.configName),
        ),
      );
    }
    agentName = agent.config.name || parsed.agent;
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
    const engine = runtime.engines.simulator!;
    const untilIdle = async (after: string) => {
      const deadline = Date.now() + parsed.timeoutSeconds * 1000;
      // Let the last step's event reach the engine before asking whether it is idle.
      await sleep(IDLE_POLL_MS);
      while (!engine.isIdle(parsed.agent) || engine.isBusy()) {
        if (Date.now() > deadline) {
          throw new ScriptError(`The agent was still busy ${parsed.timeoutSeconds} s after ${after}.`);
        }
        await sleep(IDLE_POLL_MS);
      }
    };
    const play = { runtime, agent: parsed.agent, script, files, printer, untilIdle };
    channelId = (await playScript(play)).channelId;
    await untilIdle('the last step');
    print({ type: 'idle', messages: printer.transcript.length, failedTasks: printer.failedTasks });
    if (printer.failedTasks > 0) {
      io.stderr(`${printer.failedTasks} task(s) failed; see the "task" lines with an "error".\n`);
      return 1;
    }
    return 0;
  } catch (error) {
    io.stderr(`troupe simulate: ${(error as Error).message}\n`);
    // An agent name that is not there is bad input, as a wrong option is: nothing was played.
    return error instanceof UnknownAgentError ? 2 : 1;
  } finally {
    await runtime?.close();
  }
}
