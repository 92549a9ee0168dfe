import type { ConversationKey } from '../../../shared/domain/conversation-key';
import type { Embedder } from '../../llm';
import type { Logger } from '../../logging';
import { withAnswers } from './answers';
import { DEFAULT_BUDGET_TOKENS, DEFAULT_ITEM_LIMIT, fitBudget } from './budget';
import {
  mergeByKey,
  RECALL_KINDS,
  type RecallKind,
  type RecallSource,
  type RecallStore,
  type SourceContext,
} from './candidate';
import { mergeRepeats } from './dedupe';
import { fuseCandidates } from './fuse';
import { lexicalScorer } from './lexical-score';
import { buildRecallQuery } from './query';
import { embedQuestion } from './query-vector';
import { archiveSource } from './sources/archive-source';
import { entrySource } from './sources/entry-source';
import { factSource } from './sources/fact-source';
import { summarySource } from './sources/summary-source';
import { vectorSource } from './sources/vector-source';
import { termStats } from './term-stats';

/**
 * Memory recall: before a turn, what the agent knows of the chat beyond the prompt's history
 * window (older messages, summaries, notes, its memories, facts about the people) that bears on what was just said. It
 * runs on the turn's path, so it never blocks or fails it: any error is one log line and no
 * recall.
 */

export interface RecallRequest {
  conversation: ConversationKey;
  /** What to look for, oldest first: the last turns, then the new inbound messages (the newest weigh most). */
  queryTexts: readonly string[];
  /** The lowest message id the prompt shows: archived messages from it on are left out. */
  beforeMessageId?: number | null | undefined;
  now: Date;
  /** The agent's IANA time zone: "March 3" and "yesterday" are days there. */
  timeZone: string;
  /** Tokens the recalled items may take (estimated); default 1000. */
  budgetTokens?: number | undefined;
  /** At most this many items; default 10. */
  limit?: number | undefined;
  /**
   * The people whose facts are looked up: a group's speakers. Default: the chat's own id, which
   * in a direct chat is the partner's.
   */
  partnerIds?: readonly number[] | undefined;
  /** The kinds to recall; default all. */
  kinds?: readonly RecallKind[] | undefined;
  /**
   * The embedding model the archive's vectors were made with (see `startArchiveEmbedding`): the
   * question is embedded too, and the nearest messages join the words' finds. None: words only.
   */
  embedder?: Embedder | null | undefined;
  /** How long the question's embedding may take; default 1.5 s. */
  embeddingTimeoutMs?: number | undefined;
}

/** A recalled item, best first in the list recall returns. */
export interface RecalledItem {
  kind: RecallKind;
  /** What was said or written (a long text cut around what matched). */
  text: string;
  /** The fused score: only comparable within one recall. */
  score: number;
  /** A message's send time (ISO instant); a summary's first date; a note's or memory's creation as stored. */
  date: string | null;
  /** A summary's last date. */
  endDate: string | null;
  /** A message's sender; null for the agent's own messages and other kinds. */
  from: string | null;
  /** Whether the agent wrote it. */
  byAgent: boolean;
  /**
   * The archived messages it stands for: the message; a summary's covered ids (or its first and
   * last); the messages a fact was learnt from.
   */
  messageIds: number[];
}

/** Where recall looks, in order. */
const SOURCES: readonly RecallSource[] = [
  archiveSource,
  vectorSource,
  summarySource,
  entrySource,
  factSource,
];

async function recall(store: RecallStore, request: RecallRequest, logger: Logger): Promise<RecalledItem[]> {
  const query = buildRecallQuery(request.queryTexts, { now: request.now, timeZone: request.timeZone });
  const queryVector = await embedQuestion(
    store,
    { embedder: request.embedder, queryTexts: request.queryTexts, timeoutMs: request.embeddingTimeoutMs },
    logger,
  );
  if (query.terms.length === 0 && query.periods.length === 0 && queryVector === null) return [];
  const kinds = new Set(request.kinds ?? RECALL_KINDS);
  // Before words are counted: the chat's older messages still queued for the indexes count too.
  store.archiveRecall.makeSearchable(request.conversation, request.beforeMessageId ?? undefined);
  const stats = termStats(store, query.terms, request.now);
  const score = lexicalScorer(query, stats);
  const context: SourceContext = {
    store,
    conversation: request.conversation,
    partnerIds: request.partnerIds ?? [request.conversation.channelId],
    query,
    beforeMessageId: request.beforeMessageId ?? undefined,
    now: request.now,
    timeZone: request.timeZone,
    stats,
    queryVector,
    score,
  };
  const candidates = mergeByKey(
    SOURCES.filter((source) => source.kinds.some((kind) => kinds.has(kind)))
      .flatMap((source) => source.collect(context))
      .filter((candidate) => kinds.has(candidate.kind)),
  );
  const limit = request.limit ?? DEFAULT_ITEM_LIMIT;
  const ranked = withAnswers(
    store,
    request.conversation,
    mergeRepeats(fuseCandidates(candidates, score, request.now)),
    {
      count: limit,
      beforeMessageId: request.beforeMessageId ?? undefined,
    },
  );
  const fitted = fitBudget(ranked, {
    budgetTokens: request.budgetTokens ?? DEFAULT_BUDGET_TOKENS,
    limit,
    words: query.terms.map((term) => term.folded),
  });
  return fitted.map((found) => ({
    kind: found.kind,
    text: found.text,
    score: Math.round(found.score * 10_000) / 10_000,
    date: found.date,
    endDate: found.endDate,
    from: found.from,
    byAgent: found.byAgent,
    messageIds: found.messageIds,
  }));
}

/**
 * What the agent recalls for this turn, best first; empty when nothing bears on it. Never throws:
 * a failure is logged once and recalls nothing.
 */
export async function recallMemory(
  store: RecallStore,
  request: RecallRequest,
  logger: Logger,
): Promise<RecalledItem[]> {
  try {
    return await recall(store, request, logger);
  } catch (error) {
    logger.warn(
      { err: error, agent: request.conversation.agent, channelId: request.conversation.channelId },
      'memory recall failed; the turn goes on without it',
    );
    return [];
  }
}
