import { resolve } from 'node:path';
import { ApiError } from '../../../shared/api';
import type { AgentFields } from '../../../shared/api/agent-lifecycle-contract';
import { deleteConfirmation } from '../../../shared/domain/agent-config-name';
import type { AgentConfig } from '../../../shared/domain/config';
import {
  AgentPathTakenError,
  type AgentPlace,
  type ConfigService,
  relocateAgentFiles,
  setAgentFilesAside,
  UnwritableAgentError,
  writeAgentMarkdown,
  writeNewAgentFile,
} from '../../config';
import { AgentBusyError, type ConversationEngine } from '../../engine';
import type { Logger } from '../../logging';
import { AgentRowsConflictError, type Store } from '../../store';
import type { ApiHandlers } from '../dispatcher';
import { agentHomeDirs, agentNameClash, newAgentDefaults } from './new-agent';

export interface AgentLifecycleDeps {
  config: ConfigService;
  store: Store;
  /** Both networks' engines: each lets go of a renamed or deleted agent's plans and takes up the new name's. */
  engines: readonly Pick<ConversationEngine, 'releaseAgent' | 'adoptAgent'>[];
  telegram: {
    /** The agent's Telegram account is connected, or connecting, now. */
    isActive(configName: string): boolean;
    /** Ends a login of the agent under way, if any. */
    cancelLogin(configName: string): Promise<void>;
  };
  logger: Logger;
}

type LifecycleProcedures =
  | 'agents.newAgentDefaults'
  | 'agents.create'
  | 'agents.rename'
  | 'agents.move'
  | 'agents.delete';

const invalid = (path: string, message: string) =>
  new ApiError('invalid_input', message, [{ path, message }]);

/**
 * Agents created, renamed, moved and deleted from the console. Rename, move and delete need the
 * agent disabled and idle. Files move first; then, in one synchronous step, the engines let go of
 * the agent and its rows move in one transaction; a step that fails puts back the ones before it.
 * The configuration is then reloaded, which tells the console (`config.reloaded`).
 */
