import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { ManualClock } from '../../src/main/clock';
import { PromptLibrary, shippedConfigDirs } from '../../src/main/config';
import { ConversationEngine, type EngineEvent } from '../../src/main/engine';
import type {
  LlmProvider,
  LlmReply,
  MediaQuery,
  MediaSupport,
  StructuredQuery,
  TextQuery,
} from '../../src/main/llm/provider';
import { createLogger, type Logger } from '../../src/main/logging';
import { CuratedMedia, MediaDescriptions } from '../../src/main/media';
import type { MediaRef } from '../../src/main/messaging/port';
import type { SafeFetcher } from '../../src/main/retrieval';
import { createRuntime } from '../../src/main/runtime/runtime';
import { simulatedAgentAccount } from '../../src/main/runtime/simulated-agent-account';
import type { ConversationRuntimeHandle, RuntimeHandle } from '../../src/main/runtime/types';
import { createKeyFileCipher } from '../../src/main/secrets';
import { createSimulator, type Simulator } from '../../src/main/simulator';
import { openStore, type Store } from '../../src/main/store';
import type { AgentConfig } from '../../src/shared/domain/config';
import type { ChatMsg, StickerRef } from '../../src/shared/domain/conversation';
import type { EngineSettings } from '../../src/shared/domain/settings';
import { MODEL_TASK_KINDS } from '../../src/shared/domain/tasks';
import { agentConfig } from './agent-config';

const REPO_ROOT = resolve(import.meta.dirname, '../..');

/** Shared instructions that enable exactly these task kinds. */
export function instructionsEnabling(kinds: readonly string[]): string {
  return `<!-- SCHEMA_TASKS: ${kinds.join(', ')} -->\nReply with a JSON array of tasks.`;
}

/** Every task kind the model may write but send_media, whose tests enable it (MEDIA_INSTRUCTIONS). */
export const ALL_KINDS_INSTRUCTIONS = instructionsEnabling(
  MODEL_TASK_KINDS.filter((kind) => kind !== 'send_media'),
);

/** Every task kind the model may write. */
export const MEDIA_INSTRUCTIONS = instructionsEnabling(MODEL_TASK_KINDS);

/** The harness agents' media library by default: one described photo. */
export const HARNESS_MEDIA: readonly MediaRef[] = [
  {
    uniqueId: '5100000000000000001',
    kind: 'photo',
    description: 'a sunset over a harbour, boats in silhouette',
  },
];

/** A call of memory work, known by the shipped prompt it starts with. */
export function isMemoryWork(query: TextQuery): boolean {
  return /^(<!--[^>]*-->\s*)?# (Writing Summaries|Keeping Facts|Remembering A Conversation|Nightly Reflection)/.test(
    query.systemPrompt,
  );
}

type Step = { kind: 'reply'; text: string } | { kind: 'fail'; error: Error } | { kind: 'hang' };

/** An in-process LlmProvider with scripted answers; a `think` when nothing is scripted. */
export class ScriptedLlm implements LlmProvider {
  readonly id = 'gemini' as const;
  readonly queries: StructuredQuery[] = [];
  readonly textQueries: TextQuery[] = [];
  readonly mediaQueries: MediaQuery[] = [];
  readonly #script: Step[] = [];
  readonly #hanging: (() => void)[] = [];
  readonly #routed: { matches: (query: TextQuery) => boolean; text: string }[] = [];

  /** The conversation turns asked for, without memory work beside them (summaries, fact reading). */
  get turnQueries(): StructuredQuery[] {
    return this.queries.filter((query) => !isMemoryWork(query));
  }

  /** The next call answers with these tasks (or this raw text). */
  reply(tasks: Record<string, unknown>[] | string): void {
    this.#script.push({ kind: 'reply', text: typeof tasks === 'string' ? tasks : JSON.stringify(tasks) });
  }

  /** The next call whose query `matches` answers with these tasks, whatever the script holds. */
  replyWhen(matches: (query: TextQuery) => boolean, tasks: Record<string, unknown>[] | string): void {
    this.#routed.push({ matches, text: typeof tasks === 'string' ? tasks : JSON.stringify(tasks) });
  }

  fail(error: Error): void {
    this.#script.push({ kind: 'fail', error });
  }

  /** The next call never answers until aborted. */
  hang(): void {
    this.#script.push({ kind: 'hang' });
  }

  /** Gemini's media types: every describe call is accepted and recorded. */
  mediaSupport(): MediaSupport {
    return {
      image: ['image/png', 'image/jpeg', 'image/webp', 'image/gif'],
      video: ['video/mp4', 'video/webm'],
      audio: ['audio/ogg', 'audio/mpeg', 'audio/mp4'],
    };
  }

