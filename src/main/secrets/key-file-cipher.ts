import { createCipheriv, createDecipheriv, randomBytes, scryptSync } from 'node:crypto';
import { chmodSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Logger } from '../logging';
import { type SecretCipher, SecretDecryptError } from './cipher';

export const KEY_FILE_NAME = 'secret.key';
export const PASSPHRASE_SALT_FILE_NAME = 'secret-key.salt';

const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const SALT_BYTES = 16;
/** First byte of every blob, so the format can change without guessing what old blobs are. */
const BLOB_FORMAT_VERSION = 1;
const HEADER_BYTES = 1 + IV_BYTES + TAG_BYTES;
/** scrypt cost: about 100 ms once per start, to slow down guessing a weak passphrase. */
const SCRYPT_OPTIONS = { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };

export interface KeyFileCipherOptions {
  /** Where the key file (or the passphrase salt) lives. */
  stateDir: string;
  env: NodeJS.ProcessEnv;
  logger?: Logger;
}

interface ResolvedKey {
  kind: 'env-key' | 'env-passphrase' | 'key-file';
  key: Buffer;
}

/**
 * AES-256-GCM with a random 12-byte IV per value. Blob layout:
 * version (1 byte) | IV (12) | auth tag (16) | ciphertext.
 *
 * The key comes from TROUPE_SECRET_KEY when set, otherwise from `<stateDir>/secret.key`, created on
 * first use with mode 0600 and holding the key in base64, so it can be moved into the environment
 * unchanged. TROUPE_SECRET_KEY is read as a raw key when it is exactly 32 bytes in hex (64 digits)
 * or base64 (44 characters), which is what `openssl rand -base64 32` prints; anything else is a
 * passphrase, stretched with scrypt and a random salt kept in `<stateDir>/secret-key.salt` (the salt
 * is not secret; without it a passphrase would map to the same key in every installation).
 */
export function createKeyFileCipher(options: KeyFileCipherOptions): SecretCipher {
  const { kind, key } = resolveKey(options);
  return {
    kind,
    encrypt(plain) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
      const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return Buffer.concat([Buffer.from([BLOB_FORMAT_VERSION]), iv, cipher.getAuthTag(), ciphertext]);
    },
    decrypt(blob) {
      if (blob.length < HEADER_BYTES) throw new SecretDecryptError('the stored value is truncated');
      if (blob[0] !== BLOB_FORMAT_VERSION) {
        throw new SecretDecryptError(`unknown format version ${blob[0]}`);
      }
      const iv = blob.subarray(1, 1 + IV_BYTES);
      const tag = blob.subarray(1 + IV_BYTES, HEADER_BYTES);
      const decipher = createDecipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
      decipher.setAuthTag(tag);
      try {
        return Buffer.concat([decipher.update(blob.subarray(HEADER_BYTES)), decipher.final()]).toString(
          'utf8',
        );
      } catch {
        throw new SecretDecryptError('authentication failed');
      }
    },
  };
}

function resolveKey({ stateDir, env, logger }: KeyFileCipherOptions): ResolvedKey {
  const fromEnv = env.TROUPE_SECRET_KEY?.trim();
  if (fromEnv) {
    const raw = decodeRawKey(fromEnv);
    if (raw) return { kind: 'env-key', key: raw };
    const salt = readOrCreatePrivateFile(
      join(stateDir, PASSPHRASE_SALT_FILE_NAME),
      () => randomBytes(SALT_BYTES),
      logger,
    );
    return { kind: 'env-passphrase', key: scryptSync(fromEnv, salt, KEY_BYTES, SCRYPT_OPTIONS) };
  }
  const keyFile = join(stateDir, KEY_FILE_NAME);
  const encoded = readOrCreatePrivateFile(
    keyFile,
    () => Buffer.from(`${randomBytes(KEY_BYTES).toString('base64')}\n`),
    logger,
  );
  const key = decodeRawKey(encoded.toString('utf8').trim());
  if (!key) {
    // Never replace it: every stored secret was encrypted with whatever key this file held.
    throw new Error(
      `The key file ${keyFile} does not hold a 32-byte base64 or hex key. Restore it from a backup, or move it away to start with a new key (stored secrets must then be set again).`,
    );
  }
  return { kind: 'key-file', key };
}

function decodeRawKey(text: string): Buffer | null {
  if (/^[0-9a-fA-F]{64}$/.test(text)) return Buffer.from(text, 'hex');
  if (/^[A-Za-z0-9+/]{43}=$/.test(text)) return Buffer.from(text, 'base64');
  return null;
}

/** Reads a file only this user may read, creating it with `create()` when absent. */
function readOrCreatePrivateFile(file: string, create: () => Buffer, logger: Logger | undefined): Buffer {
  try {
    // 'wx' fails when the file exists, so two starting processes never overwrite each other's key.
    writeFileSync(file, create(), { mode: 0o600, flag: 'wx' });
    logger?.info({ file }, 'created secret key material');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    restrictToOwner(file, logger);
  }
  return readFileSync(file);
}

/** POSIX only: Windows has no mode bits, the user profile's ACL protects the state directory. */
function restrictToOwner(file: string, logger: Logger | undefined): void {
  if (process.platform === 'win32') return;
  const mode = statSync(file).mode & 0o777;
  if ((mode & 0o077) === 0) return;
  chmodSync(file, 0o600);
  logger?.warn(
    { file, mode: mode.toString(8) },
    'secret key material was readable by other users; restricted it to the owner (0600). Consider the stored secrets exposed.',
  );
}
