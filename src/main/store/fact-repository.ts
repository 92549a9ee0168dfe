import type { Network } from '../../shared/api/conversation-contract';
import type { ConversationKey } from '../../shared/domain/conversation-key';
import type { FactCategory, FactOrigin, MemoryFact } from '../../shared/domain/memory';
import type { SqliteDatabase } from './migrations/migration';

/** Whose facts: one agent's, on one network, about one person. */
export interface FactOwner {
  agent: string;
  network: Network;
  partnerId: number;
}

export interface NewFact {
  id: string;
  category: FactCategory;
  key: string | null;
  content: string;
  sourceChannelId: number | null;
  sourceMessageIds: readonly number[];
  writtenBy: FactOrigin;
}

/** A person the agent knows facts about, with the name they last wrote under. */
export interface FactPerson {
  partnerId: number;
  name: string | null;
  factCount: number;
}

/** A fact the full-text index found, with its BM25 rank (lower is better). */
export interface FactMatch {
  fact: MemoryFact;
  rank: number;
}

interface FactRow {
  partner_id: number;
  id: string;
  category: string;
  fact_key: string | null;
  content: string;
  source_channel_id: number | null;
  source_message_ids: string;
  written_by: string;
  written_at: string;
  superseded_by: string | null;
  superseded_at: string | null;
  retracted_at: string | null;
}

function toFact(row: FactRow): MemoryFact {
  return {
    id: row.id,
    partnerId: row.partner_id,
    category: row.category as FactCategory,
    key: row.fact_key,
    content: row.content,
    sourceChannelId: row.source_channel_id,
    sourceMessageIds: JSON.parse(row.source_message_ids) as number[],
    writtenBy: row.written_by as FactOrigin,
    writtenAt: row.written_at,
    supersededBy: row.superseded_by,
    supersededAt: row.superseded_at,
    retractedAt: row.retracted_at,
  };
}

const CURRENT = 'superseded_at IS NULL AND retracted_at IS NULL';

/**
 * Facts about the people each agent talks to (see migration 009). Rows are only ever added or
 * marked: the memory layer decides when a new fact supersedes an old one.
 */
export class FactRepository {
  readonly #current;
  readonly #all;
  readonly #get;
  readonly #insert;
  readonly #supersede;
  readonly #retract;
  readonly #partners;
  readonly #match;
  readonly #mark;
  readonly #setMark;