  /** Describes every file as "a file of <n> bytes", so tests can tell which bytes were shown. */
  async describeMedia(query: MediaQuery): Promise<LlmReply> {
    this.mediaQueries.push(query);
    const bytes = query.items.reduce((sum, item) => sum + item.data.byteLength, 0);
    return {
      text: `a file of ${bytes} bytes`,
      model: query.model,
      usage: { inputTokens: 300, outputTokens: 20, cachedTokens: 0, thinkingTokens: 0 },
      latencyMs: 5,
    };
  }

  async queryStructured(query: StructuredQuery): Promise<LlmReply> {
    this.queries.push(query);
    return this.#answer(query);
  }

  /** Plain-text calls (consolidating summaries) take their answers from the same script. */
  async queryText(query: TextQuery): Promise<LlmReply> {
    this.textQueries.push(query);
    return this.#answer(query);
  }

  async #answer(query: TextQuery): Promise<LlmReply> {
    const routed = this.#routed.findIndex((route) => route.matches(query));
    if (routed >= 0) {
      const [route] = this.#routed.splice(routed, 1);
      this.#script.unshift({ kind: 'reply', text: route!.text });
    }
    const step = this.#script.shift() ?? { kind: 'reply', text: '[{"kind":"think","text":"nothing"}]' };
    switch (step.kind) {
      case 'reply':
        return {
          text: step.text,
          model: query.model,
          usage: { inputTokens: 100, outputTokens: 10, cachedTokens: 0, thinkingTokens: 0 },
          latencyMs: 5,
        };
      case 'fail':
        throw step.error;
      case 'hang':
        return new Promise((_resolve, reject) => {
          const abort = () => reject(new DOMException('aborted', 'AbortError'));
          if (query.signal?.aborted) abort();
          query.signal?.addEventListener('abort', abort);
          this.#hanging.push(abort);
        });
      default:
        throw new Error('unknown step');
    }
  }
}

export interface EngineHarnessOptions {
  agents?: AgentConfig[];
  instructions?: string;
  engine?: Partial<EngineSettings>;
  pacing?: 'human' | 'off';
  partnerTypingWindowMs?: number;
  stickers?: StickerRef[];
  /** The agents' media library; HARNESS_MEDIA by default. */
  media?: readonly MediaRef[];
  /** A database file, so a second harness can reopen it (restart tests); in memory by default. */
  databaseFile?: string;
  clock?: ManualClock;
  /** Describe media with the scripted LLM (curated records from `curated` written to the config directory). */
  describeMedia?: { curated?: Record<string, unknown>[] };
}

export interface HarnessChat {
  channelId: number;
  personIds: number[];
}

/** The engine on the real Simulator and store, with a manual clock and a scripted LLM. */
export class EngineHarness {
  readonly clock: ManualClock;
  readonly store: Store;
  readonly simulator: Simulator;
  readonly llm = new ScriptedLlm();
  readonly events: EngineEvent[] = [];
  readonly agents: AgentConfig[];
  engine: ConversationEngine;
  /** The description chain, when the options ask for media descriptions. */
  readonly media: MediaDescriptions | null = null;
  readonly #curated = new CuratedMedia();
  readonly #configDir: string;
  readonly #options: EngineHarnessOptions;

