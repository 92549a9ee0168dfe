import type { MessagePart } from '../../shared/domain/conversation';
import type { SqliteDatabase } from '../store';

/** Rows of the tables of migration 002; all the Simulator's SQL is in this module. */

export interface PersonRow {
  id: number;
  agent: string;
  first_name: string;
  last_name: string | null;
  username: string | null;
  bio: string | null;
  blocks_agent: number;
  created_at: string;
}

export interface MemberRow extends PersonRow {
  read_up_to: number;
}

export interface ChatRow {
  agent: string;
  channel_id: number;
  kind: 'direct' | 'group';
  title: string | null;
  muted: number;
  last_message_id: number;
  agent_read_up_to: number;
  people_read_up_to: number;
  created_at: string;
}

export interface MessageRow {
  agent: string;
  channel_id: number;
  message_id: number;
  sender_person_id: number | null;
  reply_to: number | null;
  parts_json: string;
  mentioned: number;
  mention_unread: number;
  hidden_for_agent: number;
  sent_at: string;
  edited_at: string | null;
}

export interface ReactionRow {
  message_id: number;
  person_id: number | null;
  emoji: string;
}

/** What the agent has to look at in one chat. */
export interface ChatUnreadRow {
  channel_id: number;
  unread_count: number;
  /** 1 when an unread mention from a sender the agent has not blocked is waiting. */
  mentioned: number;
  last_visible_message_id: number | null;
}

export interface NewPerson {
  id: number;
  agent: string;
  firstName: string;
  lastName: string | null;
  username: string | null;
  bio: string | null;
  createdAt: string;
}

export interface NewChat {
  agent: string;
  channelId: number;
  kind: 'direct' | 'group';
  title: string | null;
  createdAt: string;
}

export interface NewMessage {
  agent: string;
  channelId: number;
  messageId: number;
  senderPersonId: number | null;
  replyTo: number | null;
  parts: MessagePart[];
  mentioned: boolean;
  sentAt: string;
}

export interface ChatKey {
  agent: string;
  channelId: number;
}

export interface HistoryRange extends ChatKey {
  /** Exclusive bounds. */
  after: number;
  before: number;
  limit: number;
}

export class SimulatorRepository {
  readonly #db: SqliteDatabase;
  readonly #statements;
  /**
   * Each chat's members as last read, by `chatCacheKey`: every message the agent sends or receives
   * looks them up several times, and they change only through the writes below, which drop them.
   * A read inside a transaction, which may still roll back, keeps nothing.
   */
  readonly #members = new Map<string, MemberRow[]>();

  /** One transaction function for every `transaction` call: building one per call costs more than it runs. */
  readonly #immediate: (work: () => unknown) => unknown;

  constructor(db: SqliteDatabase) {
    this.#db = db;
    this.#statements = prepareStatements(db);
    this.#immediate = db.transaction((work: () => unknown) => work()).immediate;
  }

  /** Runs `work` in one immediate transaction. */
  transaction<T>(work: () => T): T {
    return this.#immediate(work) as T;
  }

  /** The counter's next value; `first` when it was never used. */
  nextCounterValue(name: string, first: number): number {
    return this.#statements.nextCounterValue.get({ name, first })!.value;
  }

  insertPerson(person: NewPerson): void {
    this.#statements.insertPerson.run(person);
  }

  person(agent: string, personId: number): PersonRow | undefined {
    return this.#statements.selectPerson.get({ agent, personId });
  }

  /** The agent's person with this username, ignoring case. */
  personByUsername(agent: string, username: string): PersonRow | undefined {
    return this.#statements.selectPersonByUsername.get({ agent, username });
  }

  setPersonBlocksAgent(agent: string, personId: number, blocks: boolean): void {
    // A person may be in several chats; this is rare enough to forget them all.
    this.#members.clear();
    this.#statements.updatePersonBlocksAgent.run({ agent, personId, blocks: blocks ? 1 : 0 });
  }

  insertChat(chat: NewChat): void {
    this.#statements.insertChat.run(chat);
  }

  chat(key: ChatKey): ChatRow | undefined {
    return this.#statements.selectChat.get(key);
  }

