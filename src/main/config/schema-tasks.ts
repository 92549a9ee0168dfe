const SCHEMA_TASKS_COMMENT = /<!--\s*SCHEMA_TASKS\s*:([\s\S]*?)-->/gi;

/** A task kind a prompt's SCHEMA_TASKS comment names, with the 1-based line of its comment. */
export interface NamedTaskKind {
  kind: string;
  line: number;
}

/** Every kind every `<!-- SCHEMA_TASKS: a, b -->` comment names, lower-cased, in the text's order. */
export function locateSchemaTasks(prompt: string): NamedTaskKind[] {
  const named: NamedTaskKind[] = [];
  for (const match of prompt.matchAll(SCHEMA_TASKS_COMMENT)) {
    const line = prompt.slice(0, match.index).split('\n').length;
    for (const kind of match[1]!.split(',')) {
      const cleaned = kind.trim().toLowerCase();
      if (cleaned !== '') named.push({ kind: cleaned, line });
    }
  }
  return named;
}

/**
 * The task kinds a prompt enables, from every `<!-- SCHEMA_TASKS: a, b -->` comment in it: lower-case,
 * unique and sorted. Including a capability prompt in an agent's role prompts is what lets the
 * model use that prompt's task kinds.
 */
export function extractSchemaTasks(prompt: string): string[] {
  return [...new Set(locateSchemaTasks(prompt).map(({ kind }) => kind))].sort();
}
