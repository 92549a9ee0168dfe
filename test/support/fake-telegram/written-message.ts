import { Api } from 'telegram';
import type { PostInput } from './messaging';
import type { LogicalMessage, Store } from './store';

// A message as its sender writes it: its text, its @mentions and its media.

const now = () => Math.floor(Date.now() / 1000);

/** A new message, before any copy of it is delivered. */
export function newLogicalMessage(
  store: Store,
  input: Pick<PostInput, 'senderId' | 'text' | 'entities' | 'media'>,
): LogicalMessage {
  return {
    key: store.newMessageKey(),
    senderId: input.senderId,
    date: now(),
    text: input.text,
    entities: input.entities ?? mentionEntities(input.text),
    media: input.media ?? null,
    editDate: null,
    reactions: [],
    copies: new Map(),
  };
}

const USERNAME_MENTION = /@([A-Za-z][A-Za-z0-9_]{3,31})/g;

export function mentionsUsername(text: string, username: string | null): boolean {
  if (!username) return false;
  for (const match of text.matchAll(USERNAME_MENTION)) {
    if (match[1]?.toLowerCase() === username.toLowerCase()) return true;
  }
  return false;
}

/**
 * @username mentions as entities. Offsets and lengths in UTF-16 code units, as Telegram counts them
 * (and as JS strings index).
 */
export function mentionEntities(text: string): Api.TypeMessageEntity[] {
  return [...text.matchAll(USERNAME_MENTION)].map(
    (match) => new Api.MessageEntityMention({ offset: match.index ?? 0, length: match[0].length }),
  );
}
