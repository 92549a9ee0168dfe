import type { MessagePart } from '../../../shared/domain/conversation';
import type { SqliteDatabase } from '../migrations/migration';
import type {
  ChatKey,
  ChatUnreadRow,
  HistoryRange,
  MessageRow,
  NewMessage,
  ReactionRow,
} from './simulator-rows';

/** The Simulator's messages, their reactions and what the agent has read of them. */
export class SimulatorMessagesRepository {
  readonly #statements;
  readonly #selectChatEnd;
  /** Says that a chat's row changed (its agent's read position), for whoever keeps it read. */
  readonly #chatChanged: (key: ChatKey) => void;

  constructor(db: SqliteDatabase, chatChanged: (key: ChatKey) => void = () => {}) {
    this.#chatChanged = chatChanged;
    this.#selectChatEnd = db.prepare<ChatKey, { last_message_id: number }>(
      'SELECT last_message_id FROM sim_chats WHERE agent = @agent AND channel_id = @channelId',
    );
    this.#statements = {
      insert: db.prepare<{
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
      select: db.prepare<ChatKey & { messageId: number }, MessageRow>(
        'SELECT * FROM sim_messages WHERE agent = @agent AND channel_id = @channelId AND message_id = @messageId',
      ),
      // Statements with +@name parameters are planned once: see PLANNED_ONCE in database.ts.
      selectVisible: db.prepare<HistoryRange, MessageRow>(
        `SELECT * FROM sim_messages
         WHERE agent = +@agent AND channel_id = +@channelId AND hidden_for_agent = 0
           AND message_id > @after AND message_id < @before
         ORDER BY message_id DESC LIMIT +@limit`,
      ),
      selectVisibleIds: db.prepare<ChatKey, { message_id: number }>(
        `SELECT message_id FROM sim_messages
         WHERE agent = +@agent AND channel_id = +@channelId AND hidden_for_agent = 0 ORDER BY message_id`,
      ),
      selectAgentMessageBetween: db.prepare<
        ChatKey & { after: number; upTo: number },
        { message_id: number }
      >(
        `SELECT message_id FROM sim_messages
         WHERE agent = @agent AND channel_id = @channelId AND sender_person_id IS NULL
           AND message_id > @after AND message_id <= @upTo
         LIMIT 1`,
      ),
      updateParts: db.prepare<
        ChatKey & { messageId: number; partsJson: string; mentioned: number; editedAt: string }
      >(
        `UPDATE sim_messages SET parts_json = @partsJson, mentioned = @mentioned,
           mention_unread = CASE WHEN @mentioned = 1 AND message_id > (
             SELECT agent_read_up_to FROM sim_chats c WHERE c.agent = @agent AND c.channel_id = @channelId
           ) THEN 1 ELSE mention_unread * @mentioned END,
           edited_at = @editedAt
         WHERE agent = @agent AND channel_id = @channelId AND message_id = @messageId`,
      ),
      delete: db.prepare<ChatKey & { messageId: number }>(
        'DELETE FROM sim_messages WHERE agent = @agent AND channel_id = @channelId AND message_id = @messageId',
      ),
      deleteAll: db.prepare<ChatKey>(
        'DELETE FROM sim_messages WHERE agent = @agent AND channel_id = @channelId',
      ),
      hideAll: db.prepare<ChatKey>(
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
      insertHistoryClear: db.prepare<ChatKey & { upToMessageId: number; revoke: number; clearedAt: string }>(
        `INSERT INTO sim_history_clears (agent, channel_id, up_to_message_id, revoke, cleared_at)
         VALUES (@agent, @channelId, @upToMessageId, @revoke, @clearedAt)`,
      ),
    };
  }

  insert(message: NewMessage): void {
    this.#statements.insert.run({
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
  get(key: ChatKey, messageId: number): MessageRow | undefined {
    return this.#statements.select.get({ ...key, messageId });
  }

  /** The newest `limit` messages the agent sees in the range, newest first. */
  visibleNewestFirst(range: HistoryRange): MessageRow[] {
    return this.#statements.selectVisible.all(range);
  }

  /** Every message id the agent still sees in the chat. */
  visibleIds(key: ChatKey): number[] {
    return this.#statements.selectVisibleIds.all(key).map((row) => row.message_id);
  }

  /** Agent messages in (after, upTo]: whether people reading up to `upTo` read something new of the agent's. */
  hasAgentMessageBetween(key: ChatKey, after: number, upTo: number): boolean {
    return this.#statements.selectAgentMessageBetween.get({ ...key, after, upTo }) !== undefined;
  }

  editText(
    key: ChatKey,
    messageId: number,
    edit: { parts: MessagePart[]; mentioned: boolean; editedAt: string },
  ): void {
    this.#statements.updateParts.run({
      ...key,
      messageId,
      partsJson: JSON.stringify(edit.parts),
      mentioned: edit.mentioned ? 1 : 0,
      editedAt: edit.editedAt,
    });
  }

  delete(key: ChatKey, messageId: number): void {
    this.#statements.delete.run({ ...key, messageId });
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
    this.#chatChanged(key);
    this.#statements.updateAgentRead.run({ ...key, upToMessageId: read.upToMessageId });
    if (read.clearMentions) this.#statements.clearMentions.run(key);
    if (read.clearReactions) this.#statements.clearReactions.run(key);
  }

  /**
   * Deletes the chat's history: for the people too when `forPeopleToo`, else only from the agent's
   * view. The agent has nothing unread afterwards. The clear is recorded with the `revoke` asked for.
   */
  clearHistory(key: ChatKey, clear: { forPeopleToo: boolean; revoke: boolean; clearedAt: string }): void {
    const chat = this.#selectChatEnd.get(key)!;
    if (clear.forPeopleToo) this.#statements.deleteAll.run(key);
    else this.#statements.hideAll.run(key);
    this.#statements.clearReactions.run(key);
    this.#chatChanged(key);
    this.#statements.updateAgentRead.run({ ...key, upToMessageId: chat.last_message_id });
    this.#statements.insertHistoryClear.run({
      ...key,
      upToMessageId: chat.last_message_id,
      revoke: clear.revoke ? 1 : 0,
      clearedAt: clear.clearedAt,
    });
  }
}
