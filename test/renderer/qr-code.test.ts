import { describe, expect, it } from 'vitest';
import { qrModules, qrPathData } from '../../src/renderer/ui/qr-modules';
import { HELLO_V1, TROUPE_V7 } from './support/qr-references';

const asRows = (modules: boolean[][]) => modules.map((row) => row.map((dark) => (dark ? '#' : '.')).join(''));

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

describe('QR code of the console', () => {
  it('matches reference symbols of libqrencode module for module', () => {
    expect(asRows(qrModules(HELLO_V1.text))).toEqual(HELLO_V1.rows);
    expect(asRows(qrModules(TROUPE_V7.text))).toEqual(TROUPE_V7.rows);
  });

  it('encodes a Telegram login link as a version 4 symbol at level M with valid finders and format', () => {
    const modules = qrModules(`tg://login?token=${'AbC-_9'.repeat(7)}x`);
    // Version 4 is 33 modules a side.
    expect(modules).toHaveLength(33);
    expectFinderAt(modules, 0, 0);
    expectFinderAt(modules, 0, 26);
    expectFinderAt(modules, 26, 0);
    const format = readTopLeftFormat(modules);
    expect(isFormatCodeword(format)).toBe(true);
    // The top two data bits name the level: 00 is M.
    expect(((format ^ 0x5412) >> 13) & 0b11).toBe(0b00);
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
