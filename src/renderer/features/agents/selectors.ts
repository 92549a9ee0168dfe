import { filterAgents } from './model';
import type { AgentDetailView, AgentsState } from './store';

/**
 * Named selectors: components read the agents store only through these. Those returning a
 * fresh array are meant for `useShallow`.
 */
export const agentsSelectors = {
  listStatus: (s: AgentsState) => s.listStatus,
  listError: (s: AgentsState) => s.listError,
  refreshing: (s: AgentsState) => s.refreshing,
  reloading: (s: AgentsState) => s.reloading,
  agents: (s: AgentsState) => s.agents,
  problems: (s: AgentsState) => s.problems,
  query: (s: AgentsState) => s.query,
  filter: (s: AgentsState) => s.filter,
  actions: (s: AgentsState) => s.actions,
  visibleAgents: (s: AgentsState) => filterAgents(s.agents, s.query, s.filter),
  agentCount: (s: AgentsState) => s.agents.length,
  /** The detail view for `configName`, or null while another agent's is held. */
  detailFor:
    (configName: string) =>
    (s: AgentsState): AgentDetailView | null =>
      s.detail?.configName === configName ? s.detail : null,
};
