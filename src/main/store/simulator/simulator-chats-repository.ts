import type { SqliteDatabase } from '../migrations/migration';
import type { ChatKey, ChatRow, MemberRow, NewChat } from './simulator-rows';

function chatCacheKey(key: ChatKey): string {
  return `${key.agent}\n${key.channelId}`;
}

/**
 * The Simulator's chats: their people, read positions, mute state, ids and counters.
 *
 * Each chat's row and its members are kept as last read, by `chatCacheKey`: every message the
 * agent sends or receives looks them up several times. A write here forgets what it changes; a
 * write elsewhere says so (`forgetChat`, `forgetMembers`, `forget`). A read inside a transaction,
 * which may still roll back, keeps nothing.
 */
export class SimulatorChatsRepository {
  readonly #db: SqliteDatabase;
  readonly #statements;
  readonly #rows = new Map<string, ChatRow>();
  readonly #members = new Map<string, MemberRow[]>();

  constructor(db: SqliteDatabase) {
    this.#db = db;
    this.#statements = {
      nextCounterValue: db.prepare<{ name: string; first: number }, { value: number }>(
        `INSERT INTO sim_counters (name, value) VALUES (@name, @first)
         ON CONFLICT (name) DO UPDATE SET value = value + 1
         RETURNING value`,
      ),
      insert: db.prepare<NewChat>(
        `INSERT INTO sim_chats (agent, channel_id, kind, title, created_at)
         VALUES (@agent, @channelId, @kind, @title, @createdAt)`,
      ),
      select: db.prepare<ChatKey, ChatRow>(
        'SELECT * FROM sim_chats WHERE agent = @agent AND channel_id = @channelId',
      ),
      // Statements with +@name parameters are planned once: see PLANNED_ONCE in database.ts.
      selectAll: db.prepare<{ agent: string }, ChatRow>(
        'SELECT * FROM sim_chats WHERE agent = +@agent ORDER BY created_at, channel_id',
      ),
      insertMember: db.prepare<ChatKey & { personId: number }>(
        'INSERT INTO sim_members (agent, channel_id, person_id) VALUES (@agent, @channelId, @personId)',
      ),
      selectMembers: db.prepare<ChatKey, MemberRow>(
        `SELECT p.*, m.read_up_to FROM sim_members m JOIN sim_people p ON p.id = m.person_id
         WHERE m.agent = +@agent AND m.channel_id = +@channelId ORDER BY m.rowid`,
      ),
      updateMemberRead: db.prepare<ChatKey & { personId: number; upToMessageId: number }>(
        `UPDATE sim_members SET read_up_to = max(read_up_to, @upToMessageId)
         WHERE agent = @agent AND channel_id = @channelId AND person_id = @personId`,
      ),
      updatePeopleRead: db.prepare<ChatKey & { upToMessageId: number }>(
        `UPDATE sim_chats SET people_read_up_to = max(people_read_up_to, @upToMessageId)
         WHERE agent = @agent AND channel_id = @channelId`,
      ),
      updateMuted: db.prepare<ChatKey & { muted: number }>(
        'UPDATE sim_chats SET muted = @muted WHERE agent = @agent AND channel_id = @channelId',
      ),
      claimMessageId: db.prepare<ChatKey, { last_message_id: number }>(
        `UPDATE sim_chats SET last_message_id = last_message_id + 1
         WHERE agent = @agent AND channel_id = @channelId
         RETURNING last_message_id`,
      ),
    };
  }

  /** The counter's next value; `first` when it was never used (ids of people and groups). */
  nextCounterValue(name: string, first: number): number {
    return this.#statements.nextCounterValue.get({ name, first })!.value;
  }

  insert(chat: NewChat): void {
    this.#rows.delete(chatCacheKey(chat));
    this.#statements.insert.run(chat);
  }

  get(key: ChatKey): ChatRow | undefined {
    const cacheKey = chatCacheKey(key);
    let row = this.#rows.get(cacheKey);
    if (!row) {
      row = this.#statements.select.get(key);
      if (!row) return undefined;
      if (!this.#db.inTransaction) this.#rows.set(cacheKey, row);
    }
    // A copy, so a caller changing it cannot change what the next caller reads.
    return { ...row };
  }

  /** The chat's row changed through another table's repository. */
  forgetChat(key: ChatKey): void {
    this.#rows.delete(chatCacheKey(key));
  }

  /** Rows changed behind this repository's back (an agent's rows moved or deleted). */
  forget(): void {
    this.#rows.clear();
    this.#members.clear();
  }

  list(agent: string): ChatRow[] {
    return this.#statements.selectAll.all({ agent });
  }

  addMember(key: ChatKey, personId: number): void {
    this.#members.delete(chatCacheKey(key));
    this.#statements.insertMember.run({ ...key, personId });
  }

  /** The chat's people, in the order they joined. */
  members(key: ChatKey): MemberRow[] {
    const cacheKey = chatCacheKey(key);
    let members = this.#members.get(cacheKey);
    if (!members) {
      members = this.#statements.selectMembers.all(key);
      if (!this.#db.inTransaction) this.#members.set(cacheKey, members);
    }
    // Copies, so a caller changing a row cannot change what the next caller reads.
    return members.map((member) => ({ ...member }));
  }

  /** A person changed; they may be in several chats, which is rare enough to forget them all. */
  forgetMembers(): void {
    this.#members.clear();
  }

  setMemberReadUpTo(key: ChatKey, personId: number, upToMessageId: number): void {
    this.#members.delete(chatCacheKey(key));
    this.#statements.updateMemberRead.run({ ...key, personId, upToMessageId });
  }

  setPeopleReadUpTo(key: ChatKey, upToMessageId: number): void {
    this.#rows.delete(chatCacheKey(key));
    this.#statements.updatePeopleRead.run({ ...key, upToMessageId });
  }

  setMuted(key: ChatKey, muted: boolean): void {
    this.#rows.delete(chatCacheKey(key));
    this.#statements.updateMuted.run({ ...key, muted: muted ? 1 : 0 });
  }

  /** Hands out the chat's next message id. */
  claimMessageId(key: ChatKey): number {
    this.#rows.delete(chatCacheKey(key));
    return this.#statements.claimMessageId.get(key)!.last_message_id;
  }
}
