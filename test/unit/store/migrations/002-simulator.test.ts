import BetterSqlite3 from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migration001Initial } from '../../../../src/main/store/migrations/001-initial';
import { migration002Simulator } from '../../../../src/main/store/migrations/002-simulator';

function migrated(): BetterSqlite3.Database {
  const db = new BetterSqlite3(':memory:');
  db.pragma('foreign_keys = ON');
  migration001Initial.up(db);
  migration002Simulator.up(db);
  return db;
}

function columns(db: BetterSqlite3.Database, table: string): string[] {
  return db
    .prepare<[], { name: string }>(`SELECT name FROM pragma_table_info('${table}')`)
    .all()
    .map((row) => row.name);
}

function addChat(db: BetterSqlite3.Database, kind: 'direct' | 'group', channelId: number): void {
  db.prepare(
    "INSERT INTO sim_chats (agent, channel_id, kind, title, created_at) VALUES ('Cindy', ?, ?, ?, 'now')",
  ).run(channelId, kind, kind === 'group' ? 'Book club' : null);
}

function addMessage(db: BetterSqlite3.Database, channelId: number, messageId: number): void {
  db.prepare(
    `INSERT INTO sim_messages (agent, channel_id, message_id, parts_json, sent_at)
     VALUES ('Cindy', ?, ?, '[]', 'now')`,
  ).run(channelId, messageId);
}

describe('migration 002 simulator', () => {
  it('is version 2', () => {
    expect(migration002Simulator.version).toBe(2);
  });

  it('creates the simulator tables', () => {
    const db = migrated();
    expect(columns(db, 'sim_people')).toEqual([
      'id',
      'agent',
      'first_name',
      'last_name',
      'username',
      'bio',
      'blocks_agent',
      'created_at',
    ]);
    expect(columns(db, 'sim_chats')).toEqual([
      'agent',
      'channel_id',
      'kind',
      'title',
      'muted',
      'last_message_id',
      'agent_read_up_to',
      'people_read_up_to',
      'created_at',
    ]);
    expect(columns(db, 'sim_members')).toEqual(['agent', 'channel_id', 'person_id', 'read_up_to']);
    expect(columns(db, 'sim_messages')).toEqual([
      'agent',
      'channel_id',
      'message_id',
      'sender_person_id',
      'reply_to',
      'parts_json',
      'mentioned',
      'mention_unread',
      'hidden_for_agent',
      'sent_at',
      'edited_at',
    ]);
    expect(columns(db, 'sim_reactions')).toEqual([
      'seq',
      'agent',
      'channel_id',
      'message_id',
      'person_id',
      'emoji',
      'unread',
      'reacted_at',
    ]);
    expect(columns(db, 'sim_sent_keys')).toEqual([
      'agent',
      'idempotency_key',
      'channel_id',
      'message_id',
      'sent_at',
    ]);
    expect(columns(db, 'sim_blocked')).toEqual(['agent', 'user_id', 'blocked_at']);
    expect(columns(db, 'sim_history_clears')).toEqual([
      'id',
      'agent',
      'channel_id',
      'up_to_message_id',
      'revoke',
      'cleared_at',
    ]);
    expect(columns(db, 'sim_counters')).toEqual(['name', 'value']);
    db.close();
  });

  it('starts a chat with no messages, nothing read and unmuted', () => {
    const db = migrated();
    addChat(db, 'direct', 9_000_000_001);
    expect(
      db.prepare('SELECT muted, last_message_id, agent_read_up_to, people_read_up_to FROM sim_chats').get(),
    ).toEqual({ muted: 0, last_message_id: 0, agent_read_up_to: 0, people_read_up_to: 0 });
    db.close();
  });

  it('requires a title exactly for groups', () => {
    const db = migrated();
    const insert = db.prepare(
      "INSERT INTO sim_chats (agent, channel_id, kind, title, created_at) VALUES ('Cindy', ?, ?, ?, 'now')",
    );
    expect(() => insert.run(-1, 'group', null)).toThrow(/CHECK constraint/);
    expect(() => insert.run(1, 'direct', 'A title')).toThrow(/CHECK constraint/);
    expect(() => insert.run(2, 'channel', null)).toThrow(/CHECK constraint/);
    db.close();
  });

  it('keeps usernames unique per agent, ignoring case', () => {
    const db = migrated();
    const insert = db.prepare(
      "INSERT INTO sim_people (id, agent, first_name, username, created_at) VALUES (?, ?, 'Ann', ?, 'now')",
    );
    insert.run(1, 'Cindy', 'ann_reads');
    expect(() => insert.run(2, 'Cindy', 'Ann_Reads')).toThrow(/UNIQUE constraint/);
    expect(() => insert.run(3, 'Bob', 'ann_reads')).not.toThrow();
    expect(() => insert.run(4, 'Cindy', null)).not.toThrow();
    expect(() => insert.run(5, 'Cindy', null)).not.toThrow();
    db.close();
  });

  it('allows one reaction per reactor and message, the agent being the reactor without a person', () => {
    const db = migrated();
    addChat(db, 'direct', 7);
    addMessage(db, 7, 1);
    db.prepare(
      "INSERT INTO sim_people (id, agent, first_name, created_at) VALUES (7, 'Cindy', 'Ann', 'now')",
    ).run();
    const react = db.prepare(
      "INSERT INTO sim_reactions (agent, channel_id, message_id, person_id, emoji, reacted_at) VALUES ('Cindy', 7, 1, ?, ?, 'now')",
    );
    react.run(null, '👍');
    react.run(7, '❤');
    expect(() => react.run(null, '🔥')).toThrow(/UNIQUE constraint/);
    expect(() => react.run(7, '🔥')).toThrow(/UNIQUE constraint/);
    db.close();
  });

  it('drops a message’s reactions with the message, and a chat’s messages with the chat', () => {
    const db = migrated();
    addChat(db, 'group', -1009000000001);
    addMessage(db, -1009000000001, 1);
    db.prepare(
      "INSERT INTO sim_reactions (agent, channel_id, message_id, emoji, reacted_at) VALUES ('Cindy', -1009000000001, 1, '👍', 'now')",
    ).run();
    db.prepare("DELETE FROM sim_chats WHERE agent = 'Cindy'").run();
    expect(db.prepare('SELECT count(*) AS n FROM sim_messages').get()).toEqual({ n: 0 });
    expect(db.prepare('SELECT count(*) AS n FROM sim_reactions').get()).toEqual({ n: 0 });
    db.close();
  });

  it('rejects message parts that are not JSON', () => {
    const db = migrated();
    addChat(db, 'direct', 7);
    const insert = db.prepare(
      "INSERT INTO sim_messages (agent, channel_id, message_id, parts_json, sent_at) VALUES ('Cindy', 7, ?, ?, 'now')",
    );
    expect(() => insert.run(1, '[{"kind":')).toThrow(/CHECK constraint/);
    expect(() => insert.run(2, '[{"kind":"text","text":"hi"}]')).not.toThrow();
    db.close();
  });

  it('keeps one message per idempotency key and agent', () => {
    const db = migrated();
    const insert = db.prepare(
      "INSERT INTO sim_sent_keys (agent, idempotency_key, channel_id, message_id, sent_at) VALUES (?, 'key-1', 7, ?, 'now')",
    );
    insert.run('Cindy', 1);
    expect(() => insert.run('Cindy', 2)).toThrow(/UNIQUE constraint/);
    expect(() => insert.run('Bob', 1)).not.toThrow();
    db.close();
  });
});
