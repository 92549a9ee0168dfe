import type { Migration } from './migration';

/**
 * Each agent's daily schedule: its activities (UTC instants, sorted and never overlapping, as
 * `src/main/schedule` keeps them) and when the model last extended it.
 */
export const migration022AgentSchedules: Migration = {
  version: 22,
  name: 'agent-schedules',
  up(db) {
    db.exec(`
      CREATE TABLE schedule_activities (
        agent TEXT NOT NULL,
        id TEXT NOT NULL,
        start_at TEXT NOT NULL,
        end_at TEXT NOT NULL CHECK (end_at > start_at),
        name TEXT NOT NULL,
        responsiveness INTEGER NOT NULL CHECK (responsiveness BETWEEN 0 AND 100),
        description TEXT NOT NULL,
        PRIMARY KEY (agent, id)
      ) STRICT, WITHOUT ROWID;
      CREATE INDEX schedule_activities_by_start ON schedule_activities (agent, start_at);
      CREATE TABLE agent_schedules (
        agent TEXT PRIMARY KEY,
        last_extended_at TEXT,
        updated_at TEXT NOT NULL
      ) STRICT;
    `);
  },
};
