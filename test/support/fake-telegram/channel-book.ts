import { randomBytes } from 'node:crypto';
import { Api } from 'telegram';
import { fromTlLong, toTlLong } from './big-numbers';
import { badRequest } from './rpc-failure';
import type { NotifyRecord, Store } from './store';

/**
 * Supergroups and broadcast channels, and the invite links of groups and channels. Channels sit
 * apart from the store's mailboxes: the fake keeps their members, names and photos, not their
 * messages, so a channel's dialog has no top message.
 */

export interface ChannelRecord {
  readonly id: bigint;
  readonly accessHash: bigint;
  readonly title: string;
  readonly username: string | null;
  /** A broadcast channel; otherwise a supergroup. */
  readonly broadcast: boolean;
  readonly about: string;
  readonly date: number;
  readonly memberIds: Set<bigint>;
  /** A photo of the store, shown as the channel's photo. */
  photoId?: bigint;
}

/** What an invite link lets in: a basic group of the store, or a channel. */
export type InviteTarget = { readonly kind: 'chat' | 'channel'; readonly id: bigint };

export interface InviteRecord {
  readonly hash: string;
  readonly target: InviteTarget;
  expired: boolean;
}

class ChannelBook {
  readonly channels = new Map<bigint, ChannelRecord>();
  readonly invites = new Map<string, InviteRecord>();
  /** `${owner}|${channelId}` -> the owner's notification settings for the channel. */
  readonly #notify = new Map<string, NotifyRecord>();
  #nextId = 1_700_000_001n;

  newChannelId(): bigint {
    return this.#nextId++;
  }

  byUsername(username: string): ChannelRecord | undefined {
    const wanted = username.replace(/^@/, '').toLowerCase();
    for (const channel of this.channels.values())
      if (channel.username?.toLowerCase() === wanted) return channel;
    return undefined;
  }

  notifySettings(ownerId: bigint, channelId: bigint): NotifyRecord {
    const key = `${ownerId}|${channelId}`;
    let settings = this.#notify.get(key);
    if (!settings) {
      settings = { muteUntil: 0, silent: false, showPreviews: true };
      this.#notify.set(key, settings);
    }
    return settings;
  }

  /** The channels the user is a member of, newest first. */
  joinedBy(userId: bigint): ChannelRecord[] {
    return [...this.channels.values()].filter((channel) => channel.memberIds.has(userId)).reverse();
  }

  /** The channel an InputChannel or InputPeerChannel names, its access hash checked. */
  fromInput(input: unknown): ChannelRecord {
    if (!(input instanceof Api.InputChannel || input instanceof Api.InputPeerChannel))
      throw badRequest('CHANNEL_INVALID');
    const channel = this.channels.get(fromTlLong(input.channelId));
    if (!channel || fromTlLong(input.accessHash) !== channel.accessHash) throw badRequest('CHANNEL_INVALID');
    return channel;
  }

  newInvite(target: InviteTarget): InviteRecord {
    const hash = randomBytes(12).toString('base64url');
    const invite = { hash, target, expired: false };
    this.invites.set(hash, invite);
    return invite;
  }
}

/** What the fake keeps of channels, per fake Telegram (its store). */
const books = new WeakMap<Store, ChannelBook>();

export function channelBook(store: Store): ChannelBook {
  let book = books.get(store);
  if (!book) {
    book = new ChannelBook();
    books.set(store, book);
  }
  return book;
}

/** The channel as a given user sees it: `left` and `creator` depend on who is looking. */
export function channelView(
  store: Store,
  channel: ChannelRecord,
  viewerId: bigint,
  dcId: number,
): Api.Channel {
  const photo = channel.photoId === undefined ? undefined : store.photos.get(channel.photoId);
  return new Api.Channel({
    id: toTlLong(channel.id),
    accessHash: toTlLong(channel.accessHash),
    title: channel.title,
    username: channel.username ?? undefined,
    broadcast: channel.broadcast,
    megagroup: !channel.broadcast,
    photo: photo ? new Api.ChatPhoto({ photoId: toTlLong(photo.id), dcId }) : new Api.ChatPhotoEmpty(),
    date: channel.date,
    participantsCount: channel.memberIds.size,
    left: !channel.memberIds.has(viewerId),
  });
}
