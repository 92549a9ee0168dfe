import { describe, expect, it } from 'vitest';
import { createSafeStorageCipher } from '../../../src/main/app/safe-storage-cipher';
import { createLogger } from '../../../src/main/logging';
import { createKeyFileCipher, SecretKeyMismatchError, verifySecretKey } from '../../../src/main/secrets';
import { openStore } from '../../../src/main/store';

const logger = createLogger({ level: 'silent' });
const STATE_DIR = '/state/of/troupe';
const KEY_A = 'a'.repeat(64);
const KEY_B = 'b'.repeat(64);

function cipherWith(key: string) {
  return createKeyFileCipher({ stateDir: STATE_DIR, env: { TROUPE_SECRET_KEY: key } });
}

function check(store: ReturnType<typeof openStore>, key: string) {
  verifySecretKey({
    secrets: store.secrets,
    telegramSessions: store.telegramSessions,
    cipher: cipherWith(key),
    stateDir: STATE_DIR,
    logger,
  });
}

describe('verifySecretKey', () => {
  it('stores a check on the first start and accepts the same key later', () => {
    const store = openStore({ file: ':memory:', logger });
    check(store, KEY_A);
    expect(store.secrets.keyCheck()).not.toBeNull();
    expect(() => check(store, KEY_A)).not.toThrow();
    expect(store.secrets.listStatuses().every((status) => !status.isSet)).toBe(true);
  });

  it('refuses another key, saying what is wrong and what to do, and changes nothing', () => {
    const store = openStore({ file: ':memory:', logger });
    check(store, KEY_A);
    const before = store.secrets.keyCheck();
    expect(() => check(store, KEY_B)).toThrow(SecretKeyMismatchError);
    expect(() => check(store, KEY_B)).toThrow(
      /TROUPE_SECRET_KEY\) is not the one that encrypted the state in \/state\/of\/troupe.*Start again with the key used before/,
    );
    expect(store.secrets.keyCheck()).toEqual(before);
  });

  it('judges state from before the check by its stored values', () => {
    const store = openStore({ file: ':memory:', logger });
    store.telegramSessions.put('Ada', 'custom', cipherWith(KEY_A).encrypt('session'), {
      id: 42,
      name: 'Ada',
      username: null,
      phone: null,
      premium: false,
    });
    expect(() => check(store, KEY_B)).toThrow(SecretKeyMismatchError);
    expect(store.secrets.keyCheck()).toBeNull();
    check(store, KEY_A);
    expect(store.secrets.keyCheck()).not.toBeNull();
  });
});

describe('verifySecretKey with the desktop app’s OS keychain', () => {
  it('refuses state encrypted by another keychain key and names the keychain', () => {
    const store = openStore({ file: ':memory:', logger });
    const keychain = (secret: string) =>
      createSafeStorageCipher({
        encryptString: (plain) => Buffer.from(`${secret}:${plain}`),
        decryptString: (blob) => {
          const text = blob.toString();
          if (!text.startsWith(`${secret}:`)) throw new Error('Error while decrypting the ciphertext');
          return text.slice(secret.length + 1);
        },
      });
    const verify = (secret: string) =>
      verifySecretKey({
        secrets: store.secrets,
        telegramSessions: store.telegramSessions,
        cipher: keychain(secret),
        stateDir: STATE_DIR,
        logger,
      });
    verify('login-keyring');
    expect(() => verify('another-keyring')).toThrow(
      /The secret key in use \(the OS keychain\) is not the one/,
    );
  });
});
