import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  type ArchivedMessageInput,
  ArchiveIndexQueue,
  ArchiveRecallRepository,
  ArchiveRepository,
  openDatabase,
  type SqliteDatabase,
} from '../../../../src/main/store';
import { MIGRATIONS } from '../../../../src/main/store/migrations';
import { migration029ArchiveTextChangeTriggers } from '../../../../src/main/store/migrations/029-archive-text-change-triggers';

const CHAT = { agent: 'Ada', network: 'telegram' as const, channelId: 77 };

/** The agent's own message: archived as sent without a sender, then as the network shows it. */
function sent(text: string, senderName: string | null): ArchivedMessageInput {
  return {
    messageId: 5,
    senderId: senderName === null ? null : 1,
    senderName,
    isAgent: true,
    replyTo: null,
    sentAt: '2026-03-01T12:00:00.000Z',
    editedAt: null,
    text,
    partsJson: JSON.stringify([{ kind: 'text', text }]),
  };
}

describe('migration 029: the archive re-indexes only a changed text', () => {
  let db: SqliteDatabase;
  let archive: ArchiveRepository;
  let recall: ArchiveRecallRepository;

  beforeEach(() => {
    db = openDatabase(':memory:');
    archive = new ArchiveRepository(db);
    const queue = new ArchiveIndexQueue(db);
    recall = new ArchiveRecallRepository(db, queue);
    archive.put(CHAT, [sent('see you at the lighthouse', null)], new Date());
    queue.indexPending();
  });
  afterEach(() => db.close());

  const staleEmbeddings = () =>
    db.prepare('SELECT count(*) AS n FROM archive_embedding_stale').get() as { n: number };
  /** FTS5 adds a segment to an index for each change it takes in. */
  const segments = () => db.prepare('SELECT count(*) AS n FROM archive_words_data').get() as { n: number };
  const counted = (word: string) => recall.documentCount('words', `"${word}"`, 10);

  it('is version 29, the twenty-ninth', () => {
    expect(migration029ArchiveTextChangeTriggers.version).toBe(29);
    expect(MIGRATIONS[28]).toBe(migration029ArchiveTextChangeTriggers);
  });

  it('fills in the sender’s name without touching the indexes or the embedding', () => {
    const before = segments();
    archive.put(CHAT, [sent('see you at the lighthouse', 'Ada Lovelace')], new Date());

    expect(archive.page(CHAT, { limit: 1 })[0]).toMatchObject({ senderName: 'Ada Lovelace' });
    expect(segments()).toEqual(before);
    expect(staleEmbeddings()).toEqual({ n: 0 });
    expect(counted('lighthouse')).toBe(1);
  });

  it('still re-indexes, and marks for embedding, a message whose text changed', () => {
    archive.put(
      CHAT,
      [{ ...sent('see you at the harbour', 'Ada Lovelace'), editedAt: '2026-03-01T12:05:00.000Z' }],
      new Date(),
    );

    expect(counted('lighthouse')).toBe(0);
    expect(counted('harbour')).toBe(1);
    expect(staleEmbeddings()).toEqual({ n: 1 });
    for (const index of ['archive_words', 'archive_stems']) {
      expect(() => db.exec(`INSERT INTO ${index} (${index}) VALUES ('integrity-check')`)).not.toThrow();
    }
  });
});
