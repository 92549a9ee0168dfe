import type { SqliteDatabase } from '../migrations/migration';
import { ReadCache } from '../read-cache';
import type { ChatKey, ChatRow, MemberRow, NewChat } from './simulator-rows';

function chatCacheKey(key: ChatKey): string {
  return `${key.agent}\n${key.channelId}`;
}

/**
 * The Simulator's chats: their people, read positions, mute state, ids and counters.
 *
 * Each chat's row and its members are kept as last read (see ReadCache), by `chatCacheKey`:
 * every message the agent sends or receives looks them up several times. A write here forgets
 * what it changes; a write through another repository says so (`forgetChat`, `forgetMembers`).
 */
export class SimulatorChatsRepository {
  readonly #statements;
  readonly #rows: ReadCache<ChatRow | undefined>;
  readonly #members: ReadCache<MemberRow[]>;

  constructor(db: SqliteDatabase) {
    this.#rows = new ReadCache(db);
    this.#members = new ReadCache(db);
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
    this.#rows.forget(chatCacheKey(chat));
    this.#statements.insert.run(chat);
  }

  get(key: ChatKey): ChatRow | undefined {
    const row = this.#rows.read(chatCacheKey(key), () => this.#statements.select.get(key));
    // A copy, so a caller changing it cannot change what the next caller reads.
    return row && { ...row };
  }

  /** The chat's row changed through another repository. */
  forgetChat(key: ChatKey): void {
    this.#rows.forget(chatCacheKey(key));
  }

  list(agent: string): ChatRow[] {
    return this.#statements.selectAll.all({ agent });
  }

  addMember(key: ChatKey, personId: number): void {
    this.#members.forget(chatCacheKey(key));
    this.#statements.insertMember.run({ ...key, personId });
  }

  /** The chat's people, in the order they joined. */
  members(key: ChatKey): MemberRow[] {
    const members = this.#members.read(chatCacheKey(key), () => this.#statements.selectMembers.all(key));
    // Copies, so a caller changing a row cannot change what the next caller reads.
    return members.map((member) => ({ ...member }));
  }

  /** A person changed; they may be in several chats, which is rare enough to forget them all. */
  forgetMembers(): void {
    this.#members.clear();
  }

  setMemberReadUpTo(key: ChatKey, personId: number, upToMessageId: number): void {
    this.#members.forget(chatCacheKey(key));
    this.#statements.updateMemberRead.run({ ...key, personId, upToMessageId });
  }

  setPeopleReadUpTo(key: ChatKey, upToMessageId: number): void {
    this.#rows.forget(chatCacheKey(key));
    this.#statements.updatePeopleRead.run({ ...key, upToMessageId });
  }

  setMuted(key: ChatKey, muted: boolean): void {
    this.#rows.forget(chatCacheKey(key));
    this.#statements.updateMuted.run({ ...key, muted: muted ? 1 : 0 });
  }

  /** Hands out the chat's next message id. */
  claimMessageId(key: ChatKey): number {
    this.#rows.forget(chatCacheKey(key));
    return this.#statements.claimMessageId.get(key)!.last_message_id;
  }
}
