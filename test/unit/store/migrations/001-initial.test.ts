import BetterSqlite3 from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migration001Initial } from '../../../../src/main/store/migrations/001-initial';

function migrated(): BetterSqlite3.Database {
  const db = new BetterSqlite3(':memory:');
  migration001Initial.up(db);
  return db;
}

function columns(db: BetterSqlite3.Database, table: string): string[] {
  return db
    .prepare<[], { name: string }>(`SELECT name FROM pragma_table_info('${table}')`)
    .all()
    .map((row) => row.name);
}

describe('migration 001 initial', () => {
  it('is version 1', () => {
    expect(migration001Initial.version).toBe(1);
  });

  it('creates the settings, secrets, agent state and task log tables', () => {
    const db = migrated();
    expect(columns(db, 'settings')).toEqual(['key', 'value_json', 'updated_at']);
    expect(columns(db, 'secrets')).toEqual(['name', 'blob', 'updated_at']);
    expect(columns(db, 'agent_state')).toEqual([
      'config_name',
      'telegram_id',
      'enabled',
      'login_state',
      'updated_at',
    ]);
    expect(columns(db, 'task_log')).toEqual([
      'id',
      'timestamp',
      'agent_config_name',
      'agent_telegram_id',
      'channel_id',
      'action_kind',
      'task_identifier',
      'details_json',
      'failure_message',
    ]);
    db.close();
  });

  it('defaults a new agent to enabled and logged out', () => {
    const db = migrated();
    db.prepare("INSERT INTO agent_state (config_name, updated_at) VALUES ('Cindy', 'now')").run();
    expect(db.prepare('SELECT enabled, login_state, telegram_id FROM agent_state').get()).toEqual({
      enabled: 1,
      login_state: 'logged-out',
      telegram_id: null,
    });
    db.close();
  });

  it('rejects task log details that are not JSON', () => {
    const db = migrated();
    const insert = db.prepare(
      "INSERT INTO task_log (timestamp, agent_config_name, action_kind, details_json) VALUES ('t', 'Cindy', 'send', ?)",
    );
    expect(() => insert.run('{not json')).toThrow(/CHECK constraint/);
    expect(() => insert.run('{"ok":true}')).not.toThrow();
    db.close();
  });

  it('serves task log reads by agent, channel, kind and time from indexes', () => {
    const db = migrated();
    const plan = (where: string) =>
      db
        .prepare<[], { detail: string }>(
          `EXPLAIN QUERY PLAN SELECT * FROM task_log WHERE ${where} ORDER BY timestamp DESC LIMIT 10`,
        )
        .all()
        .map((row) => row.detail)
        .join('\n');
    expect(plan("agent_config_name = 'Cindy'")).toContain('task_log_by_agent');
    expect(plan('channel_id = 42')).toContain('task_log_by_channel');
    expect(plan("action_kind = 'llm_usage'")).toContain('task_log_by_kind');
    expect(plan("timestamp < '2026'")).toContain('task_log_by_time');
    db.close();
  });
});
