import type { ChatMsg, MessagePart } from '../../shared/domain/conversation';
import { stickerPart } from '../conversation';
import { messageText } from './chat-messages';
import { mentionsUsername } from './mentions';
import { type PersonFileInput, personFileMessage } from './person-files';
import type { SendFaultControls } from './send-faults';
import { FIRST_SIMULATED_GROUP_NUMBER, FIRST_SIMULATED_PERSON_ID, groupChannelId } from './simulated-ids';
import type { AgentActivity, SimulatorChange } from './simulator-changes';
import type { SimulatorDeps } from './simulator-core';
import { SimulatorInputError, SimulatorNotFoundError } from './simulator-errors';
import { type CreateChatInput, CreateChatSchema, checkedPersonText, parseInput } from './simulator-inputs';
import { SimulatorPort } from './simulator-port';
import { checkedLimit, type SimulatedChat } from './simulator-views';

export type { PersonFileInput } from './person-files';
export type { SimulatorDeps } from './simulator-core';

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
export class Simulator extends SimulatorPort {
  readonly faults: SendFaultControls;

  constructor(deps: SimulatorDeps) {
    super(deps);
    this.faults = this.core.sendFaults;
  }

  // ---- Observers ----

  /** Every change in the simulated network, including what the agent did. Returns the unsubscribe function. */
  onChange(listener: (change: SimulatorChange) => void): () => void {
    return this.core.changes.add(listener);
  }

  /** Whether the agent shows typing in the chat, and is online. */
  activity(agent: string, channelId: number): AgentActivity {
    return this.core.presence.activity(agent, channelId);
  }

  // ---- Operator actions (the Playground) ----

  /** A direct chat with one new person, or a group of new people; the agent is in it. */
  createChat(agent: string, input: CreateChatInput): SimulatedChat {
    const valid = parseInput(CreateChatSchema, input);
    const account = this.core.deps.agentAccount(agent);
    const createdAt = this.core.nowIso();
    const view = this.core.transaction(() => {
      this.core.lookups.assertUsernamesFree(agent, account, valid.people);
      const personIds = valid.people.map((person) => {
        const id = this.core.tables.chats.nextCounterValue('person', FIRST_SIMULATED_PERSON_ID);
        this.core.tables.people.insert({ id, agent, ...person, createdAt });
        return id;
      });
      const channelId =
        valid.kind === 'direct'
          ? personIds[0]!
          : groupChannelId(this.core.tables.chats.nextCounterValue('group', FIRST_SIMULATED_GROUP_NUMBER));
      const title =
        valid.kind === 'group'
          ? (valid.title ?? valid.people.map((person) => person.firstName).join(', '))
          : null;
      this.core.tables.chats.insert({ agent, channelId, kind: valid.kind, title, createdAt });
      for (const personId of personIds) this.core.tables.chats.addMember({ agent, channelId }, personId);
      return this.core.views.chatView({ agent, channelId });
    });
    this.core.changes.emit({ type: 'chatCreated', agent, chat: view.chat });
    return view;
  }

  chat(agent: string, channelId: number): SimulatedChat {
    return this.core.views.chatView({ agent, channelId });
  }

