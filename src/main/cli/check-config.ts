import type { AgentConfig, ConfigProblem } from '../../shared/domain/config';
import {
  formatProblem,
  type LoadedConfig,
  loadConfig,
  type ResolvedConfigPath,
  resolveConfigPath,
  totalMediaByKind,
} from '../config';
import { configPathHelp, parseOrExit } from './cli-options';
import type { CliIo } from './io';

const USAGE = `Usage: troupe check-config [--config-path DIRS] [--json]

Loads the config directories and reports agents, prompts, curated media and problems.
Exits with 1 when there are errors, 0 otherwise.

Options:
${configPathHelp(22)}
  --json              Print one JSON object instead of the summary
  -h, --help          Show this help`;

type CheckConfigIo = Pick<CliIo, 'stdout' | 'stderr' | 'env' | 'cwd' | 'defaultDirs'>;

export async function runCheckConfig(args: string[], io: CheckConfigIo): Promise<number> {
  const outcome = parseOrExit(args, { options: { json: { type: 'boolean' } } }, USAGE, io, (read) => read);
  if ('exit' in outcome) return outcome.exit;
  const parsed = outcome.args;
  const override = parsed.configPathOverride;

  const configPath = resolveConfigPath({ env: io.env, override, defaultDirs: io.defaultDirs, cwd: io.cwd });
  const config = await loadConfig(configPath.dirs);
  io.stdout(
    parsed.flag('json')
      ? `${JSON.stringify(jsonReport(configPath, config), null, 2)}\n`
      : textReport(configPath, config),
  );
  return config.problems.some((problem) => problem.severity === 'error') ? 1 : 0;
}

function located(problem: ConfigProblem) {
  return { file: problem.file, line: problem.line, message: problem.message };
}

function jsonReport(configPath: ResolvedConfigPath, config: LoadedConfig) {
  return {
    configPath: configPath.dirs,
    configPathSource: configPath.source,
    agents: config.agents,
    prompts: [...config.prompts.keys()].sort(),
    media: {
      records: config.media.reduce((sum, summary) => sum + summary.recordCount, 0),
      byKind: totalMediaByKind(config.media),
    },
    errors: config.problems.filter((problem) => problem.severity === 'error').map(located),
    warnings: config.problems.filter((problem) => problem.severity === 'warning').map(located),
  };
}

function agentLine(agent: AgentConfig): string {
  const notes = [
    `llm: ${agent.llm ?? 'default'}`,
    ...(agent.disabled ? ['disabled'] : []),
    ...(agent.gagged ? ['gagged'] : []),
  ];
  return `  ${agent.name} [${agent.configName}] ${notes.join(', ')} - ${agent.configDir}`;
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

function textReport(configPath: ResolvedConfigPath, config: LoadedConfig): string {
  const lines = [`Config path (from ${configPath.source}):`, ...configPath.dirs.map((dir) => `  ${dir}`), ''];

  lines.push(`Agents (${config.agents.length}):`, ...config.agents.map(agentLine));
  if (config.agents.length === 0) lines.push('  (none)');

  const promptNames = [...config.prompts.keys()].sort();
  lines.push('', `Prompts (${promptNames.length}): ${promptNames.join(', ') || '(none)'}`);

  const records = config.media.reduce((sum, summary) => sum + summary.recordCount, 0);
  const kinds = Object.entries(totalMediaByKind(config.media))
    .filter(([, count]) => count > 0)
    .map(([kind, count]) => `${count} ${kind}`);
  lines.push(
    `Media: ${plural(records, 'curated record')}${kinds.length > 0 ? ` (${kinds.join(', ')})` : ''}`,
    '',
  );

  const errors = config.problems.filter((problem) => problem.severity === 'error').length;
  const warnings = config.problems.length - errors;
  if (config.problems.length === 0) {
    lines.push('No problems found.');
  } else {
    lines.push('Problems:', ...config.problems.map((problem) => `  ${formatProblem(problem)}`), '');
    lines.push(`${plural(errors, 'error')}, ${plural(warnings, 'warning')}.`);
  }
  return `${lines.join('\n')}\n`;
}
