import type { ProcedureInput } from '../../../src/shared/api/contract';
import { ApiError } from '../../../src/shared/api/errors';
import type { AgentRuntimeState } from '../../../src/shared/domain/agent-runtime';
import type { SecretName } from '../../../src/shared/domain/secrets';
import { type Settings, SettingsSchema } from '../../../src/shared/domain/settings';
import type { FakeRuntime } from './fake-runtime';

const AGENT_CONFIG_PROCEDURES = [
  'app.info',
  'agents.list',
  'agents.get',
  'agents.update',
  'config.check',
  'config.reload',
  'settings.get',
  'settings.update',
  'secrets.status',
  'secrets.set',
  'secrets.clear',
] as const;
type AgentConfigProcedure = (typeof AGENT_CONFIG_PROCEDURES)[number];

export function isAgentConfigProcedure(method: string): method is AgentConfigProcedure {
  return (AGENT_CONFIG_PROCEDURES as readonly string[]).includes(method);
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

/** The runtime's app info, agents, config report, settings and secrets, as these procedures read and change them. */
type AgentConfigState = Pick<
  FakeRuntime,
  | 'info'
  | 'agents'
  | 'problems'
  | 'settings'
  | 'secrets'
  | 'now'
  | 'reloads'
  | 'agentFiles'
  | 'report'
  | 'summaries'
>;

export function answerAgentConfig(
  runtime: AgentConfigState,
  method: AgentConfigProcedure,
  input: unknown,
): unknown {
  switch (method) {
    case 'app.info':
      return runtime.info;
    case 'agents.list':
      return { agents: runtime.summaries(), problems: runtime.problems };
    case 'agents.get': {
      const { configName } = input as { configName: string };
      const agent = runtime.agents.find((candidate) => candidate.config.configName === configName);
      if (!agent) throw new ApiError('not_found', `There is no agent "${configName}".`);
      return runtime.agentFiles.detail({
        ...agent,
        rolePrompts: agent.config.rolePrompts.map((name) => ({ name, dir: '/config/samples' })),
        problems: runtime.problems.filter((problem) => problem.file === agent.config.file),
      });
    }
    case 'agents.update': {
      const { configName, ...change } = input as ProcedureInput<'agents.update'>;
      const agent = runtime.agents.find((candidate) => candidate.config.configName === configName);
      if (!agent) throw new ApiError('not_found', `There is no agent "${configName}".`);
      runtime.agentFiles.update(agent, change);
      return answerAgentConfig(runtime, 'agents.get', { configName });
    }
    case 'config.check':
      return runtime.report();
    case 'config.reload':
      runtime.reloads += 1;
      return runtime.report();
    case 'settings.get':
      return runtime.settings;
    case 'settings.update':
      runtime.settings = patchedSettings(runtime.settings, input as Partial<Settings>);
      return runtime.settings;
    case 'secrets.status':
      return { secrets: [...runtime.secrets.values()] };
    case 'secrets.set':
    case 'secrets.clear': {
      const { name } = input as { name: SecretName };
      const isSet = method === 'secrets.set';
      const status = { name, isSet, updatedAt: runtime.now.toISOString(), environmentVariable: null };
      runtime.secrets.set(name, status);
      return status;
    }
    default:
      return method satisfies never;
  }
}

/** The settings with each section's patched fields replaced, refused as the runtime refuses them. */
function patchedSettings(settings: Settings, patch: Partial<Settings>): Settings {
  const next = SettingsSchema.safeParse({
    configPath: patch.configPath ?? settings.configPath,
    llmBaseUrls: { ...settings.llmBaseUrls, ...patch.llmBaseUrls },
    engine: { ...settings.engine, ...patch.engine },
    telegramServer: { ...settings.telegramServer, ...patch.telegramServer },
    embeddings: { ...settings.embeddings, ...patch.embeddings },
    media: { ...settings.media, ...patch.media },
    translation: { ...settings.translation, ...patch.translation },
    desktop: { ...settings.desktop, ...patch.desktop },
  });
  if (!next.success) {
    throw new ApiError(
      'invalid_input',
      'Invalid settings.',
      next.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message })),
    );
  }
  return next.data;
}
