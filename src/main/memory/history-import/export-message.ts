import type { ChatMsg, MessagePart } from '../../../shared/domain/conversation';
import type { ArchivedMessageInput } from '../../store';
import { toArchivedMessage } from '../archive-message';
import { type SideRule, senderIdOf } from './export-chat';
import { exportMediaParts } from './export-media';
import type { ExportMedia, ExportMessage, ExportText } from './export-schema';
import { ExportFormatError } from './import-errors';
import { isoFromUnixSeconds } from './unix-time';

/**
 * Turns a message's `text` into what a live session archives for it. Live Telegram sessions write
 * the text's formatting as markdown (the Telegram adapter's `exportTextToMarkdown` does the same
 * for an export's runs); the importer is handed it, since the archive sits below the adapters.
 */
export type ExportTextFormatter = (text: ExportText) => string;

/** One exported chat as the mapping needs it. */
export interface ExportChatContext {
  channelId: number;
  isAgent: SideRule;
  formatText: ExportTextFormatter;
}

const UNIX_SECONDS = /^[0-9]{1,11}$/;
const LOCAL_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})?$/;

/**
 * A moment of the export (`date` or `edited`) as ISO-8601 UTC, like live sessions write it, or
 * null when the message has neither form. `*_unixtime` (Unix seconds; older exports lack it) is
 * exact; without it the local time is read in this machine's time zone (set TZ to read it in
 * another), since Telegram Desktop writes it in the exporting machine's zone without saying which.
 */
function exportMoment(
  unixSeconds: string | undefined,
  local: string | undefined,
  field: 'date' | 'edited',
  where: string,
): string | null {
  if (unixSeconds !== undefined) {
    if (!UNIX_SECONDS.test(unixSeconds)) {
      throw new ExportFormatError(`${where}.${field}_unixtime`, 'expected Unix seconds like "1706724245"');
    }
    return isoFromUnixSeconds(Number(unixSeconds));
  }
  if (local === undefined) return null;
  const parsed = LOCAL_DATE.test(local) ? new Date(local) : null;
  if (parsed === null || Number.isNaN(parsed.getTime())) {
    throw new ExportFormatError(`${where}.${field}`, 'expected a date like "2024-01-31T18:04:05"');
  }
  return parsed.toISOString();
}

/** The message replied to in this chat; a reply to another chat's message has no id here, as live. */
function replyTarget(message: ExportMessage, channelId: number, where: string): number | null {
  if (message.reply_to_message_id === undefined) return null;
  const peer = message.reply_to_peer_id;
  if (peer !== undefined && senderIdOf(peer, where, 'reply_to_peer_id') !== channelId) return null;
  return message.reply_to_message_id;
}

/**
 * An exported message as its archive row, keeping the export's message id (supergroups that
 * began as basic groups list the old group's messages first, at ids below zero, as the export
 * numbers them). Parts come in the order live sessions give them: the text, then the media.
 */
export function exportMessageRow(
  message: ExportMessage,
  media: ExportMedia | null,
  chat: ExportChatContext,
  where: string,
): ArchivedMessageInput {
  const sentAt = exportMoment(message.date_unixtime, message.date, 'date', where);
  if (sentAt === null) {
    throw new ExportFormatError(
      `${where}.date`,
      'missing: expected "date_unixtime" or "date" (like "2024-01-31T18:04:05")',
    );
  }
  const senderId =
    message.from_id === undefined ? chat.channelId : senderIdOf(message.from_id, where, 'from_id');
  const parts: MessagePart[] = [];
  if (message.text !== undefined && message.text !== '') {
    const text = chat.formatText(message.text);
    if (text !== '') parts.push({ kind: 'text', text });
  }
  if (media !== null) parts.push(...exportMediaParts(media, chat.channelId, message.id));
  const chatMsg: ChatMsg = {
    channelId: chat.channelId,
    messageId: message.id,
    senderId,
    senderName: message.from?.trim() || null,
    senderUsername: null,
    isAgent: chat.isAgent(senderId, where),
    replyToMessageId: replyTarget(message, chat.channelId, where),
    sentAt,
    editedAt: exportMoment(message.edited_unixtime, message.edited, 'edited', where),
    parts,
    reactions: [],
    mentioned: false,
  };
  return toArchivedMessage(chatMsg);
}