  constructor(options: EngineHarnessOptions = {}) {
    this.#options = options;
    this.clock = options.clock ?? new ManualClock('2026-03-02T10:00:00Z');
    const logger = createLogger({ level: process.env.HARNESS_LOG ?? 'silent' });
    this.store = openStore({ file: options.databaseFile ?? ':memory:', logger, now: () => this.clock.now() });
    if (options.engine) this.store.settings.update({ engine: options.engine });
    this.agents = options.agents ?? [agentConfig({ configName: 'Ada', timezone: 'UTC' })];
    this.#configDir = mkdtempSync(join(tmpdir(), 'troupe-engine-'));
    mkdirSync(join(this.#configDir, 'prompts'));
    writeFileSync(
      join(this.#configDir, 'prompts', 'Instructions.md'),
      options.instructions ?? ALL_KINDS_INSTRUCTIONS,
    );
    const stickers = options.stickers ?? [];
    const media = options.media ?? HARNESS_MEDIA;
    this.simulator = createSimulator({
      store: this.store,
      clock: this.clock,
      logger,
      stickers: () => stickers,
      media: () => media,
      curatedFile: (uniqueId) => this.#curated.fileBytes(uniqueId),
      agentAccount: (name) =>
        simulatedAgentAccount(
          name,
          this.agents.find((agent) => agent.configName === name),
        ),
    });
    if (options.describeMedia) this.media = this.#createMedia(options.describeMedia.curated ?? [], logger);
    this.engine = this.#createEngine();
    this.engine.start();
  }

  /** Loads the curated media before the first turn (the runtime does so at start). */
  async loadCuratedMedia(): Promise<void> {
    await this.#curated.reload([this.#configDir]);
  }

  #createMedia(records: Record<string, unknown>[], logger: Logger): MediaDescriptions {
    mkdirSync(join(this.#configDir, 'media'));
    for (const record of records) {
      writeFileSync(join(this.#configDir, 'media', `${record.unique_id}.json`), JSON.stringify(record));
    }
    return new MediaDescriptions({
      store: this.store,
      curated: this.#curated,
      llm: { resolve: (name) => ({ provider: 'gemini', model: name }), providerFor: () => this.llm },
      prompts: () => new PromptLibrary(shippedConfigDirs(REPO_ROOT)),
      settings: () => this.store.settings.get().media,
      logger,
      filesDir: join(this.#configDir, 'state-media'),
    });
  }

  get agent(): AgentConfig {
    return this.agents[0]!;
  }

  /** What people write to @-mention the agent. */
  get mention(): string {
    return `@${simulatedAgentAccount(this.agent.configName, this.agent).username}`;
  }

  #createEngine(): ConversationEngine {
    const engine = new ConversationEngine({
      network: 'simulator',
      port: this.simulator,
      store: this.store,
      clock: this.clock,
      logger: createLogger({ level: process.env.HARNESS_LOG ?? 'silent' }),
      agents: () => this.agents,
      prompts: () => new PromptLibrary([this.#configDir]),
      internalPrompts: () => new PromptLibrary([this.#configDir, ...shippedConfigDirs(REPO_ROOT)]),
      settings: () => this.store.settings.get(),
      llm: {
        resolve: (name) => ({ provider: 'gemini', model: name === 'gemini' ? 'test-model' : name }),
        providerFor: () => this.llm,
      },
      pacing: this.#options.pacing ?? 'human',
      ...(this.#options.partnerTypingWindowMs === undefined
        ? {}
        : { partnerTypingWindowMs: this.#options.partnerTypingWindowMs }),
      defaultTimeZone: 'UTC',
      ...(this.media ? { media: this.media } : {}),
    });
    engine.subscribe((event) => this.events.push(event));
    return engine;
  }

  /** Stops the engine (as a crash would, tasks in flight stay active) and starts a new one on the same store. */
  async restart(): Promise<void> {
    await this.engine.stop();
    this.engine = this.#createEngine();
    this.engine.start();
  }

  directChat(firstName = 'Pat', agent = this.agent.configName): HarnessChat {
    const { chat, people } = this.simulator.createChat(agent, { kind: 'direct', people: [{ firstName }] });
    return { channelId: chat.channelId, personIds: people.map((person) => person.id) };
  }

  groupChat(names: string[], agent = this.agent.configName): HarnessChat {
    const { chat, people } = this.simulator.createChat(agent, {
      kind: 'group',
      title: 'The Group',
      people: names.map((firstName) => ({ firstName, username: `${firstName.toLowerCase()}_user` })),
    });
    return { channelId: chat.channelId, personIds: people.map((person) => person.id) };
  }

  say(chat: HarnessChat, text: string, options: { as?: number; replyTo?: number } = {}): ChatMsg {
    return this.simulator.sendAsPerson(
      this.agent.configName,
      chat.channelId,
      options.as ?? chat.personIds[0]!,
      {
        text,
        ...(options.replyTo === undefined ? {} : { replyTo: options.replyTo }),
      },
    );
  }

  conversation(chat: HarnessChat) {
    return { agent: this.agent.configName, network: 'simulator' as const, channelId: chat.channelId };
  }

  /** The chat as the agent sees it, oldest first. */
  messages(chat: HarnessChat): ChatMsg[] {
    return this.simulator.messages(this.agent.configName, chat.channelId, { limit: 200 }).messages;
  }

  /** The nodes of the chat's task graph as the console sees them; none when it has no graph. */
  nodes(chat: HarnessChat) {
    return this.engine.graph(this.conversation(chat))?.nodes ?? [];
  }

  agentTexts(chat: HarnessChat): string[] {
    return this.messages(chat)
      .filter((message) => message.isAgent)
      .map((message) =>
        message.parts.map((part) => (part.kind === 'text' ? part.text : `[${part.kind}]`)).join(''),
      );
  }

  /**
   * Lets the engine finish what it is doing now (it is asynchronous, and reads prompt files, even
   * on a manual clock): returns once it has been quiet twice in a row, or after about 50 ms when
   * something stays busy on purpose (a hanging LLM call).
   */
  async flush(): Promise<void> {
    let quiet = 0;
    for (let turn = 0; turn < 60 && quiet < 2; turn++) {
      await new Promise((resolve) => setTimeout(resolve, turn < 20 ? 0 : 1));
      quiet = this.engine.isBusy() ? 0 : quiet + 1;
    }
  }

  /** Moves the clock, firing timers, and lets the work they start finish. */
  async advance(ms: number, stepMs = 500): Promise<void> {
    await this.flush();
    for (let passed = 0; passed < ms; passed += stepMs) {
      this.clock.advance(Math.min(stepMs, ms - passed));
      await this.flush();
    }
  }

  async close(): Promise<void> {
    await this.engine.stop();
    await this.media?.stop();
    this.simulator.close();
    this.store.close();
    rmSync(this.#configDir, { recursive: true, force: true });
  }
}

export interface EngineRuntimeOptions {
  /** The directory the runtime's state and config go in. */
  root: string;
  /** Where the LLM is: the fake server's Gemini base URL. */
  geminiBaseUrl: string;
  /** Extra agent files (name → markdown), besides `Ada`. */
  agentFiles?: Record<string, string>;
  engine?: Partial<EngineSettings>;
  partnerTypingWindowMs?: number;
  instructions?: string;
  /** Config directories searched after `root/config`. */
  moreConfigDirs?: readonly string[];
  /** The fetcher of the agents' retrieval (one that may reach the test's own server). */
  retrievalFetcher?: SafeFetcher;
}

/** A minimal agent file for runtime tests; `extra` adds sections. */
export function agentFile(name: string, extra = ''): string {
  return `# Agent Name\n\n${name}\n\n# Agent Phone\n\n+15550000001\n\n# LLM\n\ngemini-2.5-flash\n\n# Agent Instructions\n\nBe ${name}.\n${extra}`;
}

/**
 * A whole runtime (real store, Simulator, LLM router over the real Gemini SDK) pointed at a local
 * LLM server, with a config directory holding `Ada` and any extra agents, and a Gemini key set.
 */
export async function startEngineRuntime(options: EngineRuntimeOptions): Promise<ConversationRuntimeHandle> {
  const configDir = join(options.root, 'config');
  const stateDir = join(options.root, 'state');
  mkdirSync(join(configDir, 'agents'), { recursive: true });
  mkdirSync(join(configDir, 'prompts'), { recursive: true });
  mkdirSync(stateDir, { recursive: true });
  writeFileSync(
    join(configDir, 'prompts', 'Instructions.md'),
    options.instructions ?? ALL_KINDS_INSTRUCTIONS,
  );
  const files = { Ada: agentFile('Ada'), ...options.agentFiles };
  for (const [name, text] of Object.entries(files))
    writeFileSync(join(configDir, 'agents', `${name}.md`), text);
  const runtime = await createRuntime({
    mode: 'server',
    stateDir,
    // The shipped prompts of memory work are found under the app's root, as in a real install.
    appRoot: REPO_ROOT,
    env: { GOOGLE_GEMINI_BASE_URL: options.geminiBaseUrl },
    cwd: stateDir,
    configPathOverride: [configDir, ...(options.moreConfigDirs ?? [])],
    cipher: createKeyFileCipher({ stateDir, env: {} }),
    logger: createLogger({ level: process.env.HARNESS_LOG ?? 'silent' }),
    version: '0.0.0-test',
    engine: { partnerTypingWindowMs: options.partnerTypingWindowMs ?? 200 },
    ...(options.retrievalFetcher ? { retrievalFetcher: options.retrievalFetcher } : {}),
  });
  await callApi(runtime, 'secrets.set', { name: 'gemini.apiKey', value: 'test-key' });
  await callApi(runtime, 'settings.update', {
    engine: {
      startTypingDelaySeconds: 0,
      typingSpeed: 1000,
      stickerDelaySeconds: 0,
      retryIntervalSeconds: 1,
      ...options.engine,
    },
  });
  return runtime;
}

/** Calls an API procedure and returns its result, throwing the API error when it fails. */
export async function callApi(
  runtime: RuntimeHandle,
  method: string,
  input: unknown = {},
): Promise<Record<string, unknown>> {
  const outcome = await runtime.dispatch(method, input);
  if (!outcome.ok) throw new Error(`${method}: ${outcome.error.code}: ${outcome.error.message}`);
  return outcome.result as Record<string, unknown>;
}

/** Polls `check` until it returns something truthy, failing after `timeoutMs`. */
export async function waitFor<T>(
  check: () => T | Promise<T>,
  what: string,
  timeoutMs = 10_000,
): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value as NonNullable<T>;
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}.`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
