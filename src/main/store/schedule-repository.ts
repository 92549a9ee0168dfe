import type { ScheduleActivity } from '../../shared/domain/schedule';
import type { SqliteDatabase } from './migrations/migration';

interface ActivityRow {
  id: string;
  start_at: string;
  end_at: string;
  name: string;
  responsiveness: number;
  description: string;
}

/** An agent's stored schedule. */
export interface StoredSchedule {
  activities: ScheduleActivity[];
  /** When the model last extended it; null when never. */
  lastExtendedAt: string | null;
}

/**
 * Agents' daily schedules. A schedule is replaced whole (the schedule module makes each change
 * and checks it), in one transaction, so a reader never sees half of one.
 */
export class ScheduleRepository {
  readonly #db: SqliteDatabase;

  constructor(db: SqliteDatabase) {
    this.#db = db;
  }

  get(agent: string): StoredSchedule {
    const activities = this.#db
      .prepare<[string], ActivityRow>(
        `SELECT id, start_at, end_at, name, responsiveness, description FROM schedule_activities
         WHERE agent = ? ORDER BY start_at, end_at`,
      )
      .all(agent)
      .map((row) => ({
        id: row.id,
        start: row.start_at,
        end: row.end_at,
        name: row.name,
        responsiveness: row.responsiveness,
        description: row.description,
      }));
    const meta = this.#db
      .prepare<[string], { last_extended_at: string | null }>(
        'SELECT last_extended_at FROM agent_schedules WHERE agent = ?',
      )
      .get(agent);
    return { activities, lastExtendedAt: meta?.last_extended_at ?? null };
  }

  /** Stores `activities` as the agent's whole schedule; `extendedAt` marks a model's extension. */
  replace(agent: string, activities: readonly ScheduleActivity[], now: Date, extendedAt?: Date): void {
    const insert = this.#db.prepare(
      `INSERT INTO schedule_activities (agent, id, start_at, end_at, name, responsiveness, description)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    );
    this.#db.transaction(() => {
      this.#db.prepare('DELETE FROM schedule_activities WHERE agent = ?').run(agent);
      for (const activity of activities) {
        insert.run(
          agent,
          activity.id,
          activity.start,
          activity.end,
          activity.name,
          activity.responsiveness,
          activity.description,
        );
      }
      this.#db
        .prepare(
          `INSERT INTO agent_schedules (agent, last_extended_at, updated_at) VALUES (?, ?, ?)
           ON CONFLICT (agent) DO UPDATE SET
             last_extended_at = COALESCE(excluded.last_extended_at, last_extended_at),
             updated_at = excluded.updated_at`,
        )
        .run(agent, extendedAt?.toISOString() ?? null, now.toISOString());
    })();
  }
}
