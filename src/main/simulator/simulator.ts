import type { ChatInfo, ChatMsg, MessagePart, StickerRef } from '../../shared/domain/conversation';
import type { Clock } from '../clock';
import type { Logger } from '../logging';
import {
  type AccountInfo,
  type ChatSummary,
  type HistoryQuery,
  type InboundEvent,
  type ListChatsOptions,
  type MarkReadOptions,
  MediaNotFoundError,
  type MediaRef,
  MessagingError,
  type MessagingPort,
  type OutboundMedia,
  type OutboundSticker,
  type OutboundText,
  type SentMessage,
  StickerNotFoundError,
  type UnreadChat,
} from '../messaging/port';
import type { SqliteDatabase } from '../store';
import { AgentPresence } from './agent-presence';
import { mediaPart, messageText, stickerPart } from './chat-messages';
import { ListenerSet } from './listener-set';
import { mentionsUsername } from './mentions';
import { type SendFaultControls, SendFaults } from './send-faults';
import { FIRST_SIMULATED_GROUP_NUMBER, FIRST_SIMULATED_PERSON_ID, groupChannelId } from './simulated-ids';
import type { AgentActivity, SimulatorChange } from './simulator-changes';
import { SimulatorInputError, SimulatorNotFoundError } from './simulator-errors';
import {
  type CreateChatInput,
  CreateChatSchema,
  checkedPersonText,
  MAX_MESSAGE_LENGTH,
  parseInput,
} from './simulator-inputs';
import { SimulatorLookups } from './simulator-lookups';
import { type ChatKey, SimulatorRepository } from './simulator-repository';
import { checkedLimit, type SimulatedChat, SimulatorViews } from './simulator-views';

export interface SimulatorDeps {
  db: SqliteDatabase;
  clock: Clock;
  logger: Logger;
  /** The stickers the agent may send, from curated media; people send from the same list. */
  stickers: (agent: string) => readonly StickerRef[];
  /** The agent's media library (photos, videos, files), from curated media; stickers are not in it. */
  media: (agent: string) => readonly MediaRef[];
  /** The agent's own account as the people see it; its username is what @-mentions name. */
  agentAccount: (agent: string) => AccountInfo;
}

export interface PersonMessageInput {
  text: string;
  replyTo?: number | null;
}

export interface PersonStickerInput {
  setName: string;
  name: string;
  replyTo?: number | null;
}

export interface MessagePageQuery {
  /** Only messages older than this one; the newest page when absent. */
  beforeMessageId?: number;
  limit: number;
}

export interface MessagePage {
  /** Chronological. */
  messages: ChatMsg[];
  /** Older messages exist before the first one. */
  hasMore: boolean;
}

export function createSimulator(deps: SimulatorDeps): Simulator {
  return new Simulator(deps);
}

/**
 * The in-process chat network: the Playground where the operator plays the people an agent talks
 * to, and the partner tests and benchmarks script. Implements MessagingPort like Telegram does,
 * persists everything to SQLite (migration 002), and adds the operator's actions, a change stream
 * for the console, and planned send failures for tests.
 */
export class Simulator implements MessagingPort {
  readonly kind = 'simulator' as const;
  readonly faults: SendFaultControls;

  readonly #deps: SimulatorDeps;
  readonly #repository: SimulatorRepository;
  readonly #lookups: SimulatorLookups;
  readonly #views: SimulatorViews;
  readonly #logger: Logger;
  readonly #sendFaults: SendFaults;
  readonly #presence: AgentPresence;
  readonly #inbound: ListenerSet<InboundEvent>;
  readonly #changes: ListenerSet<SimulatorChange>;

