/**
 * Line-level markdown helpers shared by the agent-file parser and writer. Agent files are split on
 * level-1 headings; a heading inside a fenced code block is code, not a section boundary.
 */

/** `# Title`: a single `#`, at least one space or tab, then some text. `## Sub` does not match. */
const LEVEL_ONE_HEADING = /^#[ \t]+(\S.*)$/;
/** An opening or closing code fence: up to three spaces of indent, then three or more ` or ~. */
const FENCE = /^ {0,3}(`{3,}|~{3,})(.*)$/;

/** Splits text into lines, accepting Windows and old Mac line endings and a leading byte-order mark. */
export function splitLines(text: string): string[] {
  return text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
}

/** The heading text of a level-1 heading line (trimmed), or null when the line is not one. */
export function levelOneHeadingText(line: string): string | null {
  const match = LEVEL_ONE_HEADING.exec(line);
  return match ? match[1]!.trim() : null;
}

interface FenceScan {
  /** For each line, whether it belongs to a fenced code block (the fence lines included). */
  mask: boolean[];
  /** A fence was opened and never closed, so it runs to the end of the text (as in CommonMark). */
  unclosed: boolean;
}

function scanFences(lines: readonly string[]): FenceScan {
  const mask: boolean[] = [];
  let open: { char: string; length: number } | null = null;
  for (const line of lines) {
    const fence = FENCE.exec(line);
    if (open === null) {
      // A backtick fence's info string may not contain backticks; such a line is inline code.
      if (fence && !(fence[1]!.startsWith('`') && fence[2]!.includes('`'))) {
        open = { char: fence[1]![0]!, length: fence[1]!.length };
        mask.push(true);
      } else {
        mask.push(false);
      }
      continue;
    }
    mask.push(true);
    const closes =
      fence !== null &&
      fence[1]![0] === open.char &&
      fence[1]!.length >= open.length &&
      fence[2]!.trim() === '';
    if (closes) open = null;
  }
  return { mask, unclosed: open !== null };
}

/** Whether text leaves a code fence open, which would swallow whatever follows it in a file. */
export function hasUnclosedCodeFence(text: string): boolean {
  return scanFences(splitLines(text)).unclosed;
}

export interface MarkdownSection {
  /** Heading text, trimmed. */
  heading: string;
  /** 1-based line number of the heading. */
  line: number;
  /** Everything up to the next level-1 heading, trimmed. */
  body: string;
  /** 1-based line number where the body starts (its first non-blank line); the heading's when empty. */
  bodyLine: number;
}

export interface SplitMarkdown {
  /** Non-blank text before the first level-1 heading, trimmed ('' when none). */
  preamble: string;
  sections: MarkdownSection[];
}

/** Splits markdown on level-1 headings that sit outside fenced code blocks. */
export function splitLevelOneSections(text: string): SplitMarkdown {
  const lines = splitLines(text);
  const fenced = scanFences(lines).mask;
  const preambleLines: string[] = [];
  const sections: { heading: string; line: number; lines: string[] }[] = [];
  lines.forEach((line, index) => {
    const heading = fenced[index] ? null : levelOneHeadingText(line);
    if (heading !== null) {
      sections.push({ heading, line: index + 1, lines: [] });
    } else {
      (sections.at(-1)?.lines ?? preambleLines).push(line);
    }
  });
  return {
    preamble: preambleLines.join('\n').trim(),
    sections: sections.map(({ heading, line, lines: body }) => {
      const firstWritten = body.findIndex((bodyLine) => bodyLine.trim() !== '');
      return {
        heading,
        line,
        body: body.join('\n').trim(),
        bodyLine: firstWritten === -1 ? line : line + 1 + firstWritten,
      };
    }),
  };
}

/**
 * Turns level-1 headings into level-2 ones, leaving fenced code blocks untouched, so that text
 * embedded under an agent-file heading cannot start a new section of that file.
 */
export function demoteHeadingsOutsideCodeFences(markdown: string): string {
  const lines = splitLines(markdown);
  const fenced = scanFences(lines).mask;
  return lines
    .map((line, index) => (!fenced[index] && levelOneHeadingText(line) !== null ? `#${line}` : line))
    .join('\n');
}
