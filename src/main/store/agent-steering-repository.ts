import type { SqliteDatabase } from './migrations/migration';
import { ReadCache } from './read-cache';

/** What the operator set for one agent across its conversations. */
export interface AgentSteering {
  /** The agent's planned messages wait for the operator's approval unless a conversation says otherwise. */
  requireApproval: boolean;
  /** USD per agent-local day; null: no limit. */
  dailyLimitUsd: number | null;
  /** The agent-local day (YYYY-MM-DD) the operator lifted the reached limit for; null: not lifted. */
  limitLiftedOn: string | null;
}

export const DEFAULT_AGENT_STEERING: AgentSteering = {
  requireApproval: false,
  dailyLimitUsd: null,
  limitLiftedOn: null,
};

interface SteeringRow {
  require_approval: number;
  daily_limit_usd: number | null;
  limit_lifted_on: string | null;
}

/**
 * Per-agent approval default and daily spending limit, keyed by config name. Every turn reads
 * them more than once, so what was read is kept (see ReadCache) until `put` changes it.
 */
export class AgentSteeringRepository {
  readonly #select;
  readonly #upsert;
  readonly #delete;
  readonly #read: ReadCache<AgentSteering>;

  constructor(db: SqliteDatabase) {
    this.#read = new ReadCache(db);
    this.#select = db.prepare<[string], SteeringRow>(
      'SELECT require_approval, daily_limit_usd, limit_lifted_on FROM agent_steering WHERE agent_config_name = ?',
    );
    this.#upsert = db.prepare<SteeringRow & { agent: string; updated_at: string }>(
      `INSERT INTO agent_steering (agent_config_name, require_approval, daily_limit_usd, limit_lifted_on, updated_at)
       VALUES (@agent, @require_approval, @daily_limit_usd, @limit_lifted_on, @updated_at)
       ON CONFLICT (agent_config_name) DO UPDATE SET require_approval = excluded.require_approval,
         daily_limit_usd = excluded.daily_limit_usd, limit_lifted_on = excluded.limit_lifted_on,
         updated_at = excluded.updated_at`,
    );
    this.#delete = db.prepare<[string]>('DELETE FROM agent_steering WHERE agent_config_name = ?');
  }

  get(agent: string): AgentSteering {
    const steering = this.#read.read(agent, () => {
      const row = this.#select.get(agent);
      if (!row) return DEFAULT_AGENT_STEERING;
      return {
        requireApproval: row.require_approval === 1,
        dailyLimitUsd: row.daily_limit_usd,
        limitLiftedOn: row.limit_lifted_on,
      };
    });
    return { ...steering };
  }

  /** Stores the settings; an agent back at every default leaves no row behind. */
  put(agent: string, steering: AgentSteering, at: Date): AgentSteering {
    this.#read.forget(agent);
    if (!steering.requireApproval && steering.dailyLimitUsd === null && steering.limitLiftedOn === null) {
      this.#delete.run(agent);
      return { ...DEFAULT_AGENT_STEERING };
    }
    this.#upsert.run({
      agent,
      require_approval: steering.requireApproval ? 1 : 0,
      daily_limit_usd: steering.dailyLimitUsd,
      limit_lifted_on: steering.limitLiftedOn,
      updated_at: at.toISOString(),
    });
    return { ...steering };
  }
}
