import { describe, expect, it } from 'vitest';
import { dataCodewords, smallestVersion } from '../../src/renderer/lib/qr/codewords';
import { encodeQr, type QrCode } from '../../src/renderer/lib/qr/encode';
import { formatBits, MASKS, versionBits } from '../../src/renderer/lib/qr/matrix';
import { reedSolomonRemainder } from '../../src/renderer/lib/qr/reed-solomon';
import { qrPathData } from '../../src/renderer/lib/qr/svg';
import { alignmentCentres, MAX_VERSION } from '../../src/renderer/lib/qr/versions';
import { HELLO_V1, TROUPE_V7 } from './support/qr-references';

const asRows = (qr: QrCode) => qr.modules.map((row) => row.map((dark) => (dark ? '#' : '.')).join(''));

/** A text whose UTF-8 form is `length` bytes. */
const textOfLength = (length: number) => 'x'.repeat(length);

/** The 15 format bits as read back from the copy around the top-left finder, bit 14 first. */
function readTopLeftFormat(modules: boolean[][]): number {
  const cells: Array<[number, number]> = [
    [8, 0],
    [8, 1],
    [8, 2],
    [8, 3],
    [8, 4],
    [8, 5],
    [8, 7],
    [8, 8],
    [7, 8],
    [5, 8],
    [4, 8],
    [3, 8],
    [2, 8],
    [1, 8],
    [0, 8],
  ];
  return cells.reduce((bits, [row, col]) => (bits << 1) | Number(modules[row]![col]), 0);
}

/** The second copy: up the column beside the bottom-left finder, then along the row under the top-right one. */
function readSplitFormat(modules: boolean[][]): number {
  const size = modules.length;
  const cells: Array<[number, number]> = [];
  for (let i = 0; i < 7; i += 1) cells.push([size - 1 - i, 8]);
  for (let i = 0; i < 8; i += 1) cells.push([8, size - 8 + i]);
  return cells.reduce((bits, [row, col]) => (bits << 1) | Number(modules[row]![col]), 0);
}

/** Whether the masked format bits, unmasked, are a codeword of the format info's BCH(15,5) code. */
function isFormatCodeword(masked: number): boolean {
  let remainder = masked ^ 0x5412;
  for (let shift = 4; shift >= 0; shift -= 1) {
    if (remainder & (1 << (shift + 10))) remainder ^= 0x537 << shift;
  }
  return remainder === 0;
}

function expectFinderAt(modules: boolean[][], top: number, left: number) {
  for (let dr = 0; dr < 7; dr += 1) {
    for (let dc = 0; dc < 7; dc += 1) {
      const ring = Math.max(Math.abs(dr - 3), Math.abs(dc - 3));
      expect(modules[top + dr]![left + dc], `finder module ${top + dr},${left + dc}`).toBe(ring !== 2);
    }
  }
}

