import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../../../src/main/logging';
import {
  ExportFormatError,
  type HistoryImportProgress,
  ImportMismatchError,
  importTelegramHistory,
} from '../../../../src/main/memory';
import { openStore, type Store } from '../../../../src/main/store';
import { exportTextToMarkdown } from '../../../../src/main/telegram/mapping';
import { tempDirsPerTest } from '../../../support/helpers';

const FIXTURES = join(import.meta.dirname, '../../../fixtures/telegram-export');
const ADA = 7_000_001;
const pat = { agent: 'Ada', network: 'telegram' as const, channelId: 5_550_001 };
const bookClub = { ...pat, channelId: -1_001_800_000_001 };

describe('importing a Telegram Desktop export into the archive', () => {
  const tempDir = tempDirsPerTest();
  let store: Store;

  beforeEach(() => {
    store = openStore({ file: ':memory:', logger: createLogger({ level: 'silent' }) });
  });
  afterEach(() => store.close());

  function importFile(
    file: string,
    options: {
      agentTelegramId?: number | null;
      chatId?: number | null;
      onProgress?: (p: HistoryImportProgress) => void;
    } = {},
  ) {
    return importTelegramHistory(
      {
        file,
        agent: 'Ada',
        network: 'telegram',
        agentTelegramId: options.agentTelegramId ?? null,
        chatId: options.chatId ?? null,
      },
      {
        store,
        formatText: exportTextToMarkdown,
        now: () => new Date('2025-01-01T00:00:00Z'),
        ...(options.onProgress ? { onProgress: options.onProgress } : {}),
      },
    );
  }

  const fixture = (name: string) => join(FIXTURES, name, 'result.json');

  it('archives a direct chat with its ids, sides and media, skipping service entries', () => {
    const report = importFile(fixture('personal-chat'));
    expect(report).toMatchObject({ messages: 8, added: 8, skipped: 2 });
    expect(report.chats).toEqual([
      {
        where: '',
        name: 'Pat Doe',
        type: 'personal_chat',
        exportId: 5_550_001,
        channelId: 5_550_001,
        messages: 8,
        added: 8,
        skipped: 2,
      },
    ]);
    const rows = store.archive.page(pat, { limit: 50 });
    expect(rows.map((row) => [row.messageId, row.isAgent, row.text])).toEqual([
      [2, false, 'Are we still on for the harbour walk on Thursday?'],
      [3, true, 'Yes! **Thursday** at the lighthouse, see https://example.org/walk'],
      [4, false, 'The view from the pier\nphoto'],
      [5, true, 'sticker 😀'],
      [6, false, 'audio'],
      [7, false, 'the café menu\ndocument menu.pdf'],
      [8, false, ''],
      [9, false, 'Morning! Bicycle or train?'],
    ]);
    expect(rows[1]).toMatchObject({ replyTo: 2, editedAt: '2024-01-31T18:07:00.000Z', senderId: ADA });
    const found = store.archiveRecall.search(pat, { index: 'stems', expression: '"lighthouse"', limit: 5 });
    expect(found.map((match) => match.message.messageId)).toEqual([3]);
  });

  it('adds nothing the second time, and never overwrites what a live session archived', () => {
    store.transaction(() =>
      store.archive.put(
        pat,
        [
          {
            messageId: 2,
            senderId: 5_550_001,
            senderName: 'Pat',
            isAgent: false,
            replyTo: null,
            sentAt: '2024-01-31T18:04:05.000Z',
            editedAt: null,
            text: 'live copy',
            partsJson: '[]',
          },
        ],
        new Date(),
      ),
    );
    expect(importFile(fixture('personal-chat'))).toMatchObject({ messages: 8, added: 7 });
    expect(importFile(fixture('personal-chat'))).toMatchObject({ messages: 8, added: 0 });
    expect(store.archive.count(pat)).toBe(8);
    expect(store.archive.page(pat, { limit: 1, beforeMessageId: 3 })[0]!.text).toBe('live copy');
  });

  it('imports every chat of a whole-account export, its owner being the agent', () => {
    const report = importFile(fixture('full-account'));
    expect(report.chats.map((chat) => [chat.name, chat.channelId, chat.messages, chat.skipped])).toEqual([
      ['Pat Doe', 5_550_001, 2, 0],
      ['Book club', -1_001_800_000_001, 5, 2],
      ['Family', -4_000_001, 2, 0],
      ['Harbour news', -1_001_900_000_002, 1, 0],
    ]);
    expect(report.leftOut).toEqual([
      {
        where: 'chats.list[0]',
        name: 'Saved Messages',
        exportId: 7_000_001,
        reason: expect.stringContaining('Saved Messages'),
      },
    ]);
    const club = store.archive.page(bookClub, { limit: 10 });
    expect(club.map((row) => [row.messageId, row.senderId, row.isAgent, row.replyTo])).toEqual([
      [-999_999_998, 6_000_001, false, null],
      [2, 6_000_001, false, null],
      [3, ADA, true, 2],
      [4, -1_001_800_000_001, false, null],
      [5, 6_000_001, false, null],
    ]);
  });

  it('imports only the chat --chat names, and says which chats there are when it names none', () => {
    expect(importFile(fixture('full-account'), { chatId: 4_000_001 }).chats.map((chat) => chat.name)).toEqual(
      ['Family'],
    );
    expect(() => importFile(fixture('full-account'), { chatId: 123 })).toThrow(ImportMismatchError);
    expect(() => importFile(fixture('full-account'), { chatId: 123 })).toThrow(
      /no chat 123 to import\. Its chats: 7000001 "Saved Messages" \(Saved Messages are .*; 5550001 "Pat Doe" \(not --chat 123\)/,
    );
  });

  it("refuses an export of another account, and a group export without the agent's id", () => {
    expect(() => importFile(fixture('full-account'), { agentTelegramId: 42 })).toThrow(
      "This export is of the Telegram account 7000001, but Ada's account is 42",
    );
    expect(() => importFile(fixture('group-chat'))).toThrow(/"Book club" is a group/);
    expect(importFile(fixture('group-chat'), { agentTelegramId: ADA }).added).toBe(2);
    expect(store.archive.page(bookClub, { limit: 5 }).map((row) => row.isAgent)).toEqual([false, true]);
  });

  it('writes nothing from a file with a malformed message, and names the field and the index', () => {
    expect(() => importFile(fixture('malformed'))).toThrow(
      new ExportFormatError('messages[2].date', 'expected a date like "2024-01-31T18:04:05"'),
    );
    const file = join(tempDir(), 'result.json');
    const good = (id: number) => ({
      id,
      type: 'message',
      date_unixtime: String(1_700_000_000 + id),
      from_id: 'user1',
      text: 'fine',
    });
    writeFileSync(
      file,
      JSON.stringify({
        personal_information: { user_id: ADA },
        chats: {
          list: [
            {
              name: 'One',
              type: 'personal_chat',
              id: 1,
              messages: Array.from({ length: 3000 }, (_, index) => good(index + 1)),
            },
            {
              name: 'Two',
              type: 'personal_chat',
              id: 2,
              messages: [
                { ...good(1), from_id: 'user2' },
                { id: 2, type: 'message', date_unixtime: 5 },
              ],
            },
          ],
        },
      }),
    );
    expect(() => importFile(file)).toThrow(
      'chats.list[1].messages[1].date_unixtime: expected Unix seconds like "1706724245"',
    );
    expect(store.archive.count({ ...pat, channelId: 1 })).toBe(0);
  });

  it('reports progress through the file as it goes', () => {
    const file = join(tempDir(), 'result.json');
    const messages = Array.from({ length: 1200 }, (_, index) => ({
      id: index + 1,
      type: 'message',
      date_unixtime: '1700000000',
      from_id: 'user1',
      text: 'x',
    }));
    writeFileSync(file, JSON.stringify({ name: 'One', type: 'personal_chat', id: 1, messages }));
    const seen: HistoryImportProgress[] = [];
    importFile(file, { agentTelegramId: ADA, onProgress: (progress) => seen.push(progress) });
    expect(seen.map((progress) => progress.entries)).toEqual([512, 1024]);
    expect(seen[1]!.bytesRead).toBeGreaterThan(seen[0]!.bytesRead);
    expect(seen[1]!.totalBytes).toBeGreaterThan(seen[1]!.bytesRead);
  });
});
