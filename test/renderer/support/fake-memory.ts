import type { Network } from '../../../src/shared/api/conversation-contract';
import { ApiError } from '../../../src/shared/api/errors';
import {
  type MemoryChange,
  type MemoryListRef,
  memoryProcedures,
  type RecallItem,
} from '../../../src/shared/api/memory-contract';
import type { ChatMsg } from '../../../src/shared/domain/conversation';
import {
  type FactCategory,
  type FactOrigin,
  type MemoryEntry,
  type MemoryFact,
  type MemoryProfile,
  type MemoryScope,
  type MemorySummary,
  type SessionSummary,
  SessionSummarySchema,
} from '../../../src/shared/domain/memory';
import { type FactDraft, FakeFactBook } from './fake-facts';
import { messageText, recallFrom } from './fake-recall';

export type MemoryProcedure = keyof typeof memoryProcedures;

type Conversation = { agent: string; network: Network; channelId: number };
type Person = { agent: string; network: Network; partnerId: number };

/** What the fake memory reads from the fake runtime around it: its agents, chats and clock. */
export interface FakeMemoryRuntime {
  agents: ReadonlyArray<{ config: { configName: string } }>;
  /** The chats by `agent/channelId`; their messages are the archive. */
  simChats: ReadonlyMap<string, { agent: string; network: Network; messages: ChatMsg[] }>;
  now: Date;
  emit(name: 'memory.changed', payload: MemoryChange): void;
}

/** The fake runtime seen as the memory's archive and event hub. */
function hostOf(runtime: FakeMemoryRuntime) {
  let ticks = 0;
  const chatsOf = (agent: string, network: Network) =>
    [...runtime.simChats.values()].filter((chat) => chat.agent === agent && chat.network === network);
  return {
    agentExists: (agent: string) => runtime.agents.some((candidate) => candidate.config.configName === agent),
    messages: ({ agent, network, channelId }: Conversation): readonly ChatMsg[] => {
      const chat = runtime.simChats.get(`${agent}/${channelId}`);
      return chat?.network === network ? chat.messages : [];
    },
    allMessages: (agent: string, network: Network) =>
      chatsOf(agent, network).flatMap((chat) => chat.messages),
    emit: (change: MemoryChange) => runtime.emit('memory.changed', change),
    /** A second later at each call, from the runtime's `now`. */
    now: () => new Date(runtime.now.getTime() + ++ticks * 1000),
  };
}

const ENTRY_ID_PREFIX: Record<MemoryScope, string> = {
  memory: 'memory',
  intention: 'intent',
  note: 'note',
  plan: 'plan',
};

export function isMemoryProcedure(method: string): method is MemoryProcedure {
  return Object.hasOwn(memoryProcedures, method);
}

const key = (...parts: Array<string | number | null | undefined>) => JSON.stringify(parts);

/**
 * The `memory.*` procedures of the fake runtime, in memory, with the runtime's semantics: inputs
 * checked by the contract's schemas, an entry id rewriting in place, a summary's range kept to
 * archived messages, facts never overwritten (a correction supersedes, a retraction marks), and
 * `memory.changed` after every change. The model's work (summarize, reflect) writes plain
 * stand-ins; tests fail it with `FakeRuntime.handle`.
 */
export class FakeMemory {
  readonly lists = new Map<string, MemoryEntry[]>();
  readonly summaries = new Map<string, MemorySummary[]>();
  readonly sessions = new Map<string, SessionSummary[]>();
  readonly facts: FakeFactBook;
  readonly profiles = new Map<string, MemoryProfile>();
  #nextId = 1;

  private readonly host: ReturnType<typeof hostOf>;

  constructor(runtime: FakeMemoryRuntime) {
    this.host = hostOf(runtime);
    this.facts = new FakeFactBook(
      () => this.#id('fact'),
      () => this.host.now().toISOString(),
    );
  }

