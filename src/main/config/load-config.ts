import { stat } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';
import {
  type AgentConfig,
  type ConfigProblem,
  MEDIA_KINDS,
  MEDIA_STATUSES,
  type MediaKind,
  type MediaStatus,
} from '../../shared/domain/config';
import { parseAgentMarkdown } from './agent-markdown-parser';
import { AGENT_SECTIONS } from './agent-sections';
import { closestName } from './closest-name';
import { listConfigFiles } from './config-files';
import { listMediaRecords } from './media-records';
import { configError, configWarning, sortProblems } from './problems';
import { isValidPromptName, type PromptRef, scanPromptFiles } from './prompts';
import { readTextFiles } from './read-text-files';
import { unknownSchemaTaskProblems } from './schema-task-problems';
import { oversizedFileProblems, readConfigText, readFailureMessage } from './text-file-limit';

/** The prompt every agent's system prompt is built on; without it no agent can reply. */
export const MAIN_INSTRUCTIONS_PROMPT = 'Instructions';
/** The config name and display name no agent may take (case-insensitive). */
const RESERVED_AGENT_NAME = 'media';
const DEFAULT_AGENT_TEMPLATE_FILE = 'DefaultAgent.md';

export interface MediaDirSummary {
  /** The config directory whose `media/` folder this describes. */
  configDir: string;
  recordCount: number;
  byKind: Record<MediaKind, number>;
  byStatus: Record<MediaStatus, number>;
}

export interface LoadedConfig {
  /** Absolute config directories, in search order. */
  configDirs: string[];
  /** Agents that loaded, in path order (file-name order within a directory). */
  agents: AgentConfig[];
  /** Each prompt name and the file it resolves to: the first directory that has it wins. */
  prompts: ReadonlyMap<string, PromptRef>;
  /** Every prompt file found, in path order, including ones shadowed by an earlier directory. */
  promptFiles: PromptRef[];
  /** One entry per config directory that has a `media/` folder. */
  media: MediaDirSummary[];
  /** `DefaultAgent.md` of the first directory that has one, for the console's "New agent" form. */
  defaultAgentTemplate: AgentConfig | null;
  /** Errors first, then warnings; each in the order found. */
  problems: ConfigProblem[];
}

/** 'unreadable': there is something, but it cannot be looked at (a symbolic link loop, no permission). */
type DirKind = 'missing' | 'not-a-directory' | 'directory' | 'unreadable';

async function kindOf(path: string): Promise<DirKind> {
  try {
    return (await stat(path)).isDirectory() ? 'directory' : 'not-a-directory';
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code === 'ENOENT' || code === 'ENOTDIR' ? 'missing' : 'unreadable';
  }
}

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

function emptyCounts<K extends string>(keys: readonly K[]): Record<K, number> {
  return Object.fromEntries(keys.map((key) => [key, 0])) as Record<K, number>;
}

/**
 * Besides agents/, what a config directory may hold. A directory without agents/ still shares its
 * prompts and media (the shipped configdir is one); one holding none of these is a mistake.
 */
const SHARED_CONTENT = ['prompts', 'media', 'docs', DEFAULT_AGENT_TEMPLATE_FILE];

/**
 * Loads every config directory: agents, prompts, curated media and the new-agent template, and
 * reports what is wrong with them. Never throws for bad content; a broken file is a problem, and
 * the other files still load. Directories are searched in order, and for agents and prompts the
 * first occurrence of a name wins.
 */
