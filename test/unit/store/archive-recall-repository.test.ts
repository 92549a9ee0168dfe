import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  type ArchivedMessageInput,
  ArchiveIndexQueue,
  ArchiveRecallRepository,
  ArchiveRepository,
  openDatabase,
  type SqliteDatabase,
} from '../../../src/main/store';

const CHAT = { agent: 'Ada', network: 'telegram' as const, channelId: -1001234567890 };
const SAME_ID_OTHER_AGENT = { ...CHAT, agent: 'Bea' };

function message(messageId: number, text: string, day: number): ArchivedMessageInput {
  return {
    messageId,
    senderId: 1,
    senderName: 'Pat',
    isAgent: false,
    replyTo: null,
    sentAt: new Date(Date.UTC(2025, 2, day, 12)).toISOString(),
    editedAt: null,
    text,
    partsJson: '[]',
  };
}

describe('archive as recall reads it', () => {
  let db: SqliteDatabase;
  let archive: ArchiveRepository;
  let recall: ArchiveRecallRepository;

  beforeEach(() => {
    db = openDatabase(':memory:');
    archive = new ArchiveRepository(db);
    recall = new ArchiveRecallRepository(db, new ArchiveIndexQueue(db));
    archive.put(
      CHAT,
      [
        message(1, 'the harbour at dawn', 1),
        message(2, 'harbours and harbour walls', 2),
        message(3, 'a quiet harbour', 3),
        message(4, 'nothing here', 3),
      ],
      new Date(),
    );
    archive.put(SAME_ID_OTHER_AGENT, [message(1, 'harbour harbour harbour', 1)], new Date());
  });
  afterEach(() => db.close());

  const ids = (messages: { messageId: number }[]) => messages.map((found) => found.messageId);

  it('searches one chat of one agent, best first, below the window and within a period', () => {
    const search = (options: Partial<Parameters<ArchiveRecallRepository['search']>[1]> = {}) =>
      recall
        .search(CHAT, { index: 'stems', expression: '"harbour"', limit: 10, ...options })
        .map((match) => match.message.messageId);
    expect(search().sort()).toEqual([1, 2, 3]);
    expect(search()[0]).toBe(2);
    expect(search({ beforeMessageId: 3 }).sort()).toEqual([1, 2]);
    expect(search({ period: { from: '2025-03-02T00:00:00.000Z', to: '2025-03-03T00:00:00.000Z' } })).toEqual([
      2,
    ]);
    archive.markDeleted(CHAT, [2], new Date());
    expect(search().sort()).toEqual([1, 3]);
  });

  it('finds the latest matches first, and a chat’s messages by day and by id range', () => {
    expect(ids(recall.latest(CHAT, { index: 'words', expression: '"harbour"', limit: 2 }))).toEqual([3, 2]);
    const day3 = { from: '2025-03-03T00:00:00.000Z', to: '2025-03-04T00:00:00.000Z' };
    expect(ids(recall.inPeriod(CHAT, day3, { limit: 10 }))).toEqual([3, 4]);
    expect(ids(recall.inPeriod(CHAT, day3, { limit: 10, beforeMessageId: 4 }))).toEqual([3]);
    expect(recall.idsBetween(CHAT, 2, 9, 10)).toEqual([2, 3, 4]);
  });

  it('counts a word’s indexed messages across the archive, up to a cap', () => {
    // New messages wait for the next batch of the index queue; counts follow the indexes.
    expect(recall.documentCount('words', '"harbour"', 100)).toBe(0);
    new ArchiveIndexQueue(db).indexPending();
    expect(recall.documentCount('words', '"harbour"', 100)).toBe(4);
    expect(recall.documentCount('stems', '"harbour"', 100)).toBe(4);
    expect(recall.documentCount('words', '"harbour"', 2)).toBe(2);
    // Caps that are not powers of two count no further either.
    expect(recall.documentCount('words', '"harbour"', 3)).toBe(3);
    expect(recall.documentCount('stems', '"harbour"', 5)).toBe(4);
    expect(recall.size()).toBe(5);
  });

  it('tells whether a chat has any message before an id, the way to skip searching it', () => {
    expect(recall.hasMessagesBefore(CHAT, undefined)).toBe(true);
    expect(recall.hasMessagesBefore(CHAT, 2)).toBe(true);
    expect(recall.hasMessagesBefore(CHAT, 1)).toBe(false);
    expect(recall.hasMessagesBefore({ ...CHAT, channelId: 42 }, undefined)).toBe(false);
    archive.markDeleted(CHAT, [1], new Date());
    expect(recall.hasMessagesBefore(CHAT, 2)).toBe(false);
  });
});
