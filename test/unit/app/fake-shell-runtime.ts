import { EventHub } from '../../../src/main/api/event-hub';
import type { RuntimeHandle } from '../../../src/main/runtime/types';
import {
  type AgentSummary,
  ApiError,
  type CallOutcome,
  createApiClient,
  type EventName,
  type EventPayload,
} from '../../../src/shared/api';
import type { AgentSteeringView } from '../../../src/shared/api/copilot-contract';
import type { AgentPlan } from '../../../src/shared/api/plan-contract';
import { DEFAULT_SETTINGS, type Settings, SettingsSchema } from '../../../src/shared/domain/settings';
import type { TaskGraphView } from '../../../src/shared/domain/tasks';
import type { TelegramAccountView } from '../../../src/shared/domain/telegram';
import { telegramAccount } from '../../renderer/support/fake-runtime';
import { plan, task } from '../../renderer/support/plan-fixture';
import { agentConfig } from '../../support/agent-config';

/** A signed-in, connected account unless told otherwise. */
export function account(
  configName: string,
  overrides: Partial<TelegramAccountView> = {},
): TelegramAccountView {
  return telegramAccount(configName, {
    connection: 'connected',
    user: { id: 42, name: configName, username: null, phone: null, premium: false },
    ...overrides,
  });
}

export function steering(agent: string, overrides: Partial<AgentSteeringView> = {}): AgentSteeringView {
  return {
    agent,
    requireApproval: false,
    dailyLimitUsd: 5,
    spentTodayUsd: 1,
    limitReached: false,
    liftedToday: false,
    day: '2026-03-02',
    resetsAt: '2026-03-03T00:00:00.000Z',
    ...overrides,
  };
}

/** A plan whose `drafts` tasks wait for approval. */
export function graphWithDrafts(agent: string, channelId: number, drafts: string[]): TaskGraphView {
  const nodes = drafts.map((id) => task(id, { params: { text: 'Hello!', draft: 'awaiting' } }));
  return { ...plan(`graph-${channelId}`, nodes, channelId), agent };
}

type Handler = (input: Record<string, unknown>) => unknown;

/**
 * The runtime as the desktop shell sees it: the procedures it calls, answered from fields a test
 * arranges, and the events it listens to, emitted by the test (or by the procedures, as the
 * runtime does).
 */
export class FakeShellRuntime implements RuntimeHandle {
  readonly events = new EventHub();
  readonly stateDir: string;
  readonly calls: { method: string; input: unknown }[] = [];
  agents: AgentSummary[] = [];
  readonly accounts = new Map<string, TelegramAccountView>();
  readonly steering = new Map<string, AgentSteeringView>();
  readonly plans = new Map<string, AgentPlan[]>();
  settings: Settings = structuredClone(DEFAULT_SETTINGS);
  closeCount = 0;

  readonly #handlers: Record<string, Handler> = {
    'agents.list': () => ({ agents: this.agents, problems: [] }),
    'telegram.accounts': () => ({
      server: { mode: 'production', label: 'Telegram', source: 'settings' },
      accounts: [...this.accounts.values()],
    }),
    'copilot.agentSettings': ({ agent }) => this.steering.get(agent as string) ?? steering(agent as string),
    'plan.agentOverview': ({ agent }) => ({ plans: this.plans.get(agent as string) ?? [] }),
    'settings.get': () => this.settings,
    'settings.update': (patch) => {
      this.settings = SettingsSchema.parse({
        ...this.settings,
        desktop: { ...this.settings.desktop, ...(patch.desktop as object) },
      });
      this.emit('settings.changed', this.settings);
      return this.settings;
    },
    'telegram.setEnabled': ({ configName, enabled }) => {
      const agent = this.agents.find((summary) => summary.config.configName === configName);
      if (agent?.config.disabled) throw new ApiError('conflict', `${configName}'s file says Disabled.`);
      return this.setAccount(configName as string, {
        enabled: enabled as boolean,
        connection: enabled ? 'connected' : 'disabled',
      });
    },
    'telegram.logout': ({ configName }) =>
      this.setAccount(configName as string, { connection: 'logged-out', user: null }),
  };

  constructor(stateDir = '/nonexistent/state') {
    this.stateDir = stateDir;
  }

  readonly dispatch = async (method: string, input: unknown): Promise<CallOutcome> => {
    this.calls.push({ method, input });
    const handler = this.#handlers[method];
    if (handler === undefined) return { ok: true, result: { method } };
    try {
      return { ok: true, result: handler((input ?? {}) as Record<string, unknown>) };
    } catch (error) {
      return { ok: false, error: (error as ApiError).toPayload() };
    }
  };

  readonly api = createApiClient({
    call: this.dispatch,
    onEvent: (listener) => this.events.subscribe(listener),
  });

  readonly mediaFile = async () => null;

  async close(): Promise<void> {
    this.closeCount += 1;
  }

  addAgent(
    configName: string,
    options: { name?: string; disabled?: boolean; account?: Partial<TelegramAccountView> } = {},
  ): void {
    const config = agentConfig({
      configName,
      name: options.name ?? configName,
      disabled: options.disabled ?? false,
    });
    this.agents.push({
      config,
      runtime: { configName, telegramId: null, enabled: true, loginState: 'logged-in', updatedAt: null },
      problemCount: 0,
    });
    this.accounts.set(configName, account(configName, options.account));
  }

  /** Changes an account and announces it, as the runtime's Telegram service does. */
  setAccount(configName: string, patch: Partial<TelegramAccountView>): TelegramAccountView {
    const next = { ...(this.accounts.get(configName) ?? account(configName)), ...patch };
    this.accounts.set(configName, next);
    this.emit('telegram.accountChanged', next);
    return next;
  }

  emit<E extends EventName>(name: E, payload: EventPayload<E>): void {
    this.events.emit(name, payload);
  }
}
