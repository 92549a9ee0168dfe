import type {
  ConversationSummary,
  LlmExchangeView,
  Network,
} from '../../../src/shared/api/conversation-contract';
import { ApiError } from '../../../src/shared/api/errors';
import type { ChatInfo, ChatMsg, ChatPerson, ReplyPolicy } from '../../../src/shared/domain/conversation';
import type { TaskGraphView } from '../../../src/shared/domain/tasks';
import { planAgentTurn } from './fake-agent-turn';
import type { FakeRuntime } from './fake-runtime';

/** One chat of the fake runtime (Simulator or Telegram), as tests seed and inspect it. */
export type SimChat = {
  agent: string;
  network: Network;
  info: ChatInfo;
  people: ChatPerson[];
  messages: ChatMsg[];
  nextMessageId: number;
  unreadCount: number;
  graph: TaskGraphView | null;
  exchange: LlmExchangeView | null;
  llmOverride: string | null;
  gaggedOverride: boolean | null;
  replyPolicy: ReplyPolicy;
  paused: boolean;
  operatorOnly: boolean;
  approvalOverride: boolean | null;
  /** The agent's turn in progress (a burst of messages coalesces into one). */
  turn: ReturnType<typeof setTimeout> | null;
};

export type PersonInput = { firstName: string; lastName?: string; username?: string };

/** What the chats read from the fake runtime: where chats are kept, the agents, the clock, the event hub. */
export type FakeChatsRuntime = Pick<
  FakeRuntime,
  'simChats' | 'agents' | 'now' | 'disconnectedTelegramAgents' | 'emit' | 'agentReply' | 'agentReplyDelayMs'
>;

/**
 * The simulated conversations: chats seeded or created, people's and the agent's messages, and the
 * look-ups the procedures share (a missing chat or person is refused as the runtime refuses it).
 */
export class FakeChats {
  readonly #runtime: FakeChatsRuntime;
  #nextPersonId = 1001;
  #nextGroupId = -1001;
  #clockTicks = 0;

  constructor(runtime: FakeChatsRuntime) {
    this.#runtime = runtime;
  }

  /** Creates a Simulator chat as `simulator.createChat` does, or with `network` a Telegram chat. */
  seed(
    agent: string,
    kind: 'direct' | 'group',
    people: PersonInput[],
    title?: string,
    network: Network = 'simulator',
  ): SimChat {
    const persons: ChatPerson[] = people.map((person) => ({
      id: this.#nextPersonId++,
      firstName: person.firstName,
      lastName: person.lastName ?? null,
      username: person.username ?? null,
      bio: null,
      phone: null,
      birthday: null,
    }));
    const fullName = (person: ChatPerson) => [person.firstName, person.lastName].filter(Boolean).join(' ');
    const channelId = kind === 'direct' ? persons[0]!.id : this.#nextGroupId--;
    const info: ChatInfo = {
      channelId,
      kind,
      title:
        kind === 'direct' ? fullName(persons[0]!) : (title ?? persons.map((p) => p.firstName).join(', ')),
      username: kind === 'direct' ? persons[0]!.username : null,
      participantCount: kind === 'direct' ? 2 : persons.length + 1,
      description: null,
      partner: kind === 'direct' ? persons[0]! : null,
    };
    const chat: SimChat = {
      agent,
      network,
      info,
      people: persons,
      messages: [],
      nextMessageId: 1,
      unreadCount: 0,
      graph: null,
      exchange: null,
      llmOverride: null,
      gaggedOverride: null,
      replyPolicy: 'callouts',
      paused: false,
      operatorOnly: false,
      approvalOverride: null,
      turn: null,
    };
    this.#runtime.simChats.set(`${agent}/${channelId}`, chat);
    return chat;
  }