describe('QR encoder', () => {
  it('computes Reed-Solomon error correction codewords (the 1-M "HELLO WORLD" example of the spec tutorials)', () => {
    const data = Uint8Array.from([32, 91, 11, 120, 209, 114, 220, 77, 67, 64, 236, 17, 236, 17, 236, 17]);
    expect([...reedSolomonRemainder(data, 10)]).toEqual([196, 35, 39, 119, 235, 215, 231, 226, 93, 23]);
  });

  it('builds the format bits of the ISO/IEC 18004 table for levels L and M', () => {
    const table = (level: 'L' | 'M') =>
      Array.from({ length: 8 }, (_, mask) => formatBits(level, mask).toString(2).padStart(15, '0'));
    expect(table('L')).toEqual([
      '111011111000100',
      '111001011110011',
      '111110110101010',
      '111100010011101',
      '110011000101111',
      '110001100011000',
      '110110001000001',
      '110100101110110',
    ]);
    expect(table('M')).toEqual([
      '101010000010010',
      '101000100100101',
      '101111001111100',
      '101101101001011',
      '100010111111001',
      '100000011001110',
      '100111110010111',
      '100101010100000',
    ]);
  });

  it('builds the version bits of the spec table', () => {
    expect(versionBits(7)).toBe(0x07c94);
    expect(versionBits(8)).toBe(0x085bc);
    expect(versionBits(10)).toBe(0x0a4d3);
  });

  it('encodes bytes with mode, count, terminator and alternating pad codewords', () => {
    const codewords = dataCodewords(new TextEncoder().encode('hello'), 1, 'M');
    expect([...codewords].map((byte) => byte.toString(16).padStart(2, '0')).join(' ')).toBe(
      '40 56 86 56 c6 c6 f0 ec 11 ec 11 ec 11 ec 11 ec',
    );
  });

  it('matches reference symbols module for module', () => {
    expect(asRows(encodeQr(HELLO_V1.text))).toEqual(HELLO_V1.rows);
    const v7 = encodeQr(TROUPE_V7.text);
    expect(v7.version).toBe(7);
    expect(asRows(v7)).toEqual(TROUPE_V7.rows);
  });

  it('picks the smallest version that holds the bytes, counting UTF-8 bytes', () => {
    expect(smallestVersion(14, 'M')).toBe(1);
    expect(smallestVersion(15, 'M')).toBe(2);
    expect(smallestVersion(17, 'L')).toBe(1);
    expect(smallestVersion(18, 'L')).toBe(2);
    // Version 10 needs a 16-bit count: 213 bytes at M is the last that fits.
    expect(smallestVersion(180, 'M')).toBe(9);
    expect(smallestVersion(181, 'M')).toBe(10);
    expect(smallestVersion(213, 'M')).toBe(10);
    expect(() => smallestVersion(214, 'M')).toThrow(RangeError);
    expect(encodeQr('ä'.repeat(7)).version).toBe(1);
    expect(encodeQr('ä'.repeat(8)).version).toBe(2);
  });

  it('fits a Telegram login URL (a 32-byte token in base64url) in a version 4 symbol', () => {
    const url = `tg://login?token=${'A'.repeat(43)}`;
    expect(encodeQr(url).version).toBe(4);
  });

  it('keeps every structural invariant in every version and mask', () => {
    for (let version = 1; version <= MAX_VERSION; version += 1) {
      const text = textOfLength(smallestCapacityFor(version));
      for (let mask = 0; mask < MASKS.length; mask += 1) {
        const qr = encodeQr(text, { errorCorrection: 'M', mask });
        const { modules } = qr;
        const size = modules.length;
        expect(qr.version).toBe(version);
        expect(size).toBe(17 + 4 * version);
        expect(modules.every((row) => row.length === size)).toBe(true);

        expectFinderAt(modules, 0, 0);
        expectFinderAt(modules, 0, size - 7);
        expectFinderAt(modules, size - 7, 0);
        for (let i = 8; i < size - 8; i += 1) {
          expect(modules[6]![i], `horizontal timing ${i}`).toBe(i % 2 === 0);
          expect(modules[i]![6], `vertical timing ${i}`).toBe(i % 2 === 0);
        }
        expect(modules[size - 8]![8], 'the dark module').toBe(true);

        const format = readTopLeftFormat(modules);
        expect(format).toBe(formatBits('M', mask));
        expect(readSplitFormat(modules)).toBe(format);
        expect(isFormatCodeword(format)).toBe(true);

        const centres = alignmentCentres(version);
        for (const row of centres) {
          for (const col of centres) {
            if (
              (row === 6 && col === 6) ||
              (row === 6 && col === size - 7) ||
              (row === size - 7 && col === 6)
            )
              continue;
            expect(modules[row]![col], `alignment centre ${row},${col}`).toBe(true);
            expect(modules[row - 1]![col], `alignment ring ${row - 1},${col}`).toBe(false);
            expect(modules[row - 2]![col - 2], `alignment edge ${row - 2},${col - 2}`).toBe(true);
          }
        }
      }
    }
  });

  it('draws both copies of the version bits from version 7 on', () => {
    const { modules } = encodeQr(TROUPE_V7.text);
    const size = modules.length;
    let topRight = 0;
    let bottomLeft = 0;
    for (let i = 17; i >= 0; i -= 1) {
      const along = Math.floor(i / 3);
      const across = size - 11 + (i % 3);
      topRight = (topRight << 1) | Number(modules[along]![across]);
      bottomLeft = (bottomLeft << 1) | Number(modules[across]![along]);
    }
    expect(topRight).toBe(versionBits(7));
    expect(bottomLeft).toBe(versionBits(7));
  });

  it('draws the dark modules as one rectangle per horizontal run', () => {
    expect(
      qrPathData([
        [true, true, false],
        [false, true, true],
      ]),
    ).toBe('M0 0h2v1h-2zM1 1h2v1h-2z');
    expect(qrPathData([[false, false]])).toBe('');
  });
});

/** Enough bytes to need `version` at level M: one more than the previous version holds. */
function smallestCapacityFor(version: number): number {
  let bytes = 1;
  while (smallestVersion(bytes, 'M') < version) bytes += 1;
  return bytes;
}
