import {
  type TelegramUpdateState,
  TelegramUpdateStateSchema,
  type TelegramUser,
  TelegramUserSchema,
} from '../../shared/domain/telegram';
import { type Now, systemNow } from './clock';
import type { SqliteDatabase } from './migrations/migration';

/** A stored login: the session still encrypted, and the account it belongs to. */
export interface StoredTelegramSession {
  configName: string;
  sessionBlob: Buffer;
  user: TelegramUser;
  updatedAt: string;
}

interface SessionRow {
  config_name: string;
  session_blob: Buffer;
  user_json: string;
  updated_at: string;
}

/**
 * Telegram sessions by agent and server scope. Blobs are encrypted before this layer
 * (see SessionVault in src/main/telegram/login).
 */
export class TelegramSessionRepository {
  readonly #upsert;
  readonly #delete;
  readonly #selectOne;
  readonly #selectScope;
  readonly #selectBlobs;
  readonly #selectUpdateState;
  readonly #saveUpdateState;
  readonly #updateUser;
  readonly #now: Now;

  constructor(db: SqliteDatabase, deps: { now?: Now } = {}) {
    this.#now = deps.now ?? systemNow;
    this.#upsert = db.prepare<{
      configName: string;
      scope: string;
      blob: Buffer;
      userJson: string;
      updatedAt: string;
    }>(
      `INSERT INTO telegram_sessions (config_name, server_scope, session_blob, user_json, updated_at)
       VALUES (@configName, @scope, @blob, @userJson, @updatedAt)
       ON CONFLICT (config_name, server_scope) DO UPDATE SET
         session_blob = excluded.session_blob, user_json = excluded.user_json, updated_at = excluded.updated_at,
         update_state_json = NULL`,
    );
    this.#delete = db.prepare<[string, string]>(
      'DELETE FROM telegram_sessions WHERE config_name = ? AND server_scope = ?',
    );
    this.#selectOne = db.prepare<[string, string], SessionRow>(
      `SELECT config_name, session_blob, user_json, updated_at FROM telegram_sessions
       WHERE config_name = ? AND server_scope = ?`,
    );
    this.#selectScope = db.prepare<[string], SessionRow>(
      `SELECT config_name, session_blob, user_json, updated_at FROM telegram_sessions
       WHERE server_scope = ? ORDER BY config_name`,
    );
    this.#selectBlobs = db.prepare<[], { session_blob: Buffer }>(
      'SELECT session_blob FROM telegram_sessions',
    );
    this.#updateUser = db.prepare<{ configName: string; scope: string; userJson: string }>(
      `UPDATE telegram_sessions SET user_json = @userJson
       WHERE config_name = @configName AND server_scope = @scope AND user_json IS NOT @userJson`,
    );
    this.#selectUpdateState = db.prepare<[string, string], { update_state_json: string | null }>(
      'SELECT update_state_json FROM telegram_sessions WHERE config_name = ? AND server_scope = ?',
    );
    this.#saveUpdateState = db.prepare<[string, string, string]>(
      'UPDATE telegram_sessions SET update_state_json = ? WHERE config_name = ? AND server_scope = ?',
    );
  }

  /** Every stored session's encrypted blob, on any server. */
  sessionBlobs(): Buffer[] {
    return this.#selectBlobs.all().map((row) => row.session_blob);
  }

  put(configName: string, scope: string, sessionBlob: Buffer, user: TelegramUser): void {
    this.#upsert.run({
      configName,
      scope,
      blob: sessionBlob,
      userJson: JSON.stringify(TelegramUserSchema.parse(user)),
      updatedAt: this.#now().toISOString(),
    });
  }

  /** Keeps what the account now is (a new name or username); returns whether anything changed. */
  updateUser(configName: string, scope: string, user: TelegramUser): boolean {
    const userJson = JSON.stringify(TelegramUserSchema.parse(user));
    return this.#updateUser.run({ configName, scope, userJson }).changes > 0;
  }

  get(configName: string, scope: string): StoredTelegramSession | null {
    const row = this.#selectOne.get(configName, scope);
    return row ? fromRow(row) : null;
  }

  /** Every session stored for the server, by config name. */
  list(scope: string): StoredTelegramSession[] {
    return this.#selectScope.all(scope).map(fromRow);
  }

  /**
   * Where the session stands in its account's update sequences; null for a new login, or when
   * what was kept no longer reads (the account then starts from Telegram's current state).
   */
  updateState(configName: string, scope: string): TelegramUpdateState | null {
    const json = this.#selectUpdateState.get(configName, scope)?.update_state_json;
    if (!json) return null;
    try {
      const parsed = TelegramUpdateStateSchema.safeParse(JSON.parse(json));
      return parsed.success ? parsed.data : null;
    } catch {
      return null;
    }
  }

  /** Keeps the session's place in its update sequences; nothing happens without a stored session. */
  saveUpdateState(configName: string, scope: string, state: TelegramUpdateState): void {
    this.#saveUpdateState.run(JSON.stringify(TelegramUpdateStateSchema.parse(state)), configName, scope);
  }

  /** Returns whether a session was stored. */
  delete(configName: string, scope: string): boolean {
    return this.#delete.run(configName, scope).changes > 0;
  }
}

function fromRow(row: SessionRow): StoredTelegramSession {
  return {
    configName: row.config_name,
    sessionBlob: row.session_blob,
    user: TelegramUserSchema.parse(JSON.parse(row.user_json)),
    updatedAt: row.updated_at,
  };
}
