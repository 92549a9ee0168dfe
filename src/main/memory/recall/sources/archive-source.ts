import type { ArchivedMessage, SentPeriod } from '../../../store';
import {
  assignRanks,
  type Candidate,
  newCandidate,
  type RecallSource,
  type SourceContext,
} from '../candidate';
import type { Period } from '../dates';
import { rareTerms, SEARCHED_TERMS, wordsExpression } from './search-terms';

/**
 * The archive: messages of the chat older than the prompt's history. Searched by both full-text
 * indexes with the query's words OR'ed (BM25 ranks a message higher the more and the rarer words
 * it has), each index a ranked list of its own; by the periods the query names (the period's
 * messages, those matching the words first); and, when every word is common, by the chat's latest
 * messages with them: such a word is in most messages, BM25 cannot tell them apart, and ranking
 * every one costs the whole archive.
 */

/** Hits per index: the fused list needs a few dozen, the rest are noise. */
const HITS_PER_INDEX = 40;
/** Messages of a named period considered; a busy day has fewer. */
const PERIOD_MESSAGES = 400;
/** A period longer than this, named without words ("in 2024"), only narrows the word search. */
const BROWSABLE_PERIOD_MS = 62 * 24 * 3_600_000;
/** Messages of a named period kept as candidates, the longest first (they say the most). */
const PERIOD_CANDIDATES = 80;
/** Latest matches of common words kept as candidates. */
const LATEST_MATCHES = 60;

function sentPeriod(period: Period): SentPeriod {
  return { from: period.from.toISOString(), to: period.to.toISOString() };
}

/** A message as a candidate, ranked nowhere yet. */
export function messageCandidate(message: ArchivedMessage): Candidate {
  return newCandidate('message', message.messageId, message.text, {
    date: message.sentAt,
    from: message.isAgent ? null : message.senderName,
    byAgent: message.isAgent,
    at: Date.parse(message.sentAt),
    messageIds: [message.messageId],
  });
}

export const archiveSource: RecallSource = {
  kinds: ['message'],
  collect(context: SourceContext): Candidate[] {
    const { store, conversation, query, stats, beforeMessageId } = context;
    // A chat whose every message is in the prompt's history (most new chats) has nothing to recall.
    if (!store.archiveRecall.hasMessagesBefore(conversation, beforeMessageId)) return [];
    const found = new Map<number, Candidate>();
    const add = (message: ArchivedMessage): Candidate => {
      let known = found.get(message.messageId);
      if (!known) {
        known = messageCandidate(message);
        found.set(message.messageId, known);
      }
      return known;
    };
    const rare = rareTerms(query, stats);
    const search = (index: 'words' | 'stems', period?: Period) =>
      store.archiveRecall
        .search(conversation, {
          index,
          expression: wordsExpression(rare, query, index === 'words'),
          beforeMessageId,
          period: period ? sentPeriod(period) : undefined,
          limit: HITS_PER_INDEX,
        })
        .map((match) => add(match.message));

    if (rare.length > 0) {
      assignRanks(search('words'), 'words');
      assignRanks(search('stems'), 'stems');
    } else if (query.terms.length > 0 && query.periods.length === 0) {
      const latest = store.archiveRecall.latest(conversation, {
        index: 'stems',
        expression: wordsExpression(query.terms.slice(0, SEARCHED_TERMS), query, false),
        beforeMessageId,
        limit: LATEST_MATCHES,
      });
      assignRanks(latest.map(add), 'stems');
    }

    if (query.periods.length > 0) {
      const hits: Candidate[] = [];
      const browsed: ArchivedMessage[] = [];
      for (const period of query.periods) {
        if (rare.length > 0) hits.push(...search('stems', period));
        if (period.to.getTime() - period.from.getTime() > BROWSABLE_PERIOD_MS) continue;
        browsed.push(
          ...store.archiveRecall.inPeriod(conversation, sentPeriod(period), {
            beforeMessageId,
            limit: PERIOD_MESSAGES,
          }),
        );
      }
      const longest = browsed.sort((a, b) => b.text.length - a.text.length).slice(0, PERIOD_CANDIDATES);
      assignRanks([...new Set([...hits, ...longest.map(add)])], 'period');
    }
    return [...found.values()];
  },
};
