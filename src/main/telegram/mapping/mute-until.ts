import { Api } from 'telegram';

/**
 * The latest `muteUntil` Telegram accepts: the field is an int32 of Unix seconds, so 2^31 - 1,
 * which is also what Telegram's clients send for "mute forever". A larger value (a far-future
 * date, Infinity) would overflow the field when serialized, so every mute is capped here.
 */
export const MUTE_FOREVER = 2_147_483_647;

/**
 * The `muteUntil` to send: 0 unmutes, `forever` and any date past 2038 give MUTE_FOREVER, a
 * date gives its Unix second (rounded up, so a mute never ends before the moment asked for).
 */
export function muteUntilSeconds(until: Date | 'forever' | null): number {
  if (until === null) return 0;
  if (until === 'forever') return MUTE_FOREVER;
  const milliseconds = until.getTime();
  if (Number.isNaN(milliseconds)) throw new RangeError('Cannot mute until an invalid date');
  return Math.min(MUTE_FOREVER, Math.max(0, Math.ceil(milliseconds / 1000)));
}

/** Whether a chat's notification settings mute it at `now`. */
export function isMutedAt(settings: Api.TypePeerNotifySettings | null | undefined, now: Date): boolean {
  if (!(settings instanceof Api.PeerNotifySettings)) return false;
  return (settings.muteUntil ?? 0) > now.getTime() / 1000;
}