export async function loadConfig(configDirs: readonly string[]): Promise<LoadedConfig> {
  const dirs = configDirs.map((dir) => resolve(dir));
  const problems: ConfigProblem[] = [];
  const usableDirs: string[] = [];
  const agentDirs: string[] = [];

  for (const dir of dirs) {
    const kind = await kindOf(dir);
    if (kind !== 'directory') {
      problems.push(
        configWarning(
          dir,
          null,
          kind === 'missing'
            ? 'Config directory does not exist; it is skipped. Create it or remove it from the config path.'
            : kind === 'unreadable'
              ? 'Config directory cannot be read (a symbolic link loop, or no permission); it is skipped. Fix it or remove it from the config path.'
              : 'Config path entry is not a directory; it is skipped.',
        ),
      );
      continue;
    }
    // An agents/ folder that cannot be read is still listed, so the listing reports why.
    const agentsKind = await kindOf(join(dir, 'agents'));
    const hasAgents = agentsKind === 'directory' || agentsKind === 'unreadable';
    if (hasAgents) agentDirs.push(dir);
    const shared = await Promise.all(SHARED_CONTENT.map((entry) => kindOf(join(dir, entry))));
    if (!hasAgents && shared.every((entryKind) => entryKind === 'missing')) {
      problems.push(
        configWarning(
          dir,
          null,
          'Config directory has no agents/, prompts/ or media/ folder and no DefaultAgent.md; it is skipped. Is the path right?',
        ),
      );
      continue;
    }
    usableDirs.push(dir);
  }
  if (agentDirs.length === 0) {
    problems.push(
      configError(
        null,
        null,
        `No config directory has an agents/ folder (searched: ${dirs.join(', ') || 'none'}). Set the config path to directories that contain agents/.`,
      ),
    );
  }

  const scans = await Promise.all(usableDirs.map((dir) => scanPromptFiles(dir)));
  const promptFiles = scans.flatMap((scan) => scan.prompts);
  problems.push(...scans.flatMap((scan) => scan.problems));
  problems.push(...(await oversizedFileProblems(promptFiles.map((prompt) => prompt.file))));
  const prompts = new Map<string, PromptRef>();
  for (const prompt of promptFiles) if (!prompts.has(prompt.name)) prompts.set(prompt.name, prompt);
  if (!prompts.has(MAIN_INSTRUCTIONS_PROMPT)) {
    problems.push(
      configError(
        null,
        null,
        `No config directory has prompts/${MAIN_INSTRUCTIONS_PROMPT}.md, which every agent needs; include the shipped configdir in the config path.`,
      ),
    );
  }

  problems.push(...(await unknownSchemaTaskProblems(prompts.values())));
  const agents = await loadAgents(agentDirs, prompts, problems);
  const media = await summarizeMedia(usableDirs, problems);
  const defaultAgentTemplate = await loadDefaultAgentTemplate(usableDirs, prompts, problems);

  return {
    configDirs: dirs,
    agents,
    prompts,
    promptFiles,
    media,
    defaultAgentTemplate,
    problems: sortProblems(problems),
  };
}

async function loadAgents(
  agentDirs: readonly string[],
  prompts: ReadonlyMap<string, PromptRef>,
  problems: ConfigProblem[],
): Promise<AgentConfig[]> {
  const agents: AgentConfig[] = [];
  const byConfigName = new Map<string, AgentConfig>();
  const byDisplayName = new Map<string, AgentConfig>();

  for (const dir of agentDirs) {
    const agentsDir = join(dir, 'agents');
    const listing = await listConfigFiles(agentsDir, '.md', 'an agent file');
    problems.push(...listing.problems);
    for (const read of await readTextFiles(listing.names.map((fileName) => join(agentsDir, fileName)))) {
      const { file } = read;
      const configName = basename(file, '.md');
      if ('error' in read) {
        problems.push(configError(file, null, readFailureMessage(read.error, 'the agent file')));
        continue;
      }
      const parsed = parseAgentMarkdown(read.text, { configName, configDir: dir, file });
      problems.push(...parsed.problems);
      const agent = parsed.agent;
      if (agent === null) continue;
      const nameLine = parsed.sectionLines.get(AGENT_SECTIONS.name) ?? null;

      const reservedIn = reservedNameIn(configName, agent.name);
      if (reservedIn !== null) {
        problems.push(
          configError(
            file,
            reservedIn === 'agent name' ? nameLine : null,
            `"${RESERVED_AGENT_NAME}" is reserved and cannot be an agent's ${reservedIn}; the agent is skipped. Choose another ${reservedIn}.`,
          ),
        );
        continue;
      }
      const sameConfigName = byConfigName.get(configName);
      if (sameConfigName) {
        problems.push(
          configError(
            file,
            null,
            `Another agent file is already called ${basename(file)} (${sameConfigName.file}), which comes first on the config path; this one is skipped. Rename one of them.`,
          ),
        );
        continue;
      }
      const sameDisplayName = byDisplayName.get(agent.name);
      if (sameDisplayName) {
        problems.push(
          configWarning(
            file,
            nameLine,
            `The agent name "${agent.name}" is already used by ${sameDisplayName.file}; this agent is skipped. Give it a different "# ${AGENT_SECTIONS.name}".`,
          ),
        );
        continue;
      }
      problems.push(
        ...missingRolePrompts(
          agent,
          parsed.sectionLines.get(AGENT_SECTIONS.rolePrompts) ?? null,
          prompts,
          'error',
        ),
      );
      byConfigName.set(configName, agent);
      byDisplayName.set(agent.name, agent);
      agents.push(agent);
    }
  }
  return agents;
}

