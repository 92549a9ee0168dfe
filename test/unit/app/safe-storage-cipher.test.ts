import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  chooseDesktopCipher,
  createSafeStorageCipher,
  SAFE_STORAGE_CIPHER_KIND,
} from '../../../src/main/app/safe-storage-cipher';
import { createKeyFileCipher, SecretDecryptError } from '../../../src/main/secrets';
import { captureLogger } from './capture-logger';
import { asElectron, fake, resetFakeElectron } from './fake-electron';

vi.mock('electron', () => import('./fake-electron').then((m) => m.electronModule));

type SafeStorage = Parameters<typeof chooseDesktopCipher>[0]['safeStorage'];

describe('createSafeStorageCipher', () => {
  beforeEach(() => resetFakeElectron());

  it('round-trips secrets through the keychain without storing plaintext', () => {
    const cipher = createSafeStorageCipher(asElectron<SafeStorage>(fake().safeStorage));
    const plain = 'AIzaSy-example-key ✓ 日本語';
    const blob = cipher.encrypt(plain);
    expect(blob.toString('utf8')).not.toContain(plain);
    expect(cipher.decrypt(blob)).toBe(plain);
    expect(cipher.kind).toBe(SAFE_STORAGE_CIPHER_KIND);
  });

  it('reports a blob the keychain cannot decrypt as a SecretDecryptError', () => {
    const cipher = createSafeStorageCipher(asElectron<SafeStorage>(fake().safeStorage));
    expect(() => cipher.decrypt(Buffer.from('written with another key'))).toThrow(SecretDecryptError);
  });
});

describe('chooseDesktopCipher', () => {
  let stateDir: string;

  beforeEach(() => {
    resetFakeElectron();
    stateDir = mkdtempSync(join(tmpdir(), 'troupe-cipher-'));
  });

  function choose(platform: NodeJS.Platform) {
    const log = captureLogger();
    const cipher = chooseDesktopCipher({
      safeStorage: asElectron<SafeStorage>(fake().safeStorage),
      platform,
      createFallbackCipher: () => createKeyFileCipher({ stateDir, env: {} }),
      logger: log.logger,
    });
    return { cipher, warnings: log.warnings() };
  }

  it('uses the OS keychain when it is available', () => {
    const { cipher, warnings } = choose('linux');
    expect(cipher.kind).toBe(SAFE_STORAGE_CIPHER_KIND);
    expect(warnings).toEqual([]);
  });

  it('falls back to the key file, with a warning, when encryption is unavailable', () => {
    fake().safeStorage.available = false;
    const { cipher, warnings } = choose('darwin');
    expect(cipher.kind).toBe('key-file');
    expect(cipher.decrypt(cipher.encrypt('sk-test'))).toBe('sk-test');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({ reason: 'the OS keychain is not available', cipher: 'key-file' });
  });

  it("treats Linux's basic_text backend (a constant key) as no keychain", () => {
    fake().safeStorage.backend = 'basic_text';
    const { cipher, warnings } = choose('linux');
    expect(cipher.kind).toBe('key-file');
    expect(String(warnings[0]?.reason)).toContain('basic_text');
  });

  it('does not ask for a Linux backend on other platforms', () => {
    fake().safeStorage.backend = 'basic_text';
    expect(choose('win32').cipher.kind).toBe(SAFE_STORAGE_CIPHER_KIND);
  });

  it('never logs the secrets it encrypts', () => {
    const log = captureLogger();
    const cipher = chooseDesktopCipher({
      safeStorage: asElectron<SafeStorage>({ ...fake().safeStorage, isEncryptionAvailable: () => false }),
      platform: 'linux',
      createFallbackCipher: () => createKeyFileCipher({ stateDir, env: {} }),
      logger: log.logger,
    });
    cipher.encrypt('super-secret-value');
    expect(JSON.stringify(log.lines)).not.toContain('super-secret-value');
  });
});
