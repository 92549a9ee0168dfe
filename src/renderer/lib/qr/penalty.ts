/**
 * The mask penalty of ISO/IEC 18004 §7.8.3: runs of five or more same-coloured modules in a line,
 * 2×2 same-coloured blocks, finder-like 1:1:3:1:1 patterns with four light modules on one side,
 * and imbalance between dark and light. The mask with the lowest score is used. Finder-like
 * patterns are counted as in Project Nayuki's reference encoder, with the area outside the
 * symbol counted as light.
 */

const RUN_PENALTY = 3;
const BLOCK_PENALTY = 3;
const FINDER_LIKE_PENALTY = 40;
const BALANCE_PENALTY = 10;

type IsDark = (row: number, col: number) => boolean;

/** The last seven run lengths of a line, newest first, for spotting 1:1:3:1:1 patterns. */
class RunHistory {
  readonly #runs = [0, 0, 0, 0, 0, 0, 0];

  constructor(readonly size: number) {}

  push(length: number): void {
    // The line's first run is light and extends into the quiet zone outside the symbol.
    const run = this.#runs[0] === 0 ? length + this.size : length;
    this.#runs.pop();
    this.#runs.unshift(run);
  }

  /** Finder-like patterns ending at the newest light run: with four light modules before, or after. */
  countFinderLike(): number {
    const [after = 0, a = 0, b = 0, c = 0, d = 0, e = 0, before = 0] = this.#runs;
    const unit = a;
    const core = unit > 0 && b === unit && c === unit * 3 && d === unit && e === unit;
    return (
      Number(core && after >= unit * 4 && before >= unit) +
      Number(core && before >= unit * 4 && after >= unit)
    );
  }
}

/** Penalty of runs and finder-like patterns along one line (a row or a column). */
function linePenalty(size: number, darkAt: (index: number) => boolean): number {
  let penalty = 0;
  let runDark = false;
  let runLength = 0;
  const history = new RunHistory(size);
  for (let index = 0; index < size; index += 1) {
    const dark = darkAt(index);
    if (dark === runDark) {
      runLength += 1;
      if (runLength === 5) penalty += RUN_PENALTY;
      else if (runLength > 5) penalty += 1;
    } else {
      history.push(runLength);
      if (!runDark) penalty += history.countFinderLike() * FINDER_LIKE_PENALTY;
      runDark = dark;
      runLength = 1;
    }
  }
  // Close the line: a dark last run is recorded, then the light quiet zone beyond the edge.
  if (runDark) {
    history.push(runLength);
    runLength = 0;
  }
  history.push(runLength + size);
  return penalty + history.countFinderLike() * FINDER_LIKE_PENALTY;
}

export function maskPenalty(size: number, isDark: IsDark): number {
  let penalty = 0;
  for (let row = 0; row < size; row += 1) penalty += linePenalty(size, (col) => isDark(row, col));
  for (let col = 0; col < size; col += 1) penalty += linePenalty(size, (row) => isDark(row, col));

  let darkCount = 0;
  for (let row = 0; row < size; row += 1) {
    for (let col = 0; col < size; col += 1) {
      const dark = isDark(row, col);
      if (dark) darkCount += 1;
      if (
        row < size - 1 &&
        col < size - 1 &&
        dark === isDark(row, col + 1) &&
        dark === isDark(row + 1, col) &&
        dark === isDark(row + 1, col + 1)
      ) {
        penalty += BLOCK_PENALTY;
      }
    }
  }

  // 10 points for every full 5% the dark share strays from 50%.
  const total = size * size;
  const steps = Math.ceil(Math.abs(darkCount * 20 - total * 10) / total) - 1;
  return penalty + steps * BALANCE_PENALTY;
}
