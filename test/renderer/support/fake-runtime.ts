import { type ApiClient, type ApiTransport, createApiClient } from '../../../src/shared/api/client';
import {
  type AgentSummary,
  type AppInfo,
  type ConfigReport,
  type EventName,
  type EventPayload,
  isProcedureName,
  type ProcedureInput,
  type ProcedureName,
  type ProcedureOutput,
  procedures,
} from '../../../src/shared/api/contract';
import type { Network } from '../../../src/shared/api/conversation-contract';
import { ApiError } from '../../../src/shared/api/errors';
import { parseInput } from '../../../src/shared/api/input-issues';
import type { CallOutcome } from '../../../src/shared/api/wire';
import type { AgentRuntimeState } from '../../../src/shared/domain/agent-runtime';
import type { AgentConfig, ConfigProblem } from '../../../src/shared/domain/config';
import type { ChatMsg, StickerRef } from '../../../src/shared/domain/conversation';
import { SECRET_NAMES, type SecretName, type SecretStatus } from '../../../src/shared/domain/secrets';
import { DEFAULT_SETTINGS, type Settings } from '../../../src/shared/domain/settings';
import type { TelegramAccountView, TelegramServerView } from '../../../src/shared/domain/telegram';
import { answerAgentConfig, isAgentConfigProcedure } from './fake-agent-config';
import { FakeAgentLifecycle, isAgentLifecycleProcedure } from './fake-agent-lifecycle';
import { FakeAgentFiles } from './fake-agents';
import { FakeChats, type SimChat } from './fake-chats';
import { FakeConversationTools, isConversationToolsProcedure } from './fake-conversation-tools';
import { answerConversation, isConversationProcedure } from './fake-conversations';
import { FakeCopilot, isCopilotProcedure } from './fake-copilot';
import { FakeDocuments, isDocumentsProcedure } from './fake-documents';
import { FakeEvents, isEventsProcedure } from './fake-events';
import { FakeMedia, isMediaProcedure } from './fake-media';
import { FakeMemory, isMemoryProcedure } from './fake-memory';
import { FakeProvenance } from './fake-provenance';
import { FakeSchedules, isScheduleProcedure } from './fake-schedule';
import { answerSimulator, FAKE_STICKERS, isSimulatorProcedure } from './fake-simulator';
import { FakeTelegramAccounts, isTelegramAccountProcedure } from './fake-telegram-account';
import { answerTelegramLogin, isTelegramLoginProcedure } from './fake-telegram-login';
import { FakeTelegramMemberships, isTelegramMembershipProcedure } from './fake-telegram-memberships';
import { FakeUsage, isUsageProcedure } from './fake-usage';

export { agentConfig } from '../../support/agent-config';
export { runtimeState } from './fake-agent-config';
export type { SimChat } from './fake-chats';
export { FAKE_STICKERS } from './fake-simulator';
export { FAKE_TELEGRAM_USER, signedInAccount, telegramAccount } from './fake-telegram-login';
export { deferred, settle } from './promises';

type Handler = (input: never) => unknown;

/**
 * An in-memory Troupe runtime behind a real `ApiClient`: inputs and outputs go through the
 * contract's schemas exactly as over IPC or WebSocket, handlers can be replaced per test, and
 * events are pushed with `emit`. Each feature's procedures are answered by its own fake.
 */
export class FakeRuntime {
  agents: Array<{ config: AgentConfig; runtime: AgentRuntimeState }> = [];
  problems: ConfigProblem[] = [];
  settings: Settings = structuredClone(DEFAULT_SETTINGS);
  secrets = new Map<SecretName, SecretStatus>(
    SECRET_NAMES.map((name) => [name, { name, isSet: false, updatedAt: null, environmentVariable: null }]),
  );
  info: AppInfo = {
    name: 'Troupe',
    version: '0.1.0',
    mode: 'server',
    stateDir: '/state',
    configPath: ['/config/samples', '/config/configdir'],
    configPathSource: 'default',
    platform: 'linux',
    environmentBaseUrls: [],
  };
  now = new Date('2025-06-01T12:00:00.000Z');
  reloads = 0;
  /** Chats by `agent/channelId`, Simulator and Telegram alike (ids never collide). */
  readonly simChats = new Map<string, SimChat>();
  /** The intents the operator sent agents (`plan.xsend`), oldest first. */
  readonly xsends: Array<{ agent: string; network: Network; channelId: number; intent: string }> = [];
  /** Agents whose Telegram conversations answer `unavailable`, as a disconnected account does. */
  readonly disconnectedTelegramAgents = new Set<string>();
  stickers: StickerRef[] = FAKE_STICKERS;
  telegramServer: TelegramServerView = { mode: 'production', label: 'Telegram', source: 'settings' };
  /** Telegram accounts by config name. */
  readonly telegramAccounts = new Map<string, TelegramAccountView>();
  /**
   * The agent's answer to a person's message, or null for no answer. The turn runs in two steps of
   * `agentReplyDelayMs` each: first the agent reads and starts typing, then it sends.
   */
  agentReply: (context: { agent: string; channelId: number; message: ChatMsg }) => string | null = ({
    message,
  }) => `You said: ${message.parts.map((part) => (part.kind === 'text' ? part.text : '')).join('')}`;
  agentReplyDelayMs = 20;
  /** Every call, in order, for assertions on what the stores asked. */
  readonly calls: Array<{ method: string; input: unknown }> = [];
  readonly overrides = new Map<ProcedureName, Handler>();
  /** The chats' people and messages and the agent's turns (`simulator.*`, seeded by tests). */
  readonly chats = new FakeChats(this);
  /** What the agents remember (`memory.*`), over the chats' messages as the archive. */
  readonly memory = new FakeMemory(this);
  /** The media-description editor's records (`media.*`). */
  readonly media = new FakeMedia(this);
  /** Takeover, drafts and each agent's approval default and spending limit (`copilot.*`). */
  readonly copilot = new FakeCopilot(this);
  /** Each agent's file version, moved on by writes (`agents.update`) and by tests. */
  readonly agentFiles = new FakeAgentFiles();
  /** Agents made, renamed, moved and deleted (`agents.create`, …) in `agents`. */
  readonly agentLifecycle = new FakeAgentLifecycle(this);
  readonly usage = new FakeUsage(this);
  /** Task-log rows and translations of the conversation views' tools (`conversations.taskLog`, `.translate`). */
  readonly conversationTools = new FakeConversationTools(this);
  /** The config directories' role prompts and documents (`documents.*`). */
  readonly documents = new FakeDocuments();
  /** Each conversation's scheduled events (`events.*`). */
  readonly events = new FakeEvents(this);
  /** Agents' daily schedules (`schedule.*`). */
  readonly schedules = new FakeSchedules(this);
  /** Agents' Telegram profiles and contacts (`telegram.profile.*`, `telegram.contacts.*`, `telegram.partner.*`). */
  readonly telegramProfiles = new FakeTelegramAccounts();
  /** Agents' Telegram groups and channels (`telegram.memberships.*`). */
  readonly telegramMemberships = new FakeTelegramMemberships();
  /** Kept exchanges and the provenance of messages, as tests seed them. */
  readonly provenance = new FakeProvenance();
  readonly #listeners = new Set<(name: string, payload: unknown) => void>();

