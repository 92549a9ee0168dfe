import { constants, createPublicKey, generateKeyPairSync, type KeyObject, privateDecrypt } from 'node:crypto';
import { _serverKeys } from 'telegram/crypto/RSA.js';
import { serializeBytes } from 'telegram/tl/generationHelpers.js';
import { bigIntFromBytes, toTlLong } from './big-numbers';
import { sha1 } from './mtproto-envelope';

/**
 * The fake server's RSA key. A client only runs the DH key exchange with a server whose public
 * key it already trusts; GramJS hard-codes Telegram's keys but keeps them in the mutable map
 * `_serverKeys` (telegram/crypto/RSA), keyed by fingerprint, so a test adds the fake's key there.
 * The product's test-server mode does the same with the PEM file it is given.
 */
export interface FakeRsaKey {
  /** PKCS#1 PEM ("BEGIN RSA PUBLIC KEY"), the form Telegram publishes its keys in. */
  readonly publicKeyPem: string;
  /** Telegram's fingerprint: the low 64 bits of SHA1 of the TL-serialized (n, e), signed. */
  readonly fingerprint: bigint;
  /** Raw RSA (no padding): what req_DH_params's RSA_PAD encryption needs undone. */
  decryptRaw(data: Buffer): Buffer;
}

/** Generating a 2048-bit key costs tens of milliseconds, so every fake in a process shares one. */
let processKey: FakeRsaKey | undefined;

export function fakeRsaKey(): FakeRsaKey {
  if (!processKey) {
    const { privateKey, publicKey } = generateKeyPairSync('rsa', {
      modulusLength: 2048,
      publicExponent: 65537,
    });
    processKey = describeKey(privateKey, publicKey);
  }
  return processKey;
}

function describeKey(privateKey: KeyObject, publicKey: KeyObject): FakeRsaKey {
  const { modulus, exponent } = publicNumbers(publicKey);
  return {
    publicKeyPem: publicKey.export({ type: 'pkcs1', format: 'pem' }).toString(),
    fingerprint: rsaFingerprint(modulus, exponent),
    decryptRaw: (data) => privateDecrypt({ key: privateKey, padding: constants.RSA_NO_PADDING }, data),
  };
}

function publicNumbers(key: KeyObject): { modulus: bigint; exponent: number } {
  const jwk = key.export({ format: 'jwk' });
  if (!jwk.n || !jwk.e) throw new Error('not an RSA public key');
  return {
    modulus: bigIntFromBytes(Buffer.from(jwk.n, 'base64url')),
    exponent: Number(bigIntFromBytes(Buffer.from(jwk.e, 'base64url'))),
  };
}

export function rsaFingerprint(modulus: bigint, exponent: number): bigint {
  const hex = (value: bigint) => {
    const digits = value.toString(16);
    return Buffer.from(digits.length % 2 === 0 ? digits : `0${digits}`, 'hex');
  };
  const digest = sha1(serializeBytes(hex(modulus)), serializeBytes(hex(BigInt(exponent))));
  return digest.readBigInt64LE(12);
}

/**
 * Makes GramJS trust a server public key (PEM, PKCS#1 or SPKI), process-wide. Idempotent.
 * Returns the fingerprint it was registered under.
 */
export function trustRsaPublicKey(pem: string): bigint {
  const { modulus, exponent } = publicNumbers(createPublicKey(pem));
  const fingerprint = rsaFingerprint(modulus, exponent);
  _serverKeys.set(fingerprint.toString(), { n: toTlLong(modulus), e: exponent });
  return fingerprint;
}
