import type { MemorySummary, SessionSummary } from '../../../../shared/domain/memory';
import { type Candidate, newCandidate, type RecallSource, type SourceContext } from '../candidate';
import { parseStoredDate, rankTexts } from './ranked-texts';

/**
 * The chat's summaries (of the stretches the prompt's history leaves out) and its topic summaries
 * (of each quiet-ended session, made for recall): each stands for the messages it covers, and a
 * question about them may find the summary when the words people used are not the summary's, or
 * the other way round. One that covers only messages the prompt shows is left out.
 */

/** Message ids listed for a summary; a longer stretch is named by its first and last. */
const LISTED_IDS = 200;
const DAY_MS = 86_400_000;

/** A summary of either kind, as recall reads it. */
interface Stretch {
  candidate: Candidate;
  minMessageId: number;
  maxMessageId: number;
  /** Epoch milliseconds the covered messages were sent between, when known. */
  sent: { from: number; to: number } | null;
}

function fromSummary(summary: MemorySummary): Stretch {
  const first = parseStoredDate(summary.firstMessageDate);
  const last = parseStoredDate(summary.lastMessageDate);
  return {
    candidate: newCandidate('summary', summary.id, summary.content, {
      date: summary.firstMessageDate,
      endDate: summary.lastMessageDate,
      at: last ?? parseStoredDate(summary.created),
    }),
    minMessageId: summary.minMessageId,
    maxMessageId: summary.maxMessageId,
    // The dates are days: the last one lasts until its end.
    sent: first === null || last === null ? null : { from: first, to: last + DAY_MS },
  };
}

function fromSession(session: SessionSummary): Stretch {
  const first = Date.parse(session.firstAt);
  const last = Date.parse(session.lastAt);
  return {
    candidate: newCandidate('topic', session.id, `${session.topic}: ${session.content}`, {
      date: session.firstAt,
      endDate: session.lastAt,
      at: last,
    }),
    minMessageId: session.minMessageId,
    maxMessageId: session.maxMessageId,
    sent: { from: first, to: last },
  };
}

export const summarySource: RecallSource = {
  kinds: ['summary', 'topic'],
  collect(context: SourceContext): Candidate[] {
    const { store, conversation, beforeMessageId } = context;
    const stretches = [
      ...store.summaries.list(conversation).map(fromSummary),
      ...store.sessionMemory.sessions(conversation).map(fromSession),
    ].filter((stretch) => beforeMessageId === undefined || stretch.minMessageId < beforeMessageId);
    const byKey = new Map(stretches.map((stretch) => [stretch.candidate.key, stretch]));
    const ranked = rankTexts(
      stretches.map((stretch) => stretch.candidate),
      context,
      (found) => byKey.get(found.key)!.sent,
    );
    for (const found of ranked) {
      const { minMessageId, maxMessageId } = byKey.get(found.key)!;
      const ids = store.archiveRecall.idsBetween(conversation, minMessageId, maxMessageId, LISTED_IDS + 1);
      found.messageIds = ids.length === 0 || ids.length > LISTED_IDS ? [minMessageId, maxMessageId] : ids;
    }
    return ranked;
  },
};
