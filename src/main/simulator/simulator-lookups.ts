import type { AccountInfo } from '../messaging/port';
import type { ChatKey, ChatRow, MemberRow, MessageRow, PersonRow, SimulatorTables } from '../store';
import { fullName } from './chat-messages';
import { SimulatorInputError, SimulatorNotFoundError } from './simulator-errors';
import type { ValidCreateChatInput } from './simulator-inputs';

/**
 * Finds chats, people and messages for the Simulator, throwing a SimulatorNotFoundError that names
 * what is missing, and applies the rules of who may write where.
 */
export class SimulatorLookups {
  readonly #tables: SimulatorTables;

  constructor(tables: SimulatorTables) {
    this.#tables = tables;
  }

  requireChat(key: ChatKey): ChatRow {
    const chat = this.#tables.chats.get(key);
    if (!chat) {
      throw new SimulatorNotFoundError(
        'chat',
        `Agent "${key.agent}" has no Simulator chat ${key.channelId}.`,
      );
    }
    return chat;
  }

  requirePerson(agent: string, personId: number): PersonRow {
    const person = this.#tables.people.get(agent, personId);
    if (!person) {
      throw new SimulatorNotFoundError('person', `Agent "${agent}" has no simulated person ${personId}.`);
    }
    return person;
  }

  requireMember(chat: ChatRow, personId: number): MemberRow {
    const member = this.#tables.chats
      .members({ agent: chat.agent, channelId: chat.channel_id })
      .find((candidate) => candidate.id === personId);
    if (!member) {
      throw new SimulatorNotFoundError(
        'person',
        `Simulator chat ${chat.channel_id} has no person ${personId}.`,
      );
    }
    return member;
  }

  /** `visibleToAgent`: a message the agent deleted for itself counts as missing. */
  requireMessage(key: ChatKey, messageId: number, options: { visibleToAgent: boolean }): MessageRow {
    const message = this.#tables.messages.get(key, messageId);
    if (!message || (options.visibleToAgent && message.hidden_for_agent === 1)) {
      throw new SimulatorNotFoundError(
        'message',
        `Simulator chat ${key.channelId} has no message ${messageId}.`,
      );
    }
    return message;
  }

  requireOwnMessage(key: ChatKey, person: PersonRow, messageId: number, verb: 'edit' | 'delete'): MessageRow {
    const message = this.requireMessage(key, messageId, { visibleToAgent: false });
    if (message.sender_person_id !== person.id) {
      throw new SimulatorInputError(
        `${fullName(person)} can only ${verb} their own messages; ${messageId} is not.`,
      );
    }
    return message;
  }

  isVisible(key: ChatKey, messageId: number): boolean {
    return this.#tables.messages.get(key, messageId)?.hidden_for_agent === 0;
  }

  repliesToAgent(key: ChatKey, replyTo: number | null): boolean {
    if (replyTo === null) return false;
    return this.#tables.messages.get(key, replyTo)?.sender_person_id === null;
  }

  /** Why the agent may not write in the chat, as Telegram would refuse it; null when it may. */
  whyAgentCannotSend(chat: ChatRow): string | null {
    if (chat.kind === 'group') return null;
    const partner = this.#tables.chats.members({ agent: chat.agent, channelId: chat.channel_id })[0];
    if (!partner) return null;
    if (this.#tables.people.isBlocked(chat.agent, partner.id)) {
      return `The agent has blocked ${fullName(partner)}; unblock them to write to them.`;
    }
    if (partner.blocks_agent === 1) return `${fullName(partner)} has blocked the agent.`;
    return null;
  }

  /** Telegram does not deliver a blocked user's direct messages; the Playground says so instead. */
  assertPersonCanWrite(chat: ChatRow, person: PersonRow): void {
    if (chat.kind !== 'direct') return;
    if (this.#tables.people.isBlocked(chat.agent, person.id)) {
      throw new SimulatorInputError(
        `The agent has blocked ${fullName(person)}, so nothing they do in this chat reaches it.`,
      );
    }
    if (person.blocks_agent === 1) {
      throw new SimulatorInputError(`${fullName(person)} has blocked the agent; unblock it to write.`);
    }
  }

  assertUsernamesFree(agent: string, account: AccountInfo, people: ValidCreateChatInput['people']): void {
    const seen = new Set<string>();
    for (const { username } of people) {
      if (username === null) continue;
      const lower = username.toLowerCase();
      if (seen.has(lower)) throw new SimulatorInputError(`The username @${username} is given twice.`);
      seen.add(lower);
      if (account.username?.toLowerCase() === lower) {
        throw new SimulatorInputError(`The username @${username} is the agent's own.`);
      }
      const owner = this.#tables.people.byUsername(agent, username);
      if (owner) throw new SimulatorInputError(`The username @${username} is taken by ${fullName(owner)}.`);
    }
  }
}
