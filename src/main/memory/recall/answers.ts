import type { ConversationKey } from '../../../shared/domain/conversation-key';
import type { Candidate, RecallStore } from './candidate';

/** How long after a question its answer may come and still be read as one. */
const ANSWER_WITHIN_MS = 3 * 3_600_000;
/** Messages after a question looked at for its answer. */
const ANSWER_LOOKAHEAD = 4;

function isQuestion(text: string): boolean {
  return /[?？¿]/.test(text);
}

/**
 * A recalled question brings its answer along: people ask "where are you moving?" and answer
 * "Lisbon!", and a search finds the question's words while the answer holds what was asked
 * for. For the best message candidates that ask something, the first later message of the chat
 * from the other side (within a few hours, before the prompt's history) is added to the text,
 * and its id to the candidate's messages.
 */
export function withAnswers<Ranked extends Candidate>(
  store: Pick<RecallStore, 'archive'>,
  conversation: ConversationKey,
  ranked: readonly Ranked[],
  options: { count: number; beforeMessageId: number | undefined },
): Ranked[] {
  return ranked.map((candidate, index) => {
    if (index >= options.count || candidate.kind !== 'message' || !isQuestion(candidate.text))
      return candidate;
    const askedId = candidate.messageIds[0]!;
    const askedAt = candidate.at ?? 0;
    const answer = store.archive
      .after(conversation, askedId, ANSWER_LOOKAHEAD)
      .find(
        (message) =>
          message.deletedAt === null &&
          message.isAgent !== candidate.byAgent &&
          (options.beforeMessageId === undefined || message.messageId < options.beforeMessageId) &&
          Date.parse(message.sentAt) - askedAt <= ANSWER_WITHIN_MS &&
          message.text.trim() !== '',
      );
    if (!answer || candidate.messageIds.includes(answer.messageId)) return candidate;
    const who = answer.isAgent ? 'you' : (answer.senderName ?? 'they');
    return {
      ...candidate,
      text: `${candidate.text}\n— ${who}: ${answer.text}`,
      messageIds: [...candidate.messageIds, answer.messageId],
    };
  });
}
