import { createContext, useContext } from 'react';
import { useStore } from 'zustand';
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { NewAgentDefaults } from '../../../shared/api/agent-lifecycle-contract';
import type { ZoneChangeChoice } from '../../../shared/api/agent-zone-contract';
import type { ApiClient } from '../../../shared/api/client';
import type { AgentDetail, AgentSummary, ConfigReport, ProcedureInput } from '../../../shared/api/contract';
import type { AgentRuntimeState } from '../../../shared/domain/agent-runtime';
import type { AgentChanges, ConfigProblem } from '../../../shared/domain/config';
import { errorMessage, isNotFound } from '../../api/errors';
import type { LoadStatus } from '../../ui/load-status';
import type { AgentFilter } from './model';

/** One agent's detail page: the agent being looked at and how its load went. */
export type AgentDetailView = {
  configName: string;
  status: 'loading' | 'ready' | 'not-found' | 'error';
  detail: AgentDetail | null;
  error: string | null;
};

export interface AgentsActions {
  /** Fetches the agent list; keeps the current list on screen while refreshing. */
  loadAgents(): Promise<void>;
  /** Asks the runtime to re-read the config directories; rejects with the API error. */
  reloadConfig(): Promise<ConfigReport>;
  /** Follows a config report (after a reload, from the operator or the file watcher). */
  applyConfigReport(report: ConfigReport): void;
  /** Follows a runtime change of one agent (login, enable switch). */
  applyRuntimeState(state: AgentRuntimeState): void;
  /** Loads the detail of one agent; a second call for the same agent refreshes in place. */
  openAgent(configName: string): Promise<void>;
  /**
   * Writes changed fields to the agent's file, against the version the page shows; rejects with
   * the API error (`conflict` when the file changed on disk, or with `zoneChoiceNeeded` details when
   * a new time zone needs `zoneChange`; field issues under `changes.<field>`).
   */
  updateAgent(
    configName: string,
    fileVersion: string,
    changes: AgentChanges,
    zoneChange?: ZoneChangeChoice,
  ): Promise<AgentDetail>;
  /** What the New agent form starts with: the config directories and the template's fields. */
  newAgentDefaults(): Promise<NewAgentDefaults>;
  /**
   * Creates an agent (it starts disabled) and lists it; resolves its config name. Rejects with the
   * API error, field issues under `configName`, `configDir` or `fields.<field>`.
   */
  createAgent(input: ProcedureInput<'agents.create'>): Promise<string>;
  /** Renames a disabled agent (file, folder, state); resolves the new name. Rejects with the API error. */
  renameAgent(configName: string, newConfigName: string): Promise<string>;
  /** Moves a disabled agent's file and folder to another config directory. */
  moveAgent(configName: string, configDir: string): Promise<void>;
  /** Deletes a disabled agent; `confirmation` is what the operator typed (`DELETE <name>`). */
  deleteAgent(configName: string, confirmation: string): Promise<void>;
  /** Re-fetches everything on screen, e.g. after the connection came back. */
  resync(): void;
  setQuery(query: string): void;
  setFilter(filter: AgentFilter): void;
}

export type AgentsState = {
  listStatus: LoadStatus;
  /** The last list load's failure; the previous list stays shown when there is one. */
  listError: string | null;
  refreshing: boolean;
  reloading: boolean;
  agents: AgentSummary[];
  /** Every config problem, including those tied to no agent. */
  problems: ConfigProblem[];
  lastReport: ConfigReport | null;
  query: string;
  filter: AgentFilter;
  detail: AgentDetailView | null;
  actions: AgentsActions;
};

export type AgentsStore = StoreApi<AgentsState>;

