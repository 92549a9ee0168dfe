import type { SafeStorage } from 'electron';
import type { Logger } from '../logging';
import { type SecretCipher, SecretDecryptError } from '../secrets';

export const SAFE_STORAGE_CIPHER_KIND = 'os-keychain';

type SafeStorageApi = Pick<
  SafeStorage,
  'isEncryptionAvailable' | 'getSelectedStorageBackend' | 'encryptString' | 'decryptString'
>;

/**
 * Secrets encrypted by the operating system's keychain through Electron's safeStorage (Keychain
 * on macOS, DPAPI on Windows, libsecret or KWallet on Linux). Uses the synchronous calls because
 * `SecretCipher` is synchronous; Electron 45 marks them deprecated in favour of async ones.
 */
export function createSafeStorageCipher(
  safeStorage: Pick<SafeStorageApi, 'encryptString' | 'decryptString'>,
): SecretCipher {
  return {
    kind: SAFE_STORAGE_CIPHER_KIND,
    encrypt: (plain) => safeStorage.encryptString(plain),
    decrypt(blob) {
      try {
        return safeStorage.decryptString(blob);
      } catch {
        throw new SecretDecryptError('the OS keychain could not decrypt it');
      }
    },
  };
}

/**
 * Why safeStorage cannot protect secrets here, or null when it can. On Linux without a keyring
 * Electron still "encrypts" with the `basic_text` backend, whose key is a constant compiled into
 * Chromium: that is obfuscation, so it counts as unavailable.
 */
export function safeStorageUnavailableReason(
  safeStorage: SafeStorageApi,
  platform: NodeJS.Platform,
): string | null {
  if (!safeStorage.isEncryptionAvailable()) return 'the OS keychain is not available';
  if (platform === 'linux') {
    const backend = safeStorage.getSelectedStorageBackend();
    if (backend === 'basic_text' || backend === 'unknown')
      return `no keyring service was found (backend "${backend}")`;
  }
  return null;
}

export interface DesktopCipherOptions {
  safeStorage: SafeStorageApi;
  platform: NodeJS.Platform;
  /** The key-file cipher of the headless runtime, used when the keychain cannot be. */
  createFallbackCipher: () => SecretCipher;
  logger: Logger;
}

/** The OS keychain when it is usable, otherwise the key file in the state directory. */
export function chooseDesktopCipher({
  safeStorage,
  platform,
  createFallbackCipher,
  logger,
}: DesktopCipherOptions): SecretCipher {
  const reason = safeStorageUnavailableReason(safeStorage, platform);
  if (reason === null) return createSafeStorageCipher(safeStorage);
  const fallback = createFallbackCipher();
  logger.warn(
    { reason, cipher: fallback.kind },
    'secrets are encrypted with a key kept in the state directory because the OS keychain cannot be used; protect that directory',
  );
  return fallback;
}
