import { FACT_CATEGORIES, type FactCategory, type MemoryFact } from '../../shared/domain/memory';
import { type PromptSection, promptSection } from './section';

/** A person the agent knows facts about, as the prompt names them. */
export interface KnownPerson {
  id: number;
  name: string;
  facts: readonly MemoryFact[];
  /** The narrative profile nightly reflection keeps of them, if any. */
  profile: string | null;
}

/** A profile longer than this is cut in the prompt (the stored one stays whole). */
const MAX_PROFILE_CHARS = 4_800;

const CATEGORY_TITLES: Record<FactCategory, string> = {
  personal: 'Personal',
  location: 'Places',
  work: 'Work and studies',
  preference: 'Likes and habits',
  health: 'Health',
  plan: 'Plans and dates',
  general: 'Other',
};

function factsBlock(person: KnownPerson): string | null {
  if (person.facts.length === 0) return null;
  const groups = FACT_CATEGORIES.flatMap((category) => {
    const facts = person.facts.filter((fact) => fact.category === category);
    if (facts.length === 0) return [];
    return [`## ${CATEGORY_TITLES[category]}\n\n${facts.map((fact) => `- ${fact.content}`).join('\n')}`];
  });
  return `# What I know about ${person.name}\n\nWhat ${person.name} has told you over time. Trust it over guesses, and never ask again for what is here.\n\n${groups.join('\n\n')}`;
}

function profileBlock(person: KnownPerson): string | null {
  const profile = person.profile?.trim() ?? '';
  if (profile === '') return null;
  const shown =
    profile.length > MAX_PROFILE_CHARS ? `${profile.slice(0, MAX_PROFILE_CHARS).trimEnd()} …` : profile;
  // The profile's own headings go one level down, under the person's.
  const nested = shown.replace(/^(#+) /gm, '#$1 ');
  return `# How I see ${person.name}\n\nYour own picture of ${person.name}, rewritten every night. Let it shape your tone and what you bring up.\n\n${nested}`;
}

/**
 * `# What I know about <name>` for each person of the conversation the agent knows facts about,
 * grouped by category in a fixed order (oldest fact first), then `# How I see <name>`, the
 * reflected profile; byte-identical until a fact or the profile changes.
 */
export function knownFactsSection(people: readonly KnownPerson[]): PromptSection | null {
  const blocks = people
    .flatMap((person) => [factsBlock(person), profileBlock(person)])
    .filter((block): block is string => block !== null);
  if (blocks.length === 0) return null;
  return promptSection('facts', 'What I know', blocks.join('\n\n'), true);
}
