import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  type ArchivedMessageInput,
  ArchiveIndexQueue,
  ArchiveRecallRepository,
  ArchiveRepository,
  openDatabase,
  type SqliteDatabase,
} from '../../../src/main/store';

const CHAT = { agent: 'Ada', network: 'telegram' as const, channelId: 77 };
const OTHER_CHAT = { ...CHAT, channelId: 78 };

function message(messageId: number, text: string): ArchivedMessageInput {
  return {
    messageId,
    senderId: 1,
    senderName: 'Pat',
    isAgent: false,
    replyTo: null,
    sentAt: new Date(Date.UTC(2025, 2, 1, 12, messageId)).toISOString(),
    editedAt: null,
    text,
    partsJson: '[]',
  };
}

describe('the archive’s index queue', () => {
  let db: SqliteDatabase;
  let archive: ArchiveRepository;
  let queue: ArchiveIndexQueue;
  let recall: ArchiveRecallRepository;

  beforeEach(() => {
    db = openDatabase(':memory:');
    archive = new ArchiveRepository(db);
    queue = new ArchiveIndexQueue(db);
    recall = new ArchiveRecallRepository(db, queue);
  });
  afterEach(() => db.close());

  const put = (chat: typeof CHAT, ...messages: ArchivedMessageInput[]) =>
    db.transaction(() => archive.put(chat, messages, new Date()))();
  const counted = (word: string) => recall.documentCount('words', `"${word}"`, 100);
  const staleEmbeddings = () => db.prepare('SELECT count(*) FROM archive_embedding_stale').pluck().get();
  /** FTS5 adds a segment to an index for each change it takes in. */
  const segments = () => db.prepare('SELECT count(*) FROM archive_words_data').pluck().get();
  /** FTS5 compares each index with the archive's rows: it throws when they disagree. */
  const expectIndexesMatchArchive = () => {
    for (const index of ['archive_words', 'archive_stems']) {
      expect(() => db.exec(`INSERT INTO ${index} (${index}) VALUES ('integrity-check')`)).not.toThrow();
    }
  };

  it('indexes new messages in one batch, and only once', () => {
    put(CHAT, message(1, 'lanterns on the pier'));
    put(OTHER_CHAT, message(1, 'a pier at night'));
    expect(counted('pier')).toBe(0);

    expect(queue.indexPending()).toBe(2);
    expect(counted('pier')).toBe(2);
    expect(queue.indexPending()).toBe(0);
    expectIndexesMatchArchive();
  });

  it('indexes a message edited while queued as it reads now', () => {
    put(CHAT, message(1, 'meet at the lighthouse'));
    put(CHAT, { ...message(1, 'meet at the harbour'), editedAt: '2025-03-01T13:00:00.000Z' });
    queue.indexPending();

    expect(counted('lighthouse')).toBe(0);
    expect(counted('harbour')).toBe(1);
    expectIndexesMatchArchive();
  });

  it('re-indexes an indexed message that is edited, at once', () => {
    put(CHAT, message(1, 'meet at the lighthouse'));
    queue.indexPending();
    put(CHAT, { ...message(1, 'meet at the harbour'), editedAt: '2025-03-01T13:00:00.000Z' });

    expect(counted('lighthouse')).toBe(0);
    expect(counted('harbour')).toBe(1);
    expect(staleEmbeddings()).toBe(1);
    expectIndexesMatchArchive();
  });

  it('leaves an indexed message’s indexes and embedding alone when only its sender’s name changes', () => {
    // The agent's own message is archived as sent, without a name; its next turn's history names it.
    put(CHAT, {
      ...message(1, 'see you at the lighthouse'),
      senderId: null,
      senderName: null,
      isAgent: true,
    });
    queue.indexPending();
    const before = segments();
    put(CHAT, { ...message(1, 'see you at the lighthouse'), senderName: 'Ada Lovelace', isAgent: true });

    expect(archive.page(CHAT, { limit: 1 })[0]).toMatchObject({ senderName: 'Ada Lovelace' });
    expect(segments()).toBe(before);
    expect(staleEmbeddings()).toBe(0);
    expect(counted('lighthouse')).toBe(1);
  });

  it('drops a queued message that is deleted, and unindexes an indexed one', () => {
    put(CHAT, message(1, 'an indexed pier'), message(2, 'a queued pier'));
    queue.indexPending();
    put(CHAT, message(3, 'another queued pier'));
    db.prepare('DELETE FROM archive_messages WHERE message_id IN (1, 3)').run();

    expect(queue.indexPending()).toBe(0);
    expect(counted('pier')).toBe(1);
    expectIndexesMatchArchive();
  });

  it('indexes before a search of a chat with queued messages the search could find', () => {
    put(CHAT, message(1, 'the old mill'), message(2, 'the mill again'));
    const search = (beforeMessageId: number) =>
      recall
        .search(CHAT, { index: 'words', expression: '"mill"', beforeMessageId, limit: 5 })
        .map((match) => match.message.messageId)
        .sort();

    // Below the window: nothing queued there, so the queue stays for its batch.
    expect(search(1)).toEqual([]);
    expect(counted('mill')).toBe(0);
    expect(search(3)).toEqual([1, 2]);
    expect(queue.indexPending()).toBe(0);
  });

  it('makes a chat’s older queued messages count before recall weighs its words', () => {
    put(CHAT, message(1, 'the old mill'), message(2, 'the mill again'));
    recall.makeSearchable(CHAT, 2);
    expect(counted('mill')).toBe(2);
  });

  it('leaves another chat’s queued messages to the batch when they cannot be found', () => {
    put(OTHER_CHAT, message(1, 'the old mill'));
    expect(recall.latest(CHAT, { index: 'words', expression: '"mill"', limit: 5 })).toEqual([]);
    expect(queue.indexPending()).toBe(1);
  });
});
