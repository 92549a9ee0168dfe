import { beforeEach, describe, expect, it } from 'vitest';
import { countByFilter, groupProblemsByFile } from '../../src/renderer/features/agents/model';
import { agentsSelectors } from '../../src/renderer/features/agents/selectors';
import { type AgentsStore, createAgentsStore } from '../../src/renderer/features/agents/store';
import type { ProcedureOutput } from '../../src/shared/api/contract';
import { ApiError } from '../../src/shared/api/errors';
import { agentConfig, deferred, FakeRuntime, runtimeState, settle } from './support/fake-runtime';

function visibleNames(store: AgentsStore): string[] {
  return agentsSelectors.visibleAgents(store.getState()).map((agent) => agent.config.name);
}

describe('agents store', () => {
  let runtime: FakeRuntime;
  let store: AgentsStore;

  beforeEach(() => {
    runtime = new FakeRuntime();
    runtime.agents = [
      {
        config: agentConfig({
          configName: 'Heidi',
          name: 'Heidi',
          llm: 'gemini-2.5-flash',
          timezone: 'America/Los_Angeles',
          rolePrompts: ['Person', 'Task-Memory'],
          disabled: true,
        }),
        runtime: runtimeState('Heidi'),
      },
      {
        config: agentConfig({
          configName: 'Mary',
          name: 'Mary Poppins',
          timezone: 'Europe/London',
          gagged: true,
        }),
        runtime: runtimeState('Mary', { loginState: 'logged-in' }),
      },
      {
        config: agentConfig({
          configName: 'DungeonMaster',
          name: 'Dungeon Master',
          rolePrompts: ['Adventure'],
        }),
        runtime: runtimeState('DungeonMaster', { enabled: false }),
      },
    ];
    runtime.problems = [
      { severity: 'warning', file: '/config/samples/agents/Mary.md', line: 12, message: 'Unknown timezone.' },
      { severity: 'error', file: null, line: null, message: 'Instructions.md is missing.' },
    ];
    store = createAgentsStore(runtime.client);
  });

  it('loads the agents and every config problem', async () => {
    expect(agentsSelectors.listStatus(store.getState())).toBe('idle');
    const loading = store.getState().actions.loadAgents();
    expect(agentsSelectors.listStatus(store.getState())).toBe('loading');
    await loading;

    expect(agentsSelectors.listStatus(store.getState())).toBe('ready');
    expect(agentsSelectors.agentCount(store.getState())).toBe(3);
    expect(agentsSelectors.problems(store.getState())).toHaveLength(2);
    const mary = agentsSelectors.agents(store.getState()).find((agent) => agent.config.configName === 'Mary');
    expect(mary?.problemCount).toBe(1);
  });

  it('searches display name, config name, LLM, timezone and role prompts, all terms at once', async () => {
    await store.getState().actions.loadAgents();
    const { setQuery } = store.getState().actions;

    setQuery('poppins');
    expect(visibleNames(store)).toEqual(['Mary Poppins']);
    setQuery('dungeonmaster');
    expect(visibleNames(store)).toEqual(['Dungeon Master']);
    setQuery('GEMINI');
    expect(visibleNames(store)).toEqual(['Heidi']);
    setQuery('london');
    expect(visibleNames(store)).toEqual(['Mary Poppins']);
    setQuery('adventure');
    expect(visibleNames(store)).toEqual(['Dungeon Master']);
    setQuery('person los_angeles');
    expect(visibleNames(store)).toEqual(['Heidi']);
    setQuery('person london');
    expect(visibleNames(store)).toEqual([]);
    setQuery('   ');
    expect(visibleNames(store)).toHaveLength(3);
  });

  it('filters by disabled (file or operator switch), gagged, logged in and problems, combined with the search', async () => {
    await store.getState().actions.loadAgents();
    const { setFilter, setQuery } = store.getState().actions;

    setFilter('disabled');
    expect(visibleNames(store)).toEqual(['Heidi', 'Dungeon Master']);
    setFilter('enabled');
    expect(visibleNames(store)).toEqual(['Mary Poppins']);
    setFilter('gagged');
    expect(visibleNames(store)).toEqual(['Mary Poppins']);
    setFilter('logged-in');
    expect(visibleNames(store)).toEqual(['Mary Poppins']);
    setFilter('problems');
    expect(visibleNames(store)).toEqual(['Mary Poppins']);

    setFilter('disabled');
    setQuery('adventure');
    expect(visibleNames(store)).toEqual(['Dungeon Master']);

    expect(countByFilter(agentsSelectors.agents(store.getState()))).toEqual({
      all: 3,
      enabled: 1,
      disabled: 2,
      gagged: 1,
      'logged-in': 1,
      problems: 1,
    });
  });

  it('groups problems by file, sorted by line with errors first, and file-less problems last', () => {
    const groups = groupProblemsByFile([
      { severity: 'error', file: null, line: null, message: 'No config directory found.' },
      { severity: 'warning', file: '/a/agents/B.md', line: 9, message: 'late warning' },
      { severity: 'warning', file: '/a/agents/A.md', line: 3, message: 'warning on 3' },
      { severity: 'error', file: '/a/agents/B.md', line: 2, message: 'early error' },
      { severity: 'error', file: '/a/agents/A.md', line: 3, message: 'error on 3' },
    ]);

    expect(groups.map((group) => group.file)).toEqual(['/a/agents/B.md', '/a/agents/A.md', null]);
    expect(groups[0]?.problems.map((problem) => problem.message)).toEqual(['early error', 'late warning']);
    expect(groups[1]?.problems.map((problem) => problem.message)).toEqual(['error on 3', 'warning on 3']);
  });

  it('reloads the config and refreshes the list once, although the reload also arrives as an event', async () => {
    await store.getState().actions.loadAgents();
    runtime.agents.push({
      config: agentConfig({ configName: 'Newcomer' }),
      runtime: runtimeState('Newcomer'),
    });

    const reloading = store.getState().actions.reloadConfig();
    expect(agentsSelectors.reloading(store.getState())).toBe(true);
    const report = await reloading;
    // The runtime announces the same reload to every console.
    store.getState().actions.applyConfigReport(report);
    await settle();

    expect(report.agentCount).toBe(4);
    expect(agentsSelectors.reloading(store.getState())).toBe(false);
    expect(agentsSelectors.agentCount(store.getState())).toBe(4);
    expect(runtime.callsOf('config.reload')).toHaveLength(1);
    expect(runtime.callsOf('agents.list')).toHaveLength(2);
  });

  it('keeps the last list on screen when a refresh fails, and says why', async () => {
    await store.getState().actions.loadAgents();
    runtime.handle('agents.list', () => {
      throw new ApiError('unavailable', 'The Troupe server cannot be reached; retrying.');
    });

    await store.getState().actions.loadAgents();

    expect(agentsSelectors.listStatus(store.getState())).toBe('ready');
    expect(agentsSelectors.agentCount(store.getState())).toBe(3);
    expect(agentsSelectors.listError(store.getState())).toBe(
      'The Troupe server cannot be reached; retrying.',
    );
  });

  it('applies only the latest list answer when an older request answers last', async () => {
    const slow = deferred<ProcedureOutput<'agents.list'>>();
    runtime.handle('agents.list', () => slow.promise);
    const first = store.getState().actions.loadAgents();
    runtime.overrides.delete('agents.list');
    await store.getState().actions.loadAgents();

    slow.resolve({ agents: [], problems: [] });
    await first;

    expect(agentsSelectors.agentCount(store.getState())).toBe(3);
  });

  it('opens an agent, and tells a missing agent apart from a failure', async () => {
    await store.getState().actions.openAgent('Mary');
    const mary = agentsSelectors.detailFor('Mary')(store.getState());
    expect(mary?.status).toBe('ready');
    expect(mary?.detail?.problems).toHaveLength(1);
    expect(agentsSelectors.detailFor('Heidi')(store.getState())).toBeNull();

    await store.getState().actions.openAgent('Nobody');
    expect(agentsSelectors.detailFor('Nobody')(store.getState())?.status).toBe('not-found');

    runtime.handle('agents.get', () => {
      throw new ApiError('internal', 'agents.get failed unexpectedly; see the log.');
    });
    await store.getState().actions.openAgent('Heidi');
    const failed = agentsSelectors.detailFor('Heidi')(store.getState());
    expect(failed?.status).toBe('error');
    expect(failed?.error).toBe('agents.get failed unexpectedly; see the log.');
  });

  it('follows a runtime change of one agent in the list and in the open detail', async () => {
    await store.getState().actions.loadAgents();
    await store.getState().actions.openAgent('Heidi');
    const before = agentsSelectors.agents(store.getState());

    store
      .getState()
      .actions.applyRuntimeState(runtimeState('Heidi', { loginState: 'logged-in', telegramId: 42 }));

    const after = agentsSelectors.agents(store.getState());
    expect(after.find((agent) => agent.config.configName === 'Heidi')?.runtime.loginState).toBe('logged-in');
    // Rows of other agents keep their identity, so they do not re-render.
    expect(after[1]).toBe(before[1]);
    expect(agentsSelectors.detailFor('Heidi')(store.getState())?.detail?.runtime.telegramId).toBe(42);
  });
});
