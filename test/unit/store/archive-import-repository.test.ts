import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../../src/main/logging';
import { type ArchivedMessageInput, openStore, type Store } from '../../../src/main/store';

const chat = { agent: 'Ada', network: 'telegram' as const, channelId: 5 };

function message(messageId: number, text = `note ${messageId} about the harbour`): ArchivedMessageInput {
  return {
    messageId,
    senderId: 5,
    senderName: 'Pat',
    isAgent: messageId % 2 === 0,
    replyTo: messageId > 1 ? messageId - 1 : null,
    sentAt: new Date(Date.UTC(2024, 0, 1) + messageId * 60_000).toISOString(),
    editedAt: null,
    text,
    partsJson: JSON.stringify([{ kind: 'text', text }]),
  };
}

describe('bulk writes to the archive', () => {
  let store: Store;
  beforeEach(() => {
    store = openStore({ file: ':memory:', logger: createLogger({ level: 'silent' }) });
  });
  afterEach(() => store.close());

  it('writes any number of messages, every one indexed for search', () => {
    const counts = [1, 3, 130, 1_500];
    let next = 1;
    for (const count of counts) {
      const batch = Array.from({ length: count }, () => message(next++));
      expect(store.transaction(() => store.archiveImport.insertNew(chat, batch, new Date()))).toBe(count);
    }
    expect(store.archive.count(chat)).toBe(1_634);
    expect(store.archive.page(chat, { limit: 1, beforeMessageId: 3 })[0]).toMatchObject({
      messageId: 2,
      isAgent: true,
      replyTo: 1,
      deletedAt: null,
      text: 'note 2 about the harbour',
    });
    const found = store.archiveRecall.search(chat, { index: 'words', expression: '"harbour"', limit: 2_000 });
    expect(found).toHaveLength(1_634);
  });

  it('leaves messages the archive has as they are and counts only the new ones', () => {
    store.transaction(() => store.archive.put(chat, [message(2, 'as the live session saw it')], new Date()));
    const written = store.transaction(() =>
      store.archiveImport.insertNew(chat, [message(1), message(2), message(3)], new Date()),
    );
    expect(written).toBe(2);
    expect(store.archive.page(chat, { limit: 5 }).map((row) => row.text)).toEqual([
      'note 1 about the harbour',
      'as the live session saw it',
      'note 3 about the harbour',
    ]);
    expect(store.transaction(() => store.archiveImport.insertNew(chat, [message(1)], new Date()))).toBe(0);
  });
});
