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
import type {
  ConversationParameters,
  ConversationSummary,
  LlmExchangeView,
  Network,
} from '../../../src/shared/api/conversation-contract';
import { ApiError } from '../../../src/shared/api/errors';
import type { CallOutcome } from '../../../src/shared/api/wire';
import type { AgentRuntimeState } from '../../../src/shared/domain/agent-runtime';
import type { AgentConfig, ConfigProblem } from '../../../src/shared/domain/config';
import type {
  ChatInfo,
  ChatMsg,
  ChatPerson,
  MessagePart,
  ReplyPolicy,
  StickerRef,
} from '../../../src/shared/domain/conversation';
import { SECRET_NAMES, type SecretName, type SecretStatus } from '../../../src/shared/domain/secrets';
import { DEFAULT_SETTINGS, type Settings, SettingsSchema } from '../../../src/shared/domain/settings';
import type { TaskGraphView, TaskNodeView } from '../../../src/shared/domain/tasks';
import type {
  LoginStep,
  TelegramAccountView,
  TelegramServerView,
  TelegramUser,
} from '../../../src/shared/domain/telegram';
import { FakeAgentLifecycle, isAgentLifecycleProcedure } from './fake-agent-lifecycle';
import { FakeAgentFiles } from './fake-agents';
import { FakeConversationTools, isConversationToolsProcedure } from './fake-conversation-tools';
import { FakeCopilot, isCopilotProcedure } from './fake-copilot';
import { FakeDocuments, isDocumentsProcedure } from './fake-documents';
import { FakeEvents, isEventsProcedure } from './fake-events';
import { FakeMedia, isMediaProcedure } from './fake-media';
import { FakeMemory, isMemoryProcedure } from './fake-memory';
import * as plan from './fake-plan';
import { FakeProvenance } from './fake-provenance';
import { FakeSchedules, isScheduleProcedure } from './fake-schedule';
import { FakeTelegramAccounts, isTelegramAccountProcedure } from './fake-telegram-account';
import { FakeTelegramMemberships, isTelegramMembershipProcedure } from './fake-telegram-memberships';
import { FakeUsage, isUsageProcedure } from './fake-usage';

export { agentConfig } from '../../support/agent-config';

export function telegramAccount(
  configName: string,
  overrides: Partial<TelegramAccountView> = {},
): TelegramAccountView {
  return {
    configName,
    enabled: true,
    connection: 'logged-out',
    user: null,
    coolDownUntil: null,
    sendsStoppedUntil: null,
    problem: null,
    ...overrides,
  };
}

/** The account the fake runtime's logins end in: the right code is 12345, the right password "secret". */
export const FAKE_TELEGRAM_USER: TelegramUser = {
  id: 777000123,
  name: 'Heidi Klum',
  username: 'heidi',
  phone: '15550000000',
  premium: false,
};

/** An agent's account signed in and connected as FAKE_TELEGRAM_USER, or logged out. */
export function signedInAccount(configName: string, signedIn: boolean): TelegramAccountView {
  return telegramAccount(
    configName,
    signedIn
      ? { connection: 'connected', user: FAKE_TELEGRAM_USER }
      : { connection: 'logged-out', user: null },
  );
}

export function runtimeState(
  configName: string,
  overrides: Partial<AgentRuntimeState> = {},
): AgentRuntimeState {
  return {
    configName,
    telegramId: null,
    enabled: true,
    loginState: 'logged-out',
    updatedAt: null,
    ...overrides,
  };
}

type Handler = (input: never) => unknown;

/** One chat of the fake runtime (Simulator or Telegram), as tests seed and inspect it. */
export type SimChat = {
  agent: string;
  network: Network;
  info: ChatInfo;
  people: ChatPerson[];
  messages: ChatMsg[];
  nextMessageId: number;
  unreadCount: number;
  graph: TaskGraphView | null;
  exchange: LlmExchangeView | null;
  llmOverride: string | null;
  gaggedOverride: boolean | null;
  replyPolicy: ReplyPolicy;
  paused: boolean;
  operatorOnly: boolean;
  approvalOverride: boolean | null;
  /** The agent's turn in progress (a burst of messages coalesces into one). */
  turn: ReturnType<typeof setTimeout> | null;
};

