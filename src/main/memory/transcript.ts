import { messageTimeFormatter } from '../conversation/local-time';
import type { ArchivedMessage } from '../store';

/**
 * Archived messages as memory work reads them: one line each, with the message id (so answers
 * can cite it), the local time, and who wrote it (the agent as "you", others with their id).
 */
export function memoryTranscript(
  messages: readonly ArchivedMessage[],
  agentName: string,
  timeZone: string,
): string {
  const time = messageTimeFormatter(timeZone);
  return messages
    .map((message) => {
      const who = message.isAgent
        ? `${agentName} (you)`
        : `${message.senderName ?? 'someone'} (id ${message.senderId})`;
      return `[message ${message.messageId}] ${time(new Date(message.sentAt))} ${who}: ${message.text}`;
    })
    .join('\n');
}
