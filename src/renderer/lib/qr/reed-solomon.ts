/**
 * Reed-Solomon error correction over GF(256) with QR's primitive polynomial
 * x^8 + x^4 + x^3 + x^2 + 1 (0x11d) and generator roots α^0 … α^(n-1) (ISO/IEC 18004 §7.5.2).
 */

const PRIMITIVE_POLYNOMIAL = 0x11d;

// The 255 powers twice over, so a product's summed logarithms index without a modulo.
const EXP = new Uint8Array(510);
const LOG = new Uint8Array(256);
{
  let value = 1;
  for (let power = 0; power < 255; power += 1) {
    EXP[power] = value;
    EXP[power + 255] = value;
    LOG[value] = power;
    value <<= 1;
    if (value & 0x100) value ^= PRIMITIVE_POLYNOMIAL;
  }
}

export function gfMultiply(a: number, b: number): number {
  if (a === 0 || b === 0) return 0;
  return EXP[LOG[a]! + LOG[b]!]!;
}

/** The generator polynomial (x - α^0)…(x - α^(degree-1)), coefficients highest power first. */
export function generatorPolynomial(degree: number): Uint8Array {
  let poly = Uint8Array.of(1);
  for (let root = 0; root < degree; root += 1) {
    // Multiplying by (x + α^root): in GF(2^8) subtraction is addition (XOR).
    const next = new Uint8Array(poly.length + 1);
    poly.forEach((coefficient, i) => {
      next[i]! ^= coefficient;
      next[i + 1]! ^= gfMultiply(coefficient, EXP[root]!);
    });
    poly = next;
  }
  return poly;
}

/** A block's `degree` error correction codewords: the remainder of data·x^degree ÷ the generator. */
export function reedSolomonRemainder(data: Uint8Array, degree: number): Uint8Array {
  const generator = generatorPolynomial(degree);
  const remainder = new Uint8Array(degree);
  for (const byte of data) {
    const factor = byte ^ remainder[0]!;
    remainder.copyWithin(0, 1);
    remainder[degree - 1] = 0;
    for (let i = 0; i < degree; i += 1) remainder[i]! ^= gfMultiply(generator[i + 1]!, factor);
  }
  return remainder;
}
