import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { archivedChats } from '../../../src/main/api/handlers/archived-chats';
import { createLogger } from '../../../src/main/logging';
import type { ChatSummary } from '../../../src/main/messaging/port';
import { openStore, type Store } from '../../../src/main/store';

describe('archived chats the agent is no longer in', () => {
  let store: Store;

  beforeEach(() => {
    store = openStore({ file: ':memory:', logger: createLogger({ level: 'silent' }) });
  });
  afterEach(() => store.close());

  /** One archived message in the chat, sent on `day` of November. */
  const archive = (channelId: number, day: number, text: string) =>
    store.archive.put(
      { agent: 'Ada', network: 'telegram', channelId },
      [
        {
          messageId: day,
          senderId: 7,
          senderName: 'Pat',
          isAgent: false,
          replyTo: null,
          sentAt: `2026-11-${String(day).padStart(2, '0')}T10:00:00.000Z`,
          editedAt: null,
          text,
          partsJson: JSON.stringify([{ kind: 'text', text }]),
        },
      ],
      new Date(),
    );
  const live = (channelId: number, day: number): ChatSummary => ({
    channelId,
    kind: 'direct',
    title: `Chat ${channelId}`,
    unreadCount: 0,
    lastMessage: {
      channelId,
      messageId: day,
      senderId: 7,
      senderName: 'Pat',
      senderUsername: null,
      isAgent: false,
      replyToMessageId: null,
      sentAt: `2026-11-${String(day).padStart(2, '0')}T10:00:00.000Z`,
      editedAt: null,
      parts: [{ kind: 'text', text: 'hi' }],
      reactions: [],
      mentioned: false,
    },
  });

  it('lists archived chats missing from a whole list, titled as last seen, and pages their messages', () => {
    archive(-1001, 20, 'walk on Sunday?');
    archive(5, 21, 'hello');
    store.telegramChatTitles.remember('Ada', -1001, 'Harbour walkers');
    const chats = archivedChats(store);
    const gone = chats.missingFrom('Ada', [live(5, 21)], true);
    expect(gone).toEqual([
      expect.objectContaining({ channelId: -1001, kind: 'group', title: 'Harbour walkers', unreadCount: 0 }),
    ]);
    expect(gone[0]!.lastMessage?.parts).toEqual([{ kind: 'text', text: 'walk on Sunday?' }]);
    expect(chats.page({ agent: 'Ada', network: 'telegram', channelId: -1001 }, { limit: 50 })).toMatchObject({
      messages: [{ messageId: 20 }],
      hasMore: false,
    });
    expect(chats.page({ agent: 'Ada', network: 'telegram', channelId: -2002 }, { limit: 50 })).toBeNull();
  });

  it('takes a chat older than a partial list’s oldest for one the list did not reach, not one that is gone', () => {
    archive(-1001, 3, 'an old group');
    archive(-2002, 25, 'a group left lately');
    store.telegramChatTitles.remember('Ada', -1001, 'Old group');
    store.telegramChatTitles.remember('Ada', -2002, 'Harbour walkers');
    const gone = archivedChats(store).missingFrom('Ada', [live(5, 28), live(6, 10)], false);
    expect(gone.map((chat) => chat.channelId)).toEqual([-2002]);
  });

  it('lists the chats it left newest first', () => {
    archive(-1001, 3, 'an old group');
    archive(-2002, 25, 'a group left lately');
    store.telegramChatTitles.remember('Ada', -1001, 'Old group');
    store.telegramChatTitles.remember('Ada', -2002, 'Harbour walkers');
    const gone = archivedChats(store).missingFrom('Ada', [], true);
    expect(gone.map((chat) => chat.title)).toEqual(['Harbour walkers', 'Old group']);
  });
});
