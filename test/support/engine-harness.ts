import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ManualClock } from '../../src/main/clock';
import { PromptLibrary, shippedConfigDirs } from '../../src/main/config';
import { ConversationEngine, type EngineEvent } from '../../src/main/engine';
import { createLogger, type Logger } from '../../src/main/logging';
import { CuratedMedia, MediaDescriptions } from '../../src/main/media';
import type { MediaRef } from '../../src/main/messaging/port';
import { simulatedAgentAccount } from '../../src/main/runtime/simulated-agent-account';
import { createSimulator, type Simulator } from '../../src/main/simulator';
import { openStore, type Store } from '../../src/main/store';
import type { AgentConfig } from '../../src/shared/domain/config';
import type { ChatMsg, StickerRef } from '../../src/shared/domain/conversation';
import type { EngineSettings } from '../../src/shared/domain/settings';
import { agentConfig } from './agent-config';
import { REPO_ROOT } from './engine-runtime';
import { ALL_KINDS_INSTRUCTIONS, ScriptedLlm } from './scripted-llm';

// The scripted model and the whole-runtime helpers have their own modules; engine tests import all from here.
export { agentFile, callApi, startEngineRuntime, waitFor } from './engine-runtime';
export {
  ALL_KINDS_INSTRUCTIONS,
  instructionsEnabling,
  isMemoryWork,
  MEDIA_INSTRUCTIONS,
  ScriptedLlm,
} from './scripted-llm';

/** The harness agents' media library by default: one described photo. */
export const HARNESS_MEDIA: readonly MediaRef[] = [
  {
    uniqueId: '5100000000000000001',
    kind: 'photo',
    description: 'a sunset over a harbour, boats in silhouette',
  },
];

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
  /** Whether anyone follows the task graphs (a console open); always by default. */
  graphsFollowed?: () => boolean;
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
      ...(this.#options.graphsFollowed ? { graphsFollowed: this.#options.graphsFollowed } : {}),
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
