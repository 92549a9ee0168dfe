/**
 * Pairing of emphasis markers (`**`, `*`, `__`, `_`, `~~`, `||`), a reduced form of
 * CommonMark's delimiter-run algorithm: every closing run is paired with the nearest earlier
 * opening run of the same character, and the runs in between can no longer pair with anything.
 * That keeps the resulting styles properly nested, and whatever finds no partner stays literal
 * text, so a stray `*` never swallows the rest of a message.
 */

export type EmphasisChar = '*' | '_' | '~' | '|';

export type EmphasisStyle = 'bold' | 'italic' | 'strike' | 'spoiler';

/** A maximal run of one marker character, as it stands in the markdown. */
export interface DelimiterRun {
  readonly kind: 'delimiter';
  readonly char: EmphasisChar;
  readonly length: number;
  readonly canOpen: boolean;
  readonly canClose: boolean;
  /** Characters used as closing markers, taken from the run's start (its inner side). */
  closed: number;
  /** Characters used as opening markers, taken from the run's end (its inner side). */
  opened: number;
  /** Out of play: inside a finished link, or between the two halves of a pair. */
  dead: boolean;
}

export interface EmphasisPair {
  opener: DelimiterRun;
  closer: DelimiterRun;
  style: EmphasisStyle;
}

const WHITESPACE = /\s/;
const WORD_CHARACTER = /[\p{L}\p{N}]/u;

/**
 * The run of `length` × `char` between `before` and `after` (the neighbouring characters; a
 * newline at either end of the text), or null when it can be neither half of a pair.
 *
 * A marker opens when text follows it and closes when text precedes it, so `2 * 3` stays
 * arithmetic. A single `_` must also not touch a letter on its outer side: `snake_case_name`
 * stays an identifier. `~` and `|` only count in pairs (`~5 km`, `a | b` stay as they are).
 */
export function delimiterRun(
  char: EmphasisChar,
  length: number,
  before: string,
  after: string,
): DelimiterRun | null {
  if ((char === '~' || char === '|') && length % 2 !== 0) return null;
  let canOpen = !WHITESPACE.test(after);
  let canClose = !WHITESPACE.test(before);
  if (char === '_' && length === 1) {
    canOpen &&= !WORD_CHARACTER.test(before);
    canClose &&= !WORD_CHARACTER.test(after);
  }
  if (!canOpen && !canClose) return null;
  return { kind: 'delimiter', char, length, canOpen, canClose, closed: 0, opened: 0, dead: false };
}

/** The characters of a run not used as markers: they are printed as text. */
export function leftoverOf(run: DelimiterRun): number {
  return run.length - run.closed - run.opened;
}

/**
 * Pairs the runs from index `bottom` on (the runs after a link's `[`, or all of them), then takes
 * those runs out of play: nothing inside a link may pair with something outside it.
 */
export function pairEmphasis(runs: readonly DelimiterRun[], bottom: number): EmphasisPair[] {
  const pairs: EmphasisPair[] = [];
  for (let closerIndex = bottom; closerIndex < runs.length; closerIndex += 1) {
    const closer = runs[closerIndex]!;
    if (!closer.canClose || closer.dead) continue;
    while (leftoverOf(closer) > 0) {
      const openerIndex = nearestOpener(runs, bottom, closerIndex);
      if (openerIndex === -1) break;
      const opener = runs[openerIndex]!;
      const used = markerLength(opener, closer);
      opener.opened += used;
      closer.closed += used;
      pairs.push({ opener, closer, style: styleOf(closer.char, used) });
      for (let between = openerIndex + 1; between < closerIndex; between += 1) runs[between]!.dead = true;
    }
  }
  for (let index = bottom; index < runs.length; index += 1) runs[index]!.dead = true;
  return pairs;
}

function nearestOpener(runs: readonly DelimiterRun[], bottom: number, closerIndex: number): number {
  const { char } = runs[closerIndex]!;
  for (let index = closerIndex - 1; index >= bottom; index -= 1) {
    const run = runs[index]!;
    if (run.char === char && run.canOpen && !run.dead && leftoverOf(run) > 0) return index;
  }
  return -1;
}

/** `**` pairs as bold when both sides have two to spare, else `*` as italic; `~~` and `||` go whole. */
function markerLength(opener: DelimiterRun, closer: DelimiterRun): number {
  if (closer.char === '~' || closer.char === '|') return 2;
  return Math.min(leftoverOf(opener), leftoverOf(closer)) >= 2 ? 2 : 1;
}

/**
 * `__` is italic, as in the markdown entitiesToMarkdown writes (and Telegram's own): the agent
 * writes back what it reads. Only `**` is bold.
 */
function styleOf(char: EmphasisChar, used: number): EmphasisStyle {
  switch (char) {
    case '*':
      return used === 2 ? 'bold' : 'italic';
    case '_':
      return 'italic';
    case '~':
      return 'strike';
    case '|':
      return 'spoiler';
    default: {
      const unhandled: never = char;
      return unhandled;
    }
  }
}
