export { type SecretCipher, SecretDecryptError } from './cipher';
export {
  createKeyFileCipher,
  KEY_FILE_NAME,
  type KeyFileCipherOptions,
  PASSPHRASE_SALT_FILE_NAME,
} from './key-file-cipher';
export { type SecretChangeListener, SecretStore, type SecretStoreDeps } from './secret-store';
