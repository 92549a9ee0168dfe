import type { TelegramUser } from '../../../shared/domain/telegram';
import type { Logger } from '../../logging';
import type { SecretCipher } from '../../secrets';
import type { TelegramSessionRepository } from '../../store';

/** What the operator reads about a stored sign-in that the secret key in use cannot decrypt. */
export const UNREADABLE_SESSION_PROBLEM =
  'The saved Telegram sign-in cannot be decrypted with the secret key in use. Restart Troupe with the key that saved it, or log the agent out to remove it (or log in again).';

/** A login that can be used: the GramJS session string and the account it opens. */
export interface SavedTelegramSession {
  session: string;
  user: TelegramUser;
}

export interface SessionVaultDeps {
  repository: TelegramSessionRepository;
  cipher: SecretCipher;
  logger: Logger;
}

/**
 * Telegram sessions at rest, encrypted with the secret key: a session string is as good as the
 * account's password. A session that does not decrypt (another key, damaged bytes) is never
 * deleted here: it is kept and reported, and it goes only when the operator logs the agent out
 * or logs it in again.
 */
export class SessionVault {
  readonly #repository: TelegramSessionRepository;
  readonly #cipher: SecretCipher;
  readonly #logger: Logger;
  /**
   * Whether each stored blob decrypts, by agent and server: the console asks on every account
   * view, and a blob only changes with a new login. An unreadable one is logged once.
   */
  readonly #readable = new Map<string, { blob: Buffer; readable: boolean }>();

  constructor(deps: SessionVaultDeps) {
    this.#repository = deps.repository;
    this.#cipher = deps.cipher;
    this.#logger = deps.logger.child({ module: 'telegram-sessions' });
  }

  save(configName: string, scope: string, session: string, user: TelegramUser): void {
    this.#repository.put(configName, scope, this.#cipher.encrypt(session), user);
    this.#logger.info({ configName, scope, telegramId: user.id }, 'Telegram session saved');
  }

  /** The saved login, or null when there is none or it cannot be decrypted. */
  load(configName: string, scope: string): SavedTelegramSession | null {
    const stored = this.#repository.get(configName, scope);
    if (!stored) return null;
    const session = this.#decrypt(configName, scope, stored.sessionBlob);
    return session === null ? null : { session, user: stored.user };
  }

  /** Keeps what the account now is, read from Telegram; returns whether anything changed. */
  updateUser(configName: string, scope: string, user: TelegramUser): boolean {
    return this.#repository.updateUser(configName, scope, user);
  }

  /** The account a stored login opens, without decrypting the session (for the console's views). */
  user(configName: string, scope: string): TelegramUser | null {
    return this.#repository.get(configName, scope)?.user ?? null;
  }

  /** A session is stored but cannot be decrypted with the secret key in use. */
  unreadable(configName: string, scope: string): boolean {
    const stored = this.#repository.get(configName, scope);
    if (stored === null) return false;
    const known = this.#readable.get(`${configName}\n${scope}`);
    if (known?.blob.equals(stored.sessionBlob)) return !known.readable;
    return this.#decrypt(configName, scope, stored.sessionBlob) === null;
  }

  /** Returns whether a session was stored. */
  forget(configName: string, scope: string): boolean {
    const forgotten = this.#repository.delete(configName, scope);
    if (forgotten) this.#logger.info({ configName, scope }, 'Telegram session forgotten');
    return forgotten;
  }

  /** Every usable login on the server, by config name. */
  list(scope: string): Map<string, SavedTelegramSession> {
    const sessions = new Map<string, SavedTelegramSession>();
    for (const stored of this.#repository.list(scope)) {
      const session = this.#decrypt(stored.configName, scope, stored.sessionBlob);
      if (session !== null) sessions.set(stored.configName, { session, user: stored.user });
    }
    return sessions;
  }

  /** Null when the session does not decrypt; it stays stored, for the right key or the operator. */
  #decrypt(configName: string, scope: string, blob: Buffer): string | null {
    const key = `${configName}\n${scope}`;
    try {
      const session = this.#cipher.decrypt(blob);
      this.#readable.set(key, { blob, readable: true });
      return session;
    } catch (error) {
      if (!this.#readable.get(key)?.blob.equals(blob)) {
        this.#logger.warn(
          { configName, scope, reason: (error as Error).message },
          `${UNREADABLE_SESSION_PROBLEM} It is kept.`,
        );
      }
      this.#readable.set(key, { blob, readable: false });
      return null;
    }
  }
}