  /**
   * Answers a procedure whose input the runtime's dispatch has parsed with the contract's schema
   * (trimmed, checked, issues under their fields), as the real dispatcher does.
   */
  answer(method: MemoryProcedure, input: unknown): unknown {
    const agent = this.#agentOf(input);
    if (!this.host.agentExists(agent)) throw new ApiError('not_found', `There is no agent "${agent}".`);
    return this.#procedures[method](input as never);
  }

  // ---- what the agent writes by itself, announced as the engine announces it ------------------

  /** The agent (or fact reading) records a fact, as `remember` does: a new value for a key supersedes. */
  agentLearns(
    person: Person,
    fact: { category: FactCategory; key?: string; content: string; sourceMessageIds?: number[] },
    writtenBy: FactOrigin = 'extraction',
  ): MemoryFact {
    const written = this.facts.record(person, { ...fact, writtenBy, sourceChannelId: person.partnerId });
    this.#changed(person, 'facts', { partnerId: person.partnerId });
    return written;
  }

  /** A quiet stretch of the conversation becomes a topic summary. */
  agentSummarizesSession(conversation: Conversation, session: Omit<SessionSummary, 'id'>): SessionSummary {
    const written = SessionSummarySchema.parse({ ...session, id: this.#id('session') });
    this.#push(this.sessions, this.#chatKey(conversation), written);
    this.#changed(conversation, 'sessions', { channelId: conversation.channelId });
    return written;
  }

  // ---- the procedures ---------------------------------------------------------------------------

  readonly #procedures: Record<MemoryProcedure, (input: never) => unknown> = {
    'memory.entries': (list: MemoryListRef) => ({ entries: [...this.#list(list)] }),
    'memory.putEntry': ({ list, entry }: { list: MemoryListRef; entry: Record<string, string> }) => {
      const entries = this.#list(list);
      const id = entry.id ?? this.#id(ENTRY_ID_PREFIX[list.scope]);
      const existing = entries.find((candidate) => candidate.id === id);
      const written: MemoryEntry = {
        id,
        content: entry.content!.trim(),
        created: entry.created === undefined && existing ? existing.created : this.#created(entry.created),
        creationChannelId: existing?.creationChannelId ?? null,
        creationChannelName: existing?.creationChannelName ?? null,
      };
      this.lists.set(this.#listKey(list), this.#upsert(entries, written));
      this.#changed(list, 'entries', { channelId: list.channelId });
      return { entry: written };
    },
    'memory.deleteEntry': ({ list, id }: { list: MemoryListRef; id: string }) => {
      const deleted = this.#remove(this.lists, this.#listKey(list), id);
      if (deleted) this.#changed(list, 'entries', { channelId: list.channelId });
      return { deleted };
    },
    'memory.summaries': (conversation: Conversation) => ({ summaries: this.#summaries(conversation) }),
    'memory.putSummary': ({ conversation, summary }: { conversation: Conversation; summary: SummaryDraft }) =>
      this.#putSummary(conversation, summary),
    'memory.deleteSummary': ({ conversation, id }: { conversation: Conversation; id: string }) => {
      const deleted = this.#remove(this.summaries, this.#chatKey(conversation), id);
      if (deleted) this.#changed(conversation, 'summaries', { channelId: conversation.channelId });
      return { deleted };
    },
    'memory.summarizeNow': (conversation: Conversation) => {
      const covered = Math.max(0, ...this.#summaries(conversation).map((summary) => summary.maxMessageId));
      const fresh = this.host.messages(conversation).filter((message) => message.messageId > covered);
      if (fresh.length === 0) return { written: 0, consolidated: 0, modelCalls: 0 };
      const summary = this.#writeSummary(conversation, {
        content: `Summary of ${fresh.length} messages: ${fresh.map(messageText).join(' / ')}`.slice(0, 4000),
        minMessageId: fresh[0]!.messageId,
        maxMessageId: fresh.at(-1)!.messageId,
      });
      this.#store(conversation, { ...summary, origin: 'summarizer' });
      return { written: 1, consolidated: 0, modelCalls: 1 };
    },
    'memory.sessions': (conversation: Conversation) => ({
      sessions: [...(this.sessions.get(this.#chatKey(conversation)) ?? [])],
    }),
    'memory.deleteSession': ({ conversation, id }: { conversation: Conversation; id: string }) => {
      const deleted = this.#remove(this.sessions, this.#chatKey(conversation), id);
      if (deleted) this.#changed(conversation, 'sessions', { channelId: conversation.channelId });
      return { deleted };
    },
    'memory.people': ({ agent, network }: { agent: string; network: Network }) => {
      const messages = this.host.allMessages(agent, network);
      const nameOf = (id: number) =>
        messages.findLast((message) => message.senderId === id && message.senderName)?.senderName ?? null;
      const people = this.facts.people(agent, network).map((person) => ({
        ...person,
        name: nameOf(person.partnerId),
      }));
      people.sort((a, b) => (a.name ?? '').localeCompare(b.name ?? '') || a.partnerId - b.partnerId);
      return { people };
    },
    'memory.facts': (person: Person) => ({
      current: this.facts.current(person),
      history: this.facts.history(person),
    }),
    'memory.putFact': ({ fact, ...person }: Person & { fact: FactDraft }) => {
      const written = this.facts.put(person, fact);
      this.#changed(person, 'facts', { partnerId: person.partnerId });
      return { fact: written };
    },
    'memory.retractFact': ({ id, ...person }: Person & { id: string }) => {
      const retracted = this.facts.retract(person, id);
      if (retracted) this.#changed(person, 'facts', { partnerId: person.partnerId });
      return { retracted };
    },
    'memory.profile': (person: Person) => ({ profile: this.profiles.get(this.#personKey(person)) ?? null }),
    'memory.putProfile': ({ text: profileText, ...person }: Person & { text: string }) => {
      const profile: MemoryProfile = {
        text: profileText,
        writtenBy: 'operator',
        updatedAt: this.host.now().toISOString(),
      };
      this.profiles.set(this.#personKey(person), profile);
      this.#changed(person, 'profile', { partnerId: person.partnerId });
      return { profile };
    },
    'memory.reflectNow': (person: Person) => {
      const messages = this.host.messages({ ...person, channelId: person.partnerId });
      if (messages.length === 0) {
        return {
          profileUpdated: false,
          facts: 0,
          intentions: 0,
          skipped: 'There is nothing new to reflect on.',
        };
      }
      const name = messages.find((message) => !message.isAgent)?.senderName ?? 'them';
      this.profiles.set(this.#personKey(person), {
        text: `## Who they are\n\n${name} has written ${messages.length} messages so far.`,
        writtenBy: 'reflection',
        updatedAt: this.host.now().toISOString(),
      });
      this.#changed(person, 'profile', { partnerId: person.partnerId });
      return { profileUpdated: true, facts: 0, intentions: 0 };
    },
    'memory.recall': ({
      query,
      limit,
      ...conversation
    }: Conversation & { query: string; limit?: number }) => ({
      items: this.#recall(conversation, query).slice(0, limit ?? 10),
    }),
  };

  // ---- the runtime's rules ----------------------------------------------------------------------

  #putSummary(conversation: Conversation, draft: SummaryDraft) {
    const existing = this.#summaries(conversation).find((summary) => summary.id === draft.id);
    const summary = this.#writeSummary(conversation, draft);
    const written: MemorySummary = existing
      ? { ...summary, id: existing.id, created: existing.created, origin: existing.origin }
      : { ...summary, id: draft.id ?? summary.id };
    this.#store(conversation, written);
    return { summary: written };
  }

  /** A summary of the archived messages in the draft's range, refused when it covers none. */
  #writeSummary(conversation: Conversation, draft: Omit<SummaryDraft, 'id'>): MemorySummary {
    const covered = this.host
      .messages(conversation)
      .filter(
        (message) => message.messageId >= draft.minMessageId && message.messageId <= draft.maxMessageId,
      );
    if (covered.length === 0) {
      throw new ApiError(
        'invalid_input',
        `No archived message of this conversation has an id from ${draft.minMessageId} to ${draft.maxMessageId}.`,
      );
    }
    return {
      id: this.#id('summary'),
      content: draft.content.trim(),
      minMessageId: covered[0]!.messageId,
      maxMessageId: covered.at(-1)!.messageId,
      firstMessageDate: covered[0]!.sentAt.slice(0, 10),
      lastMessageDate: covered.at(-1)!.sentAt.slice(0, 10),
      created: this.#created(undefined),
      origin: 'operator',
    };
  }

  #store(conversation: Conversation, summary: MemorySummary): void {
    const list = this.#upsert(this.#summaries(conversation), summary);
    list.sort((a, b) => a.minMessageId - b.minMessageId || a.maxMessageId - b.maxMessageId);
    this.summaries.set(this.#chatKey(conversation), list);
    this.#changed(conversation, 'summaries', { channelId: conversation.channelId });
  }

  #recall(conversation: Conversation, query: string): RecallItem[] {
    return recallFrom(
      {
        messages: this.host.messages(conversation),
        summaries: this.#summaries(conversation),
        notes: this.#list({ ...conversation, scope: 'note' }),
        memories: this.#list({ agent: conversation.agent, network: conversation.network, scope: 'memory' }),
        facts: this.facts.current({ ...conversation, partnerId: conversation.channelId }),
      },
      query,
    );
  }

  // ---- bookkeeping ------------------------------------------------------------------------------

  #agentOf(input: unknown): string {
    const fields = input as { list?: unknown; conversation?: unknown };
    const owner = (fields.list ?? fields.conversation ?? input) as { agent: string };
    return owner.agent;
  }

  #list(list: MemoryListRef): MemoryEntry[] {
    return this.lists.get(this.#listKey(list)) ?? [];
  }

  #summaries(conversation: Conversation): MemorySummary[] {
    return [...(this.summaries.get(this.#chatKey(conversation)) ?? [])];
  }

  #chatKey(conversation: Conversation): string {
    return key(conversation.agent, conversation.network, conversation.channelId);
  }

  #listKey(list: MemoryListRef): string {
    return key(list.agent, list.network, list.scope, list.channelId ?? null);
  }

  #personKey(person: Person): string {
    return key(person.agent, person.network, person.partnerId);
  }

  #upsert<T extends { id: string }>(items: T[], item: T): T[] {
    const index = items.findIndex((candidate) => candidate.id === item.id);
    return index < 0 ? [...items, item] : items.map((candidate, at) => (at === index ? item : candidate));
  }

  #push<T>(map: Map<string, T[]>, at: string, item: T): void {
    map.set(at, [...(map.get(at) ?? []), item]);
  }

  #remove<T extends { id: string }>(map: Map<string, T[]>, at: string, id: string): boolean {
    const items = map.get(at) ?? [];
    if (!items.some((item) => item.id === id)) return false;
    map.set(
      at,
      items.filter((item) => item.id !== id),
    );
    return true;
  }

  #id(prefix: string): string {
    return `${prefix}-${(this.#nextId++).toString(16).padStart(8, '0')}`;
  }

  /** A date as given (2025-03-14), else now. */
  #created(value: string | undefined): string {
    return value !== undefined && /^\d{4}-\d{2}-\d{2}$/.test(value.trim())
      ? value.trim()
      : this.host.now().toISOString();
  }

  #changed(
    ref: { agent: string; network: Network },
    what: MemoryChange['what'],
    place: { channelId?: number | undefined; partnerId?: number | undefined },
  ): void {
    this.host.emit({
      agent: ref.agent,
      network: ref.network,
      what,
      channelId: place.channelId ?? null,
      partnerId: place.partnerId ?? null,
    });
  }
}

type SummaryDraft = { id?: string; content: string; minMessageId: number; maxMessageId: number };
