import { join } from 'node:path';
import type { Logger } from '../logging';
import type { SecretsRepository, TelegramSessionRepository } from '../store';
import type { SecretCipher } from './cipher';
import { KEY_FILE_NAME } from './key-file-cipher';

/** The known value the key check encrypts. */
const KEY_CHECK_VALUE = 'troupe-secret-key-check-v1';

/** The secret key in use is not the one that encrypted this state directory. */
export class SecretKeyMismatchError extends Error {
  constructor(cipher: SecretCipher, stateDir: string) {
    super(
      `The secret key in use (${describeKeySource(cipher, stateDir)}) is not the one that encrypted ` +
        `the state in ${stateDir}, so its stored secrets and Telegram sign-ins cannot be read. ` +
        'Start again with the key used before (the same TROUPE_SECRET_KEY, or the original secret.key ' +
        'in the state directory); nothing has been changed. To start afresh instead, move the state ' +
        'directory away.',
    );
    this.name = 'SecretKeyMismatchError';
  }
}

export interface SecretKeyCheckDeps {
  secrets: SecretsRepository;
  telegramSessions: TelegramSessionRepository;
  cipher: SecretCipher;
  stateDir: string;
  logger: Logger;
}

/**
 * Makes sure the secret key is the one this state directory was encrypted with, before anything
 * reads or writes an encrypted value: a wrong key must stop the start, not lose the sign-ins.
 * The first start stores the check. State from before the check existed counts as matching when
 * one of its stored values decrypts (or none is stored). Throws SecretKeyMismatchError.
 */
export function verifySecretKey(deps: SecretKeyCheckDeps): void {
  const stored = deps.secrets.keyCheck();
  if (stored !== null) {
    if (decrypts(deps.cipher, stored) !== KEY_CHECK_VALUE) {
      throw new SecretKeyMismatchError(deps.cipher, deps.stateDir);
    }
    return;
  }
  const earlier = [...deps.secrets.secretBlobs(), ...deps.telegramSessions.sessionBlobs()];
  if (earlier.length > 0 && !earlier.some((blob) => decrypts(deps.cipher, blob) !== null)) {
    throw new SecretKeyMismatchError(deps.cipher, deps.stateDir);
  }
  deps.secrets.putKeyCheck(deps.cipher.encrypt(KEY_CHECK_VALUE));
  deps.logger.child({ module: 'secrets' }).info({ cipher: deps.cipher.kind }, 'stored the secret key check');
}

function decrypts(cipher: SecretCipher, blob: Buffer): string | null {
  try {
    return cipher.decrypt(blob);
  } catch {
    return null;
  }
}

function describeKeySource(cipher: SecretCipher, stateDir: string): string {
  switch (cipher.kind) {
    case 'env-key':
      return 'the key in TROUPE_SECRET_KEY';
    case 'env-passphrase':
      return 'the passphrase in TROUPE_SECRET_KEY';
    case 'key-file':
      return `the key file ${join(stateDir, KEY_FILE_NAME)}`;
    case 'os-keychain':
      return 'the OS keychain';
    default:
      return cipher.kind;
  }
}
