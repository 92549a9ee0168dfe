const SCHEMA_TASKS_COMMENT = /<!--\s*SCHEMA_TASKS\s*:([\s\S]*?)-->/gi;

/** A task kind a prompt's SCHEMA_TASKS comment names, with the 1-based line of its comment. */
export interface NamedTaskKind {
  kind: string;
  line: number;
}

/** Every kind every `<!-- SCHEMA_TASKS: a, b -->` comment names, lower-cased, in the text's order. */
export function locateSchemaTasks(prompt: string): NamedTaskKind[] {
  return [...prompt.matchAll(SCHEMA_TASKS_COMMENT)].flatMap((match) => {
    const line = prompt.slice(0, match.index).split('\n').length;
    return kindsNamedIn(match).map((kind) => ({ kind, line }));
  });
}

function kindsNamedIn(comment: RegExpExecArray): string[] {
  return comment[1]!
    .split(',')
    .map((kind) => kind.trim().toLowerCase())
    .filter((kind) => kind !== '');
}

/**
 * The task kinds a prompt enables, from every `<!-- SCHEMA_TASKS: a, b -->` comment in it: lower-case,
 * unique and sorted. Including a capability prompt in an agent's role prompts is what lets the
 * model use that prompt's task kinds.
 */
export function extractSchemaTasks(prompt: string): string[] {
  // Every turn asks, of all the agent's prompts: no line numbers, which would split the text.
  return [...new Set([...prompt.matchAll(SCHEMA_TASKS_COMMENT)].flatMap(kindsNamedIn))].sort();
}
