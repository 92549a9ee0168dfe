import type { Migration } from './migration';

/**
 * The operator's co-pilot settings. A conversation can be taken over ("operator only": the agent
 * stays silent, the operator writes as it) and can require the operator's approval of every
 * message the agent plans (null: as the agent's default). Per agent: approval by default, and a
 * daily spending limit in USD with the day the operator lifted it for.
 */
export const migration017OperatorSteering: Migration = {
  version: 17,
  name: 'operator-steering',
  up(db) {
    db.exec(`
      ALTER TABLE conversation_settings
        ADD COLUMN operator_only INTEGER NOT NULL DEFAULT 0 CHECK (operator_only IN (0, 1));
      ALTER TABLE conversation_settings
        ADD COLUMN require_approval INTEGER CHECK (require_approval IN (0, 1));
      CREATE TABLE agent_steering (
        agent_config_name TEXT PRIMARY KEY,
        require_approval INTEGER NOT NULL DEFAULT 0 CHECK (require_approval IN (0, 1)),
        daily_limit_usd REAL CHECK (daily_limit_usd IS NULL OR daily_limit_usd >= 0),
        limit_lifted_on TEXT,
        updated_at TEXT NOT NULL
      );
    `);
  },
};