  /** A person writes in the chat; the agent gets a message event. */
  sendAsPerson(agent: string, channelId: number, personId: number, input: PersonMessageInput): ChatMsg {
    const text = checkedPersonText(input.text);
    return this.core.sendAsPerson(agent, channelId, personId, input.replyTo ?? null, {
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
    return this.core.sendAsPerson(agent, channelId, personId, input.replyTo ?? null, {
      parts: () => {
        const found = this.core.deps
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

  /**
   * A person sends a file: a photo, video, GIF, voice note or audio, a document, or a sticker from
   * any image or animation file, with its real bytes, so every media path can be rehearsed.
   */
  sendFileAsPerson(agent: string, channelId: number, personId: number, input: PersonFileInput): ChatMsg {
    const { parts, file } = personFileMessage(input);
    const caption = parts.find((part) => part.kind === 'text')?.text ?? '';
    return this.core.sendAsPerson(agent, channelId, personId, input.replyTo ?? null, {
      parts: () => {
        this.core.tables.files.put(file, this.core.nowIso());
        return parts;
      },
      mentionsAgent: (account) => mentionsUsername(caption, account.username),
    });
  }

  /** A person edits one of their text messages; the agent gets an edit event. */
  editAsPerson(agent: string, channelId: number, personId: number, messageId: number, text: string): ChatMsg {
    const newText = checkedPersonText(text);
    const key = { agent, channelId };
    const account = this.core.deps.agentAccount(agent);
    const visible = this.core.transaction(() => {
      const chat = this.core.lookups.requireChat(key);
      const person = this.core.lookups.requireMember(chat, personId);
      const message = this.core.lookups.requireOwnMessage(key, person, messageId, 'edit');
      const parts = (JSON.parse(message.parts_json) as MessagePart[]).map((part) =>
        part.kind === 'text' ? { ...part, text: newText } : part,
      );
      if (messageText(parts) === null) {
        throw new SimulatorInputError(`Message ${messageId} has no text to edit.`);
      }
      this.core.tables.messages.editText(key, messageId, {
        parts,
        mentioned:
          mentionsUsername(newText, account.username) ||
          this.core.lookups.repliesToAgent(key, message.reply_to),
        editedAt: this.core.nowIso(),
      });
      return message.hidden_for_agent === 0;
    });
    const edited = this.core.views.chatMsg(key, messageId);
    if (visible) this.core.inbound.emit({ type: 'edit', agent, message: edited });
    this.core.changes.emit({ type: 'edit', agent, message: edited });
    return edited;
  }

  /** A person deletes some of their messages for everyone; the agent gets a delete event. */
  deleteAsPerson(agent: string, channelId: number, personId: number, messageIds: readonly number[]): void {
    const key = { agent, channelId };
    if (messageIds.length === 0) return;
    const visibleIds = this.core.transaction(() => {
      const chat = this.core.lookups.requireChat(key);
      const person = this.core.lookups.requireMember(chat, personId);
      const messages = [...new Set(messageIds)].map((id) =>
        this.core.lookups.requireOwnMessage(key, person, id, 'delete'),
      );
      for (const message of messages) this.core.tables.messages.delete(key, message.message_id);
      return messages
        .filter((message) => message.hidden_for_agent === 0)
        .map((message) => message.message_id);
    });
    if (visibleIds.length > 0)
      this.core.inbound.emit({ type: 'delete', agent, channelId, messageIds: visibleIds });
    this.core.changes.emit({ type: 'delete', agent, channelId, messageIds: [...new Set(messageIds)] });
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
    const outcome = this.core.transaction(() => {
      const chat = this.core.lookups.requireChat(key);
      const person = this.core.lookups.requireMember(chat, personId);
      this.core.lookups.assertPersonCanWrite(chat, person);
      const message = this.core.lookups.requireMessage(key, messageId, { visibleToAgent: false });
      const current = this.core.tables.messages
        .reactions(key, messageId, messageId)
        .find((row) => row.person_id === personId);
      if ((current?.emoji ?? null) === emoji) return { changed: false, visible: false };
      this.core.tables.messages.setReaction(key, messageId, {
        personId,
        emoji,
        // Only reactions on its own messages wait for the agent, as Telegram's unread reactions do.
        unread: message.sender_person_id === null,
        reactedAt: this.core.nowIso(),
      });
      return { changed: true, visible: message.hidden_for_agent === 0 };
    });
    const message = this.core.views.chatMsg(key, messageId);
    if (!outcome.changed) return message;
    if (outcome.visible) {
      this.core.inbound.emit({ type: 'reaction', agent, channelId, messageId, reactions: message.reactions });
    }
    this.core.changes.emit({ type: 'reaction', agent, message });
    return message;
  }

  /** A person is typing; the agent gets a typing event. */
  typeAsPerson(agent: string, channelId: number, personId: number): void {
    const chat = this.core.lookups.requireChat({ agent, channelId });
    this.core.lookups.assertPersonCanWrite(chat, this.core.lookups.requireMember(chat, personId));
    this.core.inbound.emit({ type: 'typing', agent, channelId, userId: personId });
  }

  /**
   * A person reads the chat up to a message (the newest when absent). Sending reads the chat too.
   * The agent gets a read event when this reaches messages of its own nobody had read.
   */
  readAsPerson(agent: string, channelId: number, personId: number, upToMessageId?: number): void {
    const key = { agent, channelId };
    const readUpTo = this.core.transaction(() => {
      const chat = this.core.lookups.requireChat(key);
      this.core.lookups.requireMember(chat, personId);
      return this.core.personReads(
        key,
        personId,
        Math.min(upToMessageId ?? chat.last_message_id, chat.last_message_id),
      );
    });
    this.core.emitPeopleRead(key, readUpTo);
  }

  /** Test hook: the person blocks (or unblocks) the agent, so the agent can no longer write to them. */
  setPersonBlocksAgent(agent: string, personId: number, blocks: boolean): void {
    this.core.lookups.requirePerson(agent, personId);
    this.core.tables.people.setBlocksAgent(agent, personId, blocks);
  }

  /** Mutes or unmutes the chat for the agent (its notification setting). */
  setMuted(agent: string, channelId: number, muted: boolean): void {
    const key = { agent, channelId };
    this.core.lookups.requireChat(key);
    this.core.tables.chats.setMuted(key, muted);
  }

  /** A page of what the agent sees in the chat, newest page first, each page chronological. */
  messages(agent: string, channelId: number, query: MessagePageQuery): MessagePage {
    const key = { agent, channelId };
    this.core.lookups.requireChat(key);
    const page = this.core.views.history(key, {
      limit: checkedLimit(query.limit) + 1,
      ...(query.beforeMessageId === undefined ? {} : { beforeMessageId: query.beforeMessageId }),
    });
    const hasMore = page.length > query.limit;
    return { messages: hasMore ? page.slice(1) : page, hasMore };
  }

  /** Stops the typing and online timers and drops every listener. The database stays open. */
  close(): void {
    this.core.presence.close();
    this.core.inbound.clear();
    this.core.changes.clear();
  }
}