/** Names containing "media" are fine; only the exact word, in any case, is taken. */
function reservedNameIn(configName: string, displayName: string): 'file name' | 'agent name' | null {
  if (configName.toLowerCase() === RESERVED_AGENT_NAME) return 'file name';
  if (displayName.toLowerCase() === RESERVED_AGENT_NAME) return 'agent name';
  return null;
}

function missingRolePrompts(
  agent: AgentConfig,
  line: number | null,
  prompts: ReadonlyMap<string, PromptRef>,
  severity: ConfigProblem['severity'],
): ConfigProblem[] {
  const report = severity === 'error' ? configError : configWarning;
  return agent.rolePrompts.flatMap((name) => {
    if (!isValidPromptName(name)) {
      return [
        report(
          agent.file,
          line,
          `Role prompt "${name}" is not a prompt name; write the file name from prompts/ without ".md".`,
        ),
      ];
    }
    if (prompts.has(name)) return [];
    const suggestion = closestName(name, prompts.keys());
    const hint =
      suggestion === null ? `add prompts/${name}.md to a config directory` : `did you mean "${suggestion}"?`;
    return [
      report(agent.file, line, `Role prompt "${name}" is not in any config directory's prompts/; ${hint}`),
    ];
  });
}

async function summarizeMedia(
  dirs: readonly string[],
  problems: ConfigProblem[],
): Promise<MediaDirSummary[]> {
  const summaries: MediaDirSummary[] = [];
  for (const configDir of dirs) {
    const mediaDir = join(configDir, 'media');
    const kind = await kindOf(mediaDir);
    if (kind === 'missing' || kind === 'not-a-directory') continue;
    const { records, problems: found } = await listMediaRecords(mediaDir);
    problems.push(...found);
    if (kind === 'unreadable') continue;
    const summary: MediaDirSummary = {
      configDir,
      recordCount: records.length,
      byKind: emptyCounts(MEDIA_KINDS),
      byStatus: emptyCounts(MEDIA_STATUSES),
    };
    for (const record of records) {
      summary.byKind[record.kind]++;
      summary.byStatus[record.status]++;
    }
    summaries.push(summary);
  }
  return summaries;
}

async function loadDefaultAgentTemplate(
  dirs: readonly string[],
  prompts: ReadonlyMap<string, PromptRef>,
  problems: ConfigProblem[],
): Promise<AgentConfig | null> {
  for (const configDir of dirs) {
    const file = join(configDir, DEFAULT_AGENT_TEMPLATE_FILE);
    if (!(await isFile(file))) continue;
    const configName = DEFAULT_AGENT_TEMPLATE_FILE.slice(0, -'.md'.length);
    let text: string;
    try {
      text = await readConfigText(file);
    } catch (error) {
      problems.push(configError(file, null, readFailureMessage(error as Error, 'the new-agent template')));
      return null;
    }
    const parsed = parseAgentMarkdown(text, { configName, configDir, file });
    problems.push(...parsed.problems);
    if (parsed.agent !== null) {
      // A template only pre-fills a form, so a prompt it names that is missing is a warning.
      const line = parsed.sectionLines.get(AGENT_SECTIONS.rolePrompts) ?? null;
      problems.push(...missingRolePrompts(parsed.agent, line, prompts, 'warning'));
    }
    return parsed.agent;
  }
  return null;
}

/** Record counts by kind over all config directories, e.g. for a status line. */
export function totalMediaByKind(media: readonly MediaDirSummary[]): Record<MediaKind, number> {
  const total = emptyCounts(MEDIA_KINDS);
  for (const summary of media) for (const kind of MEDIA_KINDS) total[kind] += summary.byKind[kind];
  return total;
}
