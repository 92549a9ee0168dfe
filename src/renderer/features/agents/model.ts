import type { AgentSummary } from '../../../shared/api/contract';
import type { LoginState } from '../../../shared/domain/agent-runtime';
import type { ConfigProblem } from '../../../shared/domain/config';

/**
 * What the agents pages derive from the API's data: what "disabled" or "matches the search"
 * means, and how problems are grouped. Pure functions, used by the selectors and the views.
 */

export const AGENT_FILTERS = ['all', 'enabled', 'disabled', 'gagged', 'logged-in', 'problems'] as const;
export type AgentFilter = (typeof AGENT_FILTERS)[number];

export const AGENT_FILTER_LABELS: Record<AgentFilter, string> = {
  all: 'All',
  enabled: 'Enabled',
  disabled: 'Disabled',
  gagged: 'Gagged',
  'logged-in': 'Logged in',
  problems: 'With problems',
};

export const LOGIN_STATE_LABELS: Record<LoginState, string> = {
  'logged-out': 'Logged out',
  'logging-in': 'Logging in…',
  'logged-in': 'Logged in',
};

/** Off when its file says `Disabled`, or when the operator switched it off. */
export function isAgentDisabled(agent: Pick<AgentSummary, 'config' | 'runtime'>): boolean {
  return agent.config.disabled || !agent.runtime.enabled;
}

export function agentMatchesFilter(agent: AgentSummary, filter: AgentFilter): boolean {
  switch (filter) {
    case 'all':
      return true;
    case 'enabled':
      return !isAgentDisabled(agent);
    case 'disabled':
      return isAgentDisabled(agent);
    case 'gagged':
      return agent.config.gagged;
    case 'logged-in':
      return agent.runtime.loginState === 'logged-in';
    case 'problems':
      return agent.problemCount > 0;
    default:
      return filter satisfies never;
  }
}

/**
 * Every whitespace-separated term must appear (case-insensitively) in the display name, config
 * name, LLM, timezone or one of the role prompts.
 */
export function agentMatchesQuery(agent: AgentSummary, query: string): boolean {
  const terms = query.toLocaleLowerCase().split(/\s+/).filter(Boolean);
  if (terms.length === 0) return true;
  const { name, configName, llm, timezone, rolePrompts } = agent.config;
  const haystack = [name, configName, llm ?? '', timezone ?? '', ...rolePrompts]
    .join('\n')
    .toLocaleLowerCase();
  return terms.every((term) => haystack.includes(term));
}

export function filterAgents(
  agents: readonly AgentSummary[],
  query: string,
  filter: AgentFilter,
): AgentSummary[] {
  return agents.filter((agent) => agentMatchesFilter(agent, filter) && agentMatchesQuery(agent, query));
}

/** How many agents each filter would show (ignoring the search), for the filter chips. */
export function countByFilter(agents: readonly AgentSummary[]): Record<AgentFilter, number> {
  const counts = Object.fromEntries(AGENT_FILTERS.map((filter) => [filter, 0])) as Record<
    AgentFilter,
    number
  >;
  for (const agent of agents) {
    for (const filter of AGENT_FILTERS) if (agentMatchesFilter(agent, filter)) counts[filter] += 1;
  }
  return counts;
}

export type ProblemGroup = { file: string | null; problems: ConfigProblem[] };

/**
 * Problems grouped by file, files in the order they first appear, each file's problems by line
 * (errors first on the same line). Problems tied to no file form one group, last.
 */
export function groupProblemsByFile(problems: readonly ConfigProblem[]): ProblemGroup[] {
  const groups = new Map<string | null, ConfigProblem[]>();
  for (const problem of problems) {
    const list = groups.get(problem.file);
    if (list) list.push(problem);
    else groups.set(problem.file, [problem]);
  }
  const severityRank = (problem: ConfigProblem): number => (problem.severity === 'error' ? 0 : 1);
  const result: ProblemGroup[] = [];
  for (const [file, list] of groups) {
    const sorted = [...list].sort(
      (a, b) => (a.line ?? 0) - (b.line ?? 0) || severityRank(a) - severityRank(b),
    );
    result.push({ file, problems: sorted });
  }
  return result.sort((a, b) => Number(a.file === null) - Number(b.file === null));
}

export function countBySeverity(problems: readonly ConfigProblem[]): { errors: number; warnings: number } {
  let errors = 0;
  for (const problem of problems) if (problem.severity === 'error') errors += 1;
  return { errors, warnings: problems.length - errors };
}
