import type { Network } from '../../../src/shared/api/conversation-contract';
import { ApiError } from '../../../src/shared/api/errors';
import type { FactCategory, FactOrigin, MemoryFact } from '../../../src/shared/domain/memory';

export type FactPerson = { agent: string; network: Network; partnerId: number };
export type FactDraft = { supersedes?: string; category: FactCategory; key?: string; content: string };
export type FactInput = {
  category: FactCategory;
  key?: string | null | undefined;
  content: string;
  sourceChannelId: number | null;
  sourceMessageIds?: readonly number[];
  writtenBy: FactOrigin;
};

export const isCurrent = (fact: MemoryFact) => fact.supersededAt === null && fact.retractedAt === null;

/** "Home City" and "home-city" name the same thing, as the runtime keys facts. */
function normalizeKey(value: string | null | undefined): string | null {
  const normalized = (value ?? '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '_')
    .replace(/^_+|_+$/g, '');
  return normalized === '' ? null : normalized;
}

function sameSentence(a: string, b: string): boolean {
  const plain = (value: string) =>
    value
      .toLowerCase()
      .replace(/\s+/g, ' ')
      .replace(/[.!]+$/, '')
      .trim();
  return plain(a) === plain(b);
}

const personKey = ({ agent, network, partnerId }: FactPerson) => JSON.stringify([agent, network, partnerId]);

/**
 * The fake runtime's facts, with the runtime's rules: facts are only added or marked; saying
 * again what is known changes nothing, a new value for a key supersedes the old fact, an
 * operator's correction supersedes the fact it names (refused once that is no longer current).
 */
export class FakeFactBook {
  readonly #byPerson = new Map<string, MemoryFact[]>();

  constructor(
    private readonly newId: () => string,
    private readonly now: () => string,
  ) {}

  /** Every fact about the person, superseded and retracted ones included, oldest first. */
  history(person: FactPerson): MemoryFact[] {
    return [...(this.#byPerson.get(personKey(person)) ?? [])];
  }

  current(person: FactPerson): MemoryFact[] {
    return this.history(person).filter(isCurrent);
  }

  /** The people of the agent on the network with current facts, and how many. */
  people(agent: string, network: Network): Array<{ partnerId: number; factCount: number }> {
    return [...this.#byPerson].flatMap(([owner, facts]) => {
      const [factAgent, factNetwork, partnerId] = JSON.parse(owner) as [string, Network, number];
      const factCount = facts.filter(isCurrent).length;
      return factAgent === agent && factNetwork === network && factCount > 0
        ? [{ partnerId, factCount }]
        : [];
    });
  }

  record(person: FactPerson, input: FactInput): MemoryFact {
    const current = this.current(person);
    const key = normalizeKey(input.key);
    const previous = key === null ? undefined : current.find((fact) => fact.key === key);
    const same = previous ?? current.find((fact) => sameSentence(fact.content, input.content));
    if (same && sameSentence(same.content, input.content)) return same;
    const fact = this.#insert(person, {
      ...input,
      key,
      sourceMessageIds: [...(input.sourceMessageIds ?? [])],
    });
    if (previous) Object.assign(previous, { supersededBy: fact.id, supersededAt: fact.writtenAt });
    return fact;
  }

  /** What `memory.putFact` does with the operator's draft. */
  put(person: FactPerson, draft: FactDraft): MemoryFact {
    if (draft.supersedes === undefined) {
      return this.record(person, { ...draft, sourceChannelId: null, writtenBy: 'operator' });
    }
    const previous = this.history(person).find((fact) => fact.id === draft.supersedes);
    if (!previous || !isCurrent(previous)) {
      throw new ApiError(
        'not_found',
        'That fact has changed meanwhile: reload to see what the agent knows now.',
      );
    }
    const fact = this.#insert(person, {
      category: draft.category,
      key: draft.key === undefined ? previous.key : normalizeKey(draft.key),
      content: draft.content,
      sourceChannelId: previous.sourceChannelId,
      sourceMessageIds: previous.sourceMessageIds,
      writtenBy: 'operator',
    });
    Object.assign(previous, { supersededBy: fact.id, supersededAt: fact.writtenAt });
    return fact;
  }

  /** Marks a current fact as no longer true; false when it is not current. */
  retract(person: FactPerson, id: string): boolean {
    const fact = this.current(person).find((candidate) => candidate.id === id);
    if (!fact) return false;
    fact.retractedAt = this.now();
    return true;
  }

  #insert(person: FactPerson, fact: Omit<FactInput, 'key'> & { key: string | null }): MemoryFact {
    const written: MemoryFact = {
      id: this.newId(),
      partnerId: person.partnerId,
      category: fact.category,
      key: fact.key,
      content: fact.content.trim(),
      sourceChannelId: fact.sourceChannelId,
      sourceMessageIds: [...(fact.sourceMessageIds ?? [])],
      writtenBy: fact.writtenBy,
      writtenAt: this.now(),
      supersededBy: null,
      supersededAt: null,
      retractedAt: null,
    };
    this.#byPerson.set(personKey(person), [...this.history(person), written]);
    return written;
  }
}
