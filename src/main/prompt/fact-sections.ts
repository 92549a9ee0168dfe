import { FACT_CATEGORIES, type FactCategory, type MemoryFact } from '../../shared/domain/memory';
import { type PromptSection, promptSection } from './section';

/** A person the agent knows facts about, as the prompt names them. */
export interface KnownPerson {
  id: number;
  name: string;
  facts: readonly MemoryFact[];
}

const CATEGORY_TITLES: Record<FactCategory, string> = {
  personal: 'Personal',
  location: 'Places',
  work: 'Work and studies',
  preference: 'Likes and habits',
  health: 'Health',
  plan: 'Plans and dates',
  general: 'Other',
};

function personBlock(person: KnownPerson): string | null {
  if (person.facts.length === 0) return null;
  const groups = FACT_CATEGORIES.flatMap((category) => {
    const facts = person.facts.filter((fact) => fact.category === category);
    if (facts.length === 0) return [];
    return [`## ${CATEGORY_TITLES[category]}\n\n${facts.map((fact) => `- ${fact.content}`).join('\n')}`];
  });
  return `# What I know about ${person.name}\n\nWhat ${person.name} has told you over time. Trust it over guesses, and never ask again for what is here.\n\n${groups.join('\n\n')}`;
}

/**
 * `# What I know about <name>` for each person of the conversation the agent knows facts about,
 * grouped by category in a fixed order (oldest fact first), so the section stays byte-identical
 * until a fact changes.
 */
export function knownFactsSection(people: readonly KnownPerson[]): PromptSection | null {
  const blocks = people.map(personBlock).filter((block): block is string => block !== null);
  if (blocks.length === 0) return null;
  return promptSection('facts', 'What I know', blocks.join('\n\n'), true);
}
