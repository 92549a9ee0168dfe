import { Api } from 'telegram';
import { describe, expect, it } from 'vitest';
import { isMutedAt, MUTE_FOREVER, muteUntilSeconds } from '../../../src/main/telegram/mapping';
import { long, overTheWire } from './tl-fixtures';

const NOW = new Date('2026-01-15T13:30:00Z');

describe('muteUntilSeconds', () => {
  it('mutes forever with the largest int32, which serializes without overflowing', () => {
    expect(muteUntilSeconds('forever')).toBe(2 ** 31 - 1);
    const settings = overTheWire(new Api.InputPeerNotifySettings({ muteUntil: muteUntilSeconds('forever') }));
    expect(settings.muteUntil).toBe(MUTE_FOREVER);
    // One second more and GramJS refuses to serialize the request at all.
    expect(() => new Api.InputPeerNotifySettings({ muteUntil: MUTE_FOREVER + 1 }).getBytes()).toThrow(
      RangeError,
    );
  });

  it('caps dates past 2038, where Unix seconds no longer fit the field', () => {
    expect(muteUntilSeconds(new Date('2100-01-01T00:00:00Z'))).toBe(MUTE_FOREVER);
    expect(muteUntilSeconds(new Date(8.64e15))).toBe(MUTE_FOREVER);
    const request = overTheWire(
      new Api.account.UpdateNotifySettings({
        peer: new Api.InputNotifyPeer({
          peer: new Api.InputPeerUser({ userId: long(9002), accessHash: long(1) }),
        }),
        settings: new Api.InputPeerNotifySettings({
          muteUntil: muteUntilSeconds(new Date('2999-01-01T00:00:00Z')),
        }),
      }),
    );
    expect((request.settings as Api.InputPeerNotifySettings).muteUntil).toBe(MUTE_FOREVER);
  });

  it('mutes until a date’s second, never ending early, and unmutes with 0', () => {
    expect(muteUntilSeconds(new Date('2026-01-15T14:30:00.000Z'))).toBe(1_768_487_400);
    expect(muteUntilSeconds(new Date('2026-01-15T14:30:00.200Z'))).toBe(1_768_487_401);
    expect(muteUntilSeconds(null)).toBe(0);
    expect(muteUntilSeconds(new Date(-5_000))).toBe(0);
    expect(() => muteUntilSeconds(new Date(Number.NaN))).toThrow(RangeError);
  });
});

describe('isMutedAt', () => {
  it('is muted while muteUntil lies ahead', () => {
    const mutedUntil = (muteUntil?: number) => overTheWire(new Api.PeerNotifySettings({ muteUntil }));
    expect(isMutedAt(mutedUntil(MUTE_FOREVER), NOW)).toBe(true);
    expect(isMutedAt(mutedUntil(NOW.getTime() / 1000 + 60), NOW)).toBe(true);
    expect(isMutedAt(mutedUntil(NOW.getTime() / 1000), NOW)).toBe(false);
    expect(isMutedAt(mutedUntil(0), NOW)).toBe(false);
    expect(isMutedAt(mutedUntil(), NOW)).toBe(false);
    expect(isMutedAt(undefined, NOW)).toBe(false);
  });
});
