import { reedSolomonRemainder } from './reed-solomon';
import {
  blockStructure,
  byteCountBits,
  dataCodewordCount,
  type ErrorCorrectionLevel,
  MAX_VERSION,
  MIN_VERSION,
} from './versions';

const BYTE_MODE_INDICATOR = 0b0100;
/** The pad codewords ISO/IEC 18004 §7.4.10 alternates to fill the data capacity. */
const PAD_CODEWORDS = [0xec, 0x11] as const;

/** The smallest supported version whose data capacity holds `byteCount` bytes in byte mode. */
export function smallestVersion(byteCount: number, level: ErrorCorrectionLevel): number {
  for (let version = MIN_VERSION; version <= MAX_VERSION; version += 1) {
    const bitsNeeded = 4 + byteCountBits(version) + 8 * byteCount;
    if (bitsNeeded <= dataCodewordCount(version, level) * 8) return version;
  }
  throw new RangeError(
    `${byteCount} bytes do not fit a version ${MAX_VERSION} QR code at error correction level ${level}.`,
  );
}

/** Mode indicator, count, the bytes, terminator and padding: the version's data codewords. */
export function dataCodewords(bytes: Uint8Array, version: number, level: ErrorCorrectionLevel): Uint8Array {
  const capacityBits = dataCodewordCount(version, level) * 8;
  const bits: number[] = [];
  const append = (value: number, length: number) => {
    for (let i = length - 1; i >= 0; i -= 1) bits.push((value >>> i) & 1);
  };
  append(BYTE_MODE_INDICATOR, 4);
  append(bytes.length, byteCountBits(version));
  for (const byte of bytes) append(byte, 8);
  append(0, Math.min(4, capacityBits - bits.length));
  append(0, (8 - (bits.length % 8)) % 8);

  const codewords = new Uint8Array(capacityBits / 8);
  for (let i = 0; i < bits.length; i += 1) codewords[i >>> 3]! |= bits[i]! << (7 - (i & 7));
  for (let i = bits.length / 8, pad = 0; i < codewords.length; i += 1, pad ^= 1) {
    codewords[i] = PAD_CODEWORDS[pad]!;
  }
  return codewords;
}

/**
 * The codewords in the order they are placed: the data split into blocks, each block's error
 * correction appended, then both read column by column across the blocks (§7.6).
 */
export function interleavedCodewords(
  data: Uint8Array,
  version: number,
  level: ErrorCorrectionLevel,
): Uint8Array {
  const { ecCodewordsPerBlock, dataCodewordsPerBlock } = blockStructure(version, level);
  const dataBlocks: Uint8Array[] = [];
  let offset = 0;
  for (const size of dataCodewordsPerBlock) {
    dataBlocks.push(data.subarray(offset, offset + size));
    offset += size;
  }
  const ecBlocks = dataBlocks.map((block) => reedSolomonRemainder(block, ecCodewordsPerBlock));

  const result: number[] = [];
  const longestData = Math.max(...dataCodewordsPerBlock);
  for (let i = 0; i < longestData; i += 1) {
    // Blocks of the second group are one longer; shorter blocks have nothing in the last column.
    for (const block of dataBlocks) if (i < block.length) result.push(block[i]!);
  }
  for (let i = 0; i < ecCodewordsPerBlock; i += 1) {
    for (const block of ecBlocks) result.push(block[i]!);
  }
  return Uint8Array.from(result);
}