export function createAgentsStore(api: ApiClient): AgentsStore {
  // Answers can arrive out of order (a slow load overtaken by an event-driven one); only the
  // latest request's answer is applied.
  let listRequest = 0;
  let detailRequest = 0;

  return createStore<AgentsState>()((set, get) => {
    const withRuntime = <T extends { config: { configName: string }; runtime: AgentRuntimeState }>(
      item: T,
      state: AgentRuntimeState,
    ): T => (item.config.configName === state.configName ? { ...item, runtime: state } : item);

    const actions: AgentsActions = {
      async loadAgents() {
        const request = ++listRequest;
        set((s) =>
          s.listStatus === 'ready' ? { refreshing: true } : { listStatus: 'loading', listError: null },
        );
        try {
          const { agents, problems } = await api.call('agents.list', {});
          if (request !== listRequest) return;
          set({ listStatus: 'ready', listError: null, refreshing: false, agents, problems });
        } catch (error) {
          if (request !== listRequest) return;
          set((s) => ({
            listStatus: s.listStatus === 'ready' ? 'ready' : 'error',
            listError: errorMessage(error),
            refreshing: false,
          }));
        }
      },

      async reloadConfig() {
        set({ reloading: true });
        try {
          const report = await api.call('config.reload', {});
          get().actions.applyConfigReport(report);
          return report;
        } finally {
          set({ reloading: false });
        }
      },

      applyConfigReport(report) {
        // The same reload reaches us twice: as the answer to config.reload and as the
        // config.reloaded event. Its load time tells them apart from a newer reload.
        if (get().lastReport?.loadedAt === report.loadedAt) return;
        set({ lastReport: report });
        if (get().listStatus !== 'idle') void get().actions.loadAgents();
        const detail = get().detail;
        if (detail) void get().actions.openAgent(detail.configName);
      },

      applyRuntimeState(state) {
        set((s) => ({
          agents: s.agents.map((agent) => withRuntime(agent, state)),
          detail:
            s.detail?.detail && s.detail.configName === state.configName
              ? { ...s.detail, detail: withRuntime(s.detail.detail, state) }
              : s.detail,
        }));
      },

      async openAgent(configName) {
        const request = ++detailRequest;
        const current = get().detail;
        if (current?.configName !== configName || current.status !== 'ready') {
          set({ detail: { configName, status: 'loading', detail: null, error: null } });
        }
        try {
          const detail = await api.call('agents.get', { configName });
          if (request !== detailRequest) return;
          set({ detail: { configName, status: 'ready', detail, error: null } });
        } catch (error) {
          if (request !== detailRequest) return;
          set({
            detail: {
              configName,
              status: isNotFound(error) ? 'not-found' : 'error',
              detail: null,
              error: errorMessage(error),
            },
          });
        }
      },

      async updateAgent(configName, fileVersion, changes, zoneChange) {
        const detail = await api.call('agents.update', {
          configName,
          fileVersion,
          changes,
          ...(zoneChange ? { zoneChange } : {}),
        });
        // Supersedes any load in flight; the list's row follows the config report the reload sends.
        detailRequest += 1;
        if (get().detail?.configName === configName) {
          set({ detail: { configName, status: 'ready', detail, error: null } });
        }
        return detail;
      },

      newAgentDefaults() {
        return api.call('agents.newAgentDefaults', {});
      },

      // Each change lists the agents again at once; the config.reloaded event that follows agrees.
      async createAgent(input) {
        const { configName } = await api.call('agents.create', input);
        await get().actions.loadAgents();
        return configName;
      },

      async renameAgent(configName, newConfigName) {
        const renamed = await api.call('agents.rename', { configName, newConfigName });
        await get().actions.loadAgents();
        return renamed.configName;
      },

      async moveAgent(configName, configDir) {
        await api.call('agents.move', { configName, configDir });
        await get().actions.loadAgents();
        if (get().detail?.configName === configName) await get().actions.openAgent(configName);
      },

      async deleteAgent(configName, confirmation) {
        await api.call('agents.delete', { configName, confirmation });
        await get().actions.loadAgents();
      },

      resync() {
        if (get().listStatus !== 'idle') void get().actions.loadAgents();
        const detail = get().detail;
        if (detail) void get().actions.openAgent(detail.configName);
      },

      setQuery(query) {
        set({ query });
      },

      setFilter(filter) {
        set({ filter });
      },
    };

    return {
      listStatus: 'idle',
      listError: null,
      refreshing: false,
      reloading: false,
      agents: [],
      problems: [],
      lastReport: null,
      query: '',
      filter: 'all',
      detail: null,
      actions,
    };
  });
}

export const AgentsStoreContext = createContext<AgentsStore | null>(null);

/** Reads the agents store of the surrounding console through one of `agentsSelectors`. */
export function useAgentsStore<T>(selector: (state: AgentsState) => T): T {
  const store = useContext(AgentsStoreContext);
  if (!store) throw new Error('useAgentsStore needs an AgentsStoreContext provider.');
  return useStore(store, selector);
}
