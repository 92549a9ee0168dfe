import { ApiError } from '../../../shared/api';
import type { AgentConfig, ConfigProblem } from '../../../shared/domain/config';
import type { ConfigService } from '../../config';
import type { Store } from '../../store';
import type { ApiHandlers } from '../dispatcher';

export interface AgentHandlerDeps {
  config: ConfigService;
  store: Store;
}

function problemsOf(agent: AgentConfig, problems: readonly ConfigProblem[]): ConfigProblem[] {
  return problems.filter((problem) => problem.file === agent.file);
}

export function createAgentHandlers(deps: AgentHandlerDeps): Pick<ApiHandlers, 'agents.list' | 'agents.get'> {
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
    'agents.get': ({ configName }) => {
      const { agents, problems, prompts } = deps.config.config;
      const agent = agents.find((candidate) => candidate.configName === configName);
      if (!agent)
        throw new ApiError('not_found', `There is no agent "${configName}" in the loaded configuration.`);
      return {
        config: agent,
        runtime: deps.store.agentState.get(agent.configName),
        rolePrompts: agent.rolePrompts.map((name) => ({ name, dir: prompts.get(name)?.dir ?? null })),
        problems: problemsOf(agent, problems),
      };
    },
  };
}
