import { type AgentFileContext, parseAgentMarkdown } from './agent-markdown-parser';
import {
  AGENT_FIELD_ORDER,
  type AgentFileContent,
  renderAgentField,
  sectionLines,
  UnwritableAgentError,
} from './agent-markdown-writer';
import { AGENT_SECTIONS } from './agent-sections';
import { splitLevelOneSections, splitLines } from './markdown-sections';

/** Some of an agent's fields, changed: everything else in its file stays as it is. */
export type AgentFileChanges = Partial<AgentFileContent>;

/** Where each level-1 section of the lines starts (0-based line index) and ends (exclusive). */
function sectionsOf(lines: readonly string[]): { heading: string; start: number; end: number }[] {
  const found = splitLevelOneSections(lines.join('\n')).sections;
  return found.map((section, index) => ({
    heading: section.heading,
    start: section.line - 1,
    end: (found[index + 1]?.line ?? lines.length + 1) - 1,
  }));
}

const isBlank = (line: string | undefined) => line !== undefined && line.trim() === '';

/** Where a section missing from the file goes: after the nearest earlier field's, else before the nearest later one's. */
function insertionPoint(lines: readonly string[], field: keyof AgentFileContent): number {
  const sections = sectionsOf(lines);
  const position = AGENT_FIELD_ORDER.indexOf(field);
  for (let index = position - 1; index >= 0; index--) {
    const earlier = sections.findLast(
      (section) => section.heading === AGENT_SECTIONS[AGENT_FIELD_ORDER[index]!],
    );
    if (earlier) return earlier.end;
  }
  for (const later of AGENT_FIELD_ORDER.slice(position + 1)) {
    const section = sections.find((candidate) => candidate.heading === AGENT_SECTIONS[later]);
    if (section) return section.start;
  }
  return lines.length;
}

/** The lines with one field's section set to `value` (null or false: no section), the rest untouched. */
function withSection(
  lines: string[],
  field: keyof AgentFileContent,
  value: string | boolean | null,
): string[] {
  const heading = AGENT_SECTIONS[field];
  const existing = sectionsOf(lines).filter((section) => section.heading === heading);
  const next = [...lines];
  if (value === null || value === false) {
    // Every copy goes: the parser reads the last, so an earlier one would come back.
    for (const section of existing.reverse()) next.splice(section.start, section.end - section.start);
    return next;
  }
  const last = existing.at(-1);
  if (last) {
    if (value === true) return next;
    const body = next.slice(last.start + 1, last.end);
    if (body.join('\n').trim() === value) return next;
    // The value replaces the body's text; the blank lines around it stay as they were.
    const first = body.findIndex((line) => !isBlank(line));
    const lastFilled = body.findLastIndex((line) => !isBlank(line));
    const valueLines = value.split('\n');
    if (first < 0) next.splice(last.start + 1, body.length, '', ...valueLines, '');
    else next.splice(last.start + 1 + first, lastFilled - first + 1, ...valueLines);
    return next;
  }
  const at = insertionPoint(next, field);
  const section = sectionLines(heading, value);
  const before = at > 0 && !isBlank(next[at - 1]) ? [''] : [];
  const after = at < next.length ? [''] : [];
  // At the end of the file, trailing blank lines are kept after the new section.
  if (at === next.length) {
    let end = next.length;
    while (end > 0 && isBlank(next[end - 1])) end--;
    const tail = next.splice(end);
    const separator = end > 0 ? [''] : [];
    return [...next, ...separator, ...section, ...(tail.length > 0 ? tail : [''])];
  }
  next.splice(at, 0, ...before, ...section, ...after);
  return next;
}

/** Every changed field reads back as written, and every other field as it was. */
function readsAsChanged(
  before: AgentFileContent,
  after: AgentFileContent,
  changes: AgentFileChanges,
): boolean {
  return AGENT_FIELD_ORDER.every((field) =>
    field in changes
      ? renderAgentField(field, after[field] as never) === renderAgentField(field, changes[field] as never)
      : JSON.stringify(after[field]) === JSON.stringify(before[field]),
  );
}

/**
 * The agent file's text with `changes` applied: each changed field's section is replaced, added
 * where a full file would have it, or removed; every other line (sections Troupe does not manage,
 * comments, spacing, line endings) keeps its bytes. The result must read back as the agent with
 * exactly those changes, or `UnwritableAgentError` says why it cannot be written.
 */
export function patchAgentMarkdown(
  text: string,
  changes: AgentFileChanges,
  context: AgentFileContext,
): string {
  const before = parseAgentMarkdown(text, context).agent;
  if (!before) {
    throw new UnwritableAgentError(`${context.file} does not read as an agent now; fix its problems first.`);
  }
  const bom = text.startsWith('\uFEFF') ? '\uFEFF' : '';
  const eol = /\r\n|\r|\n/.exec(text)?.[0] ?? '\n';
  let lines = splitLines(text);
  for (const field of AGENT_FIELD_ORDER) {
    if (!(field in changes)) continue;
    lines = withSection(lines, field, renderAgentField(field, changes[field] as never));
  }
  const patched = bom + lines.join(eol);
  const after = parseAgentMarkdown(patched, context).agent;
  if (!after || !readsAsChanged(before, after, changes)) {
    throw new UnwritableAgentError(
      `${context.file} cannot take this change without changing more of it; edit it in a text editor.`,
    );
  }
  return patched;
}
