const SCHEMA_TASKS_COMMENT = /<!--\s*SCHEMA_TASKS\s*:([\s\S]*?)-->/gi;

/**
 * The task kinds a prompt enables, from every `<!-- SCHEMA_TASKS: a, b -->` comment in it: lower-case,
 * unique and sorted. Including a capability prompt in an agent's role prompts is what lets the
 * model use that prompt's task kinds.
 */
export function extractSchemaTasks(prompt: string): string[] {
  const kinds = new Set<string>();
  for (const match of prompt.matchAll(SCHEMA_TASKS_COMMENT)) {
    for (const kind of match[1]!.split(',')) {
      const cleaned = kind.trim().toLowerCase();
      if (cleaned !== '') kinds.add(cleaned);
    }
  }
  return [...kinds].sort();
}
