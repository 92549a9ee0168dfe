import { readFile } from 'node:fs/promises';
import { ApiError } from '../../../shared/api';
import type { AgentDetail } from '../../../shared/api/contract';
import type { AgentConfig, ConfigProblem } from '../../../shared/domain/config';
import {
  AgentFileConflictError,
  agentFileVersion,
  type ConfigService,
  UnwritableAgentError,
  updateAgentFile,
} from '../../config';
import type { Store } from '../../store';
import type { ApiHandlers } from '../dispatcher';

export interface AgentHandlerDeps {
  config: ConfigService;
  store: Store;
}

function problemsOf(agent: AgentConfig, problems: readonly ConfigProblem[]): ConfigProblem[] {
  return problems.filter((problem) => problem.file === agent.file);
}

/** The agents of the loaded configuration, each with its state, problems and its file's version. */
export function createAgentHandlers(
  deps: AgentHandlerDeps,
): Pick<ApiHandlers, 'agents.list' | 'agents.get' | 'agents.update'> {
  const loaded = (configName: string): AgentConfig => {
    const agent = deps.config.config.agents.find((candidate) => candidate.configName === configName);
    if (!agent)
      throw new ApiError('not_found', `There is no agent "${configName}" in the loaded configuration.`);
    return agent;
  };
  const detail = async (agent: AgentConfig): Promise<AgentDetail> => {
    const { problems, prompts } = deps.config.config;
    return {
      config: agent,
      runtime: deps.store.agentState.get(agent.configName),
      rolePrompts: agent.rolePrompts.map((name) => ({ name, dir: prompts.get(name)?.dir ?? null })),
      problems: problemsOf(agent, problems),
      fileVersion: agentFileVersion(await readFile(agent.file, 'utf8')),
    };
  };

  return {
    'agents.list': () => {
      const { agents, problems } = deps.config.config;
      return {
        agents: agents.map((agent) => ({
          config: agent,
          runtime: deps.store.agentState.get(agent.configName),
          problemCount: problemsOf(agent, problems).length,
        })),
        problems,
      };
    },
    'agents.get': ({ configName }) => detail(loaded(configName)),
    'agents.update': async ({ configName, fileVersion, changes }) => {
      const agent = loaded(configName);
      try {
        await updateAgentFile(agent.file, changes, fileVersion);
      } catch (error) {
        if (error instanceof AgentFileConflictError) throw new ApiError('conflict', error.message);
        if (error instanceof UnwritableAgentError) {
          const issues =
            error.field === null ? undefined : [{ path: `changes.${error.field}`, message: error.message }];
          throw new ApiError('invalid_input', error.message, issues);
        }
        throw error;
      }
      // Read back at once (the watcher would reload a moment later), so the answer is the agent as written.
      await deps.config.reload();
      return detail(loaded(configName));
    },
  };
}
