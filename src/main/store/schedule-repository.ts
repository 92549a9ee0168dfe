import type { ScheduleActivity } from '../../shared/domain/schedule';
import type { SqliteDatabase } from './migrations/migration';
import { ReadCache } from './read-cache';

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
 * and checks it), in one transaction, so a reader never sees half of one. The engine reads an
 * agent's schedule whenever it looks at one of its conversations, so schedules read are kept (see
 * ReadCache) until they change.
 */
export class ScheduleRepository {
  readonly #db: SqliteDatabase;
  readonly #selectActivities;
  readonly #selectMeta;
  readonly #deleteActivities;
  readonly #insertActivity;
  readonly #upsertMeta;
  readonly #kept: ReadCache<StoredSchedule>;

  constructor(db: SqliteDatabase) {
    this.#db = db;
    this.#kept = new ReadCache(db);
    this.#selectActivities = db.prepare<[string], ActivityRow>(
      `SELECT id, start_at, end_at, name, responsiveness, description FROM schedule_activities
       WHERE agent = ? ORDER BY start_at, end_at`,
    );
    this.#selectMeta = db.prepare<[string], { last_extended_at: string | null }>(
      'SELECT last_extended_at FROM agent_schedules WHERE agent = ?',
    );
    this.#deleteActivities = db.prepare<[string]>('DELETE FROM schedule_activities WHERE agent = ?');
    this.#insertActivity = db.prepare<[string, string, string, string, string, number, string]>(
      `INSERT INTO schedule_activities (agent, id, start_at, end_at, name, responsiveness, description)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    );
    this.#upsertMeta = db.prepare<[string, string | null, string]>(
      `INSERT INTO agent_schedules (agent, last_extended_at, updated_at) VALUES (?, ?, ?)
       ON CONFLICT (agent) DO UPDATE SET
         last_extended_at = COALESCE(excluded.last_extended_at, last_extended_at),
         updated_at = excluded.updated_at`,
    );
  }

  get(agent: string): StoredSchedule {
    return this.#kept.read(agent, () => ({
      activities: this.#selectActivities.all(agent).map((row) => ({
        id: row.id,
        start: row.start_at,
        end: row.end_at,
        name: row.name,
        responsiveness: row.responsiveness,
        description: row.description,
      })),
      lastExtendedAt: this.#selectMeta.get(agent)?.last_extended_at ?? null,
    }));
  }

  /** Stores `activities` as the agent's whole schedule; `extendedAt` marks a model's extension. */
  replace(agent: string, activities: readonly ScheduleActivity[], now: Date, extendedAt?: Date): void {
    this.#kept.forget(agent);
    this.#db.transaction(() => {
      this.#deleteActivities.run(agent);
      for (const activity of activities) {
        this.#insertActivity.run(
          agent,
          activity.id,
          activity.start,
          activity.end,
          activity.name,
          activity.responsiveness,
          activity.description,
        );
      }
      this.#upsertMeta.run(agent, extendedAt?.toISOString() ?? null, now.toISOString());
    })();
  }
}
