import { Api } from 'telegram';
import { isDirectChat, markedEntityId } from './peer-ids';

/** A user, group or channel an update or response described. */
export type KnownPeer = Api.TypeUser | Api.TypeChat;

/**
 * The users and chats that came with an update or response (Telegram sends them alongside the
 * messages that mention them), keyed by marked id, so names resolve without another request.
 */
export type PeerDirectory = ReadonlyMap<number, KnownPeer>;

/**
 * Builds the directory. A "min" user (Telegram's partial copy, sent when the full one is not
 * needed) never replaces a full one, since it may lack the names and username.
 */
export function peerDirectory(
  users: readonly Api.TypeUser[],
  chats: readonly Api.TypeChat[] = [],
): PeerDirectory {
  const directory = new Map<number, KnownPeer>();
  for (const peer of [...users, ...chats]) {
    const id = markedEntityId(peer);
    const known = directory.get(id);
    if (known !== undefined && isMin(peer) && !isMin(known)) continue;
    directory.set(id, peer);
  }
  return directory;
}

function isMin(peer: KnownPeer): boolean {
  return (peer instanceof Api.User || peer instanceof Api.Channel) && peer.min === true;
}

/** How Telegram shows a peer: a user's first and last name, a chat's title. */
export function peerDisplayName(peer: KnownPeer): string | null {
  if (peer instanceof Api.User) {
    const name = [peer.firstName, peer.lastName]
      .map((part) => part?.trim() ?? '')
      .filter((part) => part !== '')
      .join(' ');
    if (name !== '') return name;
    return peer.deleted ? 'Deleted Account' : null;
  }
  if (peer instanceof Api.UserEmpty || peer instanceof Api.ChatEmpty) return null;
  return peer.title.trim() || null;
}

/** The public @username without the @, preferring the main one over collectible extras. */
export function peerUsername(peer: KnownPeer): string | null {
  if (!(peer instanceof Api.User || peer instanceof Api.Channel)) return null;
  if (peer.username) return peer.username;
  const active = peer.usernames?.find((entry) => entry instanceof Api.Username && entry.active);
  return active?.username ?? null;
}

/** The name to show for a peer in a sentence: its display name, else @username, else its id. */
export function peerLabel(directory: PeerDirectory, markedId: number): string {
  const peer = directory.get(markedId);
  const name = peer === undefined ? null : peerDisplayName(peer);
  if (name !== null) return name;
  const username = peer === undefined ? null : peerUsername(peer);
  if (username !== null) return `@${username}`;
  return `${isDirectChat(markedId) ? 'user' : 'chat'} ${markedId}`;
}
