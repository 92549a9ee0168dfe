import type { ConversationKey } from '../../../shared/domain/conversation-key';
import type { Store } from '../../store';
import type { LexicalScore } from './lexical-score';
import type { RecallQuery } from './query';
import type { TermStats } from './term-stats';

/**
 * What recall finds and how the finding is shared out: each source (the archive, summaries, the
 * agent's notes and memories; facts when they arrive) turns the query into candidates ranked in
 * one or more lists, and fusion scores every candidate by its ranks (reciprocal-rank fusion), so a
 * new source only has to say where its candidates rank.
 */

/** What a recalled item is: a message, a summary of a stretch of the chat, a note, a memory. */
export type RecallKind = 'message' | 'summary' | 'note' | 'memory';
export const RECALL_KINDS: readonly RecallKind[] = ['message', 'summary', 'note', 'memory'];

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
export type RecallStore = Pick<Store, 'archiveRecall' | 'archive' | 'summaries' | 'memoryEntries'>;

export interface SourceContext {
  store: RecallStore;
  conversation: ConversationKey;
  query: RecallQuery;
  /** Archived messages from this id on are in the prompt already. */
  beforeMessageId: number | undefined;
  now: Date;
  timeZone: string;
  stats: TermStats;
  /** The lexical score of a text against the query (the same scale for every source). */
  score(text: string): LexicalScore;
}

/** One place recall looks. */
export interface RecallSource {
  /** The kinds it yields; a request that wants none of them skips it. */
  readonly kinds: readonly RecallKind[];
  collect(context: SourceContext): Candidate[];
}

/** Sets each candidate's rank in `list` by the order given (best first). */
export function assignRanks(candidates: readonly Candidate[], list: RankList): void {
  candidates.forEach((candidate, index) => {
    candidate.ranks[list] = index + 1;
  });
}
