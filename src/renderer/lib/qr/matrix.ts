import { alignmentCentres, type ErrorCorrectionLevel, symbolSize } from './versions';

/** The eight data masks of ISO/IEC 18004 §7.8.2: a module is inverted where its mask is true. */
export const MASKS: ReadonlyArray<(row: number, col: number) => boolean> = [
  (row, col) => (row + col) % 2 === 0,
  (row) => row % 2 === 0,
  (_row, col) => col % 3 === 0,
  (row, col) => (row + col) % 3 === 0,
  (row, col) => (Math.floor(row / 2) + Math.floor(col / 3)) % 2 === 0,
  (row, col) => ((row * col) % 2) + ((row * col) % 3) === 0,
  (row, col) => (((row * col) % 2) + ((row * col) % 3)) % 2 === 0,
  (row, col) => (((row + col) % 2) + ((row * col) % 3)) % 2 === 0,
];

const LEVEL_FORMAT_BITS: Record<ErrorCorrectionLevel, number> = { L: 0b01, M: 0b00 };
const FORMAT_GENERATOR = 0b101_0011_0111;
const FORMAT_XOR_MASK = 0b101_0100_0001_0010;
const VERSION_GENERATOR = 0b1_1111_0010_0101;

/** The 15 format bits: level and mask, a BCH(15,5) remainder, XOR-masked so they are never all light. */
export function formatBits(level: ErrorCorrectionLevel, mask: number): number {
  const data = (LEVEL_FORMAT_BITS[level] << 3) | mask;
  let remainder = data;
  for (let i = 0; i < 10; i += 1) remainder = (remainder << 1) ^ ((remainder >>> 9) * FORMAT_GENERATOR);
  return ((data << 10) | remainder) ^ FORMAT_XOR_MASK;
}

/** The 18 version bits of versions 7 and up: the version and its BCH(18,6) remainder. */
export function versionBits(version: number): number {
  let remainder = version;
  for (let i = 0; i < 12; i += 1) remainder = (remainder << 1) ^ ((remainder >>> 11) * VERSION_GENERATOR);
  return (version << 12) | remainder;
}

const bit = (value: number, index: number): boolean => ((value >>> index) & 1) !== 0;

/** A symbol under construction: module colours, and which modules belong to function patterns. */
export class ModuleGrid {
  readonly size: number;
  readonly #dark: Uint8Array;
  readonly #isFunctionModule: Uint8Array;

  constructor(readonly version: number) {
    this.size = symbolSize(version);
    this.#dark = new Uint8Array(this.size * this.size);
    this.#isFunctionModule = new Uint8Array(this.size * this.size);
  }

  isDark(row: number, col: number): boolean {
    return this.#dark[row * this.size + col] === 1;
  }

  isFunction(row: number, col: number): boolean {
    return this.#isFunctionModule[row * this.size + col] === 1;
  }

  rows(): boolean[][] {
    return Array.from({ length: this.size }, (_, row) =>
      Array.from({ length: this.size }, (_, col) => this.isDark(row, col)),
    );
  }

