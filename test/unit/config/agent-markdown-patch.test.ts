import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  type AgentFileContent,
  parseAgentMarkdown,
  patchAgentMarkdown,
  UnwritableAgentError,
} from '../../../src/main/config';
import { levelOneHeadingText, splitLines } from '../../../src/main/config/markdown-sections';
import { REPO_ROOT } from '../../support/serve-process';

const SHIPPED = ['samples/agents', 'configdir'].flatMap((dir) =>
  readdirSync(join(REPO_ROOT, dir))
    .filter((name) => name.endsWith('.md'))
    .map((name) => join(REPO_ROOT, dir, name)),
);

const context = (file: string) => ({ configName: 'Agent', configDir: '/config', file });
const parse = (text: string, file = '/config/agents/Agent.md') =>
  parseAgentMarkdown(text, context(file)).agent;

/** One new value per field, different from any shipped agent's. */
const CHANGES: { [K in keyof AgentFileContent]: AgentFileContent[K] } = {
  name: 'Rosalind Vance',
  phone: '+1 555 010 4242',
  telegramId: 123456789,
  timezone: 'Asia/Tokyo',
  llm: 'grok-4',
  memoryLlm: 'gemini-2.5-flash',
  stickerSets: ['CatsOfTokyo', 'TeaTime'],
  rolePrompts: ['Librarian', 'Night Owl'],
  startTypingDelay: 4,
  typingSpeed: 11,
  dailySchedule: 'Early riser.\nNaps after lunch.',
  instructions: 'Speak softly.\n\n## Manners\n\nAlways greet first.',
  resetContextOnFirstMessage: true,
  clearSummariesOnFirstMessage: true,
  gagged: true,
  disabled: true,
};

/** The lines the patch replaced in the original: whatever lies between the common start and end. */
function replacedLines(before: string, after: string): string[] {
  const a = splitLines(before);
  const b = splitLines(after);
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let end = 0;
  while (end < a.length - start && end < b.length - start && a[a.length - 1 - end] === b[b.length - 1 - end])
    end++;
  return a.slice(start, a.length - end);
}

describe('changing one field of an agent file', () => {
  for (const file of SHIPPED) {
    const original = readFileSync(file, 'utf8');
    for (const [field, value] of Object.entries(CHANGES) as [keyof AgentFileContent, never][]) {
      it(`${file.slice(REPO_ROOT.length + 1)}: ${field}`, () => {
        const before = parse(original, file)!;
        const patched = patchAgentMarkdown(original, { [field]: value }, context(file));
        const after = parse(patched, file)!;
        expect(after[field]).toEqual(value);
        expect({ ...after, [field]: before[field] }).toEqual(before);
        // Nothing but the field's own section moved: no other section's heading was touched.
        const headings = replacedLines(original, patched)
          .map(levelOneHeadingText)
          .filter((heading) => heading !== null);
        expect(headings.length).toBeLessThanOrEqual(1);
      });
    }
  }
});

describe('patching an agent file', () => {
  const FILE = [
    '# Agent Name',
    '',
    'Ada',
    '',
    '# Agent Phone',
    '',
    '+1 555 0100',
    '',
    '# Favourite Books',
    '',
    'Middlemarch',
    '<!-- my notes -->',
    '',
    '# Agent Instructions',
    '',
    'Be kind.',
    '',
  ].join('\r\n');

  it('keeps sections it does not manage, comments and CRLF endings byte for byte', () => {
    const patched = patchAgentMarkdown(
      FILE,
      { instructions: 'Be kinder.', timezone: 'Europe/Oslo' },
      context('/a.md'),
    );
    expect(patched).toBe(
      FILE.replace('Be kind.', 'Be kinder.').replace(
        '+1 555 0100\r\n\r\n',
        '+1 555 0100\r\n\r\n# Agent Timezone\r\n\r\nEurope/Oslo\r\n\r\n',
      ),
    );
  });

  it('removes a section set back to nothing, every copy of it, and a flag turned off', () => {
    const withLlm = FILE.replace(
      '# Favourite Books',
      '# LLM\r\n\r\ngpt-5\r\n\r\n# Gagged\r\n\r\n# LLM\r\n\r\ngrok-4\r\n\r\n# Favourite Books',
    );
    const patched = patchAgentMarkdown(withLlm, { llm: null, gagged: false }, context('/a.md'));
    expect(patched).toBe(FILE);
    expect(parse(patched)).toMatchObject({ llm: null, gagged: false });
  });

  it('changes nothing when the value is the same', () => {
    expect(patchAgentMarkdown(FILE, { name: '  Ada ' }, context('/a.md'))).toBe(FILE);
  });

  it('refuses what would not read back, naming the field', () => {
    const refusal = (changes: Parameters<typeof patchAgentMarkdown>[1]) => {
      try {
        patchAgentMarkdown(FILE, changes, context('/a.md'));
      } catch (error) {
        return error instanceof UnwritableAgentError ? [error.field, error.message] : error;
      }
      return null;
    };
    expect(refusal({ timezone: 'Mars/Olympus' })).toEqual([
      'timezone',
      '"Mars/Olympus" is not an IANA time zone.',
    ]);
    expect(refusal({ name: 'Ada\nLovelace' })).toEqual(['name', '"Agent Name" must fit on one line.']);
    expect(refusal({ typingSpeed: 5000 })).toEqual([
      'typingSpeed',
      '"Typing Speed" must be from 1 to 1000, not 5000.',
    ]);
    expect(refusal({ instructions: '  ' })).toEqual([
      'instructions',
      '"Agent Instructions" must not be empty.',
    ]);
    expect(refusal({ instructions: '```\nopen fence' })).toEqual(['instructions', expect.any(String)]);
  });
});
