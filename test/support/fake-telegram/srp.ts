import { pbkdf2Sync, randomBytes } from 'node:crypto';
import { Api } from 'telegram';
import {
  bigIntFromBytes,
  bigIntToBytes,
  modPow,
  randomLong,
  TELEGRAM_DH_GENERATOR,
  TELEGRAM_DH_PRIME,
  toTlLong,
} from './big-numbers';
import { sha256 } from './mtproto-envelope';

/**
 * The server half of Telegram's 2FA password check, SRP-2048 with the
 * PBKDF2-HMAC-SHA512 (100 000 rounds) key derivation
 * (https://core.telegram.org/api/srp). The fake keeps only the verifier v = g^x mod p, never the
 * password, and checks the client's proof M1 as Telegram does.
 */

const P = TELEGRAM_DH_PRIME;
const G = BigInt(TELEGRAM_DH_GENERATOR);
const SIZE = 256;

export interface SrpVerifier {
  readonly salt1: Buffer;
  readonly salt2: Buffer;
  readonly verifier: bigint;
  readonly hint: string | null;
}

/** One account.getPassword answer, kept until the matching auth.checkPassword. */
export interface SrpChallenge {
  readonly srpId: bigint;
  readonly b: bigint;
  readonly gB: bigint;
}

const pad = (value: bigint) => bigIntToBytes(value, SIZE);

function passwordHash(password: string, salt1: Buffer, salt2: Buffer): bigint {
  const sh = (data: Buffer, salt: Buffer) => sha256(salt, data, salt);
  const ph1 = sh(sh(Buffer.from(password, 'utf8'), salt1), salt2);
  const ph2 = sh(pbkdf2Sync(ph1, salt1, 100_000, 64, 'sha512'), salt2);
  return bigIntFromBytes(ph2);
}

const k = bigIntFromBytes(sha256(pad(P), pad(G)));

export function makeVerifier(password: string, hint: string | null): SrpVerifier {
  const salt1 = randomBytes(40);
  const salt2 = randomBytes(16);
  return { salt1, salt2, verifier: modPow(G, passwordHash(password, salt1, salt2), P), hint };
}

export function algorithmOf(
  verifier: SrpVerifier,
): Api.PasswordKdfAlgoSHA256SHA256PBKDF2HMACSHA512iter100000SHA256ModPow {
  return new Api.PasswordKdfAlgoSHA256SHA256PBKDF2HMACSHA512iter100000SHA256ModPow({
    salt1: verifier.salt1,
    salt2: verifier.salt2,
    g: TELEGRAM_DH_GENERATOR,
    p: pad(P),
  });
}

export function newChallenge(verifier: SrpVerifier): SrpChallenge {
  const b = bigIntFromBytes(randomBytes(SIZE));
  const gB = (k * verifier.verifier + modPow(G, b, P)) % P;
  return { srpId: randomLong(), b, gB };
}

export function passwordAnswer(verifier: SrpVerifier, challenge: SrpChallenge): Api.account.Password {
  return new Api.account.Password({
    hasPassword: true,
    currentAlgo: algorithmOf(verifier),
    srp_B: pad(challenge.gB),
    srpId: toTlLong(challenge.srpId),
    hint: verifier.hint ?? undefined,
    newAlgo: new Api.PasswordKdfAlgoUnknown(),
    newSecureAlgo: new Api.SecurePasswordKdfAlgoUnknown(),
    secureRandom: randomBytes(32),
  });
}

/** Whether the client's A and M1 prove knowledge of the password behind `verifier`. */
export function checkProof(
  verifier: SrpVerifier,
  challenge: SrpChallenge,
  aBytes: Buffer,
  m1: Buffer,
): boolean {
  const A = bigIntFromBytes(aBytes);
  if (A <= 0n || A >= P) return false;
  const u = bigIntFromBytes(sha256(pad(A), pad(challenge.gB)));
  const S = modPow((A * modPow(verifier.verifier, u, P)) % P, challenge.b, P);
  const K = sha256(pad(S));
  const hp = sha256(pad(P));
  const hg = sha256(pad(G));
  const expected = sha256(
    Buffer.from(hp.map((byte, i) => byte ^ (hg[i] ?? 0))),
    sha256(verifier.salt1),
    sha256(verifier.salt2),
    pad(A),
    pad(challenge.gB),
    K,
  );
  return expected.equals(m1);
}