type PersonInput = { firstName: string; lastName?: string; username?: string };

export const FAKE_STICKERS: StickerRef[] = [
  {
    setName: 'WinnieThePooh',
    setTitle: 'Winnie the Pooh',
    name: '😀',
    uniqueId: 'sticker-pooh-smile',
    description: 'Pooh bear beaming with both paws raised',
  },
  {
    setName: 'WinnieThePooh',
    setTitle: 'Winnie the Pooh',
    name: '🍯',
    uniqueId: 'sticker-pooh-honey',
    description: 'Pooh hugging a honey pot',
  },
];

/**
 * An in-memory Troupe runtime behind a real `ApiClient`: inputs and outputs go through the
 * contract's schemas exactly as over IPC or WebSocket, handlers can be replaced per test, and
 * events are pushed with `emit`.
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
  #nextPersonId = 1001;
  #nextGroupId = -1001;
  #clockTicks = 0;
  /** Every call, in order, for assertions on what the stores asked. */
  readonly calls: Array<{ method: string; input: unknown }> = [];
  readonly overrides = new Map<ProcedureName, Handler>();
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

  async #dispatch(method: string, rawInput: unknown): Promise<CallOutcome> {
    this.calls.push({ method, input: rawInput });
    try {
      if (!isProcedureName(method))
        throw new ApiError('not_found', `There is no API procedure named "${method}".`);
      const input = procedures[method].input.safeParse(rawInput);
      if (!input.success) {
        throw new ApiError(
          'invalid_input',
          `Invalid input for ${method}.`,
          input.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message })),
        );
      }
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
    switch (method) {
      case 'app.info':
        return this.info;
      case 'agents.list':
        return { agents: this.summaries(), problems: this.problems };
      case 'agents.get': {
        const { configName } = input as { configName: string };
        const agent = this.agents.find((candidate) => candidate.config.configName === configName);
        if (!agent) throw new ApiError('not_found', `There is no agent "${configName}".`);
        return this.agentFiles.detail({
          ...agent,
          rolePrompts: agent.config.rolePrompts.map((name) => ({ name, dir: '/config/samples' })),
          problems: this.problems.filter((problem) => problem.file === agent.config.file),
        });
      }
      case 'agents.update': {
        const { configName, ...change } = input as ProcedureInput<'agents.update'>;
        const agent = this.agents.find((candidate) => candidate.config.configName === configName);
        if (!agent) throw new ApiError('not_found', `There is no agent "${configName}".`);
        this.agentFiles.update(agent, change);
        return this.#answer('agents.get', { configName });
      }
      case 'config.check':
        return this.report();
      case 'config.reload':
        this.reloads += 1;
        return this.report();
      case 'settings.get':
        return this.settings;
      case 'settings.update': {
        const patch = input as Partial<Settings>;
        const next = SettingsSchema.safeParse({
          configPath: patch.configPath ?? this.settings.configPath,
          llmBaseUrls: { ...this.settings.llmBaseUrls, ...patch.llmBaseUrls },
          engine: { ...this.settings.engine, ...patch.engine },
          telegramServer: { ...this.settings.telegramServer, ...patch.telegramServer },
          embeddings: { ...this.settings.embeddings, ...patch.embeddings },
          media: { ...this.settings.media, ...patch.media },
          translation: { ...this.settings.translation, ...patch.translation },
          desktop: { ...this.settings.desktop, ...patch.desktop },
        });
        if (!next.success) {
          throw new ApiError(
            'invalid_input',
            'Invalid settings.',
            next.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message })),
          );
        }
        this.settings = next.data;
        return this.settings;
      }
      case 'secrets.status':
        return { secrets: [...this.secrets.values()] };
      case 'secrets.set': {
        const { name } = input as { name: SecretName };
        const status = { name, isSet: true, updatedAt: this.now.toISOString(), environmentVariable: null };
        this.secrets.set(name, status);
        return status;
      }
      case 'secrets.clear': {
        const { name } = input as { name: SecretName };
        const status = { name, isSet: false, updatedAt: this.now.toISOString(), environmentVariable: null };
        this.secrets.set(name, status);
        return status;
      }
      case 'conversations.list': {
        const { agent, network } = input as { agent: string; network?: Network };
        if (network === 'telegram') this.#requireConnected(agent);
        const conversations: ConversationSummary[] = [...this.simChats.values()]
          .filter((chat) => chat.agent === agent && (network === undefined || chat.network === network))
          .map((chat) => this.#summary(chat));
        return { conversations };
      }
      case 'conversations.messages': {
        const { beforeMessageId, limit } = input as { beforeMessageId?: number; limit: number };
        const chat = this.#networkChat(input);
        const older = chat.messages.filter(
          (message) => beforeMessageId === undefined || message.messageId < beforeMessageId,
        );
        return { messages: older.slice(-limit), hasMore: older.length > limit };
      }
      case 'conversations.graph': {
        return { graph: this.#networkChat(input).graph };
      }
      case 'plan.cancelTask':
        return this.#changePlan(input, (graph) =>
          plan.cancelTask(graph, (input as { taskId: string }).taskId),
        );
      case 'plan.retryTask': {
        const { graph } = this.#changePlan(input, (current) =>
          plan.retryTask(current, (input as { taskId: string }).taskId),
        );
        return { graph };
      }
      case 'plan.clearPending':
        return this.#changePlan(input, plan.clearPending);
      case 'conversations.provenance':
        this.#networkChat(input);
        return this.provenance.provenance(
          input as ProcedureInput<'conversations.provenance'> & { reaction: boolean },
        );
      case 'plan.agentOverview':
        return plan.agentOverview(
          this.simChats.values(),
          input as { agent: string; network?: Network },
          Date.now(),
        );
      case 'plan.xsend': {
        const { intent, ...ref } = input as {
          agent: string;
          network: Network;
          channelId: number;
          intent: string;
        };
        this.#networkChat(ref);
        this.xsends.push({ ...ref, intent });
        return { started: true };
      }
      case 'plan.findConversation':
        return plan.findConversation(
          this.simChats.values(),
          input as { agent: string; network: Network; query: string },
        );
      case 'conversations.lastExchange': {
        return { exchange: this.#networkChat(input).exchange };
      }
      case 'conversations.exchanges':
        return this.provenance.exchanges(
          input as { beforeId?: number; limit: number },
          this.#networkChat(input),
        );
      case 'conversations.parameters': {
        return this.#parameters(this.#networkChat(input));
      }
      case 'conversations.updateParameters': {
        const patch = input as {
          llmOverride?: string | null;
          gaggedOverride?: boolean | null;
          replyPolicy?: ReplyPolicy;
          paused?: boolean;
          operatorOnly?: boolean;
          approvalOverride?: boolean | null;
        };
        const chat = this.#networkChat(input);
        if (patch.paused !== undefined) chat.paused = patch.paused;
        if (patch.operatorOnly !== undefined) chat.operatorOnly = patch.operatorOnly;
        if (patch.approvalOverride !== undefined) chat.approvalOverride = patch.approvalOverride;
        if (patch.llmOverride !== undefined) chat.llmOverride = patch.llmOverride;
        if (patch.gaggedOverride !== undefined) chat.gaggedOverride = patch.gaggedOverride;
        if (patch.replyPolicy !== undefined) chat.replyPolicy = patch.replyPolicy;
        return this.#parameters(chat);
      }
      case 'simulator.createChat': {
        const { agent, kind, title, people } = input as {
          agent: string;
          kind: 'direct' | 'group';
          title?: string;
          people: PersonInput[];
        };
        const chat = this.seedChat(agent, kind, people, title);
        return { chat: chat.info, people: chat.people };
      }
      case 'simulator.chat': {
        const { agent, channelId } = input as { agent: string; channelId: number };
        const chat = this.#chat(agent, channelId);
        return { chat: chat.info, people: chat.people };
      }
      case 'simulator.send': {
        const { agent, channelId, personId, text, replyTo } = input as {
          agent: string;
          channelId: number;
          personId: number;
          text: string;
          replyTo?: number | null;
        };
        const message = this.personSays(
          agent,
          channelId,
          personId,
          [{ kind: 'text', text }],
          replyTo ?? null,
        );
        return { message };
      }
      case 'simulator.sendSticker': {
        const { agent, channelId, personId, setName, name, replyTo } = input as {
          agent: string;
          channelId: number;
          personId: number;
          setName: string;
          name: string;
          replyTo?: number | null;
        };
        const sticker = this.stickers.find((item) => item.setName === setName && item.name === name);
        if (!sticker) throw new ApiError('not_found', `There is no sticker ${name} in ${setName}.`);
        const message = this.personSays(
          agent,
          channelId,
          personId,
          [
            {
              kind: 'media',
              mediaKind: 'sticker',
              uniqueId: sticker.uniqueId,
              description: sticker.description,
              stickerSetName: sticker.setName,
              stickerSetTitle: sticker.setTitle,
              stickerName: sticker.name,
            },
          ],
          replyTo ?? null,
        );
        return { message };
      }
      case 'simulator.sendFile': {
        const { agent, channelId, personId, kind, fileName, dataBase64, caption, stickerEmoji, replyTo } =
          input as ProcedureInput<'simulator.sendFile'>;
        const media: MessagePart = {
          kind: 'media',
          mediaKind: kind === 'voice' ? 'audio' : kind,
          uniqueId: `file-${this.calls.length}`,
          description: null,
          fileName: kind === 'document' ? fileName : null,
          fileSize: Buffer.from(dataBase64, 'base64').byteLength,
          ...(kind === 'sticker' ? { stickerName: stickerEmoji ?? null } : {}),
        };
        const parts: MessagePart[] = caption ? [{ kind: 'text', text: caption }, media] : [media];
        return { message: this.personSays(agent, channelId, personId, parts, replyTo ?? null) };
      }
      case 'simulator.react': {
        const { agent, channelId, personId, messageId, emoji } = input as {
          agent: string;
          channelId: number;
          personId: number;
          messageId: number;
          emoji: string | null;
        };
        const chat = this.#chat(agent, channelId);
        const person = this.#person(chat, personId);
        const index = chat.messages.findIndex((message) => message.messageId === messageId);
        if (index < 0) throw new ApiError('not_found', `There is no message ${messageId} in this chat.`);
        const current = chat.messages[index]!;
        const others = current.reactions.filter((reaction) => reaction.userId !== personId);
        const message: ChatMsg = {
          ...current,
          reactions:
            emoji === null ? others : [...others, { userId: person.id, userName: person.firstName, emoji }],
        };
        chat.messages[index] = message;
        this.emit('conversation.messageEdited', { agent, network: 'simulator', message });
        return { message };
      }
      case 'simulator.type': {
        const { agent, channelId, personId } = input as {
          agent: string;
          channelId: number;
          personId: number;
        };
        this.#person(this.#chat(agent, channelId), personId);
        return { ok: true };
      }
      case 'simulator.stickers':
        return { stickers: this.stickers };
      case 'telegram.accounts':
        return { server: this.telegramServer, accounts: [...this.telegramAccounts.values()] };
      case 'telegram.login.start': {
        const { phone } = input as { phone: string };
        const step: LoginStep = { step: 'code', phone, sentTo: 'app', codeLength: 5 };
        return step;
      }
      case 'telegram.login.qr': {
        const step: LoginStep = {
          step: 'qr',
          url: 'tg://login?token=AQJkZXZlbG9wZXItdG9rZW4',
          expiresAt: new Date(this.now.getTime() + 30_000).toISOString(),
        };
        return step;
      }
      case 'telegram.login.code': {
        const { code } = input as { code: string };
        if (code.trim() !== '12345')
          throw new ApiError('invalid_input', 'The code is wrong. Check it and try again.');
        const step: LoginStep = { step: 'password', hint: 'first pet' };
        return step;
      }
      case 'telegram.login.password': {
        const { password } = input as { password: string };
        if (password !== 'secret')
          throw new ApiError('invalid_input', 'The password is wrong. Check it and try again.');
        const step: LoginStep = { step: 'done', user: FAKE_TELEGRAM_USER };
        return step;
      }
      case 'telegram.login.cancel':
        return {};
      case 'telegram.logout':
        return this.#updateAccount((input as { configName: string }).configName, {
          connection: 'logged-out',
        });
      case 'telegram.setEnabled': {
        const { configName, enabled } = input as { configName: string; enabled: boolean };
        return this.#updateAccount(configName, { enabled, connection: enabled ? 'connecting' : 'disabled' });
      }
      case 'telegram.resumeSends': {
        const { configName } = input as { configName: string };
        return this.#updateAccount(configName, { sendsStoppedUntil: null, problem: null });
      }
      default:
        return method satisfies never;
    }
  }

  #updateAccount(configName: string, change: Partial<TelegramAccountView>): TelegramAccountView {
    const account = this.telegramAccounts.get(configName);
    if (!account) throw new ApiError('not_found', `There is no agent "${configName}".`);
    const next = { ...account, ...change };
    this.telegramAccounts.set(configName, next);
    return next;
  }

  // ---- the simulated conversation -------------------------------------------------------------

  /** Creates a Simulator chat as `simulator.createChat` does, or with `network` a Telegram chat. */
  seedChat(
    agent: string,
    kind: 'direct' | 'group',
    people: PersonInput[],
    title?: string,
    network: Network = 'simulator',
  ): SimChat {
    const persons: ChatPerson[] = people.map((person) => ({
      id: this.#nextPersonId++,
      firstName: person.firstName,
      lastName: person.lastName ?? null,
      username: person.username ?? null,
      bio: null,
      phone: null,
      birthday: null,
    }));
    const fullName = (person: ChatPerson) => [person.firstName, person.lastName].filter(Boolean).join(' ');
    const channelId = kind === 'direct' ? persons[0]!.id : this.#nextGroupId--;
    const info: ChatInfo = {
      channelId,
      kind,
      title:
        kind === 'direct' ? fullName(persons[0]!) : (title ?? persons.map((p) => p.firstName).join(', ')),
      username: kind === 'direct' ? persons[0]!.username : null,
      participantCount: kind === 'direct' ? 2 : persons.length + 1,
      description: null,
      partner: kind === 'direct' ? persons[0]! : null,
    };
    const chat: SimChat = {
      agent,
      network,
      info,
      people: persons,
      messages: [],
      nextMessageId: 1,
      unreadCount: 0,
      graph: null,
      exchange: null,
      llmOverride: null,
      gaggedOverride: null,
      replyPolicy: 'callouts',
      paused: false,
      operatorOnly: false,
      approvalOverride: null,
      turn: null,
    };
    this.simChats.set(`${agent}/${channelId}`, chat);
    return chat;
  }

  simChat(agent: string, channelId: number): SimChat {
    return this.#chat(agent, channelId);
  }

  /** A person writes: the message is stored and announced, and the agent's turn is (re)planned. */
  personSays(
    agent: string,
    channelId: number,
    personId: number,
    parts: ChatMsg['parts'],
    replyTo: number | null = null,
  ): ChatMsg {
    const chat = this.#chat(agent, channelId);
    const person = this.#person(chat, personId);
    const message = this.#append(chat, {
      senderId: person.id,
      senderName: [person.firstName, person.lastName].filter(Boolean).join(' '),
      senderUsername: person.username,
      isAgent: false,
      replyToMessageId: replyTo,
      parts,
    });
    chat.unreadCount += 1;
    this.emit('conversation.message', { agent, network: chat.network, message });
    this.#planTurn(chat, message);
    return message;
  }

  /** The agent writes on its own (no turn), e.g. to seed a history. */
  agentSays(agent: string, channelId: number, text: string, replyTo: number | null = null): ChatMsg {
    const chat = this.#chat(agent, channelId);
    const message = this.#append(chat, {
      senderId: 1,
      senderName: this.#agentName(agent),
      senderUsername: null,
      isAgent: true,
      replyToMessageId: replyTo,
      parts: [{ kind: 'text', text }],
    });
    this.emit('conversation.message', { agent, network: chat.network, message });
    return message;
  }

  /** `count` alternating messages without turns, for paging tests. */
  seedHistory(agent: string, channelId: number, count: number): void {
    const chat = this.#chat(agent, channelId);
    const person = chat.people[0]!;
    for (let i = 0; i < count; i += 1) {
      this.#append(chat, {
        senderId: i % 2 === 0 ? person.id : 1,
        senderName: i % 2 === 0 ? person.firstName : this.#agentName(agent),
        senderUsername: null,
        isAgent: i % 2 === 1,
        replyToMessageId: null,
        parts: [{ kind: 'text', text: `Message ${i + 1}` }],
      });
    }
  }

  #planTurn(chat: SimChat, trigger: ChatMsg): void {
    const { agent, network } = chat;
    const channelId = chat.info.channelId;
    const at = this.#tick();
    const node = (id: string, kind: string, params: Record<string, unknown>, dependsOn: string[]) =>
      ({
        id,
        kind,
        status: 'pending',
        params,
        dependsOn,
        retries: 0,
        waitUntil: null,
        lastError: null,
        createdAt: at,
        updatedAt: at,
      }) satisfies TaskNodeView;
    const setGraph = (nodes: TaskNodeView[] | null) => {
      chat.graph = nodes
        ? { id: `graph-${channelId}-${trigger.messageId}`, agent, channelId, createdAt: at, nodes }
        : null;
      this.emit('conversation.graphChanged', { agent, network, channelId, graph: chat.graph });
    };
    const activity = (typing: boolean, online: boolean) =>
      this.emit('conversation.activity', { agent, network, channelId, typing, online });

    // A burst coalesces: the pending turn is replaced by one that answers the newest message.
    if (chat.turn !== null) clearTimeout(chat.turn);
    setGraph([node('received-1', 'received', { messageId: trigger.messageId }, [])]);
    const text = this.agentReply({ agent, channelId, message: trigger });
    chat.turn = setTimeout(() => {
      chat.unreadCount = 0;
      if (text === null) {
        chat.turn = null;
        setGraph(null);
        return;
      }
      const waitUntil = new Date(Date.now() + this.agentReplyDelayMs).toISOString();
      setGraph([
        { ...node('received-1', 'received', { messageId: trigger.messageId }, []), status: 'done' },
        {
          ...node('wait-1', 'wait', { delay: this.agentReplyDelayMs / 1000, typing: true }, ['received-1']),
          waitUntil,
        },
        node('send-1', 'send', { text }, ['wait-1']),
      ]);
      activity(true, true);
      chat.turn = setTimeout(() => {
        chat.turn = null;
        // The operator cancelled the reply meanwhile: nothing is said.
        if (chat.graph?.nodes.some((task) => task.id === 'send-1' && task.status === 'cancelled')) return;
        this.agentSays(agent, channelId, text);
        activity(false, true);
        setGraph(
          [
            node('received-1', 'received', { messageId: trigger.messageId }, []),
            {
              ...node('wait-1', 'wait', { delay: this.agentReplyDelayMs / 1000, typing: true }, [
                'received-1',
              ]),
              waitUntil,
            },
            node('send-1', 'send', { text }, ['wait-1']),
          ].map((done) => ({ ...done, status: 'done' as const })),
        );
        chat.exchange = {
          at: this.#tick(),
          provider: 'gemini',
          model: 'gemini-2.5-flash',
          sections: [
            { id: 'instructions', title: 'Instructions', text: 'Reply with a JSON task list.', stable: true },
            { id: 'time', title: 'Current Time', text: at, stable: false },
          ],
          turns: [{ role: 'user', parts: [JSON.stringify(trigger.parts)] }],
          rawReply: JSON.stringify([{ kind: 'send', text }]),
          inputTokens: 1200,
          outputTokens: 40,
          cachedTokens: 800,
          costUsd: 0.00042,
          latencyMs: 850,
          error: null,
        };
        this.emit('conversation.exchange', {
          agent,
          network,
          channelId,
          exchange: chat.exchange,
        });
      }, this.agentReplyDelayMs);
    }, this.agentReplyDelayMs);
  }

  #append(
    chat: SimChat,
    fields: Omit<ChatMsg, 'channelId' | 'messageId' | 'sentAt' | 'editedAt' | 'reactions' | 'mentioned'>,
  ): ChatMsg {
    const message: ChatMsg = {
      channelId: chat.info.channelId,
      messageId: chat.nextMessageId++,
      sentAt: this.#tick(),
      editedAt: null,
      reactions: [],
      mentioned: false,
      ...fields,
    };
    chat.messages.push(message);
    return message;
  }

  /** Each timestamp a second after the previous one, from `now`. */
  #tick(): string {
    this.#clockTicks += 1;
    return new Date(this.now.getTime() + this.#clockTicks * 1000).toISOString();
  }

  #agentName(agent: string): string {
    return this.agents.find((candidate) => candidate.config.configName === agent)?.config.name ?? agent;
  }

  /** Applies a plan action to the chat's graph and announces the new graph, as the engine does. */
  #changePlan(
    input: unknown,
    change: (graph: TaskGraphView | null) => { graph: TaskGraphView | null; cancelled: string[] },
  ): { graph: TaskGraphView | null; cancelled: string[] } {
    const chat = this.#networkChat(input);
    const outcome = change(chat.graph);
    chat.graph = outcome.graph;
    const { agent, network } = chat;
    this.emit('conversation.graphChanged', {
      agent,
      network,
      channelId: chat.info.channelId,
      graph: chat.graph,
    });
    return outcome;
  }

  #chat(agent: string, channelId: number): SimChat {
    const chat = this.simChats.get(`${agent}/${channelId}`);
    if (!chat) throw new ApiError('not_found', `${agent} has no chat ${channelId}.`);
    return chat;
  }

  /** The chat a `conversations.*` input names, on its network; Telegram needs the account connected. */
  #networkChat(input: unknown): SimChat {
    const { agent, network, channelId } = input as { agent: string; network: Network; channelId: number };
    if (network === 'telegram') this.#requireConnected(agent);
    const chat = this.#chat(agent, channelId);
    if (chat.network !== network)
      throw new ApiError('not_found', `${agent} has no ${network} chat ${channelId}.`);
    return chat;
  }

  #requireConnected(agent: string): void {
    if (this.disconnectedTelegramAgents.has(agent))
      throw new ApiError('unavailable', `${agent} is not connected to Telegram right now.`);
  }

  #person(chat: SimChat, personId: number): ChatPerson {
    const person = chat.people.find((candidate) => candidate.id === personId);
    if (!person) throw new ApiError('invalid_input', `Person ${personId} is not in this chat.`);
    return person;
  }

  #summary(chat: SimChat): ConversationSummary {
    return {
      agent: chat.agent,
      network: chat.network,
      channelId: chat.info.channelId,
      kind: chat.info.kind,
      title: chat.info.title,
      lastMessage: chat.messages.at(-1) ?? null,
      unreadCount: chat.unreadCount,
      pendingTasks:
        chat.graph?.nodes.filter((node) => !['done', 'failed', 'cancelled'].includes(node.status)).length ??
        0,
    };
  }

  #parameters(chat: SimChat): ConversationParameters {
    const config = this.agents.find((candidate) => candidate.config.configName === chat.agent)?.config;
    const agentLlm = config?.llm ?? this.settings.engine.defaultAgentLlm;
    const agentGagged = config?.gagged ?? false;
    return {
      llmOverride: chat.llmOverride,
      effectiveLlm: chat.llmOverride ?? agentLlm,
      gaggedOverride: chat.gaggedOverride,
      gagged: chat.gaggedOverride ?? agentGagged,
      replyPolicy: chat.replyPolicy,
      paused: chat.paused,
      operatorOnly: chat.operatorOnly,
      approvalOverride: chat.approvalOverride,
      approval: chat.approvalOverride ?? this.copilot.view(chat.agent).requireApproval,
    };
  }
}

/** Lets pending promise callbacks (API answers, store updates) run. */
export async function settle(): Promise<void> {
  for (let i = 0; i < 5; i += 1) await new Promise((resolve) => setTimeout(resolve, 0));
}

/** A promise with its resolve exposed, to hold an API answer until the test releases it. */
export function deferred<T>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}
