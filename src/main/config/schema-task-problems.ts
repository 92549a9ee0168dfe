import type { ConfigProblem } from '../../shared/domain/config';
import { TASK_KINDS } from '../../shared/domain/tasks';
import { canonicalTaskKind } from '../tasks/kinds';
import { configWarning } from './problems';
import type { PromptRef } from './prompts';
import { locateSchemaTasks } from './schema-tasks';
import { readConfigText } from './text-file-limit';

const KNOWN_KINDS = new Set<string>(TASK_KINDS);

/**
 * A warning for each task kind a prompt's SCHEMA_TASKS comment names that Troupe does not run,
 * located at the comment, so a kind the operator expects the agents to have is not dropped
 * silently. Reads the prompts in use (the first of each name on the config path); a prompt that
 * cannot be read is reported where the agents load it.
 */
export async function unknownSchemaTaskProblems(prompts: Iterable<PromptRef>): Promise<ConfigProblem[]> {
  const problems: ConfigProblem[] = [];
  for (const prompt of prompts) {
    let text: string;
    try {
      text = await readConfigText(prompt.file);
    } catch {
      continue;
    }
    for (const { kind, line } of locateSchemaTasks(text)) {
      if (KNOWN_KINDS.has(canonicalTaskKind(kind))) continue;
      problems.push(
        configWarning(
          prompt.file,
          line,
          `SCHEMA_TASKS names "${kind}", a task kind Troupe does not run, so agents using ${prompt.name} are not offered it. Known kinds: ${[...KNOWN_KINDS].filter((known) => known !== 'received').join(', ')}.`,
        ),
      );
    }
  }
  return problems;
}
