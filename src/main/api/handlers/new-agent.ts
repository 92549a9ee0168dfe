import { access, stat } from 'node:fs/promises';
import type { AgentFields, NewAgentDefaults } from '../../../shared/api/agent-lifecycle-contract';
import { sameConfigName } from '../../../shared/domain/agent-config-name';
import type { AgentConfig } from '../../../shared/domain/config';
import { agentFilePath, type LoadedConfig } from '../../config';

/** A new agent's fields when no config directory has a `DefaultAgent.md`. */
const TROUPE_DEFAULTS: AgentFields = {
  name: '',
  phone: '',
  instructions: '',
  rolePrompts: [],
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

/** The config directories of the path that exist: where an agent may be created or moved to. */
export async function agentHomeDirs(config: LoadedConfig): Promise<string[]> {
  const kinds = await Promise.all(
    config.configDirs.map((dir) =>
      stat(dir).then(
        (found) => found.isDirectory(),
        () => false,
      ),
    ),
  );
  return config.configDirs.filter((_dir, index) => kinds[index]);
}

/** What the New agent form starts with: the template's fields (a new agent starts disabled). */
export async function newAgentDefaults(config: LoadedConfig): Promise<NewAgentDefaults> {
  const configDirs = await agentHomeDirs(config);
  const template = config.defaultAgentTemplate;
  if (!template) return { configDirs, fields: TROUPE_DEFAULTS, templateFile: null };
  const { configName: _name, configDir: _dir, file, telegramId: _id, ...fields } = template;
  return { configDirs, fields: { ...fields, disabled: true }, templateFile: file };
}

async function exists(path: string): Promise<boolean> {
  try {
    await access(path);
    return true;
  } catch {
    return false;
  }
}

/**
 * Why `name` cannot be an agent's config name now, or null: another agent has it (in any case,
 * as some file systems ignore case), or some config directory has a file of that name that did
 * not load. `except` is the agent being renamed.
 */
export async function agentNameClash(
  config: LoadedConfig,
  name: string,
  except?: AgentConfig,
): Promise<string | null> {
  const other = config.agents.find(
    (agent) => agent.configName !== except?.configName && sameConfigName(agent.configName, name),
  );
  if (other)
    return `There is already an agent named ${other.configName} (${other.file}); choose another name.`;
  for (const configDir of config.configDirs) {
    // Only the case of the agent's own name changing: a case-insensitive file system finds its own file.
    if (except && configDir === except.configDir && sameConfigName(name, except.configName)) continue;
    const file = agentFilePath({ configDir, configName: name });
    if (await exists(file)) {
      return `${file} already exists (it did not load; see the config problems); choose another name.`;
    }
  }
  return null;
}
