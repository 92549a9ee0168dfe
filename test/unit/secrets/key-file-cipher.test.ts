import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../../src/main/logging';
import {
  createKeyFileCipher,
  KEY_FILE_NAME,
  PASSPHRASE_SALT_FILE_NAME,
  SecretDecryptError,
} from '../../../src/main/secrets';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
function stateDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'troupe-secrets-'));
  dirs.push(dir);
  return dir;
}
const posixOnly = it.skipIf(process.platform === 'win32');

const PLAIN = 'sk-proj-Ünïcødé-secret-value';

describe('createKeyFileCipher with a key file', () => {
  it('round-trips a value', () => {
    const cipher = createKeyFileCipher({ stateDir: stateDir(), env: {} });
    expect(cipher.kind).toBe('key-file');
    expect(cipher.decrypt(cipher.encrypt(PLAIN))).toBe(PLAIN);
    expect(cipher.decrypt(cipher.encrypt(''))).toBe('');
  });

  it('writes version | 12-byte IV | 16-byte tag | ciphertext, with a fresh IV each time', () => {
    const cipher = createKeyFileCipher({ stateDir: stateDir(), env: {} });
    const first = cipher.encrypt(PLAIN);
    const second = cipher.encrypt(PLAIN);
    expect(first[0]).toBe(1);
    expect(first.length).toBe(1 + 12 + 16 + Buffer.byteLength(PLAIN));
    expect(first.subarray(1, 13).equals(second.subarray(1, 13))).toBe(false);
    expect(first.includes(Buffer.from(PLAIN))).toBe(false);
  });

  posixOnly('creates the key file readable only by the owner', () => {
    const dir = stateDir();
    createKeyFileCipher({ stateDir: dir, env: {} });
    expect(statSync(join(dir, KEY_FILE_NAME)).mode & 0o777).toBe(0o600);
  });

  it('reuses the key file, so another start decrypts earlier values', () => {
    const dir = stateDir();
    const blob = createKeyFileCipher({ stateDir: dir, env: {} }).encrypt(PLAIN);
    expect(createKeyFileCipher({ stateDir: dir, env: {} }).decrypt(blob)).toBe(PLAIN);
  });

  it('stores the key so it can move into TROUPE_SECRET_KEY unchanged', () => {
    const dir = stateDir();
    const blob = createKeyFileCipher({ stateDir: dir, env: {} }).encrypt(PLAIN);
    const keyText = readFileSync(join(dir, KEY_FILE_NAME), 'utf8').trim();
    const fromEnv = createKeyFileCipher({ stateDir: stateDir(), env: { TROUPE_SECRET_KEY: keyText } });
    expect(fromEnv.kind).toBe('env-key');
    expect(fromEnv.decrypt(blob)).toBe(PLAIN);
  });

  posixOnly('restricts a key file others can read, and warns', () => {
    const dir = stateDir();
    createKeyFileCipher({ stateDir: dir, env: {} });
    const keyFile = join(dir, KEY_FILE_NAME);
    chmodSync(keyFile, 0o644);
    const lines: string[] = [];
    const logger = createLogger({
      level: 'info',
      destination: { write: (line: string) => lines.push(line) },
    });

    createKeyFileCipher({ stateDir: dir, env: {}, logger });
    expect(statSync(keyFile).mode & 0o777).toBe(0o600);
    expect(lines.map((line) => JSON.parse(line))).toContainEqual(
      expect.objectContaining({ level: 40, file: keyFile, mode: '644' }),
    );
    expect(lines.join('')).not.toContain(readFileSync(keyFile, 'utf8').trim());
  });

  it('refuses a damaged key file instead of replacing it', () => {
    const dir = stateDir();
    const keyFile = join(dir, KEY_FILE_NAME);
    writeFileSync(keyFile, 'not a key\n', { mode: 0o600 });
    expect(() => createKeyFileCipher({ stateDir: dir, env: {} })).toThrow(/does not hold a 32-byte/);
    expect(readFileSync(keyFile, 'utf8')).toBe('not a key\n');
  });

  it('fails with SecretDecryptError, without the plaintext, when the key changed', () => {
    const blob = createKeyFileCipher({ stateDir: stateDir(), env: {} }).encrypt(PLAIN);
    const otherKey = createKeyFileCipher({ stateDir: stateDir(), env: {} });
    let caught: unknown;
    try {
      otherKey.decrypt(blob);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(SecretDecryptError);
    expect((caught as Error).message).toMatch(/key probably changed.*set the secret again/);
    expect((caught as Error).message).not.toContain(PLAIN);
  });

  it('fails with SecretDecryptError on a tampered, truncated or unknown-format blob', () => {
    const cipher = createKeyFileCipher({ stateDir: stateDir(), env: {} });
    const blob = cipher.encrypt(PLAIN);
    const tampered = Buffer.from(blob);
    tampered[tampered.length - 1]! ^= 0x01;
    const futureFormat = Buffer.from(blob);
    futureFormat[0] = 2;
    expect(() => cipher.decrypt(tampered)).toThrow(SecretDecryptError);
    expect(() => cipher.decrypt(blob.subarray(0, 20))).toThrow(/truncated/);
    expect(() => cipher.decrypt(futureFormat)).toThrow(/unknown format version 2/);
  });
});

describe('createKeyFileCipher with TROUPE_SECRET_KEY', () => {
  const key = randomBytes(32);

  it('takes a base64 key and writes no key file', () => {
    const dir = stateDir();
    const cipher = createKeyFileCipher({ stateDir: dir, env: { TROUPE_SECRET_KEY: key.toString('base64') } });
    expect(cipher.kind).toBe('env-key');
    expect(cipher.decrypt(cipher.encrypt(PLAIN))).toBe(PLAIN);
    expect(() => statSync(join(dir, KEY_FILE_NAME))).toThrow();
  });

  it('reads hex and base64 spellings of the same key as the same key', () => {
    const blob = createKeyFileCipher({
      stateDir: stateDir(),
      env: { TROUPE_SECRET_KEY: key.toString('hex') },
    }).encrypt(PLAIN);
    const viaBase64 = createKeyFileCipher({
      stateDir: stateDir(),
      env: { TROUPE_SECRET_KEY: ` ${key.toString('base64')}\n` },
    });
    expect(viaBase64.decrypt(blob)).toBe(PLAIN);
  });

  it('stretches any other value as a passphrase with a salt kept in the state directory', () => {
    const dir = stateDir();
    const env = { TROUPE_SECRET_KEY: 'correct horse battery staple' };
    const blob = createKeyFileCipher({ stateDir: dir, env }).encrypt(PLAIN);
    const again = createKeyFileCipher({ stateDir: dir, env });
    expect(again.kind).toBe('env-passphrase');
    expect(again.decrypt(blob)).toBe(PLAIN);
    expect(readFileSync(join(dir, PASSPHRASE_SALT_FILE_NAME))).toHaveLength(16);
    if (process.platform !== 'win32')
      expect(statSync(join(dir, PASSPHRASE_SALT_FILE_NAME)).mode & 0o777).toBe(0o600);
  });

  it('derives a different key from the same passphrase in another state directory', () => {
    const env = { TROUPE_SECRET_KEY: 'correct horse battery staple' };
    const blob = createKeyFileCipher({ stateDir: stateDir(), env }).encrypt(PLAIN);
    expect(() => createKeyFileCipher({ stateDir: stateDir(), env }).decrypt(blob)).toThrow(
      SecretDecryptError,
    );
  });

  it('fails with SecretDecryptError under a wrong key or passphrase', () => {
    const dir = stateDir();
    const blob = createKeyFileCipher({
      stateDir: dir,
      env: { TROUPE_SECRET_KEY: key.toString('base64') },
    }).encrypt(PLAIN);
    const wrongKey = createKeyFileCipher({
      stateDir: dir,
      env: { TROUPE_SECRET_KEY: randomBytes(32).toString('hex') },
    });
    const wrongPassphrase = createKeyFileCipher({ stateDir: dir, env: { TROUPE_SECRET_KEY: 'guess' } });
    const keyFile = createKeyFileCipher({ stateDir: dir, env: {} });
    expect(() => wrongKey.decrypt(blob)).toThrow(SecretDecryptError);
    expect(() => wrongPassphrase.decrypt(blob)).toThrow(SecretDecryptError);
    expect(() => keyFile.decrypt(blob)).toThrow(SecretDecryptError);
  });
});
