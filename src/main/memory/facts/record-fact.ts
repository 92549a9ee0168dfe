import { normalizeFactKey } from '../../../shared/domain/fact-key';
import type { FactCategory, FactOrigin, MemoryFact } from '../../../shared/domain/memory';
import type { FactOwner, FactRepository } from '../../store';
import { randomHex8 } from '../../tasks/task-id';

/** A fact is one sentence; longer ones are cut here (and the cut is reported). */
export const MAX_FACT_CHARS = 300;

export interface FactInput {
  category: FactCategory;
  key?: string | null | undefined;
  content: string;
  sourceChannelId: number | null;
  sourceMessageIds: readonly number[];
  writtenBy: FactOrigin;
}

export type FactWrite =
  | { outcome: 'created' | 'unchanged'; fact: MemoryFact; truncated: boolean }
  | { outcome: 'superseded'; fact: MemoryFact; previous: MemoryFact; truncated: boolean };

/** Two sentences that differ only in case, spacing or a final full stop say the same. */
export function sameSentence(a: string, b: string): boolean {
  const plain = (text: string) =>
    text
      .toLowerCase()
      .replace(/\s+/g, ' ')
      .replace(/[.!]+$/, '')
      .trim();
  return plain(a) === plain(b);
}

function cut(content: string): { text: string; truncated: boolean } {
  const text = content.trim().replace(/\s+/g, ' ');
  if (text.length <= MAX_FACT_CHARS) return { text, truncated: false };
  return { text: `${text.slice(0, MAX_FACT_CHARS - 1).trimEnd()}…`, truncated: true };
}

export function newFactId(): string {
  return `fact-${randomHex8()}`;
}

/**
 * Records what the agent now knows about a person. Saying again what is already known changes
 * nothing; a new value for a key supersedes the current fact with that key (kept in the history);
 * a fact without a key is new unless the same sentence is already known. Call inside a
 * transaction.
 */
export function recordFact(
  repository: FactRepository,
  owner: FactOwner,
  input: FactInput,
  at: Date,
): FactWrite {
  const { text, truncated } = cut(input.content);
  const key = normalizeFactKey(input.key);
  const current = repository.current(owner);
  const previous = key === null ? undefined : current.find((fact) => fact.key === key);
  const same = previous ?? current.find((fact) => sameSentence(fact.content, text));
  if (same && sameSentence(same.content, text)) return { outcome: 'unchanged', fact: same, truncated };
  const fact = repository.insert(
    owner,
    {
      id: newFactId(),
      category: input.category,
      key,
      content: text,
      sourceChannelId: input.sourceChannelId,
      sourceMessageIds: [...new Set(input.sourceMessageIds)].sort((a, b) => a - b),
      writtenBy: input.writtenBy,
    },
    at,
  );
  if (!previous) return { outcome: 'created', fact, truncated };
  repository.supersede(owner, previous.id, fact.id, at);
  return { outcome: 'superseded', fact, previous, truncated };
}

/** Retracts the current fact with this key (a model saying it no longer holds); returns it, if any. */
export function retractFactByKey(
  repository: FactRepository,
  owner: FactOwner,
  key: string,
  at: Date,
): MemoryFact | null {
  const normalized = normalizeFactKey(key);
  const fact = repository.current(owner).find((candidate) => candidate.key === normalized);
  if (!fact) return null;
  repository.retract(owner, fact.id, at);
  return fact;
}
