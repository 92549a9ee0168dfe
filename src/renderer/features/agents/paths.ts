import type { Network } from '../../../shared/api/conversation-contract';

/** Routes of the agents pages, relative to the hash router (`#/agents/...`). */
export const AGENTS_PATH = '/agents';

export function agentPath(configName: string): string {
  return `${AGENTS_PATH}/${encodeURIComponent(configName)}`;
}

/**
 * An agent's Memory tab (`#/agents/:configName/memory[/:network[/:partnerId]]`), on a network and
 * open at a person when given.
 */
export function agentMemoryPath(configName: string, network?: Network, partnerId?: number): string {
  const base = `${agentPath(configName)}/memory`;
  if (!network) return base;
  return partnerId === undefined ? `${base}/${network}` : `${base}/${network}/${partnerId}`;
}

/** The router decodes most of the path already; this undoes `encodeURIComponent` for the rest. */
export function configNameFromParam(param: string): string {
  try {
    return decodeURIComponent(param);
  } catch {
    return param;
  }
}

/** An agent's Media tab (`#/agents/:configName/media[/:network]`): its media library on a network. */
export function agentMediaPath(configName: string, network?: Network): string {
  const base = `${agentPath(configName)}/media`;
  return network ? `${base}/${network}` : base;
}

/** An agent's Plans tab (`#/agents/:configName/plans[/:network]`): its live plans on a network. */
export function agentPlansPath(configName: string, network?: Network): string {
  const base = `${agentPath(configName)}/plans`;
  return network ? `${base}/${network}` : base;
}

/** An agent's Schedule tab (`#/agents/:configName/schedule`): its activities as a timeline. */
export function agentSchedulePath(configName: string): string {
  return `${agentPath(configName)}/schedule`;
}

/** Fields of the agent's editor an address can open it at. */
export type AgentEditField = 'daily-schedule';

/** The agent's Overview with its editor open (`#/agents/:configName/edit[/:field]`), at a field when given. */
export function agentEditPath(configName: string, field?: AgentEditField): string {
  const base = `${agentPath(configName)}/edit`;
  return field ? `${base}/${field}` : base;
}

/** The element id of an editor field, which the edit address scrolls to and focuses. */
export function agentEditFieldId(field: AgentEditField): string {
  return `agent-field-${field}`;
}
