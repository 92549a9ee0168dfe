import type { ChatKind } from '../../../shared/domain/conversation';
import type { ExportChatHeader, ExportChatType, ExportPeerId } from './export-schema';
import { ExportFormatError, ImportMismatchError } from './import-errors';

/**
 * Where an exported chat lands in the archive, and whose side each sender is on.
 *
 * Telegram Desktop writes bare ids (a chat's `id`, the digits of `from_id: "channel123"`); live
 * Telegram sessions file everything under Telegram's "marked" ids (users positive, basic groups
 * -id, supergroups and channels -(10^12 + id), as the Bot API and Telegram's clients do), so an
 * imported chat and the same chat seen live share one archive. The conversion is the inverse of
 * the Telegram adapter's peer-id marking.
 */

/** A channel's marked id is -(CHANNEL_ID_OFFSET + id). */
const CHANNEL_ID_OFFSET = 1_000_000_000_000;

/** Chats that are not conversations with anyone: the account's notes to itself and Telegram's relays. */
const NOT_CONVERSATIONS: Partial<Record<ExportChatType, string>> = {
  saved_messages: 'Saved Messages are the account’s own notes, not a conversation',
  replies: 'the Replies chat only relays comments made elsewhere',
  verification_codes: 'the Verification Codes chat is Telegram’s, not a conversation',
};

export interface ChatPlacement {
  channelId: number;
  kind: ChatKind;
}

/** `where` names the field for the error, and is only spelled out then. */
function marked(bareId: number, prefix: 'user' | 'chat' | 'channel', where: () => string): number {
  const id = prefix === 'user' ? bareId : prefix === 'chat' ? -bareId : -(CHANNEL_ID_OFFSET + bareId);
  if (!Number.isSafeInteger(id)) {
    throw new ExportFormatError(where(), `id ${bareId} is too large for a Telegram id`);
  }
  return id;
}

/** Why a chat of this type is left out, or null when it is a conversation to import. */
export function notAConversation(type: ExportChatType): string | null {
  return NOT_CONVERSATIONS[type] ?? null;
}

/** The marked channel id and kind of an exported chat. */
export function placeChat(header: ExportChatHeader, where: string): ChatPlacement {
  const idField = () => (where === '' ? 'id' : `${where}.id`);
  switch (header.type) {
    case 'personal_chat':
    case 'bot_chat':
    case 'saved_messages':
    case 'replies':
    case 'verification_codes':
      return { channelId: marked(header.id, 'user', idField), kind: 'direct' };
    case 'private_group':
      return { channelId: marked(header.id, 'chat', idField), kind: 'group' };
    case 'private_supergroup':
    case 'public_supergroup':
      return { channelId: marked(header.id, 'channel', idField), kind: 'group' };
    case 'private_channel':
    case 'public_channel':
      return { channelId: marked(header.id, 'channel', idField), kind: 'channel' };
    default: {
      const unknown: never = header.type;
      throw new Error(`Unknown chat type ${String(unknown)}`);
    }
  }
}

const PEER_ID = /^(user|chat|channel)([1-9][0-9]*)$/;

/**
 * The marked id of a sender (`from_id`) or another peer (`reply_to_peer_id`) of the message at
 * `where`; older exports wrote a bare user id.
 */
export function senderIdOf(fromId: ExportPeerId, where: string, field: string): number {
  const path = () => `${where}.${field}`;
  const match = typeof fromId === 'string' ? PEER_ID.exec(fromId) : null;
  if (typeof fromId === 'number' ? !(Number.isSafeInteger(fromId) && fromId > 0) : match === null) {
    throw new ExportFormatError(path(), 'expected a sender id like "user123", "chat123" or "channel123"');
  }
  if (match === null) return marked(fromId as number, 'user', path);
  return marked(Number(match[2]), match[1] as 'user' | 'chat' | 'channel', path);
}

/** How an id reads in messages to the operator: as the export writes it. */
function exportSpelling(markedId: number): string {
  if (markedId > 0) return `user${markedId}`;
  if (markedId > -CHANNEL_ID_OFFSET) return `chat${-markedId}`;
  return `channel${-markedId - CHANNEL_ID_OFFSET}`;
}

export interface SideContext {
  /** The agent's config name, for messages. */
  agent: string;
  /** The agent's own Telegram user id: the export's owner, else the agent file's `# Telegram ID`. */
  agentTelegramId: number | null;
  /** The chat's name, for messages. */
  chatName: string;
}

/** Whether a sender is the agent; throws when the export cannot be this agent's. */
export type SideRule = (senderId: number, where: string) => boolean;

/**
 * Which messages are the agent's (`isAgent`), made explicit:
 * - a direct chat has two sides, and its id is the partner's: every other sender is the agent.
 *   When the agent's id is known, a third sender means the export is another account's; when
 *   not, the first non-partner sender stands for the agent and a second one is refused alike.
 * - a group or channel has many senders, and only the agent's own id tells which are the agent's:
 *   it comes from the whole-account export's owner or the agent file, and without either the
 *   import stops and says how to provide it. A channel's posts signed by the channel are not the
 *   agent's.
 */
export function sideRule(placement: ChatPlacement, context: SideContext): SideRule {
  if (placement.kind === 'direct') {
    const partner = placement.channelId;
    let agentId = context.agentTelegramId;
    return (senderId, where) => {
      if (senderId === partner) return false;
      if (agentId === null) agentId = senderId;
      if (senderId !== agentId) {
        throw new ImportMismatchError(
          `${where}.from_id: ${exportSpelling(senderId)} is neither ${context.chatName} (${exportSpelling(partner)}) nor the agent (${exportSpelling(agentId)}). Is this an export of ${context.agent}'s own Telegram account?`,
        );
      }
      return true;
    };
  }
  const agentId = context.agentTelegramId;
  if (agentId === null) {
    throw new ImportMismatchError(
      `"${context.chatName}" is a ${placement.kind}, and which of its senders is ${context.agent} needs the agent's Telegram id: log the agent in (troupe login ${context.agent}), or write it under "# Telegram ID" in the agent's file, or import the whole-account export (it names its owner).`,
    );
  }
  return (senderId) => senderId === agentId;
}
