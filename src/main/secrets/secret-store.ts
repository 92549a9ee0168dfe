import {
  SECRET_ENV_VARS,
  SECRET_LABELS,
  SECRET_NAMES,
  type SecretName,
  SecretNameSchema,
  type SecretStatus,
  secretValueProblem,
} from '../../shared/domain/secrets';
import type { Logger } from '../logging';
import type { SecretsRepository } from '../store';
import { type SecretCipher, SecretDecryptError } from './cipher';

export type SecretChangeListener = (name: SecretName) => void;

export interface SecretStoreDeps {
  repository: SecretsRepository;
  cipher: SecretCipher;
  logger: Logger;
  /** Variables that supply secrets in place of saved ones (`SECRET_ENV_VARS`); none when left out. */
  env?: Readonly<Record<string, string | undefined>>;
}

/**
 * The runtime's only way to secrets: values go in encrypted and come out only through `reveal`,
 * which is for the runtime's own use (LLM clients, Telegram login) and never for the API, where
 * secrets are write-only and reported by status.
 */
export class SecretStore {
  readonly #repository: SecretsRepository;
  readonly #cipher: SecretCipher;
  readonly #logger: Logger;
  readonly #env: Readonly<Record<string, string | undefined>>;
  readonly #listeners = new Set<SecretChangeListener>();

  constructor(deps: SecretStoreDeps) {
    this.#repository = deps.repository;
    this.#cipher = deps.cipher;
    this.#logger = deps.logger.child({ module: 'secrets' });
    this.#env = deps.env ?? {};
  }

  /**
   * Stores the trimmed value and returns the new status. A blank value or one the secret cannot
   * be (see secretValueProblem) is refused, never taken as a clear.
   */
  set(name: SecretName, value: string): SecretStatus {
    const secretName = validName(name);
    if (typeof value !== 'string')
      throw new TypeError(`The value for secret "${secretName}" must be a string.`);
    const problem = secretValueProblem(secretName, value);
    if (problem) throw new TypeError(`${SECRET_LABELS[secretName]}: ${problem}`);
    const trimmed = value.trim();
    this.#repository.put(secretName, this.#cipher.encrypt(trimmed));
    this.#logger.info({ name: secretName }, 'secret set');
    this.#notify(secretName);
    return this.#statusOf(secretName);
  }

  /** Forgets the secret. Returns the new status; listeners hear only of an actual change. */
  clear(name: SecretName): SecretStatus {
    const secretName = validName(name);
    if (this.#repository.delete(secretName)) {
      this.#logger.info({ name: secretName }, 'secret cleared');
      this.#notify(secretName);
    }
    return this.#statusOf(secretName);
  }

  /** One status per known secret, in `SECRET_NAMES` order. */
  status(): SecretStatus[] {
    return this.#repository.listStatuses().map((stored) => ({
      ...stored,
      environmentVariable: this.#fromEnvironment(stored.name) === null ? null : SECRET_ENV_VARS[stored.name],
    }));
  }

  /**
   * The plaintext: the environment's when its variable is set, else the saved one, else null.
   * Throws `SecretDecryptError` (naming the secret) when the saved value was encrypted with
   * another key.
   */
  reveal(name: SecretName): string | null {
    const secretName = validName(name);
    const fromEnvironment = this.#fromEnvironment(secretName);
    if (fromEnvironment !== null) return fromEnvironment;
    const blob = this.#repository.getBlob(secretName);
    if (blob === null) return null;
    try {
      return this.#cipher.decrypt(blob);
    } catch (error) {
      const reason = error instanceof SecretDecryptError ? error.reason : 'the cipher rejected it';
      throw new SecretDecryptError(reason, secretName);
    }
  }

  /** Calls `listener` with the name of each secret set or cleared. Returns the unsubscribe function. */
  onChange(listener: SecretChangeListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  #fromEnvironment(name: SecretName): string | null {
    return this.#env[SECRET_ENV_VARS[name]]?.trim() || null;
  }

  #statusOf(name: SecretName): SecretStatus {
    return this.status().find((status) => status.name === name)!;
  }

  /** A failing listener must not undo or hide a change that is already stored. */
  #notify(name: SecretName): void {
    for (const listener of this.#listeners) {
      try {
        listener(name);
      } catch (error) {
        this.#logger.error({ name, err: error }, 'secret change listener failed');
      }
    }
  }
}

function validName(name: string): SecretName {
  const parsed = SecretNameSchema.safeParse(name);
  if (!parsed.success) {
    throw new RangeError(`Unknown secret "${name}". Known secrets: ${SECRET_NAMES.join(', ')}.`);
  }
  return parsed.data;
}
