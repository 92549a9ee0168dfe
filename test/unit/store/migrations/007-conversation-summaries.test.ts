import BetterSqlite3 from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migration007ConversationSummaries } from '../../../../src/main/store/migrations/007-conversation-summaries';

describe('migration 007 conversation summaries', () => {
  it('is version 7 and keeps one summary per id in a chat, of known origins', () => {
    expect(migration007ConversationSummaries.version).toBe(7);
    const db = new BetterSqlite3(':memory:');
    migration007ConversationSummaries.up(db);
    const insert = db.prepare(`INSERT INTO conversation_summaries (agent, network, channel_id, id, content,
      min_message_id, max_message_id, created, origin, updated_at) VALUES ('Ada', 'simulator', 1, ?, 'x', 1, 2, 'c', ?, 'u')`);
    insert.run('summary-1', 'summarizer');
    expect(() => insert.run('summary-1', 'summarizer')).toThrow(/UNIQUE|PRIMARY/);
    expect(() => insert.run('summary-2', 'guess')).toThrow(/CHECK/);
    db.close();
  });
});
