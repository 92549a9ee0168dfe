export { type SecretCipher, SecretDecryptError } from './cipher';
export { type SecretKeyCheckDeps, SecretKeyMismatchError, verifySecretKey } from './key-check';
export {
  createKeyFileCipher,
  KEY_FILE_NAME,
  type KeyFileCipherOptions,
  PASSPHRASE_SALT_FILE_NAME,
} from './key-file-cipher';
export { type SecretChangeListener, SecretStore, type SecretStoreDeps } from './secret-store';
export { openStateSecrets, type StateSecretsDeps } from './state-secrets';