export function createAgentLifecycleHandlers(
  deps: AgentLifecycleDeps,
): Pick<ApiHandlers, LifecycleProcedures> {
  const logger = deps.logger.child({ module: 'agent-lifecycle' });
  const agents = () => deps.config.config.agents;
  const loaded = (configName: string): AgentConfig => {
    const agent = agents().find((candidate) => candidate.configName === configName);
    if (!agent)
      throw new ApiError('not_found', `There is no agent "${configName}" in the loaded configuration.`);
    return agent;
  };
  const loadedDir = async (path: string, field: string): Promise<string> => {
    const dir = (await agentHomeDirs(deps.config.config)).find((candidate) => candidate === resolve(path));
    if (!dir) throw invalid(field, `${path} is not one of the loaded config directories.`);
    return dir;
  };
  const freeConfigName = async (name: string, field: string, except?: AgentConfig) => {
    const clash = await agentNameClash(deps.config.config, name, except);
    if (clash !== null) throw invalid(field, clash);
  };

  /** Refuses while the agent may act: enabled, connected, or logging in is ended first. */
  const mustBeIdle = async (agent: AgentConfig, doing: string) => {
    const enabled = deps.store.agentState.get(agent.configName).enabled && !agent.disabled;
    if (enabled) {
      throw new ApiError(
        'conflict',
        `${agent.name} is enabled; switch off its Enabled switch (or mark it Disabled) before ${doing} it, so nothing runs while its files and state change.`,
      );
    }
    if (deps.telegram.isActive(agent.configName)) {
      throw new ApiError(
        'conflict',
        `${agent.name} is still connected to Telegram; wait until it has disconnected, then try again.`,
      );
    }
    await deps.telegram.cancelLogin(agent.configName);
  };

  /**
   * Lets every engine go of `from`, applies the change to the rows, then has the engines take up
   * `to` (or `from` again when the change failed). Synchronous, so no conversation runs between.
   */
  const handOver = (from: string, to: string | null, changeRows: () => void) => {
    const released: (typeof deps.engines)[number][] = [];
    try {
      for (const engine of deps.engines) {
        engine.releaseAgent(from);
        released.push(engine);
      }
      changeRows();
    } catch (error) {
      deps.store.taskGraphs.forgetWrites();
      for (const engine of released) engine.adoptAgent(from);
      throw error;
    }
    deps.store.taskGraphs.forgetWrites();
    if (to !== null) for (const engine of deps.engines) engine.adoptAgent(to);
  };

  /** Puts the files back after a later step failed; a failure to do so is logged with where they are. */
  const putBack = async (undo: () => Promise<void>, what: string) => {
    try {
      await undo();
    } catch (error) {
      logger.error({ err: error, what }, 'could not put the agent files back; they are where the log says');
    }
  };

  const asApiError = (error: unknown, field: string): unknown => {
    if (error instanceof AgentPathTakenError) return invalid(field, error.message);
    if (error instanceof AgentRowsConflictError) return invalid(field, error.message);
    if (error instanceof AgentBusyError) return new ApiError('conflict', error.message);
    return error;
  };

  return {
    'agents.newAgentDefaults': () => newAgentDefaults(deps.config.config),

    'agents.create': async ({ configDir, configName, fields }) => {
      const dir = await loadedDir(configDir, 'configDir');
      await freeConfigName(configName, 'configName');
      const sameName = agents().find((agent) => agent.name === fields.name.trim());
      if (sameName) {
        throw invalid(
          'fields.name',
          `${sameName.configName} is already called "${sameName.name}"; choose another name.`,
        );
      }
      const text = agentFileText(fields);
      try {
        await writeNewAgentFile({ configDir: dir, configName }, text);
      } catch (error) {
        throw asApiError(error, 'configName');
      }
      logger.info({ configName, configDir: dir }, 'agent created');
      await deps.config.reload();
      return { configName };
    },

    'agents.rename': async ({ configName, newConfigName }) => {
      const agent = loaded(configName);
      if (newConfigName === configName)
        throw invalid('newConfigName', `The agent is called ${configName} already.`);
      await freeConfigName(newConfigName, 'newConfigName', agent);
      const leftOver = Object.keys(deps.store.agentRows.count(newConfigName));
      if (leftOver.length > 0) {
        throw asApiError(new AgentRowsConflictError(newConfigName, leftOver), 'newConfigName');
      }
      await mustBeIdle(agent, 'renaming');
      const from: AgentPlace = { configDir: agent.configDir, configName };
      const to: AgentPlace = { configDir: agent.configDir, configName: newConfigName };
      try {
        const undoFiles = await relocateAgentFiles(from, to);
        try {
          handOver(configName, newConfigName, () => deps.store.agentRows.rename(configName, newConfigName));
        } catch (error) {
          await putBack(undoFiles, `${newConfigName} back to ${configName}`);
          throw error;
        }
      } catch (error) {
        throw asApiError(error, 'newConfigName');
      }
      logger.info({ from: configName, to: newConfigName }, 'agent renamed');
      await deps.config.reload();
      return { configName: newConfigName };
    },

    'agents.move': async ({ configName, configDir }) => {
      const agent = loaded(configName);
      const dir = await loadedDir(configDir, 'configDir');
      if (dir === agent.configDir) throw invalid('configDir', `${agent.name} is in ${dir} already.`);
      await mustBeIdle(agent, 'moving');
      try {
        await relocateAgentFiles({ configDir: agent.configDir, configName }, { configDir: dir, configName });
      } catch (error) {
        if (error instanceof AgentPathTakenError) {
          throw invalid(
            'configDir',
            `${dir} already has an agent named ${configName} (${error.path}); nothing was moved.`,
          );
        }
        throw error;
      }
      logger.info({ configName, from: agent.configDir, to: dir }, 'agent moved');
      await deps.config.reload();
      return { configName };
    },

    'agents.delete': async ({ configName, confirmation }) => {
      const agent = loaded(configName);
      const expected = deleteConfirmation(configName);
      if (confirmation.trim() !== expected) throw invalid('confirmation', `Type "${expected}" to confirm.`);
      await mustBeIdle(agent, 'deleting');
      const aside = await setAgentFilesAside({ configDir: agent.configDir, configName });
      let deleted: Record<string, number> = {};
      try {
        handOver(configName, null, () => {
          deleted = deps.store.agentRows.delete(configName);
        });
      } catch (error) {
        await putBack(aside.undo, `${configName} back in ${agent.configDir}`);
        throw asApiError(error, 'confirmation');
      }
      try {
        await aside.remove();
      } catch (error) {
        logger.warn({ err: error, configName }, 'the deleted agent’s files could not all be removed');
      }
      logger.info({ configName, deleted }, 'agent deleted');
      await deps.config.reload();
      return { configName };
    },
  };
}

/** The new agent's file: its fields, disabled, or the field whose value cannot be written. */
function agentFileText(fields: AgentFields): string {
  try {
    return writeAgentMarkdown({ ...fields, disabled: true, telegramId: null });
  } catch (error) {
    if (error instanceof UnwritableAgentError) {
      throw invalid(error.field === null ? 'fields' : `fields.${error.field}`, error.message);
    }
    throw error;
  }
}
