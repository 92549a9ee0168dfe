import type { AgentSummary } from '../../../shared/api/contract';
import {
  configNameProblem,
  deleteConfirmation,
  sameConfigName,
} from '../../../shared/domain/agent-config-name';
import type { AgentConfig } from '../../../shared/domain/config';

/**
 * What is wrong with a config name typed for an agent, or null: the name itself, or another agent
 * has it in any case. `except` is the agent being renamed. The runtime checks again on save.
 */
export function configNameError(
  name: string,
  agents: readonly Pick<AgentSummary, 'config'>[],
  except?: string,
): string | null {
  const problem = configNameProblem(name);
  if (problem !== null) return problem;
  if (except !== undefined && name === except) return `The agent is called ${except} already.`;
  const other = agents.find(
    ({ config }) => config.configName !== except && sameConfigName(config.configName, name),
  );
  return other ? `There is already an agent named ${other.config.configName}.` : null;
}

/**
 * Whether the agent may be renamed, moved or deleted: only while it is disabled, by its file or
 * by the operator's switch (`enabled`), so nothing runs while its files and state change.
 */
export function isDisabled(config: Pick<AgentConfig, 'disabled'>, enabled: boolean): boolean {
  return config.disabled || !enabled;
}

/** Whether what the operator typed confirms deleting the agent. */
export function confirmsDeletion(typed: string, configName: string): boolean {
  return typed.trim() === deleteConfirmation(configName);
}
