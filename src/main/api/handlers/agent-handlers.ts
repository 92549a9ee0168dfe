import { readFile } from 'node:fs/promises';
import { ApiError, type ZoneChangeChoice } from '../../../shared/api';
import type { AgentDetail } from '../../../shared/api/contract';
import type { AgentConfig, ConfigProblem } from '../../../shared/domain/config';
import {
  AgentFileConflictError,
  agentFileVersion,
  type ConfigService,
  restoreAgentFile,
  UnwritableAgentError,
  updateAgentFile,
} from '../../config';
import type { Logger } from '../../logging';
import type { Store } from '../../store';
import type { ApiHandlers } from '../dispatcher';
import { type ZoneChangeDeps, type ZoneMove, zoneChanges, zoneMoveOf } from './agent-zone-change';

export interface AgentHandlerDeps extends ZoneChangeDeps {
  config: ConfigService;
  store: Store;
  /** The zone of an agent whose file names none: the server's. */
  defaultTimeZone: string;
  /** Told of each zone change the console made, before the reload that reads it. */
  zoneMoved: (configName: string, zone: string) => void;
  logger: Logger;
}

function problemsOf(agent: AgentConfig, problems: readonly ConfigProblem[]): ConfigProblem[] {
  return problems.filter((problem) => problem.file === agent.file);
}

/**
 * The agents of the loaded configuration, each with its state, problems and its file's version,
 * and their files edited. A new time zone for an agent that keeps a schedule or events needs the
 * operator's choice (see agent-zone-change); the file is written first, then the times move in one
 * transaction, and a failure there puts the file back.
 */
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

  const zones = zoneChanges(deps);
  /**
   * Moves (or deletes) the agent's times for the zone just written. Should that fail, the file is
   * put back as it was, so the zone and the stored times never disagree, and the error says which.
   */
  const moveTimes = async (
    move: ZoneMove,
    choice: ZoneChangeChoice,
    written: { version: string; previousText: string },
  ) => {
    const { configName, file } = move.agent;
    deps.zoneMoved(configName, move.toZone);
    try {
      return zones.apply(move, choice);
    } catch (error) {
      deps.zoneMoved(configName, move.fromZone);
      const reason = error instanceof Error ? error.message : String(error);
      const undone = `the schedule and events could not be ${choice === 'delete' ? 'deleted' : 'moved'} (${reason})`;
      deps.logger.error(
        { err: error, agent: configName },
        'moving the schedule and events to the new zone failed',
      );
      const restored = await restoreAgentFile(file, written.previousText, written.version).catch(() => false);
      throw new ApiError(
        'internal',
        restored
          ? `Nothing was saved: ${undone}, so ${configName}.md was put back as it was.`
          : `${configName}.md now says ${move.toZone}, but ${undone} and the file could not be put back: they still keep ${move.fromZone} times. Set the zone back to ${move.fromZone} in the file, then try again.`,
      );
    }
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
    'agents.update': async ({ configName, fileVersion, changes, zoneChange }) => {
      const agent = loaded(configName);
      const move = zoneMoveOf(agent, changes, deps.defaultTimeZone);
      if (move) zones.check(move, zoneChange);
      let written: Awaited<ReturnType<typeof updateAgentFile>>;
      try {
        written = await updateAgentFile(agent.file, changes, fileVersion);
      } catch (error) {
        if (error instanceof AgentFileConflictError) throw new ApiError('conflict', error.message);
        if (error instanceof UnwritableAgentError) {
          const issues =
            error.field === null ? undefined : [{ path: `changes.${error.field}`, message: error.message }];
          throw new ApiError('invalid_input', error.message, issues);
        }
        throw error;
      }
      // No choice was needed when nothing was timed; whatever the agent timed since keeps its wall clock.
      const moved = move ? await moveTimes(move, zoneChange ?? 'keepWallClock', written) : null;
      // Read back at once (the watcher would reload a moment later), so the answer is the agent as written.
      try {
        await deps.config.reload();
      } finally {
        if (moved) zones.announce(moved);
      }
      return detail(loaded(configName));
    },
  };
}
