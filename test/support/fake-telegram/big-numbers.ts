import { randomBytes } from 'node:crypto';
import { helpers } from 'telegram';

/**
 * Number conversions between the three representations the fake meets: Node's native bigint (its
 * own arithmetic), GramJS's big-integer values (every TL `long`/`int128` field), and big-endian
 * byte strings (MTProto's DH and SRP numbers).
 */

/** The type GramJS uses for TL `long`, `int128` and `int256` fields. */
export type TlLong = ReturnType<typeof helpers.returnBigInt>;

export function toTlLong(value: bigint): TlLong {
  return helpers.returnBigInt(value);
}

export function fromTlLong(value: TlLong | number | string | bigint): bigint {
  return BigInt(value.toString());
}

export function bigIntFromBytes(bytes: Uint8Array): bigint {
  return bytes.length === 0 ? 0n : BigInt(`0x${Buffer.from(bytes).toString('hex')}`);
}

/** Big-endian bytes left-padded to `length` (MTProto hashes its 2048-bit numbers at 256 bytes). */
export function bigIntToBytes(value: bigint, length: number): Buffer {
  const hex = value.toString(16).padStart(length * 2, '0');
  if (hex.length > length * 2) throw new Error(`number does not fit in ${length} bytes`);
  return Buffer.from(hex, 'hex');
}

/** Big-endian bytes without leading zero bytes. */
export function bigIntToMinimalBytes(value: bigint): Buffer {
  const hex = value.toString(16);
  return Buffer.from(hex.length % 2 === 0 ? hex : `0${hex}`, 'hex');
}

export function modPow(base: bigint, exponent: bigint, modulus: bigint): bigint {
  let result = 1n;
  let square = base % modulus;
  let rest = exponent;
  while (rest > 0n) {
    if (rest & 1n) result = (result * square) % modulus;
    square = (square * square) % modulus;
    rest >>= 1n;
  }
  return result;
}

/** A random signed 64-bit value (ids and access hashes). */
export function randomLong(): bigint {
  return randomBytes(8).readBigInt64LE(0);
}

/**
 * Telegram's 2048-bit safe prime. Used for the DH key exchange and for SRP, where GramJS refuses
 * any other prime (Password.ts `checkPrimeAndGood`).
 */
export const TELEGRAM_DH_PRIME = BigInt(
  '0xc71caeb9c6b1c9048e6c522f70f13f73980d40238e3e21c14934d037563d930f48198a0aa7c14058229493d22530f4dbfa336f6e0ac925139543aed44cce7c3720fd51f69458705ac68cd4fe6b6b13abdc9746512969328454f18faf8c595f642477fe96bb2a941d5bcd1d4ac8cc49880708fa9b378e3c4f3a9060bee67cf9a4a4a695811051907e162753b56b0f6b410dba74d8a84b2a14b3144e0ef1284754fd17ed950d5965b4b9dd46582db1178d169c6bc465b0d6ff9ca3928fef5b9ae4e418fc15e83ebea0f87fa9ff5eed70050ded2849f47bf959d956850ce929851f0d8115f635b105ee2e4e15d04b2454bf6f4fadf034b10403119cd8e3b92fcc5b',
);
/** A generator GramJS accepts with that prime for SRP (3, 4, 5 or 7). */
export const TELEGRAM_DH_GENERATOR = 3;
