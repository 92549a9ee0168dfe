import type { MemorySummary } from '../../../../shared/domain/memory';
import { type Candidate, newCandidate, type RecallSource, type SourceContext } from '../candidate';
import { parseStoredDate, rankTexts } from './ranked-texts';

/**
 * The chat's summaries: each stands for the stretch of messages it covers, and a question about
 * that stretch may find its summary when the words people used are not in the summary's words,
 * or the other way round. A summary of messages the prompt shows is left out.
 */

/** Message ids listed for a summary; a longer stretch is named by its first and last. */
const LISTED_IDS = 200;
const DAY_MS = 86_400_000;

function candidate(summary: MemorySummary): Candidate {
  const end = parseStoredDate(summary.lastMessageDate);
  return newCandidate('summary', summary.id, summary.content, {
    date: summary.firstMessageDate,
    endDate: summary.lastMessageDate,
    at: end === null ? parseStoredDate(summary.created) : end,
  });
}

export const summarySource: RecallSource = {
  kinds: ['summary'],
  collect(context: SourceContext): Candidate[] {
    const { store, conversation, beforeMessageId } = context;
    const summaries = store.summaries
      .list(conversation)
      .filter((summary) => beforeMessageId === undefined || summary.minMessageId < beforeMessageId);
    const byKey = new Map(summaries.map((summary) => [`summary:${summary.id}`, summary]));
    const ranked = rankTexts(summaries.map(candidate), context, (found) => {
      const summary = byKey.get(found.key)!;
      const from = parseStoredDate(summary.firstMessageDate);
      const to = parseStoredDate(summary.lastMessageDate);
      return from === null || to === null ? null : { from, to: to + DAY_MS };
    });
    for (const found of ranked) {
      const summary = byKey.get(found.key)!;
      const ids = store.archiveRecall.idsBetween(
        conversation,
        summary.minMessageId,
        summary.maxMessageId,
        LISTED_IDS + 1,
      );
      found.messageIds =
        ids.length === 0 || ids.length > LISTED_IDS ? [summary.minMessageId, summary.maxMessageId] : ids;
    }
    return ranked;
  },
};
