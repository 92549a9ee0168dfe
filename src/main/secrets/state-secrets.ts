import type { Logger } from '../logging';
import type { SecretCipher } from './cipher';
import type { SecretKeyCheckDeps } from './key-check';
import { verifySecretKey } from './key-check';
import { createKeyFileCipher } from './key-file-cipher';
import { SecretStore } from './secret-store';

export interface StateSecretsDeps {
  store: Pick<SecretKeyCheckDeps, 'secrets' | 'telegramSessions'>;
  stateDir: string;
  /** Where the key (`TROUPE_SECRET_KEY`) and the secrets' variables are read. */
  env: NodeJS.ProcessEnv;
  logger: Logger;
}

/**
 * A state directory's secrets for a command outside the runtime, under the directory's key file
 * (or `TROUPE_SECRET_KEY`) and checked against it as the runtime checks them: throws
 * SecretKeyMismatchError when the key is not the one that encrypted them.
 */
export function openStateSecrets(deps: StateSecretsDeps): { cipher: SecretCipher; secrets: SecretStore } {
  const { store, stateDir, env, logger } = deps;
  const cipher = createKeyFileCipher({ stateDir, env, logger });
  verifySecretKey({
    secrets: store.secrets,
    telegramSessions: store.telegramSessions,
    cipher,
    stateDir,
    logger,
  });
  return { cipher, secrets: new SecretStore({ repository: store.secrets, cipher, logger, env }) };
}