  chats(agent: string): ChatRow[] {
    return this.#statements.selectChats.all({ agent });
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

  setMemberReadUpTo(key: ChatKey, personId: number, upToMessageId: number): void {
    this.#members.delete(chatCacheKey(key));
    this.#statements.updateMemberRead.run({ ...key, personId, upToMessageId });
  }

  setPeopleReadUpTo(key: ChatKey, upToMessageId: number): void {
    this.#statements.updatePeopleRead.run({ ...key, upToMessageId });
  }

  setMuted(key: ChatKey, muted: boolean): void {
    this.#statements.updateMuted.run({ ...key, muted: muted ? 1 : 0 });
  }

  /** Hands out the chat's next message id. */
  claimMessageId(key: ChatKey): number {
    return this.#statements.claimMessageId.get(key)!.last_message_id;
  }

  insertMessage(message: NewMessage): void {
    this.#statements.insertMessage.run({
      agent: message.agent,
      channelId: message.channelId,
      messageId: message.messageId,
      senderPersonId: message.senderPersonId,
      replyTo: message.replyTo,
      partsJson: JSON.stringify(message.parts),
      mentioned: message.mentioned ? 1 : 0,
      mentionUnread: message.mentioned ? 1 : 0,
      sentAt: message.sentAt,
    });
  }

  /** The message, also when the agent deleted it for itself only. */
  message(key: ChatKey, messageId: number): MessageRow | undefined {
    return this.#statements.selectMessage.get({ ...key, messageId });
  }

  /** The newest `limit` messages the agent sees in the range, newest first. */
  visibleMessagesNewestFirst(range: HistoryRange): MessageRow[] {
    return this.#statements.selectVisibleMessages.all(range);
  }

  /** Every message id the agent still sees in the chat. */
  visibleMessageIds(key: ChatKey): number[] {
    return this.#statements.selectVisibleMessageIds.all(key).map((row) => row.message_id);
  }

  /** Agent messages in (after, upTo]: whether people reading up to `upTo` read something new of the agent's. */
  hasAgentMessageBetween(key: ChatKey, after: number, upTo: number): boolean {
    return this.#statements.selectAgentMessageBetween.get({ ...key, after, upTo }) !== undefined;
  }

  editMessageText(
    key: ChatKey,
    messageId: number,
    edit: { parts: MessagePart[]; mentioned: boolean; editedAt: string },
  ): void {
    this.#statements.updateMessageParts.run({
      ...key,
      messageId,
      partsJson: JSON.stringify(edit.parts),
      mentioned: edit.mentioned ? 1 : 0,
      editedAt: edit.editedAt,
    });
  }

  deleteMessage(key: ChatKey, messageId: number): void {
    this.#statements.deleteMessage.run({ ...key, messageId });
  }

  /** Reactions on messages with ids in [from, to], in the order they were set. */
  reactions(key: ChatKey, fromMessageId: number, toMessageId: number): ReactionRow[] {
    // Ordered here: every message view asks, usually for none, and an ORDER BY seq would make
    // SQLite set up a sorter each time.
    return this.#statements.selectReactions
      .all({ ...key, fromMessageId, toMessageId })
      .sort((a, b) => a.seq - b.seq)
      .map(({ message_id, person_id, emoji }) => ({ message_id, person_id, emoji }));
  }

  /** Sets (or with null removes) one reactor's reaction; `personId` null is the agent. */
  setReaction(
    key: ChatKey,
    messageId: number,
    reaction: { personId: number | null; emoji: string | null; unread: boolean; reactedAt: string },
  ): void {
    this.#statements.deleteReaction.run({ ...key, messageId, personId: reaction.personId });
    if (reaction.emoji === null) return;
    this.#statements.insertReaction.run({
      ...key,
      messageId,
      personId: reaction.personId,
      emoji: reaction.emoji,
      unread: reaction.unread ? 1 : 0,
      reactedAt: reaction.reactedAt,
    });
  }

  /** Per chat of the agent: unread messages, a waiting mention, the last message the agent sees. */
  unreadByChat(agent: string): ChatUnreadRow[] {
    return this.#statements.selectUnreadByChat.all({ agent });
  }

  /** The agent's messages with reactions it has not cleared, by chat, ascending. */
  unreadReactionMessageIds(agent: string): Map<number, number[]> {
    const byChat = new Map<number, number[]>();
    for (const row of this.#statements.selectUnreadReactionMessages.all({ agent })) {
      const ids = byChat.get(row.channel_id) ?? [];
      ids.push(row.message_id);
      byChat.set(row.channel_id, ids);
    }
    return byChat;
  }

  markAgentRead(
    key: ChatKey,
    read: { upToMessageId: number; clearMentions: boolean; clearReactions: boolean },
  ): void {
    this.#statements.updateAgentRead.run({ ...key, upToMessageId: read.upToMessageId });
    if (read.clearMentions) this.#statements.clearMentions.run(key);
    if (read.clearReactions) this.#statements.clearReactions.run(key);
  }

  /** The message the idempotency key sent, if it was used. */
  sentKey(agent: string, idempotencyKey: string): { channel_id: number; message_id: number } | undefined {
    return this.#statements.selectSentKey.get({ agent, idempotencyKey });
  }

  insertSentKey(key: ChatKey, sent: { idempotencyKey: string; messageId: number; sentAt: string }): void {
    this.#statements.insertSentKey.run({ ...key, ...sent });
  }

  isBlocked(agent: string, userId: number): boolean {
    return this.#statements.selectBlocked.get({ agent, userId }) !== undefined;
  }

  block(agent: string, userId: number, blockedAt: string): void {
    this.#statements.insertBlocked.run({ agent, userId, blockedAt });
  }

  unblock(agent: string, userId: number): void {
    this.#statements.deleteBlocked.run({ agent, userId });
  }

  /**
   * Deletes the chat's history: for the people too when `forPeopleToo`, else only from the agent's
   * view. The agent has nothing unread afterwards. The clear is recorded with the `revoke` asked for.
   */
  clearHistory(key: ChatKey, clear: { forPeopleToo: boolean; revoke: boolean; clearedAt: string }): void {
    const chat = this.chat(key)!;
    if (clear.forPeopleToo) this.#statements.deleteAllMessages.run(key);
    else this.#statements.hideAllMessages.run(key);
    this.#statements.clearReactions.run(key);
    this.#statements.updateAgentRead.run({ ...key, upToMessageId: chat.last_message_id });
    this.#statements.insertHistoryClear.run({
      ...key,
      upToMessageId: chat.last_message_id,
      revoke: clear.revoke ? 1 : 0,
      clearedAt: clear.clearedAt,
    });
  }
}

