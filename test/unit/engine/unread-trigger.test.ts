import { describe, expect, it } from 'vitest';
import { SERVICE_ACCOUNT_ID } from '../../../src/main/engine/inbound/gates';
import { GivenUpChats } from '../../../src/main/engine/inbound/given-up-chats';
import { type UnreadLookups, unreadTrigger } from '../../../src/main/engine/inbound/unread-trigger';
import type { UnreadChat } from '../../../src/main/messaging/port';
import type { ReplyPolicy } from '../../../src/shared/domain/conversation';

const SELF = 8_000_000_123;
const PERSON = 9_000_000_001;
const GROUP = -1_009_000_000_001;

function chat(overrides: Partial<UnreadChat> = {}): UnreadChat {
  return {
    channelId: PERSON,
    unreadCount: 2,
    mentioned: false,
    markedUnread: false,
    unreadReactionMessageIds: [],
    lastMessageId: 12,
    ...overrides,
  };
}

function lookups(
  overrides: Partial<{
    gagged: boolean;
    takenOver: boolean;
    turnInFlight: boolean;
    gaveUp: boolean;
    muted: boolean;
    policy: ReplyPolicy;
    canSend: boolean;
    readThrough: number;
  }> = {},
): UnreadLookups {
  return {
    selfId: SELF,
    isGagged: () => overrides.gagged ?? false,
    takenOver: () => overrides.takenOver ?? false,
    turnInFlight: () => overrides.turnInFlight ?? false,
    gaveUp: () => overrides.gaveUp ?? false,
    isMuted: async () => overrides.muted ?? false,
    replyPolicy: () => overrides.policy ?? 'callouts',
    canSend: async () => overrides.canSend ?? true,
    readThrough: () => overrides.readThrough ?? 0,
  };
}

const UNREAD_MESSAGES = {
  messageId: 12,
  callout: false,
  xsendIntent: null,
  guidance: null,
  eventIntents: [],
  reactionMessageIds: [],
  clearMentions: false,
  clearReactions: false,
};

describe('unread scan decision', () => {
  it('goes by what its turns read, not by the network: messages already answered start nothing', async () => {
    // A read receipt failed: the network still counts 12 unread, the agent's record says read.
    expect(await unreadTrigger(chat(), lookups({ readThrough: 12 }))).toEqual({
      trigger: null,
      reason: 'already-answered',
    });
    expect(await unreadTrigger(chat({ mentioned: true }), lookups({ readThrough: 12 }))).toEqual({
      trigger: null,
      reason: 'already-answered',
    });
    // A newer message, or the operator's own unread mark, still counts.
    expect(await unreadTrigger(chat({ lastMessageId: 13 }), lookups({ readThrough: 12 }))).toMatchObject({
      trigger: { messageId: 13 },
    });
    expect(await unreadTrigger(chat({ markedUnread: true }), lookups({ readThrough: 12 }))).toMatchObject({
      trigger: { callout: true },
    });
  });

  it('starts a turn for unread messages in a direct chat, aimed at the newest message', async () => {
    expect(await unreadTrigger(chat(), lookups())).toEqual({ trigger: UNREAD_MESSAGES });
  });

  it('in a muted chat, starts nothing for unread messages unless the agent is mentioned', async () => {
    expect(await unreadTrigger(chat(), lookups({ muted: true }))).toEqual({
      trigger: null,
      reason: 'nothing-new',
    });
    expect(await unreadTrigger(chat({ mentioned: true }), lookups({ muted: true }))).toEqual({
      trigger: { ...UNREAD_MESSAGES, callout: true, clearMentions: true },
    });
  });

  it('in a group, counts unread messages only when it answers every message', async () => {
    const group = chat({ channelId: GROUP });
    expect(await unreadTrigger(group, lookups())).toMatchObject({ trigger: null, reason: 'nothing-new' });
    expect(await unreadTrigger(group, lookups({ policy: 'every-message' }))).toEqual({
      trigger: UNREAD_MESSAGES,
    });
    expect(await unreadTrigger({ ...group, mentioned: true }, lookups())).toMatchObject({
      trigger: { callout: true, clearMentions: true },
    });
  });

  it('treats a chat marked unread as a callout, even muted and with nothing unread', async () => {
    const marked = chat({ unreadCount: 0, markedUnread: true });
    expect(await unreadTrigger(marked, lookups({ muted: true }))).toEqual({
      trigger: { ...UNREAD_MESSAGES, callout: true },
    });
  });

  it("hands unseen reactions on the agent's messages to the turn, to be cleared", async () => {
    const reacted = chat({ unreadCount: 0, unreadReactionMessageIds: [7, 9] });
    expect(await unreadTrigger(reacted, lookups({ muted: true }))).toEqual({
      trigger: { ...UNREAD_MESSAGES, messageId: null, reactionMessageIds: [7, 9], clearReactions: true },
    });
  });

  it.each([
    ['the service account', chat({ channelId: SERVICE_ACCOUNT_ID }), lookups(), 'service-account'],
    ["the agent's own chat", chat({ channelId: SELF }), lookups(), 'self-chat'],
    ['a gagged conversation', chat({ mentioned: true }), lookups({ gagged: true }), 'gagged'],
    [
      'a chat the operator took over',
      chat({ mentioned: true }),
      lookups({ takenOver: true }),
      'operator-only',
    ],
    ['a chat it cannot send to', chat({ markedUnread: true }), lookups({ canSend: false }), 'cannot-send'],
    ['a chat whose turn is running', chat(), lookups({ turnInFlight: true }), 'turn-in-flight'],
    ['a chat whose turn failed, with nothing new', chat(), lookups({ gaveUp: true }), 'gave-up'],
  ])('skips %s', async (_what, unread, lookupsOf, reason) => {
    expect(await unreadTrigger(unread, lookupsOf)).toEqual({ trigger: null, reason });
  });
});

describe('given-up chats', () => {
  const conversation = { agent: 'Ada', network: 'simulator' as const, channelId: PERSON };

  it('leaves a chat alone after its turn failed, until its unread state changes or a turn is asked for', () => {
    const chats = new GivenUpChats();
    expect(chats.unchanged(conversation, chat())).toBe(false);
    chats.gaveUp(conversation);
    expect(chats.unchanged(conversation, chat())).toBe(true);
    expect(chats.unchanged(conversation, chat())).toBe(true);
    expect(chats.unchanged(conversation, chat({ lastMessageId: 13 }))).toBe(false);
    chats.clear(conversation);
    chats.gaveUp(conversation);
    expect(chats.unchanged(conversation, chat({ lastMessageId: 13 }))).toBe(true);
    chats.clear(conversation);
    expect(chats.unchanged(conversation, chat({ lastMessageId: 13 }))).toBe(false);
  });
});
