import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../../src/main/logging';
import { type ArchivedMessageInput, openStore, type Store } from '../../../src/main/store';
import type { ConversationKey } from '../../../src/shared/domain/conversation-key';

const NOW = new Date('2026-03-02T10:00:00Z');
const CHAT = { agent: 'Ada', network: 'simulator' as const, channelId: 9_000_000_001 };

function message(
  messageId: number,
  text: string,
  overrides: Partial<ArchivedMessageInput> = {},
): ArchivedMessageInput {
  return {
    messageId,
    senderId: 9_000_000_001,
    senderName: 'Pat',
    isAgent: false,
    replyTo: null,
    sentAt: new Date(NOW.getTime() + messageId * 60_000).toISOString(),
    editedAt: null,
    text,
    partsJson: JSON.stringify([{ kind: 'text', text }]),
    ...overrides,
  };
}

describe('conversation archive', () => {
  let store: Store;

  beforeEach(() => {
    store = openStore({ file: ':memory:', logger: createLogger({ level: 'silent' }) });
  });

  afterEach(() => store.close());

  const search = (chat: ConversationKey, expression: string, index: 'words' | 'stems' = 'words') =>
    store.archiveRecall
      .search(chat, { index, expression, limit: 10 })
      .map((match) => match.message.messageId);
  const ids = (expression: string, index: 'words' | 'stems' = 'words') => search(CHAT, expression, index);

  it('keeps each message once per chat, oldest first, and pages back from a message', () => {
    store.transaction(() => {
      store.archive.put(CHAT, [message(1, 'one'), message(2, 'two'), message(3, 'three')], NOW);
      store.archive.put(CHAT, [message(2, 'two'), message(3, 'three')], NOW);
    });
    expect(store.archive.count(CHAT)).toBe(3);
    expect(store.archive.page(CHAT, { limit: 2 }).map((row) => row.text)).toEqual(['two', 'three']);
    expect(store.archive.page(CHAT, { beforeMessageId: 3, limit: 5 }).map((row) => row.messageId)).toEqual([
      1, 2,
    ]);
  });

  it('finds words whatever their accents, and word forms through the stems index', () => {
    store.archive.put(
      CHAT,
      [message(1, 'Zoë is running the café on Thursdays'), message(2, 'We ran into her at the market')],
      NOW,
    );
    expect(ids('"zoe"')).toEqual([1]);
    expect(ids('"cafe"')).toEqual([1]);
    expect(ids('"run"')).toEqual([]);
    expect(ids('"run"', 'stems')).toEqual([1]);
    expect(ids('"markets"', 'stems')).toEqual([2]);
  });

  it('reindexes an edited message: the old words no longer find it, the new ones do', () => {
    store.archive.put(CHAT, [message(1, 'meet at the harbour')], NOW);
    store.archive.put(CHAT, [message(1, 'meet at the station', { editedAt: NOW.toISOString() })], NOW);
    expect(ids('"harbour"')).toEqual([]);
    expect(ids('"station"')).toEqual([1]);
    expect(store.archive.page(CHAT, { limit: 1 })[0]).toMatchObject({ editedAt: NOW.toISOString() });
  });

  it('keeps a deleted message, marked, and leaves it out of searches', () => {
    store.archive.put(CHAT, [message(1, 'a secret recipe'), message(2, 'the recipe is online')], NOW);
    store.archive.markDeleted(CHAT, [1], NOW);
    expect(ids('"recipe"')).toEqual([2]);
    expect(store.archive.page(CHAT, { limit: 5 })[0]).toMatchObject({
      messageId: 1,
      deletedAt: NOW.toISOString(),
    });
  });

  it('keeps agents and networks apart', () => {
    store.archive.put(CHAT, [message(1, 'lighthouse')], NOW);
    store.archive.put({ ...CHAT, agent: 'Bo' }, [message(1, 'lighthouse')], NOW);
    store.archive.put({ ...CHAT, network: 'telegram' }, [message(1, 'lighthouse')], NOW);
    expect(ids('"lighthouse"')).toEqual([1]);
    expect(search({ ...CHAT, agent: 'Bo' }, '"lighthouse"')).toEqual([1]);
    expect(search({ ...CHAT, agent: 'Cy' }, '"lighthouse"')).toEqual([]);
    expect(search({ ...CHAT, network: 'telegram' }, '"lighthouse"')).toEqual([1]);
    expect(search({ ...CHAT, channelId: CHAT.channelId + 1 }, '"lighthouse"')).toEqual([]);
  });

  it('ranks the message that matches more of the words first', () => {
    store.archive.put(
      CHAT,
      [message(1, 'the dog slept'), message(2, 'the dog ran to the park'), message(3, 'cats')],
      NOW,
    );
    expect(ids('"dog" OR "park"')).toEqual([2, 1]);
  });
});
