import { Api, helpers } from 'telegram';
import { markedChannelId, peerFromMarkedId } from '../mapping';
import { rpcErrorCode } from './telegram-faults';

/**
 * The access hashes of the channels an account follows, kept with its update state. Asking a
 * channel for its difference needs the channel's access hash, which a client learns only from
 * updates and answers that show the channel: a client built anew (after a restart, or when a
 * connection is rebuilt) knows none, and Telegram refuses a user account's request for a channel
 * named without it. The hashes never change for an account, so the ones seen once serve every
 * later catch-up, until the account leaves the channel.
 */
export class ChannelAccess {
  /** Access hashes (decimal strings) by marked channel id. */
  readonly #hashes = new Map<string, string>();

  constructor(kept: Readonly<Record<string, string>> = {}) {
    for (const [key, hash] of Object.entries(kept)) this.#hashes.set(key, hash);
  }

  /**
   * Keeps the hashes of the full channels among `entities` ("min" copies carry no usable hash),
   * and forgets the channels they show the account has left or lost: `gone` lists those.
   */
  learn(entities: Iterable<unknown>): { changed: boolean; gone: string[] } {
    let changed = false;
    const gone: string[] = [];
    for (const entity of entities) {
      if (!(entity instanceof Api.Channel || entity instanceof Api.ChannelForbidden)) continue;
      const key = String(markedChannelId(entity.id));
      if (entity instanceof Api.ChannelForbidden || entity.left) {
        changed = this.#hashes.delete(key) || changed;
        gone.push(key);
      } else if (!entity.min && entity.accessHash !== undefined) {
        const hash = entity.accessHash.toString();
        changed = changed || this.#hashes.get(key) !== hash;
        this.#hashes.set(key, hash);
      }
    }
    return { changed, gone };
  }

  /** Keeps the hash of a channel as a client named it. */
  keep(channel: Api.InputChannel): void {
    this.#hashes.set(String(markedChannelId(channel.channelId)), channel.accessHash.toString());
  }

  forget(key: string): void {
    this.#hashes.delete(key);
  }

  /** The channel of a marked id, named with its kept hash; null when none is kept. */
  inputChannel(markedId: number): Api.InputChannel | null {
    const hash = this.#hashes.get(String(markedId));
    if (hash === undefined) return null;
    const peer = peerFromMarkedId(markedId);
    if (!(peer instanceof Api.PeerChannel)) return null;
    return new Api.InputChannel({ channelId: peer.channelId, accessHash: helpers.returnBigInt(hash) });
  }

  /** The kept hashes of these channels (the ones followed), as the saved state holds them. */
  of(keys: Iterable<string>): Record<string, string> {
    const kept: Record<string, string> = {};
    for (const key of keys) {
      const hash = this.#hashes.get(key);
      if (hash !== undefined) kept[key] = hash;
    }
    return kept;
  }
}

/** Telegram's answers that mean the account can no longer read the channel (left, kicked, gone). */
const CHANNEL_GONE_CODES = new Set(['CHANNEL_PRIVATE', 'CHANNEL_INVALID', 'CHANNEL_PUBLIC_GROUP_NA']);

/** Whether a failed channel request means the channel is gone for the account (the error, or its cause). */
export function isChannelGone(error: unknown): boolean {
  const code = rpcErrorCode(error) ?? rpcErrorCode((error as { cause?: unknown } | null)?.cause);
  return code !== null && CHANNEL_GONE_CODES.has(code);
}