  constructor(deps: SimulatorDeps) {
    this.#deps = deps;
    this.#logger = deps.logger.child({ module: 'simulator' });
    this.#repository = new SimulatorRepository(deps.db);
    this.#lookups = new SimulatorLookups(this.#repository);
    this.#views = new SimulatorViews(this.#repository, this.#lookups, deps.agentAccount);
    this.#sendFaults = new SendFaults(deps.clock);
    this.faults = this.#sendFaults;
    this.#inbound = new ListenerSet(this.#logger, 'inbound');
    this.#changes = new ListenerSet(this.#logger, 'changes');
    this.#presence = new AgentPresence(deps.clock, (agent, channelId, activity) =>
      this.#changes.emit({ type: 'activity', agent, channelId, ...activity }),
    );
  }

  // ---- MessagingPort ----

  subscribe(listener: (event: InboundEvent) => void): () => void {
    return this.#inbound.add(listener);
  }

  async self(agent: string): Promise<AccountInfo> {
    return this.#deps.agentAccount(agent);
  }

  async sendText(agent: string, channelId: number, message: OutboundText): Promise<SentMessage> {
    const text = message.text;
    if (text.trim() === '') throw new MessagingError('The message is empty.', { retryable: false });
    if (text.length > MAX_MESSAGE_LENGTH) {
      throw new MessagingError(
        `The message has ${text.length} characters; Telegram allows ${MAX_MESSAGE_LENGTH}.`,
        { retryable: false },
      );
    }
    return this.#sendAsAgent(agent, channelId, message, () => [{ kind: 'text', text }]);
  }

  async sendSticker(agent: string, channelId: number, sticker: OutboundSticker): Promise<SentMessage> {
    return this.#sendAsAgent(agent, channelId, sticker, () => {
      const found = this.#deps
        .stickers(agent)
        .find((candidate) => candidate.setName === sticker.setName && candidate.name === sticker.name);
      if (!found) throw new StickerNotFoundError(sticker.setName, sticker.name);
      return [stickerPart(found)];
    });
  }

  /** Sends from the media library; a sticker's unique id sends the sticker, as Telegram would. */
  async sendMedia(agent: string, channelId: number, media: OutboundMedia): Promise<SentMessage> {
    return this.#sendAsAgent(agent, channelId, media, () => {
      const found = this.#deps.media(agent).find((candidate) => candidate.uniqueId === media.uniqueId);
      if (found) return [mediaPart(found)];
      const sticker = this.#deps.stickers(agent).find((candidate) => candidate.uniqueId === media.uniqueId);
      if (sticker) return [stickerPart(sticker)];
      throw new MediaNotFoundError(media.uniqueId);
    });
  }

  async react(agent: string, channelId: number, messageId: number, emoji: string | null): Promise<void> {
    const key = { agent, channelId };
    if (emoji !== null && emoji.trim() === '') {
      throw new MessagingError('A reaction is an emoji, not blank text.', { retryable: false });
    }
    this.#repository.transaction(() => {
      this.#lookups.requireChat(key);
      this.#lookups.requireMessage(key, messageId, { visibleToAgent: true });
      this.#repository.setReaction(key, messageId, {
        personId: null,
        emoji,
        unread: false,
        reactedAt: this.#nowIso(),
      });
    });
    this.#presence.seen(agent, channelId);
    this.#changes.emit({ type: 'reaction', agent, message: this.#views.chatMsg(key, messageId) });
  }

  async setTyping(agent: string, channelId: number, action: 'typing' | 'cancel'): Promise<void> {
    this.#lookups.requireChat({ agent, channelId });
    switch (action) {
      case 'typing':
        this.#presence.typing(agent, channelId);
        return;
      case 'cancel':
        this.#presence.stoppedTyping(agent, channelId);
        return;
      default:
        throw new Error(`Unknown typing action: ${action satisfies never}`);
    }
  }

  async markRead(agent: string, channelId: number, options: MarkReadOptions): Promise<void> {
    const key = { agent, channelId };
    const advancedTo = this.#repository.transaction(() => {
      const before = this.#lookups.requireChat(key).agent_read_up_to;
      this.#repository.markAgentRead(key, options);
      const after = this.#repository.chat(key)!.agent_read_up_to;
      return after > before ? after : null;
    });
    this.#presence.seen(agent, channelId);
    if (advancedTo !== null) {
      this.#changes.emit({ type: 'read', agent, channelId, reader: 'agent', upToMessageId: advancedTo });
    }
  }

  async block(agent: string, userId: number): Promise<void> {
    this.#lookups.requirePerson(agent, userId);
    this.#repository.block(agent, userId, this.#nowIso());
  }

  async unblock(agent: string, userId: number): Promise<void> {
    this.#lookups.requirePerson(agent, userId);
    this.#repository.unblock(agent, userId);
  }

  async deleteHistory(agent: string, channelId: number, options: { revoke: boolean }): Promise<void> {
    const key = { agent, channelId };
    const deletedIds = this.#repository.transaction(() => {
      const chat = this.#lookups.requireChat(key);
      const visibleIds = this.#repository.visibleMessageIds(key);
      this.#repository.clearHistory(key, {
        // Revoking reaches the partner of a direct chat only, as on Telegram's supergroups.
        forPeopleToo: options.revoke && chat.kind === 'direct',
        revoke: options.revoke,
        clearedAt: this.#nowIso(),
      });
      return visibleIds;
    });
    if (deletedIds.length > 0) {
      this.#changes.emit({ type: 'delete', agent, channelId, messageIds: deletedIds });
    }
  }

  async fetchHistory(agent: string, channelId: number, query: HistoryQuery): Promise<ChatMsg[]> {
    const key = { agent, channelId };
    this.#lookups.requireChat(key);
    return this.#views.history(key, query);
  }

  async getChat(agent: string, channelId: number): Promise<ChatInfo> {
    return this.#views.chatView({ agent, channelId }).chat;
  }

  async canSend(agent: string, channelId: number): Promise<boolean> {
    const chat = this.#lookups.requireChat({ agent, channelId });
    return this.#lookups.whyAgentCannotSend(chat) === null;
  }

  async isMuted(agent: string, channelId: number): Promise<boolean> {
    return this.#lookups.requireChat({ agent, channelId }).muted === 1;
  }

  async isBlocked(agent: string, userId: number): Promise<boolean> {
    return this.#repository.isBlocked(agent, userId);
  }

  async listStickers(agent: string): Promise<StickerRef[]> {
    return [...this.#deps.stickers(agent)];
  }

  async listMedia(agent: string): Promise<MediaRef[]> {
    return [...this.#deps.media(agent)];
  }

  /**
   * Every chat with unread people's messages, an unread mention (from someone the agent has not
   * blocked) or unread reactions on the agent's messages. Muted chats are included: muting is the
   * engine's rule to apply.
   */
  async listUnread(agent: string): Promise<UnreadChat[]> {
    const reactionIdsByChat = this.#repository.unreadReactionMessageIds(agent);
    return this.#repository.unreadByChat(agent).flatMap((row): UnreadChat[] => {
      const unreadReactionMessageIds = reactionIdsByChat.get(row.channel_id) ?? [];
      if (row.unread_count === 0 && row.mentioned === 0 && unreadReactionMessageIds.length === 0) return [];
      return [
        {
          channelId: row.channel_id,
          unreadCount: row.unread_count,
          mentioned: row.mentioned === 1,
          // Nobody can mark a simulated chat unread: the operator plays the people, not the agent.
          markedUnread: false,
          unreadReactionMessageIds,
          lastMessageId: row.last_visible_message_id,
        },
      ];
    });
  }

  /** The agent's chats, the one with the newest message (or, without messages, the newest chat) first. */
  async listChats(agent: string, options: ListChatsOptions): Promise<ChatSummary[]> {
    const limit = checkedLimit(options.limit);
    const unreadByChat = new Map(this.#repository.unreadByChat(agent).map((row) => [row.channel_id, row]));
    const summaries = this.#repository.chats(agent).map((chat) => {
      const key = { agent, channelId: chat.channel_id };
      const unread = unreadByChat.get(chat.channel_id);
      const lastMessageId = unread?.last_visible_message_id ?? null;
      const summary: ChatSummary = {
        channelId: chat.channel_id,
        kind: chat.kind,
        title: this.#views.title(chat, this.#repository.members(key)),
        lastMessage: lastMessageId === null ? null : this.#views.chatMsg(key, lastMessageId),
        unreadCount: unread?.unread_count ?? 0,
      };
      return { activeAt: summary.lastMessage?.sentAt ?? chat.created_at, summary };
    });
    return summaries
      .sort((a, b) => b.activeAt.localeCompare(a.activeAt) || b.summary.channelId - a.summary.channelId)
      .slice(0, limit)
      .map((entry) => entry.summary);
  }

  // ---- Observers ----

  /** Every change in the simulated network, including what the agent did. Returns the unsubscribe function. */
  onChange(listener: (change: SimulatorChange) => void): () => void {
    return this.#changes.add(listener);
  }

  /** Whether the agent shows typing in the chat, and is online. */
  activity(agent: string, channelId: number): AgentActivity {
    return this.#presence.activity(agent, channelId);
  }

  // ---- Operator actions (the Playground) ----

  /** A direct chat with one new person, or a group of new people; the agent is in it. */
  createChat(agent: string, input: CreateChatInput): SimulatedChat {
    const valid = parseInput(CreateChatSchema, input);
    const account = this.#deps.agentAccount(agent);
    const createdAt = this.#nowIso();
    const view = this.#repository.transaction(() => {
      this.#lookups.assertUsernamesFree(agent, account, valid.people);
      const personIds = valid.people.map((person) => {
        const id = this.#repository.nextCounterValue('person', FIRST_SIMULATED_PERSON_ID);
        this.#repository.insertPerson({ id, agent, ...person, createdAt });
        return id;
      });
      const channelId =
        valid.kind === 'direct'
          ? personIds[0]!
          : groupChannelId(this.#repository.nextCounterValue('group', FIRST_SIMULATED_GROUP_NUMBER));
      const title =
        valid.kind === 'group'
          ? (valid.title ?? valid.people.map((person) => person.firstName).join(', '))
          : null;
      this.#repository.insertChat({ agent, channelId, kind: valid.kind, title, createdAt });
      for (const personId of personIds) this.#repository.addMember({ agent, channelId }, personId);
      return this.#views.chatView({ agent, channelId });
    });
    this.#changes.emit({ type: 'chatCreated', agent, chat: view.chat });
    return view;
  }

  chat(agent: string, channelId: number): SimulatedChat {
    return this.#views.chatView({ agent, channelId });
  }

  /** A person writes in the chat; the agent gets a message event. */
  sendAsPerson(agent: string, channelId: number, personId: number, input: PersonMessageInput): ChatMsg {
    const text = checkedPersonText(input.text);
    return this.#sendAsPerson(agent, channelId, personId, input.replyTo ?? null, {
      parts: () => [{ kind: 'text', text }],
      mentionsAgent: (account) => mentionsUsername(text, account.username),
    });
  }

  /** A person sends a sticker from the curated stickers. */
  sendStickerAsPerson(
    agent: string,
    channelId: number,
    personId: number,
    input: PersonStickerInput,
  ): ChatMsg {
    return this.#sendAsPerson(agent, channelId, personId, input.replyTo ?? null, {
      parts: () => {
        const found = this.#deps
          .stickers(agent)
          .find((candidate) => candidate.setName === input.setName && candidate.name === input.name);
        if (!found) {
          throw new SimulatorNotFoundError(
            'sticker',
            `There is no sticker "${input.name}" in set "${input.setName}" among the curated stickers.`,
          );
        }
        return [stickerPart(found)];
      },
      mentionsAgent: () => false,
    });
  }

  /** A person edits one of their text messages; the agent gets an edit event. */
  editAsPerson(agent: string, channelId: number, personId: number, messageId: number, text: string): ChatMsg {
    const newText = checkedPersonText(text);
    const key = { agent, channelId };
    const account = this.#deps.agentAccount(agent);
    const visible = this.#repository.transaction(() => {
      const chat = this.#lookups.requireChat(key);
      const person = this.#lookups.requireMember(chat, personId);
      const message = this.#lookups.requireOwnMessage(key, person, messageId, 'edit');
      const parts = (JSON.parse(message.parts_json) as MessagePart[]).map((part) =>
        part.kind === 'text' ? { ...part, text: newText } : part,
      );
      if (messageText(parts) === null) {
        throw new SimulatorInputError(`Message ${messageId} has no text to edit.`);
      }
      this.#repository.editMessageText(key, messageId, {
        parts,
        mentioned:
          mentionsUsername(newText, account.username) || this.#lookups.repliesToAgent(key, message.reply_to),
        editedAt: this.#nowIso(),
      });
      return message.hidden_for_agent === 0;
    });
    const edited = this.#views.chatMsg(key, messageId);
    if (visible) this.#inbound.emit({ type: 'edit', agent, message: edited });
    this.#changes.emit({ type: 'edit', agent, message: edited });
    return edited;
  }

  /** A person deletes some of their messages for everyone; the agent gets a delete event. */
  deleteAsPerson(agent: string, channelId: number, personId: number, messageIds: readonly number[]): void {
    const key = { agent, channelId };
    if (messageIds.length === 0) return;
    const visibleIds = this.#repository.transaction(() => {
      const chat = this.#lookups.requireChat(key);
      const person = this.#lookups.requireMember(chat, personId);
      const messages = [...new Set(messageIds)].map((id) =>
        this.#lookups.requireOwnMessage(key, person, id, 'delete'),
      );
      for (const message of messages) this.#repository.deleteMessage(key, message.message_id);
      return messages
        .filter((message) => message.hidden_for_agent === 0)
        .map((message) => message.message_id);
    });
    if (visibleIds.length > 0)
      this.#inbound.emit({ type: 'delete', agent, channelId, messageIds: visibleIds });
    this.#changes.emit({ type: 'delete', agent, channelId, messageIds: [...new Set(messageIds)] });
  }

  /** A person sets (or with null removes) their reaction; the agent gets a reaction event. */
  reactAsPerson(
    agent: string,
    channelId: number,
    personId: number,
    messageId: number,
    emoji: string | null,
  ): ChatMsg {
    if (emoji !== null && emoji.trim() === '') throw new SimulatorInputError('Pick an emoji to react with.');
    const key = { agent, channelId };
    const outcome = this.#repository.transaction(() => {
      const chat = this.#lookups.requireChat(key);
      const person = this.#lookups.requireMember(chat, personId);
      this.#lookups.assertPersonCanWrite(chat, person);
      const message = this.#lookups.requireMessage(key, messageId, { visibleToAgent: false });
      const current = this.#repository
        .reactions(key, messageId, messageId)
        .find((row) => row.person_id === personId);
      if ((current?.emoji ?? null) === emoji) return { changed: false, visible: false };
      this.#repository.setReaction(key, messageId, {
        personId,
        emoji,
        // Only reactions on its own messages wait for the agent, as Telegram's unread reactions do.
        unread: message.sender_person_id === null,
        reactedAt: this.#nowIso(),
      });
      return { changed: true, visible: message.hidden_for_agent === 0 };
    });
    const message = this.#views.chatMsg(key, messageId);
    if (!outcome.changed) return message;
    if (outcome.visible) {
      this.#inbound.emit({ type: 'reaction', agent, channelId, messageId, reactions: message.reactions });
    }
    this.#changes.emit({ type: 'reaction', agent, message });
    return message;
  }

  /** A person is typing; the agent gets a typing event. */
  typeAsPerson(agent: string, channelId: number, personId: number): void {
    const chat = this.#lookups.requireChat({ agent, channelId });
    this.#lookups.assertPersonCanWrite(chat, this.#lookups.requireMember(chat, personId));
    this.#inbound.emit({ type: 'typing', agent, channelId, userId: personId });
  }

  /**
   * A person reads the chat up to a message (the newest when absent). Sending reads the chat too.
   * The agent gets a read event when this reaches messages of its own nobody had read.
   */
  readAsPerson(agent: string, channelId: number, personId: number, upToMessageId?: number): void {
    const key = { agent, channelId };
    const readUpTo = this.#repository.transaction(() => {
      const chat = this.#lookups.requireChat(key);
      this.#lookups.requireMember(chat, personId);
      return this.#personReads(
        key,
        personId,
        Math.min(upToMessageId ?? chat.last_message_id, chat.last_message_id),
      );
    });
    this.#emitPeopleRead(key, readUpTo);
  }

  /** Test hook: the person blocks (or unblocks) the agent, so the agent can no longer write to them. */
  setPersonBlocksAgent(agent: string, personId: number, blocks: boolean): void {
    this.#lookups.requirePerson(agent, personId);
    this.#repository.setPersonBlocksAgent(agent, personId, blocks);
  }

  /** Mutes or unmutes the chat for the agent (its notification setting). */
  setMuted(agent: string, channelId: number, muted: boolean): void {
    const key = { agent, channelId };
    this.#lookups.requireChat(key);
    this.#repository.setMuted(key, muted);
  }

  /** A page of what the agent sees in the chat, newest page first, each page chronological. */
  messages(agent: string, channelId: number, query: MessagePageQuery): MessagePage {
    const key = { agent, channelId };
    this.#lookups.requireChat(key);
    const page = this.#views.history(key, {
      limit: checkedLimit(query.limit) + 1,
      ...(query.beforeMessageId === undefined ? {} : { beforeMessageId: query.beforeMessageId }),
    });
    const hasMore = page.length > query.limit;
    return { messages: hasMore ? page.slice(1) : page, hasMore };
  }

  /** Stops the typing and online timers and drops every listener. The database stays open. */
  close(): void {
    this.#presence.close();
    this.#inbound.clear();
    this.#changes.clear();
  }

  // ---- Internals ----

  async #sendAsAgent(
    agent: string,
    channelId: number,
    outbound: { replyTo: number | null; idempotencyKey: string },
    parts: () => MessagePart[],
  ): Promise<SentMessage> {
    await this.#sendFaults.beforeSending();
    const key = { agent, channelId };
    const sent = this.#repository.transaction((): SentMessage => {
      const earlier = this.#repository.sentKey(agent, outbound.idempotencyKey);
      if (earlier) return { messageId: earlier.message_id, duplicate: true };
      const chat = this.#lookups.requireChat(key);
      const refusal = this.#lookups.whyAgentCannotSend(chat);
      if (refusal !== null) throw new MessagingError(refusal, { retryable: false });
      const messageParts = parts();
      const messageId = this.#repository.claimMessageId(key);
      const sentAt = this.#nowIso();
      this.#repository.insertMessage({
        ...key,
        messageId,
        senderPersonId: null,
        // A reply to a message the agent cannot see goes out as a plain message.
        replyTo:
          outbound.replyTo !== null && this.#lookups.isVisible(key, outbound.replyTo)
            ? outbound.replyTo
            : null,
        parts: messageParts,
        mentioned: false,
        sentAt,
      });
      this.#repository.insertSentKey(key, { idempotencyKey: outbound.idempotencyKey, messageId, sentAt });
      return { messageId, duplicate: false };
    });
    if (sent.duplicate) {
      this.#logger.debug({ agent, channelId, messageId: sent.messageId }, 'send repeated an idempotency key');
      return sent;
    }
    this.#presence.stoppedTyping(agent, channelId);
    this.#changes.emit({ type: 'message', agent, message: this.#views.chatMsg(key, sent.messageId) });
    this.#sendFaults.afterDelivery();
    return sent;
  }

  #sendAsPerson(
    agent: string,
    channelId: number,
    personId: number,
    replyTo: number | null,
    content: { parts: () => MessagePart[]; mentionsAgent: (account: AccountInfo) => boolean },
  ): ChatMsg {
    const key = { agent, channelId };
    const account = this.#deps.agentAccount(agent);
    const { messageId, readUpTo } = this.#repository.transaction(() => {
      const chat = this.#lookups.requireChat(key);
      const person = this.#lookups.requireMember(chat, personId);
      this.#lookups.assertPersonCanWrite(chat, person);
      if (replyTo !== null) this.#lookups.requireMessage(key, replyTo, { visibleToAgent: false });
      const parts = content.parts();
      const id = this.#repository.claimMessageId(key);
      this.#repository.insertMessage({
        ...key,
        messageId: id,
        senderPersonId: personId,
        replyTo,
        parts,
        mentioned: content.mentionsAgent(account) || this.#lookups.repliesToAgent(key, replyTo),
        sentAt: this.#nowIso(),
      });
      // Writing in a chat reads it, as in every Telegram client.
      return { messageId: id, readUpTo: this.#personReads(key, personId, id) };
    });
    this.#emitPeopleRead(key, readUpTo);
    const message = this.#views.chatMsg(key, messageId);
    this.#inbound.emit({ type: 'message', agent, message });
    this.#changes.emit({ type: 'message', agent, message });
    return message;
  }

  /**
   * Records that a person read up to a message; returns the new read mark when it passes messages
   * of the agent nobody had read before (what Telegram reports as an outbox read), else null.
   */
  #personReads(key: ChatKey, personId: number, upToMessageId: number): number | null {
    this.#repository.setMemberReadUpTo(key, personId, upToMessageId);
    const readBefore = this.#repository.chat(key)!.people_read_up_to;
    if (upToMessageId <= readBefore) return null;
    this.#repository.setPeopleReadUpTo(key, upToMessageId);
    return this.#repository.hasAgentMessageBetween(key, readBefore, upToMessageId) ? upToMessageId : null;
  }

  #emitPeopleRead(key: ChatKey, readUpTo: number | null): void {
    if (readUpTo === null) return;
    const { agent, channelId } = key;
    this.#inbound.emit({ type: 'read', agent, channelId, maxMessageId: readUpTo });
    this.#changes.emit({ type: 'read', agent, channelId, reader: 'people', upToMessageId: readUpTo });
  }

  #nowIso(): string {
    return this.#deps.clock.now().toISOString();
  }
}
