import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';

/** Checks the operator password without keeping it in memory in the clear. */
export interface PasswordVerifier {
  verify(candidate: string): Promise<boolean>;
}

const KEY_LENGTH = 64;
// Node's defaults (N=16384, r=8, p=1): about 16 MiB and tens of milliseconds per check, which is
// plenty next to the login throttle.
const SCRYPT_OPTIONS: ScryptOptions = { N: 16_384, r: 8, p: 1 };

function deriveKey(secret: string, salt: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(secret.normalize('NFC'), salt, KEY_LENGTH, SCRYPT_OPTIONS, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/**
 * Hashes the password once with a random salt; each candidate is hashed the same way and the two
 * hashes are compared in constant time, so neither length nor content leaks through timing.
 */
export async function createPasswordVerifier(password: string): Promise<PasswordVerifier> {
  const salt = randomBytes(16);
  const expected = await deriveKey(password, salt);
  return {
    async verify(candidate) {
      return timingSafeEqual(await deriveKey(candidate, salt), expected);
    },
  };
}
