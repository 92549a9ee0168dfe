import { createHash, createPublicKey } from 'node:crypto';
import { helpers } from 'telegram';
import { _serverKeys } from 'telegram/crypto/RSA.js';
import { serializeBytes } from 'telegram/tl/generationHelpers.js';

/**
 * GramJS runs the key exchange only with servers whose RSA key it knows. Telegram's keys are built
 * in; a custom server's key is added to GramJS's key table (keyed by Telegram's fingerprint: the
 * low 64 bits of SHA-1 over the TL-serialized modulus and exponent). Process-wide and idempotent.
 * Returns the fingerprint.
 */
export function trustServerKey(pem: string): bigint {
  const jwk = createPublicKey(pem).export({ format: 'jwk' });
  if (!jwk.n || !jwk.e) throw new Error('The key is not an RSA public key.');
  const modulus = Buffer.from(jwk.n, 'base64url');
  const exponent = Buffer.from(jwk.e, 'base64url');
  const digest = createHash('sha1').update(serializeBytes(modulus)).update(serializeBytes(exponent)).digest();
  const fingerprint = digest.readBigInt64LE(12);
  _serverKeys.set(fingerprint.toString(), {
    n: helpers.returnBigInt(BigInt(`0x${modulus.toString('hex')}`)),
    e: Number(BigInt(`0x${exponent.toString('hex')}`)),
  });
  return fingerprint;
}
