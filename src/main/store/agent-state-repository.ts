import { type AgentRuntimeState, LoginStateSchema } from '../../shared/domain/agent-runtime';
import { type Now, systemNow } from './clock';
import type { SqliteDatabase } from './migrations/migration';

export type AgentStateChange = Partial<Pick<AgentRuntimeState, 'telegramId' | 'enabled' | 'loginState'>>;

interface AgentStateRow {
  config_name: string;
  telegram_id: number | null;
  enabled: number;
  login_state: string;
  updated_at: string;
}

/** The state of an agent that has never been stored. */
export function defaultAgentState(configName: string): AgentRuntimeState {
  return { configName, telegramId: null, enabled: true, loginState: 'logged-out', updatedAt: null };
}

function toState(row: AgentStateRow): AgentRuntimeState {
  const loginState = LoginStateSchema.safeParse(row.login_state);
  return {
    configName: row.config_name,
    telegramId: row.telegram_id,
    enabled: row.enabled === 1,
    // A state this version does not know (written by a newer one) means nothing here: start logged out.
    loginState: loginState.success ? loginState.data : 'logged-out',
    updatedAt: row.updated_at,
  };
}

export class AgentStateConflictError extends Error {
  constructor(readonly configName: string) {
    super(
      `Agent "${configName}" already has stored state; delete it before renaming another agent to that name.`,
    );
    this.name = 'AgentStateConflictError';
  }
}

/** What the runtime remembers about each agent, keyed by config name (the agent file's stem). */
export class AgentStateRepository {
  readonly #db: SqliteDatabase;
  readonly #select;
  readonly #selectAll;
  readonly #upsert;
  readonly #rename;
  readonly #delete;
  readonly #now: Now;

  constructor(db: SqliteDatabase, deps: { now?: Now } = {}) {
    this.#db = db;
    this.#now = deps.now ?? systemNow;
    this.#select = db.prepare<[string], AgentStateRow>('SELECT * FROM agent_state WHERE config_name = ?');
    this.#selectAll = db.prepare<[], AgentStateRow>('SELECT * FROM agent_state ORDER BY config_name');
    this.#upsert = db.prepare<{
      configName: string;
      telegramId: number | null;
      enabled: number;
      loginState: string;
      updatedAt: string;
    }>(
      `INSERT INTO agent_state (config_name, telegram_id, enabled, login_state, updated_at)
       VALUES (@configName, @telegramId, @enabled, @loginState, @updatedAt)
       ON CONFLICT (config_name) DO UPDATE SET telegram_id = excluded.telegram_id, enabled = excluded.enabled,
         login_state = excluded.login_state, updated_at = excluded.updated_at`,
    );
    this.#rename = db.prepare<{ from: string; to: string; updatedAt: string }>(
      'UPDATE agent_state SET config_name = @to, updated_at = @updatedAt WHERE config_name = @from',
    );
    this.#delete = db.prepare<[string]>('DELETE FROM agent_state WHERE config_name = ?');
  }

  /** The stored state, or the defaults (enabled, logged out, no Telegram id) when there is none. */
  get(configName: string): AgentRuntimeState {
    const row = this.#select.get(configName);
    return row ? toState(row) : defaultAgentState(configName);
  }

  /** Every agent with stored state, by config name. */
  list(): AgentRuntimeState[] {
    return this.#selectAll.all().map(toState);
  }

  /** Changes the given fields, keeping the others, and returns the new state. */
  update(configName: string, change: AgentStateChange): AgentRuntimeState {
    return this.#db
      .transaction(() => {
        const current = this.get(configName);
        const next = { ...current, ...definedFields(change), updatedAt: this.#now().toISOString() };
        this.#upsert.run({
          configName,
          telegramId: next.telegramId,
          enabled: next.enabled ? 1 : 0,
          loginState: LoginStateSchema.parse(next.loginState),
          updatedAt: next.updatedAt,
        });
        return next;
      })
      .immediate();
  }

  /**
   * Moves stored state to a new config name (the agent file was renamed). Returns false when
   * `from` has no state; throws `AgentStateConflictError` when `to` already has some.
   */
  rename(from: string, to: string): boolean {
    if (from === to) return this.#select.get(from) !== undefined;
    return this.#db
      .transaction(() => {
        if (this.#select.get(to)) throw new AgentStateConflictError(to);
        return this.#rename.run({ from, to, updatedAt: this.#now().toISOString() }).changes > 0;
      })
      .immediate();
  }

  /** Returns whether state was stored. */
  delete(configName: string): boolean {
    return this.#delete.run(configName).changes > 0;
  }
}

/** Drops keys explicitly set to undefined, so `{ enabled: undefined }` keeps the current value. */
function definedFields(change: AgentStateChange): AgentStateChange {
  return Object.fromEntries(Object.entries(change).filter(([, value]) => value !== undefined));
}
