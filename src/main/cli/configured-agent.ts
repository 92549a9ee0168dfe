import type { AgentConfig } from '../../shared/domain/config';
import { loadConfig, resolveConfigPath } from '../config';
import type { Store } from '../store';
import type { CliIo } from './io';

/** The agent a command names is not in the configuration; the message lists the ones that are. */
export class UnknownAgentError extends Error {}

/** What every command says of an agent name it cannot find: where it looked and what is there. */
export function unknownAgentMessage(
  name: string,
  configDirs: readonly string[],
  known: readonly string[],
): string {
  return `There is no agent "${name}" in ${configDirs.join(':')} (agents: ${known.join(', ') || 'none'}). Agent names are the file names in agents/, without .md.`;
}

/**
 * The agent a command names (by config name), from the config directories the runtime would
 * load: --config-path, the environment, the path saved in Settings, the shipped ones.
 */
export async function findConfiguredAgent(
  name: string,
  configPathOverride: string[] | undefined,
  store: Pick<Store, 'settings'>,
  io: Pick<CliIo, 'env' | 'cwd' | 'defaultDirs'>,
): Promise<AgentConfig> {
  return (await findAgentAndConfig(name, configPathOverride, store, io)).agent;
}

/** The agent a command names, with the config directories it was found in. */
export async function findAgentAndConfig(
  name: string,
  configPathOverride: string[] | undefined,
  store: Pick<Store, 'settings'>,
  io: Pick<CliIo, 'env' | 'cwd' | 'defaultDirs'>,
): Promise<{ agent: AgentConfig; configDirs: string[] }> {
  const configPath = resolveConfigPath({
    env: io.env,
    override: configPathOverride,
    settingsConfigPath: store.settings.get().configPath,
    defaultDirs: io.defaultDirs,
    cwd: io.cwd,
  });
  const { agents } = await loadConfig(configPath.dirs);
  const agent = agents.find((candidate) => candidate.configName === name);
  if (agent) return { agent, configDirs: configPath.dirs };
  throw new UnknownAgentError(
    unknownAgentMessage(
      name,
      configPath.dirs,
      agents.map((candidate) => candidate.configName),
    ),
  );
}
