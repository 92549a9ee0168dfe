import {
  FACT_CATEGORIES,
  type FactCategory,
  type FactOrigin,
  type MemoryFact,
} from '../../../../shared/domain/memory';

/** What the agent knows about a person now, and every fact ever written about them. */
export type FactSet = { current: MemoryFact[]; history: MemoryFact[] };

export const FACT_CATEGORY_LABELS: Record<FactCategory, string> = {
  personal: 'Personal',
  location: 'Location',
  work: 'Work',
  preference: 'Preferences',
  health: 'Health',
  plan: 'Plans',
  general: 'General',
};

/** Who wrote a fact, as the history line says it ("written by the agent"). */
export const FACT_ORIGIN_LABELS: Record<FactOrigin, string> = {
  agent: 'the agent',
  extraction: 'fact reading',
  reflection: 'reflection',
  operator: 'an operator',
  import: 'an import',
};

/** A fact no longer current: replaced by a newer one, or taken back. */
export function isPastFact(fact: MemoryFact): boolean {
  return fact.supersededAt !== null || fact.retractedAt !== null;
}

export type FactGroup = { category: FactCategory; facts: MemoryFact[] };

/**
 * Facts grouped by category in the prompt's order, oldest first within each; with `withHistory`
 * the superseded and retracted ones join their category, each after the current ones.
 */
export function groupFacts(set: FactSet, withHistory: boolean): FactGroup[] {
  const shown = withHistory
    ? [...set.current, ...set.history.filter(isPastFact)]
    : set.current.filter((fact) => !isPastFact(fact));
  return FACT_CATEGORIES.map((category) => ({
    category,
    facts: shown.filter((fact) => fact.category === category),
  })).filter((group) => group.facts.length > 0);
}

/** How many facts the history holds beyond the current ones. */
export function pastFactCount(set: FactSet): number {
  return set.history.filter(isPastFact).length;
}

/** The fact that replaced `fact`, when the history holds it. */
export function successorOf(set: FactSet, fact: MemoryFact): MemoryFact | undefined {
  return fact.supersededBy === null ? undefined : set.history.find((other) => other.id === fact.supersededBy);
}
