import { type ApiClient, type ApiTransport, createApiClient } from '../../../src/shared/api/client';
import {
  type AgentDetail,
  type AgentSummary,
  type AppInfo,
  type ConfigReport,
  type EventName,
  type EventPayload,
  isProcedureName,
  type ProcedureName,
  type ProcedureOutput,
  procedures,
} from '../../../src/shared/api/contract';
import { ApiError } from '../../../src/shared/api/errors';
import type { CallOutcome } from '../../../src/shared/api/wire';
import type { AgentRuntimeState } from '../../../src/shared/domain/agent-runtime';
import type { AgentConfig, ConfigProblem } from '../../../src/shared/domain/config';
import { SECRET_NAMES, type SecretName, type SecretStatus } from '../../../src/shared/domain/secrets';
import { DEFAULT_SETTINGS, type Settings, SettingsSchema } from '../../../src/shared/domain/settings';

export { agentConfig } from '../../support/agent-config';

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
    SECRET_NAMES.map((name) => [name, { name, isSet: false, updatedAt: null }]),
  );
  info: AppInfo = {
    name: 'Troupe',
    version: '0.1.0',
    mode: 'server',
    stateDir: '/state',
    configPath: ['/config/samples', '/config/configdir'],
    configPathSource: 'default',
    platform: 'linux',
  };
  now = new Date('2025-06-01T12:00:00.000Z');
  reloads = 0;
  /** Every call, in order, for assertions on what the stores asked. */
  readonly calls: Array<{ method: string; input: unknown }> = [];
  readonly overrides = new Map<ProcedureName, Handler>();
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
    switch (method) {
      case 'app.info':
        return this.info;
      case 'agents.list':
        return { agents: this.summaries(), problems: this.problems };
      case 'agents.get': {
        const { configName } = input as { configName: string };
        const agent = this.agents.find((candidate) => candidate.config.configName === configName);
        if (!agent) throw new ApiError('not_found', `There is no agent "${configName}".`);
        const detail: AgentDetail = {
          ...agent,
          rolePrompts: agent.config.rolePrompts.map((name) => ({ name, dir: '/config/samples' })),
          problems: this.problems.filter((problem) => problem.file === agent.config.file),
        };
        return detail;
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
        const status = { name, isSet: true, updatedAt: this.now.toISOString() };
        this.secrets.set(name, status);
        return status;
      }
      case 'secrets.clear': {
        const { name } = input as { name: SecretName };
        const status = { name, isSet: false, updatedAt: this.now.toISOString() };
        this.secrets.set(name, status);
        return status;
      }
      default:
        return method satisfies never;
    }
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