  /** A person writes: the message is stored and announced, and the agent's turn is (re)planned. */
  personSays(
    agent: string,
    channelId: number,
    personId: number,
    parts: ChatMsg['parts'],
    replyTo: number | null = null,
  ): ChatMsg {
    const chat = this.chat(agent, channelId);
    const person = this.person(chat, personId);
    const message = this.#append(chat, {
      senderId: person.id,
      senderName: [person.firstName, person.lastName].filter(Boolean).join(' '),
      senderUsername: person.username,
      isAgent: false,
      replyToMessageId: replyTo,
      parts,
    });
    chat.unreadCount += 1;
    this.#runtime.emit('conversation.message', { agent, network: chat.network, message });
    planAgentTurn(this.#runtime, this, chat, message);
    return message;
  }

  /** The agent writes on its own (no turn), e.g. to seed a history. */
  agentSays(agent: string, channelId: number, text: string, replyTo: number | null = null): ChatMsg {
    const chat = this.chat(agent, channelId);
    const message = this.#append(chat, {
      senderId: 1,
      senderName: this.#agentName(agent),
      senderUsername: null,
      isAgent: true,
      replyToMessageId: replyTo,
      parts: [{ kind: 'text', text }],
    });
    this.#runtime.emit('conversation.message', { agent, network: chat.network, message });
    return message;
  }

  /** `count` alternating messages without turns, for paging tests. */
  seedHistory(agent: string, channelId: number, count: number): void {
    const chat = this.chat(agent, channelId);
    const person = chat.people[0]!;
    for (let i = 0; i < count; i += 1) {
      this.#append(chat, {
        senderId: i % 2 === 0 ? person.id : 1,
        senderName: i % 2 === 0 ? person.firstName : this.#agentName(agent),
        senderUsername: null,
        isAgent: i % 2 === 1,
        replyToMessageId: null,
        parts: [{ kind: 'text', text: `Message ${i + 1}` }],
      });
    }
  }

  /** Each timestamp a second after the previous one, from `now`. */
  tick(): string {
    this.#clockTicks += 1;
    return new Date(this.#runtime.now.getTime() + this.#clockTicks * 1000).toISOString();
  }

  chat(agent: string, channelId: number): SimChat {
    const chat = this.#runtime.simChats.get(`${agent}/${channelId}`);
    if (!chat) throw new ApiError('not_found', `${agent} has no chat ${channelId}.`);
    return chat;
  }

  /** The chat a `conversations.*` input names, on its network; Telegram needs the account connected. */
  networkChat(input: unknown): SimChat {
    const { agent, network, channelId } = input as { agent: string; network: Network; channelId: number };
    if (network === 'telegram') this.requireConnected(agent);
    const chat = this.chat(agent, channelId);
    if (chat.network !== network)
      throw new ApiError('not_found', `${agent} has no ${network} chat ${channelId}.`);
    return chat;
  }

  requireConnected(agent: string): void {
    if (this.#runtime.disconnectedTelegramAgents.has(agent))
      throw new ApiError('unavailable', `${agent} is not connected to Telegram right now.`);
  }

  person(chat: SimChat, personId: number): ChatPerson {
    const person = chat.people.find((candidate) => candidate.id === personId);
    if (!person) throw new ApiError('invalid_input', `Person ${personId} is not in this chat.`);
    return person;
  }

  summary(chat: SimChat): ConversationSummary {
    return {
      agent: chat.agent,
      network: chat.network,
      channelId: chat.info.channelId,
      kind: chat.info.kind,
      title: chat.info.title,
      lastMessage: chat.messages.at(-1) ?? null,
      unreadCount: chat.unreadCount,
      pendingTasks:
        chat.graph?.nodes.filter((node) => !['done', 'failed', 'cancelled'].includes(node.status)).length ??
        0,
    };
  }

  #append(
    chat: SimChat,
    fields: Omit<ChatMsg, 'channelId' | 'messageId' | 'sentAt' | 'editedAt' | 'reactions' | 'mentioned'>,
  ): ChatMsg {
    const message: ChatMsg = {
      channelId: chat.info.channelId,
      messageId: chat.nextMessageId++,
      sentAt: this.tick(),
      editedAt: null,
      reactions: [],
      mentioned: false,
      ...fields,
    };
    chat.messages.push(message);
    return message;
  }

  #agentName(agent: string): string {
    return (
      this.#runtime.agents.find((candidate) => candidate.config.configName === agent)?.config.name ?? agent
    );
  }
}
