import { Api } from 'telegram';
import { describe, expect, it } from 'vitest';
import {
  isDirectChat,
  longToNumber,
  markedEntityId,
  markedPeerId,
  peerFromMarkedId,
} from '../../../src/main/telegram/mapping';
import { long, overTheWire, user } from './tl-fixtures';

describe('marked peer ids', () => {
  it('keeps users positive, basic groups negative and channels at -(10^12 + id)', () => {
    expect(markedPeerId(overTheWire(new Api.PeerUser({ userId: long(9002) })))).toBe(9002);
    expect(markedPeerId(overTheWire(new Api.PeerChat({ chatId: long(4242) })))).toBe(-4242);
    expect(markedPeerId(overTheWire(new Api.PeerChannel({ channelId: long(1_234_567_890) })))).toBe(
      -1_001_234_567_890,
    );
  });

  it('keeps ids beyond 32 bits exact, as today’s user and channel ids are', () => {
    expect(markedPeerId(overTheWire(new Api.PeerUser({ userId: long('7012345678901') })))).toBe(
      7_012_345_678_901,
    );
    expect(markedPeerId(overTheWire(new Api.PeerChannel({ channelId: long('2987654321') })))).toBe(
      -1_002_987_654_321,
    );
    expect(markedPeerId(new Api.PeerUser({ userId: long(Number.MAX_SAFE_INTEGER) }))).toBe(
      Number.MAX_SAFE_INTEGER,
    );
  });

  it('refuses an id a JavaScript number cannot hold rather than rounding it to another', () => {
    expect(() => longToNumber(long('9007199254740993'))).toThrow(RangeError);
    expect(() => markedPeerId(new Api.PeerChannel({ channelId: long('9007199254740000') }))).toThrow(
      RangeError,
    );
  });

  it('turns a marked id back into the peer it came from', () => {
    for (const peer of [
      new Api.PeerUser({ userId: long('7012345678901') }),
      new Api.PeerChat({ chatId: long(4242) }),
      new Api.PeerChat({ chatId: long(999_999_999_999) }),
      new Api.PeerChannel({ channelId: long(1) }),
      new Api.PeerChannel({ channelId: long('2987654321') }),
    ]) {
      const back = overTheWire(peerFromMarkedId(markedPeerId(peer)));
      expect(back.className).toBe(peer.className);
      expect(back.getBytes().equals(peer.getBytes())).toBe(true);
    }
  });

  it('rejects what cannot be a peer id', () => {
    for (const id of [0, 1.5, Number.NaN, -1_000_000_000_000, 2 ** 60]) {
      expect(() => peerFromMarkedId(id)).toThrow(RangeError);
    }
  });

  it('marks user and chat objects as their peers are marked', () => {
    expect(markedEntityId(overTheWire(user(9002)))).toBe(9002);
    const chat = new Api.Chat({
      id: long(4242),
      title: 'Book club',
      photo: new Api.ChatPhotoEmpty(),
      participantsCount: 3,
      date: 1,
      version: 1,
    });
    expect(markedEntityId(overTheWire(chat))).toBe(-4242);
    const channel = new Api.Channel({
      id: long(777),
      title: 'News',
      photo: new Api.ChatPhotoEmpty(),
      date: 1,
    });
    expect(markedEntityId(overTheWire(channel))).toBe(-1_000_000_000_777);
    expect(
      markedEntityId(
        overTheWire(new Api.ChannelForbidden({ id: long(778), accessHash: long(1), title: 'Gone' })),
      ),
    ).toBe(-1_000_000_000_778);
  });

  it('calls a chat direct exactly when its id is a user’s', () => {
    expect(isDirectChat(9002)).toBe(true);
    expect(isDirectChat(-4242)).toBe(false);
    expect(isDirectChat(-1_001_234_567_890)).toBe(false);
  });
});
