import { Api } from 'telegram';
import { describe, expect, it } from 'vitest';
import { type MessageMappingContext, mapMessage, peerDirectory } from '../../../src/main/telegram/mapping';
import { ChatMsgSchema } from '../../../src/shared/domain/conversation';
import { chatMsg } from '../conversation/chat-msg';
import { document, long, message, overTheWire, SENT_AT, stickerAttribute, user } from './tl-fixtures';

const AGENT_ID = 9001;
const priya = user(9002, { firstName: 'Priya', lastName: 'Shah', username: 'pri' });
const bo = user(9003, { firstName: 'Bo', usernames: [new Api.Username({ username: 'bo_b', active: true })] });
const agent = user(AGENT_ID, { self: true, firstName: 'Cindy' });
const group = new Api.Chat({
  id: long(4242),
  title: 'Book club',
  photo: new Api.ChatPhotoEmpty(),
  participantsCount: 3,
  date: 1,
  version: 1,
});
const news = new Api.Channel({
  id: long(777),
  title: 'Harbour News',
  username: 'harbournews',
  broadcast: true,
  photo: new Api.ChatPhotoEmpty(),
  date: 1,
});

/** The context of an update that came with these users and chats, read back from the wire. */
function context(overrides: Partial<MessageMappingContext> = {}): MessageMappingContext {
  return {
    selfId: AGENT_ID,
    peers: peerDirectory([priya, bo, agent].map(overTheWire), [group, news].map(overTheWire)),
    stickerSets: () => ({ shortName: 'CuteCats', title: 'Cute Cats' }),
    ...overrides,
  };
}

const inGroup = { peerId: new Api.PeerChat({ chatId: long(4242) }) };
const fromBo = { fromId: new Api.PeerUser({ userId: long(9003) }) };

