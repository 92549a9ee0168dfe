import type { ChatInfo, ChatMsg, ChatPerson } from '../../shared/domain/conversation';
import type { AccountInfo, HistoryQuery } from '../messaging/port';
import type { ChatKey, ChatRow, MemberRow, MessageRow, SimulatorTables } from '../store';
import { fullName, type MessageAuthors, toChatMsg, toChatPerson } from './chat-messages';
import type { SimulatorLookups } from './simulator-lookups';

/** A chat and its people, as the Playground shows it. */
export interface SimulatedChat {
  chat: ChatInfo;
  people: ChatPerson[];
}

/** Builds what the agent and the operator see of the simulated network: messages and chats. */
export class SimulatorViews {
  readonly #tables: SimulatorTables;
  readonly #lookups: SimulatorLookups;
  readonly #agentAccount: (agent: string) => AccountInfo;

  constructor(
    tables: SimulatorTables,
    lookups: SimulatorLookups,
    agentAccount: (agent: string) => AccountInfo,
  ) {
    this.#tables = tables;
    this.#lookups = lookups;
    this.#agentAccount = agentAccount;
  }

  history(key: ChatKey, query: HistoryQuery): ChatMsg[] {
    const newestFirst = this.#tables.messages.visibleNewestFirst({
      ...key,
      after: query.afterMessageId ?? 0,
      before: query.beforeMessageId ?? Number.MAX_SAFE_INTEGER,
      limit: checkedLimit(query.limit),
    });
    return this.toChatMsgs(key, newestFirst.reverse());
  }

  chatMsg(key: ChatKey, messageId: number): ChatMsg {
    return this.toChatMsgs(key, [
      this.#lookups.requireMessage(key, messageId, { visibleToAgent: false }),
    ])[0]!;
  }

  /** Messages of one chat, in the order given, with their reactions. */
  toChatMsgs(key: ChatKey, rows: readonly MessageRow[]): ChatMsg[] {
    const first = rows[0];
    const last = rows.at(-1);
    if (!first || !last) return [];
    const reactions = this.#tables.messages.reactions(
      key,
      Math.min(first.message_id, last.message_id),
      Math.max(first.message_id, last.message_id),
    );
    const authors: MessageAuthors = {
      account: this.#agentAccount(key.agent),
      people: new Map(this.#tables.chats.members(key).map((member) => [member.id, member])),
    };
    return rows.map((row) =>
      toChatMsg(
        row,
        reactions.filter((reaction) => reaction.message_id === row.message_id),
        authors,
      ),
    );
  }

  chatView(key: ChatKey): SimulatedChat {
    const chat = this.#lookups.requireChat(key);
    const members = this.#tables.chats.members(key);
    const partner = chat.kind === 'direct' ? members[0] : undefined;
    return {
      chat: {
        channelId: chat.channel_id,
        kind: chat.kind,
        title: this.title(chat, members),
        username: partner?.username ?? null,
        // The agent is a member of its groups too.
        participantCount: chat.kind === 'group' ? members.length + 1 : null,
        description: null,
        partner: partner ? toChatPerson(partner) : null,
      },
      people: members.map(toChatPerson),
    };
  }

  title(chat: ChatRow, members: readonly MemberRow[]): string {
    if (chat.title !== null) return chat.title;
    const partner = members[0];
    return partner ? fullName(partner) : `Chat ${chat.channel_id}`;
  }
}

export function checkedLimit(limit: number): number {
  if (!Number.isInteger(limit) || limit < 1) {
    throw new RangeError(`A history limit is a whole number of messages, at least 1, not ${limit}.`);
  }
  return limit;
}