function chatCacheKey(key: ChatKey): string {
  return `${key.agent}\n${key.channelId}`;
}

function prepareStatements(db: SqliteDatabase) {
  return {
    nextCounterValue: db.prepare<{ name: string; first: number }, { value: number }>(
      `INSERT INTO sim_counters (name, value) VALUES (@name, @first)
       ON CONFLICT (name) DO UPDATE SET value = value + 1
       RETURNING value`,
    ),
    insertPerson: db.prepare<NewPerson>(
      `INSERT INTO sim_people (id, agent, first_name, last_name, username, bio, created_at)
       VALUES (@id, @agent, @firstName, @lastName, @username, @bio, @createdAt)`,
    ),
    selectPerson: db.prepare<{ agent: string; personId: number }, PersonRow>(
      'SELECT * FROM sim_people WHERE agent = @agent AND id = @personId',
    ),
    selectPersonByUsername: db.prepare<{ agent: string; username: string }, PersonRow>(
      'SELECT * FROM sim_people WHERE agent = @agent AND username = @username COLLATE NOCASE',
    ),
    updatePersonBlocksAgent: db.prepare<{ agent: string; personId: number; blocks: number }>(
      'UPDATE sim_people SET blocks_agent = @blocks WHERE agent = @agent AND id = @personId',
    ),
    insertChat: db.prepare<NewChat>(
      `INSERT INTO sim_chats (agent, channel_id, kind, title, created_at)
       VALUES (@agent, @channelId, @kind, @title, @createdAt)`,
    ),
    selectChat: db.prepare<ChatKey, ChatRow>(
      'SELECT * FROM sim_chats WHERE agent = @agent AND channel_id = @channelId',
    ),
    selectChats: db.prepare<{ agent: string }, ChatRow>(
      'SELECT * FROM sim_chats WHERE agent = @agent ORDER BY created_at, channel_id',
    ),
    insertMember: db.prepare<ChatKey & { personId: number }>(
      'INSERT INTO sim_members (agent, channel_id, person_id) VALUES (@agent, @channelId, @personId)',
    ),
    selectMembers: db.prepare<ChatKey, MemberRow>(
      `SELECT p.*, m.read_up_to FROM sim_members m JOIN sim_people p ON p.id = m.person_id
       WHERE m.agent = @agent AND m.channel_id = @channelId ORDER BY m.rowid`,
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
    insertMessage: db.prepare<{
      agent: string;
      channelId: number;
      messageId: number;
      senderPersonId: number | null;
      replyTo: number | null;
      partsJson: string;
      mentioned: number;
      mentionUnread: number;
      sentAt: string;
    }>(
      `INSERT INTO sim_messages (agent, channel_id, message_id, sender_person_id, reply_to, parts_json,
         mentioned, mention_unread, sent_at)
       VALUES (@agent, @channelId, @messageId, @senderPersonId, @replyTo, @partsJson, @mentioned,
         @mentionUnread, @sentAt)`,
    ),
    selectMessage: db.prepare<ChatKey & { messageId: number }, MessageRow>(
      'SELECT * FROM sim_messages WHERE agent = @agent AND channel_id = @channelId AND message_id = @messageId',
    ),
    selectVisibleMessages: db.prepare<HistoryRange, MessageRow>(
      `SELECT * FROM sim_messages
       WHERE agent = @agent AND channel_id = @channelId AND hidden_for_agent = 0
         AND message_id > @after AND message_id < @before
       ORDER BY message_id DESC LIMIT @limit`,
    ),
    selectVisibleMessageIds: db.prepare<ChatKey, { message_id: number }>(
      `SELECT message_id FROM sim_messages
       WHERE agent = @agent AND channel_id = @channelId AND hidden_for_agent = 0 ORDER BY message_id`,
    ),
    selectAgentMessageBetween: db.prepare<ChatKey & { after: number; upTo: number }, { message_id: number }>(
      `SELECT message_id FROM sim_messages
       WHERE agent = @agent AND channel_id = @channelId AND sender_person_id IS NULL
         AND message_id > @after AND message_id <= @upTo
       LIMIT 1`,
    ),
    updateMessageParts: db.prepare<
      ChatKey & { messageId: number; partsJson: string; mentioned: number; editedAt: string }
    >(
      `UPDATE sim_messages SET parts_json = @partsJson, mentioned = @mentioned,
         mention_unread = CASE WHEN @mentioned = 1 AND message_id > (
           SELECT agent_read_up_to FROM sim_chats c WHERE c.agent = @agent AND c.channel_id = @channelId
         ) THEN 1 ELSE mention_unread * @mentioned END,
         edited_at = @editedAt
       WHERE agent = @agent AND channel_id = @channelId AND message_id = @messageId`,
    ),
    deleteMessage: db.prepare<ChatKey & { messageId: number }>(
      'DELETE FROM sim_messages WHERE agent = @agent AND channel_id = @channelId AND message_id = @messageId',
    ),
    deleteAllMessages: db.prepare<ChatKey>(
      'DELETE FROM sim_messages WHERE agent = @agent AND channel_id = @channelId',
    ),
    hideAllMessages: db.prepare<ChatKey>(
      `UPDATE sim_messages SET hidden_for_agent = 1, mention_unread = 0
       WHERE agent = @agent AND channel_id = @channelId`,
    ),
    selectReactions: db.prepare<
      ChatKey & { fromMessageId: number; toMessageId: number },
      ReactionRow & { seq: number }
    >(
      `SELECT seq, message_id, person_id, emoji FROM sim_reactions
       WHERE agent = @agent AND channel_id = @channelId AND message_id BETWEEN @fromMessageId AND @toMessageId`,
    ),
    deleteReaction: db.prepare<ChatKey & { messageId: number; personId: number | null }>(
      `DELETE FROM sim_reactions
       WHERE agent = @agent AND channel_id = @channelId AND message_id = @messageId AND person_id IS @personId`,
    ),
    insertReaction: db.prepare<
      ChatKey & {
        messageId: number;
        personId: number | null;
        emoji: string;
        unread: number;
        reactedAt: string;
      }
    >(
      `INSERT INTO sim_reactions (agent, channel_id, message_id, person_id, emoji, unread, reacted_at)
       VALUES (@agent, @channelId, @messageId, @personId, @emoji, @unread, @reactedAt)`,
    ),
    selectUnreadByChat: db.prepare<{ agent: string }, ChatUnreadRow>(
      `SELECT c.channel_id,
         (SELECT count(*) FROM sim_messages m
          WHERE m.agent = c.agent AND m.channel_id = c.channel_id AND m.hidden_for_agent = 0
            AND m.sender_person_id IS NOT NULL AND m.message_id > c.agent_read_up_to) AS unread_count,
         EXISTS (SELECT 1 FROM sim_messages m
          WHERE m.agent = c.agent AND m.channel_id = c.channel_id AND m.mention_unread = 1
            AND m.hidden_for_agent = 0
            AND NOT EXISTS (SELECT 1 FROM sim_blocked b WHERE b.agent = c.agent AND b.user_id = m.sender_person_id)
         ) AS mentioned,
         (SELECT max(m.message_id) FROM sim_messages m
          WHERE m.agent = c.agent AND m.channel_id = c.channel_id AND m.hidden_for_agent = 0) AS last_visible_message_id
       FROM sim_chats c WHERE c.agent = @agent
       ORDER BY c.channel_id`,
    ),
    selectUnreadReactionMessages: db.prepare<{ agent: string }, { channel_id: number; message_id: number }>(
      `SELECT DISTINCT r.channel_id, r.message_id FROM sim_reactions r
       JOIN sim_messages m ON m.agent = r.agent AND m.channel_id = r.channel_id AND m.message_id = r.message_id
       WHERE r.agent = @agent AND r.unread = 1 AND m.hidden_for_agent = 0
       ORDER BY r.channel_id, r.message_id`,
    ),
    updateAgentRead: db.prepare<ChatKey & { upToMessageId: number }>(
      `UPDATE sim_chats SET agent_read_up_to = max(agent_read_up_to, @upToMessageId)
       WHERE agent = @agent AND channel_id = @channelId`,
    ),
    clearMentions: db.prepare<ChatKey>(
      'UPDATE sim_messages SET mention_unread = 0 WHERE agent = @agent AND channel_id = @channelId AND mention_unread = 1',
    ),
    clearReactions: db.prepare<ChatKey>(
      'UPDATE sim_reactions SET unread = 0 WHERE agent = @agent AND channel_id = @channelId AND unread = 1',
    ),
    selectSentKey: db.prepare<
      { agent: string; idempotencyKey: string },
      { channel_id: number; message_id: number }
    >(
      'SELECT channel_id, message_id FROM sim_sent_keys WHERE agent = @agent AND idempotency_key = @idempotencyKey',
    ),
    insertSentKey: db.prepare<ChatKey & { idempotencyKey: string; messageId: number; sentAt: string }>(
      `INSERT INTO sim_sent_keys (agent, idempotency_key, channel_id, message_id, sent_at)
       VALUES (@agent, @idempotencyKey, @channelId, @messageId, @sentAt)`,
    ),
    selectBlocked: db.prepare<{ agent: string; userId: number }, { user_id: number }>(
      'SELECT user_id FROM sim_blocked WHERE agent = @agent AND user_id = @userId',
    ),
    insertBlocked: db.prepare<{ agent: string; userId: number; blockedAt: string }>(
      `INSERT INTO sim_blocked (agent, user_id, blocked_at) VALUES (@agent, @userId, @blockedAt)
       ON CONFLICT (agent, user_id) DO NOTHING`,
    ),
    deleteBlocked: db.prepare<{ agent: string; userId: number }>(
      'DELETE FROM sim_blocked WHERE agent = @agent AND user_id = @userId',
    ),
    insertHistoryClear: db.prepare<ChatKey & { upToMessageId: number; revoke: number; clearedAt: string }>(
      `INSERT INTO sim_history_clears (agent, channel_id, up_to_message_id, revoke, cleared_at)
       VALUES (@agent, @channelId, @upToMessageId, @revoke, @clearedAt)`,
    ),
  };
}