  #setFunction(row: number, col: number, dark: boolean): void {
    this.#dark[row * this.size + col] = dark ? 1 : 0;
    this.#isFunctionModule[row * this.size + col] = 1;
  }

  /** Finders, separators, timing, alignment and version info; the format areas reserved, set later. */
  drawFunctionPatterns(): void {
    const last = this.size - 1;
    for (let i = 0; i < this.size; i += 1) {
      this.#setFunction(6, i, i % 2 === 0);
      this.#setFunction(i, 6, i % 2 === 0);
    }
    this.#drawFinder(3, 3);
    this.#drawFinder(3, last - 3);
    this.#drawFinder(last - 3, 3);

    const centres = alignmentCentres(this.version);
    const lastIndex = centres.length - 1;
    centres.forEach((row, i) => {
      centres.forEach((col, j) => {
        // The three corners that overlap the finder patterns carry none.
        const onFinder = (i === 0 && j === 0) || (i === 0 && j === lastIndex) || (i === lastIndex && j === 0);
        if (!onFinder) this.#drawAlignment(row, col);
      });
    });

    this.drawFormatBits(0);
    this.#drawVersionBits();
  }

  /** A 7×7 finder with its light separator, clipped at the symbol's edge. */
  #drawFinder(centreRow: number, centreCol: number): void {
    for (let dr = -4; dr <= 4; dr += 1) {
      for (let dc = -4; dc <= 4; dc += 1) {
        const row = centreRow + dr;
        const col = centreCol + dc;
        if (row < 0 || row >= this.size || col < 0 || col >= this.size) continue;
        const ring = Math.max(Math.abs(dr), Math.abs(dc));
        this.#setFunction(row, col, ring !== 2 && ring !== 4);
      }
    }
  }

  #drawAlignment(centreRow: number, centreCol: number): void {
    for (let dr = -2; dr <= 2; dr += 1) {
      for (let dc = -2; dc <= 2; dc += 1) {
        this.#setFunction(centreRow + dr, centreCol + dc, Math.max(Math.abs(dr), Math.abs(dc)) !== 1);
      }
    }
  }

  /**
   * Both copies of the format bits (bit 14 first): around the top-left finder, and split between
   * the bottom-left and top-right ones, with the always-dark module beside the bottom-left finder.
   */
  drawFormatBits(value: number): void {
    const size = this.size;
    for (let i = 0; i <= 5; i += 1) this.#setFunction(i, 8, bit(value, i));
    this.#setFunction(7, 8, bit(value, 6));
    this.#setFunction(8, 8, bit(value, 7));
    this.#setFunction(8, 7, bit(value, 8));
    for (let i = 9; i < 15; i += 1) this.#setFunction(8, 14 - i, bit(value, i));

    for (let i = 0; i < 8; i += 1) this.#setFunction(8, size - 1 - i, bit(value, i));
    for (let i = 8; i < 15; i += 1) this.#setFunction(size - 15 + i, 8, bit(value, i));
    this.#setFunction(size - 8, 8, true);
  }

  /** Two 6×3 copies of the version bits, beside the top-right and bottom-left finders. */
  #drawVersionBits(): void {
    if (this.version < 7) return;
    const bits = versionBits(this.version);
    for (let i = 0; i < 18; i += 1) {
      const along = Math.floor(i / 3);
      const across = this.size - 11 + (i % 3);
      this.#setFunction(along, across, bit(bits, i));
      this.#setFunction(across, along, bit(bits, i));
    }
  }

  /**
   * Places the codewords' bits, most significant first, in two-module columns zigzagging up and
   * down from the bottom-right corner, skipping function modules and the vertical timing column.
   * Modules left over (the remainder bits) stay light.
   */
  drawCodewords(codewords: Uint8Array): void {
    const totalBits = codewords.length * 8;
    let index = 0;
    for (let right = this.size - 1; right >= 1; right -= 2) {
      if (right === 6) right = 5;
      const upward = ((right + 1) & 2) === 0;
      for (let step = 0; step < this.size; step += 1) {
        const row = upward ? this.size - 1 - step : step;
        for (const col of [right, right - 1]) {
          if (this.isFunction(row, col) || index >= totalBits) continue;
          const dark = bit(codewords[index >>> 3]!, 7 - (index & 7));
          this.#dark[row * this.size + col] = dark ? 1 : 0;
          index += 1;
        }
      }
    }
  }

  /** Inverts the data modules where the mask says so; applying the same mask again undoes it. */
  applyMask(mask: number): void {
    const inverts = MASKS[mask];
    if (!inverts) throw new RangeError(`There is no QR mask ${mask}.`);
    for (let row = 0; row < this.size; row += 1) {
      for (let col = 0; col < this.size; col += 1) {
        if (!this.isFunction(row, col) && inverts(row, col)) this.#dark[row * this.size + col]! ^= 1;
      }
    }
  }
}