  constructor(db: SqliteDatabase) {
    // Statements with +@name parameters are planned once: see PLANNED_ONCE in database.ts.
    const owner = 'agent = +@agent AND network = +@network AND partner_id = +@partnerId';
    this.#current = db.prepare<FactOwner, FactRow>(
      `SELECT * FROM memory_facts WHERE ${owner} AND ${CURRENT} ORDER BY written_at, rowid`,
    );
    this.#all = db.prepare<FactOwner, FactRow>(
      `SELECT * FROM memory_facts WHERE ${owner} ORDER BY written_at, rowid`,
    );
    this.#get = db.prepare<FactOwner & { id: string }, FactRow>(
      `SELECT * FROM memory_facts WHERE ${owner} AND id = @id`,
    );
    this.#insert = db.prepare<Record<string, unknown>>(
      `INSERT INTO memory_facts (agent, network, partner_id, id, category, fact_key, content,
         source_channel_id, source_message_ids, written_by, written_at)
       VALUES (@agent, @network, @partnerId, @id, @category, @key, @content, @sourceChannelId,
         @sourceMessageIds, @writtenBy, @writtenAt)`,
    );
    this.#supersede = db.prepare<FactOwner & { id: string; by: string; at: string }>(
      `UPDATE memory_facts SET superseded_by = @by, superseded_at = @at
       WHERE ${owner} AND id = @id AND ${CURRENT}`,
    );
    this.#retract = db.prepare<FactOwner & { id: string; at: string }>(
      `UPDATE memory_facts SET retracted_at = @at WHERE ${owner} AND id = @id AND ${CURRENT}`,
    );
    this.#partners = db.prepare<
      { agent: string; network: string },
      { partner_id: number; name: string | null; fact_count: number }
    >(
      `SELECT f.partner_id, count(*) AS fact_count,
         (SELECT a.sender_name FROM archive_messages a
          WHERE a.agent = f.agent AND a.network = f.network AND a.sender_id = f.partner_id
            AND a.sender_name IS NOT NULL
          ORDER BY a.message_id DESC LIMIT 1) AS name
       FROM memory_facts f WHERE f.agent = @agent AND f.network = @network AND ${CURRENT}
       GROUP BY f.partner_id ORDER BY name, f.partner_id`,
    );
    this.#match = db.prepare<FactOwner & { query: string; limit: number }, FactRow & { rank: number }>(
      `SELECT f.*, bm25(memory_fact_stems) AS rank
       FROM memory_fact_stems JOIN memory_facts f ON f.rowid = memory_fact_stems.rowid
       WHERE memory_fact_stems MATCH @query AND f.agent = +@agent AND f.network = +@network
         AND f.partner_id = +@partnerId AND f.superseded_at IS NULL AND f.retracted_at IS NULL
       ORDER BY rank LIMIT +@limit`,
    );
    const chat = 'agent = @agent AND network = @network AND channel_id = @channelId';
    this.#mark = db.prepare<ConversationKey, { through_message_id: number }>(
      `SELECT through_message_id FROM memory_extraction_marks WHERE ${chat}`,
    );
    this.#setMark = db.prepare<ConversationKey & { through: number }>(
      `INSERT INTO memory_extraction_marks (agent, network, channel_id, through_message_id)
       VALUES (@agent, @network, @channelId, @through)
       ON CONFLICT (agent, network, channel_id) DO UPDATE SET through_message_id = excluded.through_message_id`,
    );
  }

  /** What the agent knows about the person now, oldest first. */
  current(owner: FactOwner): MemoryFact[] {
    return this.#current.all(owner).map(toFact);
  }

  /** Every fact ever written about the person, superseded and retracted ones included. */
  history(owner: FactOwner): MemoryFact[] {
    return this.#all.all(owner).map(toFact);
  }

  get(owner: FactOwner, id: string): MemoryFact | null {
    const row = this.#get.get({ ...owner, id });
    return row ? toFact(row) : null;
  }

  insert(owner: FactOwner, fact: NewFact, at: Date): MemoryFact {
    this.#insert.run({
      ...owner,
      ...fact,
      sourceMessageIds: JSON.stringify(fact.sourceMessageIds),
      writtenAt: at.toISOString(),
    });
    return this.get(owner, fact.id)!;
  }

  /** Marks a current fact as replaced by another; returns whether it was current. */
  supersede(owner: FactOwner, id: string, by: string, at: Date): boolean {
    return this.#supersede.run({ ...owner, id, by, at: at.toISOString() }).changes > 0;
  }

  /** Marks a current fact as no longer true; returns whether it was current. */
  retract(owner: FactOwner, id: string, at: Date): boolean {
    return this.#retract.run({ ...owner, id, at: at.toISOString() }).changes > 0;
  }

  /** The people the agent knows facts about on the network, by name. */
  people(agent: string, network: Network): FactPerson[] {
    return this.#partners
      .all({ agent, network })
      .map((row) => ({ partnerId: row.partner_id, name: row.name, factCount: row.fact_count }));
  }

  /** Current facts about the person matching an FTS5 query, best first. */
  match(owner: FactOwner, query: string, limit: number): FactMatch[] {
    return this.#match.all({ ...owner, query, limit }).map((row) => ({ fact: toFact(row), rank: row.rank }));
  }

  /** The newest message of the conversation already read for facts (0 before the first reading). */
  extractedThrough(conversation: ConversationKey): number {
    return this.#mark.get(conversation)?.through_message_id ?? 0;
  }

  markExtracted(conversation: ConversationKey, throughMessageId: number): void {
    this.#setMark.run({ ...conversation, through: throughMessageId });
  }
}
