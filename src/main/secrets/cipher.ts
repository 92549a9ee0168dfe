/**
 * Encrypts secret values at rest. The headless runtime uses a key file or TROUPE_SECRET_KEY
 * (`createKeyFileCipher`); the desktop shell supplies one over Electron's safeStorage.
 */
export interface SecretCipher {
  /** Names the key source, for logs and diagnostics (e.g. 'key-file'). */
  readonly kind: string;
  encrypt(plain: string): Buffer;
  /** Throws `SecretDecryptError` when the blob cannot be decrypted with this cipher's key. */
  decrypt(blob: Buffer): string;
}

/**
 * A stored secret cannot be decrypted: the key changed (another key file, TROUPE_SECRET_KEY or
 * OS keychain) or the stored bytes are damaged. The message never carries secret material.
 */
export class SecretDecryptError extends Error {
  constructor(
    readonly reason: string,
    readonly secretName: string | null = null,
  ) {
    const subject = secretName === null ? 'A stored secret' : `The stored secret "${secretName}"`;
    super(
      `${subject} cannot be decrypted (${reason}). The encryption key probably changed since it was saved; set the secret again.`,
    );
    this.name = 'SecretDecryptError';
  }
}
