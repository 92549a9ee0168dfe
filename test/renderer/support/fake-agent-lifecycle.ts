import type { AgentFields, NewAgentDefaults } from '../../../src/shared/api/agent-lifecycle-contract';
import type { ProcedureInput } from '../../../src/shared/api/contract';
import { ApiError } from '../../../src/shared/api/errors';
import { deleteConfirmation, sameConfigName } from '../../../src/shared/domain/agent-config-name';
import type { AgentRuntimeState } from '../../../src/shared/domain/agent-runtime';
import type { AgentConfig } from '../../../src/shared/domain/config';

const LIFECYCLE_PROCEDURES = [
  'agents.newAgentDefaults',
  'agents.create',
  'agents.rename',
  'agents.move',
  'agents.delete',
] as const;
type LifecycleProcedure = (typeof LIFECYCLE_PROCEDURES)[number];

export function isAgentLifecycleProcedure(method: string): method is LifecycleProcedure {
  return (LIFECYCLE_PROCEDURES as readonly string[]).includes(method);
}

interface FakeLifecycleHost {
  agents: Array<{ config: AgentConfig; runtime: AgentRuntimeState }>;
  info: { configPath: string[] };
}

/** What the New agent form starts from in the fake: the template of the first directory. */
export const FAKE_TEMPLATE_FIELDS: AgentFields = {
  name: 'Untitled',
  phone: '+15550000000',
  instructions: 'Be someone new.',
  rolePrompts: ['Person'],
  stickerSets: [],
  timezone: null,
  llm: null,
  memoryLlm: null,
  startTypingDelay: null,
  typingSpeed: null,
  dailySchedule: null,
  resetContextOnFirstMessage: false,
  clearSummariesOnFirstMessage: false,
  gagged: false,
  disabled: true,
};

const invalid = (path: string, message: string) =>
  new ApiError('invalid_input', message, [{ path, message }]);

/**
 * The fake runtime's agent lifecycle: agents made from the template, renamed, moved and deleted in
 * its list, with the runtime's refusals (a name taken in any case, an enabled agent, a wrong
 * confirmation). The config names the contract refuses never get here.
 */
export class FakeAgentLifecycle {
  readonly #host: FakeLifecycleHost;

  constructor(host: FakeLifecycleHost) {
    this.#host = host;
  }

  answer(method: LifecycleProcedure, input: unknown): unknown {
    switch (method) {
      case 'agents.newAgentDefaults':
        return {
          configDirs: this.#host.info.configPath,
          fields: FAKE_TEMPLATE_FIELDS,
          templateFile: `${this.#host.info.configPath[0]}/DefaultAgent.md`,
        } satisfies NewAgentDefaults;
      case 'agents.create': {
        const { configDir, configName, fields } = input as ProcedureInput<'agents.create'>;
        this.#nameFree(configName, 'configName');
        const config: AgentConfig = {
          ...(fields as AgentFields),
          configName,
          configDir,
          file: `${configDir}/agents/${configName}.md`,
          disabled: true,
          telegramId: null,
        };
        this.#host.agents.push({
          config,
          runtime: { configName, telegramId: null, enabled: true, loginState: 'logged-out', updatedAt: null },
        });
        return { configName };
      }
      case 'agents.rename': {
        const { configName, newConfigName } = input as ProcedureInput<'agents.rename'>;
        const agent = this.#idle(configName, 'renaming');
        this.#nameFree(newConfigName, 'newConfigName', configName);
        agent.config = {
          ...agent.config,
          configName: newConfigName,
          file: `${agent.config.configDir}/agents/${newConfigName}.md`,
        };
        agent.runtime = { ...agent.runtime, configName: newConfigName };
        return { configName: newConfigName };
      }
      case 'agents.move': {
        const { configName, configDir } = input as ProcedureInput<'agents.move'>;
        const agent = this.#idle(configName, 'moving');
        if (agent.config.configDir === configDir) {
          throw invalid('configDir', `${agent.config.name} is in ${configDir} already.`);
        }
        agent.config = { ...agent.config, configDir, file: `${configDir}/agents/${configName}.md` };
        return { configName };
      }
      case 'agents.delete': {
        const { configName, confirmation } = input as ProcedureInput<'agents.delete'>;
        const expected = deleteConfirmation(configName);
        if (confirmation.trim() !== expected) throw invalid('confirmation', `Type "${expected}" to confirm.`);
        const agent = this.#idle(configName, 'deleting');
        this.#host.agents.splice(this.#host.agents.indexOf(agent), 1);
        return { configName };
      }
    }
  }

  #nameFree(name: string, field: string, except?: string): void {
    const other = this.#host.agents.find(
      (agent) => agent.config.configName !== except && sameConfigName(agent.config.configName, name),
    );
    if (other) throw invalid(field, `There is already an agent named ${other.config.configName}.`);
  }

  #idle(configName: string, doing: string) {
    const agent = this.#host.agents.find((candidate) => candidate.config.configName === configName);
    if (!agent) throw new ApiError('not_found', `There is no agent "${configName}".`);
    if (agent.runtime.enabled && !agent.config.disabled) {
      throw new ApiError('conflict', `${agent.config.name} is enabled; switch it off before ${doing} it.`);
    }
    return agent;
  }
}