  readonly transport: ApiTransport = {
    call: (method, input) => this.#dispatch(method, input),
    onEvent: (listener) => {
      this.#listeners.add(listener);
      return () => this.#listeners.delete(listener);
    },
  };

  readonly client: ApiClient = createApiClient(this.transport);

  /** Replaces one procedure, e.g. to fail it or hold its answer. */
  handle<P extends ProcedureName>(
    method: P,
    handler: (input: unknown) => Promise<ProcedureOutput<P>> | ProcedureOutput<P>,
  ): void {
    this.overrides.set(method, handler as Handler);
  }

  emit<E extends EventName>(name: E, payload: EventPayload<E>): void {
    for (const listener of this.#listeners) listener(name, payload);
  }

  callsOf(method: ProcedureName): unknown[] {
    return this.calls.filter((call) => call.method === method).map((call) => call.input);
  }

  report(): ConfigReport {
    return {
      configPath: this.info.configPath,
      agentCount: this.agents.length,
      promptNames: [],
      mediaCounts: { photo: 0, sticker: 0, gif: 0, animation: 0, video: 0, audio: 0, document: 0 },
      problems: this.problems,
      loadedAt: new Date(this.now.getTime() + this.reloads * 1000).toISOString(),
    };
  }

  summaries(): AgentSummary[] {
    return this.agents.map(({ config, runtime }) => ({
      config,
      runtime,
      problemCount: this.problems.filter((problem) => problem.file === config.file).length,
    }));
  }

  // The simulated conversation, as tests seed and drive it (kept in `chats`).
  readonly seedChat: FakeChats['seed'] = (...args) => this.chats.seed(...args);
  readonly simChat: FakeChats['chat'] = (...args) => this.chats.chat(...args);
  readonly personSays: FakeChats['personSays'] = (...args) => this.chats.personSays(...args);
  readonly agentSays: FakeChats['agentSays'] = (...args) => this.chats.agentSays(...args);
  readonly seedHistory: FakeChats['seedHistory'] = (...args) => this.chats.seedHistory(...args);

  async #dispatch(method: string, rawInput: unknown): Promise<CallOutcome> {
    this.calls.push({ method, input: rawInput });
    try {
      if (!isProcedureName(method))
        throw new ApiError('not_found', `There is no API procedure named "${method}".`);
      const input = parseInput(procedures[method].input, rawInput);
      if (!input.success) throw new ApiError('invalid_input', `Invalid input for ${method}.`, input.issues);
      const override = this.overrides.get(method);
      const result = override ? await override(input.data as never) : this.#answer(method, input.data);
      return { ok: true, result };
    } catch (error) {
      if (error instanceof ApiError) return { ok: false, error: error.toPayload() };
      throw error;
    }
  }

  #answer(method: ProcedureName, input: unknown): unknown {
    if (isMemoryProcedure(method)) return this.memory.answer(method, input);
    if (isMediaProcedure(method)) return this.media.answer(method, input);
    if (isCopilotProcedure(method)) return this.copilot.answer(method, input);
    if (isUsageProcedure(method)) return this.usage.answer(method, input);
    if (isConversationToolsProcedure(method)) return this.conversationTools.answer(method, input);
    if (isAgentLifecycleProcedure(method)) return this.agentLifecycle.answer(method, input);
    if (isDocumentsProcedure(method)) return this.documents.answer(method, input);
    if (isEventsProcedure(method)) return this.events.answer(method, input);
    if (isScheduleProcedure(method)) return this.schedules.answer(method, input);
    if (isTelegramAccountProcedure(method)) return this.telegramProfiles.answer(method, input);
    if (isTelegramMembershipProcedure(method))
      return this.telegramMemberships.answer(method, input as ProcedureInput<typeof method>);
    if (isAgentConfigProcedure(method)) return answerAgentConfig(this, method, input);
    if (isConversationProcedure(method)) return answerConversation(this, method, input);
    if (isSimulatorProcedure(method)) return answerSimulator(this, method, input);
    if (isTelegramLoginProcedure(method)) return answerTelegramLogin(this, method, input);
    return method satisfies never;
  }
}
