import BetterSqlite3 from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migration010SessionsAndProfiles } from '../../../../src/main/store/migrations/010-sessions-and-profiles';

describe('migration 010 sessions and profiles', () => {
  it('is version 10: one profile per person, one mark per chat and kind of work, ordered session ranges', () => {
    expect(migration010SessionsAndProfiles.version).toBe(10);
    const db = new BetterSqlite3(':memory:');
    migration010SessionsAndProfiles.up(db);
    const profile =
      db.prepare(`INSERT INTO memory_profiles (agent, network, partner_id, profile, written_by, updated_at)
      VALUES ('Ada', 'simulator', 7, 'x', ?, 't')`);
    profile.run('reflection');
    expect(() => profile.run('reflection')).toThrow(/UNIQUE|PRIMARY/);
    const mark =
      db.prepare(`INSERT INTO memory_work_marks (agent, network, channel_id, work, through_message_id)
      VALUES ('Ada', 'simulator', 7, ?, 1)`);
    mark.run('session');
    mark.run('reflection');
    expect(() => mark.run('extraction')).toThrow(/CHECK/);
    expect(() =>
      db
        .prepare(`INSERT INTO session_summaries (agent, network, channel_id, id, topic, content, min_message_id,
          max_message_id, first_at, last_at, created_at) VALUES ('Ada', 'simulator', 7, 's', 't', 'c', 5, 4, 'a', 'b', 'c')`)
        .run(),
    ).toThrow(/CHECK/);
    db.close();
  });
});