describe('mapMessage', () => {
  it('maps a partner’s direct message', () => {
    const mapped = mapMessage(
      message({
        id: 41,
        message: 'Hello there',
        entities: [new Api.MessageEntityBold({ offset: 0, length: 5 })],
      }),
      context(),
    );
    expect(mapped).toEqual(chatMsg({ messageId: 41, parts: [{ kind: 'text', text: '**Hello** there' }] }));
    expect(ChatMsgSchema.parse(mapped)).toEqual(mapped);
  });

  it('takes the agent as the sender of its outgoing private messages', () => {
    const mapped = mapMessage(message({ out: true, message: 'Hi Priya' }), context());
    expect(mapped).toMatchObject({ channelId: 9002, senderId: AGENT_ID, senderName: 'Cindy', isAgent: true });
  });

  it('names a group sender from the update’s users, with the username among their usernames', () => {
    const mapped = mapMessage(message({ ...inGroup, ...fromBo, message: 'hey' }), context());
    expect(mapped).toMatchObject({
      channelId: -4242,
      senderId: 9003,
      senderName: 'Bo',
      senderUsername: 'bo_b',
    });
  });

  it('takes a broadcast channel as the sender of its posts', () => {
    const mapped = mapMessage(
      message({
        peerId: new Api.PeerChannel({ channelId: long(777) }),
        post: true,
        message: 'Storm tonight',
      }),
      context(),
    );
    expect(mapped).toMatchObject({
      channelId: -1_000_000_000_777,
      senderId: -1_000_000_000_777,
      senderName: 'Harbour News',
      senderUsername: 'harbournews',
    });
  });

  it('leaves the sender unnamed when the update did not describe them', () => {
    const mapped = mapMessage(
      message({ ...inGroup, fromId: new Api.PeerUser({ userId: long(9999) }), message: 'who am I' }),
      context(),
    );
    expect(mapped).toMatchObject({ senderId: 9999, senderName: null, senderUsername: null });
  });

  it('keeps the reply, the edit time and Telegram’s mentioned flag', () => {
    const mapped = mapMessage(
      message({
        ...inGroup,
        ...fromBo,
        message: '@cindy yes',
        mentioned: true,
        replyTo: new Api.MessageReplyHeader({ replyToMsgId: 39 }),
        editDate: SENT_AT + 90,
      }),
      context(),
    );
    expect(mapped).toMatchObject({
      replyToMessageId: 39,
      editedAt: '2026-01-15T13:31:30.000Z',
      mentioned: true,
    });
  });

  it('ignores replies to other chats, a forum topic’s root, and hidden edits', () => {
    const otherChat = message({
      replyTo: new Api.MessageReplyHeader({
        replyToMsgId: 3,
        replyToPeerId: new Api.PeerChannel({ channelId: long(5) }),
      }),
    });
    expect(mapMessage(otherChat, context()).replyToMessageId).toBeNull();
    const inTopic = message({
      peerId: new Api.PeerChannel({ channelId: long(888) }),
      ...fromBo,
      replyTo: new Api.MessageReplyHeader({ forumTopic: true, replyToMsgId: 100 }),
    });
    expect(mapMessage(inTopic, context()).replyToMessageId).toBeNull();
    const replyInTopic = message({
      peerId: new Api.PeerChannel({ channelId: long(888) }),
      ...fromBo,
      replyTo: new Api.MessageReplyHeader({ forumTopic: true, replyToMsgId: 104, replyToTopId: 100 }),
    });
    expect(mapMessage(replyInTopic, context()).replyToMessageId).toBe(104);
    const hiddenEdit = message({ editDate: SENT_AT + 5, editHide: true });
    expect(mapMessage(hiddenEdit, context()).editedAt).toBeNull();
  });

  it('lists emoji reactions with the reactors’ names, custom emoji by the emoji they stand for, skipping paid ones', () => {
    const reactions = new Api.MessageReactions({
      results: [
        new Api.ReactionCount({ reaction: new Api.ReactionEmoji({ emoticon: '👍' }), count: 2 }),
        new Api.ReactionCount({ reaction: new Api.ReactionCustomEmoji({ documentId: long(5) }), count: 1 }),
      ],
      recentReactions: [
        new Api.MessagePeerReaction({
          peerId: new Api.PeerUser({ userId: long(9002) }),
          date: SENT_AT + 1,
          reaction: new Api.ReactionEmoji({ emoticon: '👍' }),
        }),
        new Api.MessagePeerReaction({
          peerId: new Api.PeerUser({ userId: long(9003) }),
          date: SENT_AT + 2,
          reaction: new Api.ReactionEmoji({ emoticon: '❤' }),
        }),
        new Api.MessagePeerReaction({
          peerId: new Api.PeerUser({ userId: long(9004) }),
          date: SENT_AT + 3,
          reaction: new Api.ReactionEmoji({ emoticon: '👍' }),
        }),
        new Api.MessagePeerReaction({
          peerId: new Api.PeerUser({ userId: long(9003) }),
          date: SENT_AT + 4,
          reaction: new Api.ReactionCustomEmoji({ documentId: long(5) }),
        }),
        new Api.MessagePeerReaction({
          peerId: new Api.PeerUser({ userId: long(9002) }),
          date: SENT_AT + 5,
          reaction: new Api.ReactionPaid(),
        }),
      ],
    });
    const catEmoji = document(5, 'application/x-tgsticker', [
      new Api.DocumentAttributeCustomEmoji({ alt: '😺', stickerset: new Api.InputStickerSetEmpty() }),
    ]);
    const mapped = mapMessage(
      message({ ...inGroup, out: true, message: 'news!', reactions }),
      context({ customEmoji: (id) => (id === '5' ? catEmoji : null) }),
    );
    expect(mapped.reactions).toEqual([
      { userId: 9002, userName: 'Priya Shah', emoji: '👍' },
      { userId: 9003, userName: 'Bo', emoji: '❤' },
      { userId: 9004, userName: 'user 9004', emoji: '👍' },
      { userId: 9003, userName: 'Bo', emoji: '😺', customEmojiId: '5' },
    ]);
    // A custom emoji not fetched yet is still listed, to be named later.
    expect(mapMessage(message({ ...inGroup, reactions }), context()).reactions.at(-1)).toEqual({
      userId: 9003,
      userName: 'Bo',
      emoji: '⟦custom emoji⟧',
      customEmojiId: '5',
    });
    const countsOnly = new Api.MessageReactions({
      results: [new Api.ReactionCount({ reaction: new Api.ReactionEmoji({ emoticon: '🔥' }), count: 40 })],
    });
    expect(mapMessage(message({ reactions: countsOnly }), context()).reactions).toEqual([]);
  });

  it('follows the text with each custom emoji it shows, once, named by the emoji it stands for', () => {
    const wave = document(77, 'video/webm', [
      new Api.DocumentAttributeCustomEmoji({ alt: '👋', stickerset: new Api.InputStickerSetEmpty() }),
    ]);
    const text = 'hi 👋 again 👋 and 🌟';
    const mapped = mapMessage(
      message({
        message: text,
        entities: [
          new Api.MessageEntityCustomEmoji({ offset: 3, length: 2, documentId: long(77) }),
          new Api.MessageEntityCustomEmoji({ offset: 12, length: 2, documentId: long(77) }),
          new Api.MessageEntityCustomEmoji({ offset: 19, length: 2, documentId: long(78) }),
        ],
      }),
      context({ customEmoji: (id) => (id === '77' ? wave : null) }),
    );
    expect(mapped.parts).toEqual([
      { kind: 'text', text },
      {
        kind: 'media',
        mediaKind: 'sticker',
        uniqueId: '77',
        description: null,
        mimeType: 'video/webm',
        fileSize: 2048,
        stickerName: '👋',
        customEmoji: true,
      },
      {
        kind: 'media',
        mediaKind: 'sticker',
        uniqueId: '78',
        description: null,
        mimeType: null,
        fileSize: null,
        stickerName: '🌟',
        customEmoji: true,
      },
    ]);
  });

  it('puts the text first, then the media, with the sticker’s set resolved by the caller', () => {
    const sticker = document(201, 'image/webp', [
      stickerAttribute('👋', new Api.InputStickerSetID({ id: long(555), accessHash: long(556) })),
    ]);
    const mapped = mapMessage(
      message({ media: new Api.MessageMediaDocument({ document: sticker }) }),
      context(),
    );
    expect(mapped.parts).toEqual([
      {
        kind: 'media',
        mediaKind: 'sticker',
        uniqueId: '201',
        description: null,
        mimeType: 'image/webp',
        fileName: null,
        durationSeconds: null,
        fileSize: 2048,
        stickerSetName: 'CuteCats',
        stickerSetTitle: 'Cute Cats',
        stickerName: '👋',
      },
    ]);
    const captioned = mapMessage(
      message({
        message: 'our menu',
        media: new Api.MessageMediaDocument({ document: document(601, 'application/pdf') }),
      }),
      context(),
    );
    expect(captioned.parts.map((part) => part.kind)).toEqual(['text', 'media']);
    const poll = mapMessage(
      message({
        media: new Api.MessageMediaPoll({
          poll: new Api.Poll({
            id: long(1),
            question: new Api.TextWithEntities({ text: 'Lunch?', entities: [] }),
            answers: [
              new Api.PollAnswer({
                text: new Api.TextWithEntities({ text: 'Yes', entities: [] }),
                option: Buffer.from([0]),
              }),
            ],
          }),
          results: new Api.PollResults({}),
        }),
      }),
      context(),
    );
    expect(poll.parts).toEqual([{ kind: 'unknown', partKind: 'poll' }]);
    expect(ChatMsgSchema.parse(mapped)).toEqual(mapped);
  });
});
