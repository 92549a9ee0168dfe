import { dataCodewords, interleavedCodewords, smallestVersion } from './codewords';
import { formatBits, MASKS, ModuleGrid } from './matrix';
import { maskPenalty } from './penalty';
import type { ErrorCorrectionLevel } from './versions';

export type { ErrorCorrectionLevel } from './versions';

export type QrCode = {
  version: number;
  errorCorrection: ErrorCorrectionLevel;
  mask: number;
  /** Rows of modules, top to bottom; `true` is dark. No quiet zone. */
  modules: boolean[][];
};

export type QrOptions = {
  /** M by default: it survives some damage or glare on a screen and still fits a login URL in version 4. */
  errorCorrection?: ErrorCorrectionLevel;
  /** Forces one of the eight masks instead of the one with the lowest penalty. */
  mask?: number;
};

/** Encodes `text` as UTF-8 in byte mode, in the smallest version (1–10) that holds it. */
export function encodeQr(text: string, options: QrOptions = {}): QrCode {
  const level = options.errorCorrection ?? 'M';
  const bytes = new TextEncoder().encode(text);
  const version = smallestVersion(bytes.length, level);

  const grid = new ModuleGrid(version);
  grid.drawFunctionPatterns();
  grid.drawCodewords(interleavedCodewords(dataCodewords(bytes, version, level), version, level));

  const mask = options.mask ?? lowestPenaltyMask(grid, level);
  grid.applyMask(mask);
  grid.drawFormatBits(formatBits(level, mask));
  return { version, errorCorrection: level, mask, modules: grid.rows() };
}

/** Tries every mask (each applied, scored, then undone) and keeps the first with the lowest score. */
function lowestPenaltyMask(grid: ModuleGrid, level: ErrorCorrectionLevel): number {
  let best = 0;
  let bestPenalty = Number.POSITIVE_INFINITY;
  for (let mask = 0; mask < MASKS.length; mask += 1) {
    grid.applyMask(mask);
    grid.drawFormatBits(formatBits(level, mask));
    const penalty = maskPenalty(grid.size, (row, col) => grid.isDark(row, col));
    if (penalty < bestPenalty) {
      best = mask;
      bestPenalty = penalty;
    }
    grid.applyMask(mask);
  }
  return best;
}
