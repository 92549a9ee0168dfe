import type { Network } from '../../shared/api/conversation-contract';
import type { MemoryEntry, MemoryScope } from '../../shared/domain/memory';
import type { SqliteDatabase } from './migrations/migration';
import { ReadCache } from './read-cache';

/**
 * Whose list an entry is in. Memories and intentions belong to the agent, notes and plans to one
 * channel. Every list is also per network: what an agent learns while rehearsing in the Simulator
 * stays out of its Telegram life.
 */
export type MemoryOwner =
  | { agent: string; network: Network; scope: 'memory' | 'intention' }
  | { agent: string; network: Network; scope: 'note' | 'plan'; channelId: number };

/** Agent-wide lists are stored under channel 0, which is never a chat id. */
const AGENT_WIDE_CHANNEL = 0;

interface EntryRow {
  id: string;
  position: number;
  content: string;
  created: string;
  creation_channel_id: number | null;
  creation_channel_name: string | null;
}

interface OwnerParams {
  agent: string;
  network: string;
  scope: MemoryScope;
  channel_id: number;
}

function ownerParams(owner: MemoryOwner): OwnerParams {
  return {
    agent: owner.agent,
    network: owner.network,
    scope: owner.scope,
    channel_id: 'channelId' in owner ? owner.channelId : AGENT_WIDE_CHANNEL,
  };
}

function ownerKey(params: OwnerParams): string {
  return `${params.agent}\n${params.network}\n${params.scope}\n${params.channel_id}`;
}

function toEntry(row: EntryRow): MemoryEntry {
  return {
    id: row.id,
    content: row.content,
    created: row.created,
    creationChannelId: row.creation_channel_id,
    creationChannelName: row.creation_channel_name,
  };
}

/**
 * The agent's property entries (remember, intend, note, plan): lists of entries keyed by id, in
 * the order they were first written. Replacing an entry keeps its place in the list.
 *
 * Every turn reads four lists, which change now and then: each is kept as last read (see
 * ReadCache) until a write here changes it.
 */
export class EngineMemoryRepository {
  readonly #read: ReadCache<readonly MemoryEntry[]>;
  readonly #list;
  readonly #get;
  readonly #insert;
  readonly #update;
  readonly #delete;
  readonly #clear;

  constructor(db: SqliteDatabase) {
    this.#read = new ReadCache(db);
    const owner = 'agent = @agent AND network = @network AND scope = @scope AND channel_id = @channel_id';
    // Ordered below rather than by SQLite, which would set up a sorter for a handful of rows (no
    // index has position), on every turn's four lists.
    this.#list = db.prepare<OwnerParams, EntryRow>(`SELECT * FROM memory_entries WHERE ${owner}`);
    this.#get = db.prepare<OwnerParams & { id: string }, EntryRow>(
      `SELECT * FROM memory_entries WHERE ${owner} AND id = @id`,
    );
    this.#insert = db.prepare<OwnerParams & Omit<EntryRow, 'position'> & { updated_at: string }>(
      `INSERT INTO memory_entries (agent, network, scope, channel_id, id, position, content, created,
         creation_channel_id, creation_channel_name, updated_at)
       VALUES (@agent, @network, @scope, @channel_id, @id,
         (SELECT coalesce(max(position), -1) + 1 FROM memory_entries WHERE ${owner}),
         @content, @created, @creation_channel_id, @creation_channel_name, @updated_at)`,
    );
    this.#update = db.prepare<OwnerParams & Omit<EntryRow, 'position'> & { updated_at: string }>(
      `UPDATE memory_entries SET content = @content, created = @created,
         creation_channel_id = @creation_channel_id, creation_channel_name = @creation_channel_name,
         updated_at = @updated_at
       WHERE ${owner} AND id = @id`,
    );
    this.#delete = db.prepare<OwnerParams & { id: string }>(
      `DELETE FROM memory_entries WHERE ${owner} AND id = @id`,
    );
    this.#clear = db.prepare<OwnerParams>(`DELETE FROM memory_entries WHERE ${owner}`);
  }

  list(owner: MemoryOwner): MemoryEntry[] {
    const params = ownerParams(owner);
    const entries = this.#read.read(ownerKey(params), () =>
      this.#list
        .all(params)
        .sort((a, b) => a.position - b.position)
        .map(toEntry),
    );
    // Copies, so a caller changing an entry cannot change what the next caller reads.
    return entries.map((entry) => ({ ...entry }));
  }

  get(owner: MemoryOwner, id: string): MemoryEntry | null {
    const row = this.#get.get({ ...ownerParams(owner), id });
    return row ? toEntry(row) : null;
  }

  /** Creates the entry at the end of the list, or replaces the one with its id in place. */
  put(owner: MemoryOwner, entry: MemoryEntry, at: Date): 'created' | 'updated' {
    const params = ownerParams(owner);
    this.#read.forget(ownerKey(params));
    const row = {
      ...params,
      id: entry.id,
      content: entry.content,
      created: entry.created,
      creation_channel_id: entry.creationChannelId,
      creation_channel_name: entry.creationChannelName,
      updated_at: at.toISOString(),
    };
    if (this.#update.run(row).changes > 0) return 'updated';
    this.#insert.run(row);
    return 'created';
  }

  /** Returns whether the entry existed. */
  delete(owner: MemoryOwner, id: string): boolean {
    const params = ownerParams(owner);
    this.#read.forget(ownerKey(params));
    return this.#delete.run({ ...params, id }).changes > 0;
  }

  /** Empties a list (a conversation-start reset clears the plans); returns how many entries went. */
  clear(owner: MemoryOwner): number {
    const params = ownerParams(owner);
    this.#read.forget(ownerKey(params));
    return this.#clear.run(params).changes;
  }
}
