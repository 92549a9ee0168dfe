import { describe, expect, it } from 'vitest';
import {
  type GateLookups,
  gateMessage,
  gateReaction,
  SERVICE_ACCOUNT_ID,
} from '../../../src/main/engine/inbound/gates';
import type { ChatMsg, ReplyPolicy } from '../../../src/shared/domain/conversation';

const SELF = 8_000_000_123;
const PERSON = 9_000_000_001;
const GROUP = -1_009_000_000_001;

function message(overrides: Partial<ChatMsg> = {}): ChatMsg {
  return {
    channelId: PERSON,
    messageId: 10,
    senderId: PERSON,
    senderName: 'Pat',
    senderUsername: null,
    isAgent: false,
    replyToMessageId: null,
    sentAt: '2026-03-02T10:00:00.000Z',
    editedAt: null,
    parts: [{ kind: 'text', text: 'hi' }],
    reactions: [],
    mentioned: false,
    ...overrides,
  };
}

function lookups(
  overrides: Partial<{
    blocked: number[];
    gagged: boolean;
    takenOver: boolean;
    muted: boolean;
    policy: ReplyPolicy;
    canSend: boolean;
  }> = {},
): GateLookups {
  return {
    selfId: async () => SELF,
    isBlocked: async (userId) => (overrides.blocked ?? []).includes(userId),
    isGagged: () => overrides.gagged ?? false,
    takenOver: () => overrides.takenOver ?? false,
    isMuted: async () => overrides.muted ?? false,
    replyPolicy: () => overrides.policy ?? 'callouts',
    canSend: async () => overrides.canSend ?? true,
  };
}

const reaction = (userId: number) => ({ userId, userName: 'Pat', emoji: '👍' });

describe('message gates', () => {
  it('takes every message in a direct chat', async () => {
    expect(await gateMessage(message(), lookups())).toEqual({ accept: true, callout: false });
  });

  it('ignores the service account', async () => {
    const fromService = message({ channelId: SERVICE_ACCOUNT_ID, senderId: SERVICE_ACCOUNT_ID });
    expect(await gateMessage(fromService, lookups())).toEqual({ accept: false, reason: 'service-account' });
  });

  it("ignores the agent's own messages and its own chat", async () => {
    expect(await gateMessage(message({ isAgent: true }), lookups())).toMatchObject({ reason: 'own-message' });
    expect(await gateMessage(message({ channelId: SELF, senderId: SELF + 1 }), lookups())).toMatchObject({
      reason: 'self-chat',
    });
  });

  it('drops messages from blocked senders, even callouts', async () => {
    const decision = await gateMessage(message({ mentioned: true }), lookups({ blocked: [PERSON] }));
    expect(decision).toMatchObject({ reason: 'blocked-sender' });
  });

  it('makes no task in a gagged conversation', async () => {
    expect(await gateMessage(message({ mentioned: true }), lookups({ gagged: true }))).toMatchObject({
      reason: 'gagged',
    });
  });

  it('makes no task in a conversation the operator took over, and takes no reactions there', async () => {
    const takenOver = lookups({ takenOver: true });
    expect(await gateMessage(message({ mentioned: true }), takenOver)).toMatchObject({
      reason: 'operator-only',
    });
    expect(await gateReaction(PERSON, { isAgent: true }, [reaction(PERSON)], takenOver)).toMatchObject({
      reason: 'operator-only',
    });
  });

  it('in a group with the default policy, takes only callouts', async () => {
    const plain = message({ channelId: GROUP });
    expect(await gateMessage(plain, lookups())).toMatchObject({ reason: 'not-a-callout' });
    expect(await gateMessage({ ...plain, mentioned: true }, lookups())).toEqual({
      accept: true,
      callout: true,
    });
  });

  it('in a group answering every message, takes them all unless the chat is muted', async () => {
    const plain = message({ channelId: GROUP });
    expect(await gateMessage(plain, lookups({ policy: 'every-message' }))).toEqual({
      accept: true,
      callout: false,
    });
    expect(await gateMessage(plain, lookups({ policy: 'every-message', muted: true }))).toMatchObject({
      reason: 'not-a-callout',
    });
    expect(
      await gateMessage({ ...plain, mentioned: true }, lookups({ policy: 'every-message', muted: true })),
    ).toEqual({ accept: true, callout: true });
  });

  it('makes no task where the agent cannot write', async () => {
    expect(await gateMessage(message(), lookups({ canSend: false }))).toMatchObject({
      reason: 'cannot-send',
    });
  });
});

describe('reaction gates', () => {
  it("starts a turn for someone else's reaction on the agent's own message, muted chat or not", async () => {
    expect(
      await gateReaction(PERSON, { isAgent: true }, [reaction(PERSON)], lookups({ muted: true })),
    ).toEqual({
      accept: true,
      callout: false,
    });
  });

  it("ignores reactions on other people's messages, the agent's own reactions and blocked people's", async () => {
    expect(await gateReaction(PERSON, { isAgent: false }, [reaction(PERSON)], lookups())).toMatchObject({
      reason: 'not-own-message',
    });
    expect(await gateReaction(PERSON, { isAgent: true }, [reaction(SELF)], lookups())).toMatchObject({
      reason: 'no-reaction-from-others',
    });
    expect(
      await gateReaction(PERSON, { isAgent: true }, [reaction(PERSON)], lookups({ blocked: [PERSON] })),
    ).toMatchObject({ reason: 'no-reaction-from-others' });
  });

  it('ignores reactions in gagged conversations', async () => {
    expect(
      await gateReaction(PERSON, { isAgent: true }, [reaction(PERSON)], lookups({ gagged: true })),
    ).toMatchObject({ reason: 'gagged' });
  });
});
