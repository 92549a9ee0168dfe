import type { ChatMsg, ChatPerson, MessagePart } from '../../shared/domain/conversation';
import type { AccountInfo, MediaRef } from '../messaging/port';
import type { MessageRow, PersonRow, ReactionRow } from '../store';

/** How Telegram shows a user: first and last name. */
export function fullName(person: Pick<PersonRow, 'first_name' | 'last_name'>): string {
  return person.last_name ? `${person.first_name} ${person.last_name}` : person.first_name;
}

export function toChatPerson(person: PersonRow): ChatPerson {
  return {
    id: person.id,
    firstName: person.first_name,
    lastName: person.last_name,
    username: person.username,
    bio: person.bio,
    phone: null,
    birthday: null,
  };
}

export function mediaPart(media: MediaRef): MessagePart {
  return { kind: 'media', mediaKind: media.kind, uniqueId: media.uniqueId, description: media.description };
}

/** The message's text, when it has any (stickers have none). */
export function messageText(parts: readonly MessagePart[]): string | null {
  const text = parts.find((part) => part.kind === 'text');
  return text ? text.text : null;
}

/** Who can appear in a chat's messages: its people (by id) and the agent's account. */
export interface MessageAuthors {
  account: AccountInfo;
  people: ReadonlyMap<number, PersonRow>;
}

export function toChatMsg(
  row: MessageRow,
  reactions: readonly ReactionRow[],
  authors: MessageAuthors,
): ChatMsg {
  return {
    channelId: row.channel_id,
    messageId: row.message_id,
    ...sender(row.sender_person_id, authors),
    isAgent: row.sender_person_id === null,
    replyToMessageId: row.reply_to,
    sentAt: row.sent_at,
    editedAt: row.edited_at,
    // Written only by this module's callers, from MessagePart values.
    parts: JSON.parse(row.parts_json) as MessagePart[],
    reactions: reactions.map((reaction) => {
      const reactor = sender(reaction.person_id, authors);
      return { userId: reactor.senderId, userName: reactor.senderName, emoji: reaction.emoji };
    }),
    mentioned: row.mentioned === 1,
  };
}

/** A person id, or null for the agent, as the sender fields of a message. */
function sender(
  personId: number | null,
  authors: MessageAuthors,
): { senderId: number; senderName: string; senderUsername: string | null } {
  if (personId === null) {
    return {
      senderId: authors.account.id,
      senderName: authors.account.name,
      senderUsername: authors.account.username,
    };
  }
  const person = authors.people.get(personId);
  return {
    senderId: personId,
    senderName: person ? fullName(person) : `User ${personId}`,
    senderUsername: person?.username ?? null,
  };
}
