/**
 * The symbol versions this encoder supports (1–10, up to 213 bytes at level L, 169 at M: far more
 * than a login URL needs) with their block structure and alignment pattern centres, from
 * ISO/IEC 18004 tables 9 and E.1.
 */

export type ErrorCorrectionLevel = 'L' | 'M';

export const MIN_VERSION = 1;
export const MAX_VERSION = 10;

/** One error correction level of one version: EC codewords per block, and the blocks' data sizes. */
export type BlockStructure = { ecCodewordsPerBlock: number; dataCodewordsPerBlock: readonly number[] };

function blocks(ecCodewordsPerBlock: number, ...groups: Array<[count: number, dataCodewords: number]>) {
  return {
    ecCodewordsPerBlock,
    dataCodewordsPerBlock: groups.flatMap(([count, dataCodewords]) => Array(count).fill(dataCodewords)),
  };
}

// Index 0 is version 1.
const BLOCKS: Record<ErrorCorrectionLevel, readonly BlockStructure[]> = {
  L: [
    blocks(7, [1, 19]),
    blocks(10, [1, 34]),
    blocks(15, [1, 55]),
    blocks(20, [1, 80]),
    blocks(26, [1, 108]),
    blocks(18, [2, 68]),
    blocks(20, [2, 78]),
    blocks(24, [2, 97]),
    blocks(30, [2, 116]),
    blocks(18, [2, 68], [2, 69]),
  ],
  M: [
    blocks(10, [1, 16]),
    blocks(16, [1, 28]),
    blocks(26, [1, 44]),
    blocks(18, [2, 32]),
    blocks(24, [2, 43]),
    blocks(16, [4, 27]),
    blocks(18, [4, 31]),
    blocks(22, [2, 38], [2, 39]),
    blocks(22, [3, 36], [2, 37]),
    blocks(26, [4, 43], [1, 44]),
  ],
};

const ALIGNMENT_CENTRES: readonly (readonly number[])[] = [
  [],
  [6, 18],
  [6, 22],
  [6, 26],
  [6, 30],
  [6, 34],
  [6, 22, 38],
  [6, 24, 42],
  [6, 26, 46],
  [6, 28, 50],
];

export function blockStructure(version: number, level: ErrorCorrectionLevel): BlockStructure {
  const structure = BLOCKS[level][version - 1];
  if (!structure) throw new RangeError(`QR version ${version} is not supported.`);
  return structure;
}

export function dataCodewordCount(version: number, level: ErrorCorrectionLevel): number {
  return blockStructure(version, level).dataCodewordsPerBlock.reduce((sum, size) => sum + size, 0);
}

export function alignmentCentres(version: number): readonly number[] {
  return ALIGNMENT_CENTRES[version - 1] ?? [];
}

export function symbolSize(version: number): number {
  return 17 + 4 * version;
}

/** Bits of the byte mode's character count: 8 up to version 9, 16 from version 10. */
export function byteCountBits(version: number): number {
  return version <= 9 ? 8 : 16;
}
