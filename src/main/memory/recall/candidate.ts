import type { ConversationKey } from '../../../shared/domain/conversation-key';
import type { EmbeddingSpace, Store } from '../../store';
import type { LexicalScore } from './lexical-score';
import type { RecallQuery } from './query';
import type { TermStats } from './term-stats';

/**
 * What recall finds and how the finding is shared out: each source (the archive, summaries, the
 * agent's notes and memories, facts about people) turns the query into candidates ranked in
 * one or more lists, and fusion scores every candidate by its ranks (reciprocal-rank fusion), so a
 * new source only has to say where its candidates rank.
 */

/**
 * What a recalled item is: a message, a summary of a stretch of the chat (those the prompt shows
 * in place of old history), a topic summary of a session (made for recall), a note, a memory, a
 * fact about a person.
 */
export type RecallKind = 'message' | 'summary' | 'topic' | 'note' | 'memory' | 'fact';
export const RECALL_KINDS: readonly RecallKind[] = ['message', 'summary', 'topic', 'note', 'memory', 'fact'];

/**
 * The ranked lists a candidate may stand in: the archive's two full-text indexes (words as
 * written, stems), a source's own ranking, messages of a period the query names, and vector
 * similarity. Fusion adds the lexical score list over every candidate itself.
 */
export type RankList = 'words' | 'stems' | 'source' | 'period' | 'vector';

export interface Candidate {
  /** Unique across sources: `message:42`, `summary:<id>`, `note:<id>`. */
  key: string;
  kind: RecallKind;
  text: string;
  /** When it was said or made: an ISO instant (messages) or the date as stored; the start of a range. */
  date: string | null;
  /** The end of the range a summary covers. */
  endDate: string | null;
  /** Who wrote a message: a name, or null for the agent itself. */
  from: string | null;
  /** Whether the agent wrote it. */
  byAgent: boolean;
  /** Epoch milliseconds of `date` (the end of a range), for recency; null when unknown. */
  at: number | null;
  /** The messages it stands for. */
  messageIds: number[];
  /** 1-based rank in each list it is in. */
  ranks: Partial<Record<RankList, number>>;
}

/** The repositories recall reads. */
export type RecallStore = Pick<
  Store,
  'archiveRecall' | 'archive' | 'archiveVectors' | 'summaries' | 'sessionMemory' | 'memoryEntries' | 'facts'
>;

export interface SourceContext {
  store: RecallStore;
  conversation: ConversationKey;
  query: RecallQuery;
  /** The people whose facts are looked up. */
  partnerIds: readonly number[];
  /** Archived messages from this id on are in the prompt already. */
  beforeMessageId: number | undefined;
  now: Date;
  timeZone: string;
  stats: TermStats;
  /** The question's vector in the space of the archive's vectors, when it could be made. */
  queryVector: { space: EmbeddingSpace; vector: Float32Array } | null;
  /** The lexical score of a text against the query (the same scale for every source). */
  score(text: string): LexicalScore;
}

/** One place recall looks. */
export interface RecallSource {
  /** The kinds it yields; a request that wants none of them skips it. */
  readonly kinds: readonly RecallKind[];
  collect(context: SourceContext): Candidate[];
}

/** A candidate ranked nowhere yet; what `fields` leave out is unknown (no date, sender or message). */
export function newCandidate(
  kind: RecallKind,
  id: string | number,
  text: string,
  fields: Partial<Pick<Candidate, 'date' | 'endDate' | 'from' | 'byAgent' | 'at' | 'messageIds'>>,
): Candidate {
  return {
    key: `${kind}:${id}`,
    kind,
    text,
    date: null,
    endDate: null,
    from: null,
    byAgent: false,
    at: null,
    messageIds: [],
    ranks: {},
    ...fields,
  };
}

/** One candidate per key: what two sources found is one candidate with the ranks of both. */
export function mergeByKey(candidates: readonly Candidate[]): Candidate[] {
  const byKey = new Map<string, Candidate>();
  for (const candidate of candidates) {
    const known = byKey.get(candidate.key);
    if (known) Object.assign(known.ranks, candidate.ranks);
    else byKey.set(candidate.key, { ...candidate, ranks: { ...candidate.ranks } });
  }
  return [...byKey.values()];
}

/** Sets each candidate's rank in `list` by the order given (best first). */
export function assignRanks(candidates: readonly Candidate[], list: RankList): void {
  candidates.forEach((candidate, index) => {
    candidate.ranks[list] = index + 1;
  });
}
