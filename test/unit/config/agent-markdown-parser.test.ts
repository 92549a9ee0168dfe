import { describe, expect, it } from 'vitest';
import { parseAgentMarkdown } from '../../../src/main/config/agent-markdown-parser';

const context = { configName: 'Robin', configDir: '/cfg', file: '/cfg/agents/Robin.md' };

function parse(text: string) {
  return parseAgentMarkdown(text, context);
}

const MINIMAL = `# Agent Name

Robin

# Agent Phone

+15550100200

# Agent Instructions

Be helpful.

`;

describe('parseAgentMarkdown', () => {
  it('reads every section of a complete file', () => {
    const text = `# Agent Name
Robin Quill

# Agent Phone
+15550100200

# Telegram ID
7123456789

# Agent Timezone
Asia/Tokyo

# LLM
gemini-flash

# Memory LLM
gemini-flash-lite

# Agent Sticker Sets
BirdSongs
QuillPack

# Role Prompt
Task-Memory
Companion

# Start Typing Delay
2.5

# Typing Speed
12

# Daily Schedule
Up at seven, asleep by eleven.

# Agent Instructions
I am Robin.

# Reset Context On First Message
# Clear Summaries On First Message
# Gagged
# Disabled
`;
    const { agent, problems } = parse(text);
    expect(problems).toEqual([]);
    expect(agent).toEqual({
      configName: 'Robin',
      configDir: '/cfg',
      file: '/cfg/agents/Robin.md',
      name: 'Robin Quill',
      phone: '+15550100200',
      telegramId: 7123456789,
      timezone: 'Asia/Tokyo',
      llm: 'gemini-flash',
      memoryLlm: 'gemini-flash-lite',
      stickerSets: ['BirdSongs', 'QuillPack'],
      rolePrompts: ['Task-Memory', 'Companion'],
      startTypingDelay: 2.5,
      typingSpeed: 12,
      dailySchedule: 'Up at seven, asleep by eleven.',
      instructions: 'I am Robin.',
      resetContextOnFirstMessage: true,
      clearSummariesOnFirstMessage: true,
      gagged: true,
      disabled: true,
    });
  });

  it('leaves optional sections unset when they are absent', () => {
    const { agent, problems } = parse(MINIMAL);
    expect(problems).toEqual([]);
    expect(agent).toMatchObject({
      rolePrompts: [],
      stickerSets: [],
      timezone: null,
      llm: null,
      memoryLlm: null,
      startTypingDelay: null,
      typingSpeed: null,
      dailySchedule: null,
      telegramId: null,
      resetContextOnFirstMessage: false,
      clearSummariesOnFirstMessage: false,
      gagged: false,
      disabled: false,
    });
  });

  it('trims values and skips blank lines in list sections', () => {
    const text = `# Agent Name   \n\n   Robin   \n\n# Agent Phone\n\t+15550100200\t\n# Agent Instructions\n\n\n  Line one.\n  Line two.  \n\n\n# Agent Sticker Sets\n\n  SetOne  \n\n\n SetTwo\n\n# Role Prompt\n\n  Task-Plan \n\n\n  Narrator\n`;
    const { agent } = parse(text);
    expect(agent?.name).toBe('Robin');
    expect(agent?.phone).toBe('+15550100200');
    expect(agent?.instructions).toBe('Line one.\n  Line two.');
    expect(agent?.stickerSets).toEqual(['SetOne', 'SetTwo']);
    expect(agent?.rolePrompts).toEqual(['Task-Plan', 'Narrator']);
  });

  it('keeps sub-headings inside a section value', () => {
    const text = `${MINIMAL}## Scenario

A foggy harbour.

### Details

Gulls everywhere.

## Start Of Conversation

Say hello.

# Disabled
`;
    const { agent } = parse(text);
    expect(agent?.instructions).toBe(
      'Be helpful.\n\n## Scenario\n\nA foggy harbour.\n\n### Details\n\nGulls everywhere.\n\n## Start Of Conversation\n\nSay hello.',
    );
    expect(agent?.disabled).toBe(true);
  });

  it('does not split on a level-1 heading inside a fenced code block', () => {
    const text = `${MINIMAL}\`\`\`bash\n# Disabled\necho hi\n\`\`\`\n\nAfter the fence.\n`;
    const { agent } = parse(text);
    expect(agent?.disabled).toBe(false);
    expect(agent?.instructions).toBe('Be helpful.\n\n```bash\n# Disabled\necho hi\n```\n\nAfter the fence.');
  });

  it('only treats "#" followed by a space as a section heading', () => {
    const { agent, problems } = parse(`${MINIMAL}#hashtag\n## Disabled\n`);
    expect(agent?.instructions).toBe('Be helpful.\n\n#hashtag\n## Disabled');
    expect(agent?.disabled).toBe(false);
    expect(problems).toEqual([]);
  });

  it('treats presence flags as set whatever their content', () => {
    const { agent } = parse(`${MINIMAL}\n# Disabled\n\nfalse\n\n# Gagged\n\nno\n`);
    expect(agent?.disabled).toBe(true);
    expect(agent?.gagged).toBe(true);
  });

  it('accepts Windows line endings and a byte-order mark', () => {
    const { agent, problems } = parse(`\uFEFF${MINIMAL}\n# Role Prompt\n\nA\nB\n`.replaceAll('\n', '\r\n'));
    expect(problems).toEqual([]);
    expect(agent?.name).toBe('Robin');
    expect(agent?.rolePrompts).toEqual(['A', 'B']);
  });

  it.each([
    ['Agent Name', '# Agent Phone\n\n+1555\n\n# Agent Instructions\n\nHi\n'],
    ['Agent Phone', '# Agent Name\n\nRobin\n\n# Agent Instructions\n\nHi\n'],
    ['Agent Instructions', '# Agent Name\n\nRobin\n\n# Agent Phone\n\n+1555\n'],
  ])('rejects a file without "# %s"', (heading, text) => {
    const { agent, problems } = parse(text);
    expect(agent).toBeNull();
    expect(problems).toEqual([
      {
        severity: 'error',
        file: context.file,
        line: null,
        message: expect.stringContaining(`"# ${heading}"`),
      },
    ]);
  });

  it('rejects an empty name or phone, pointing at the heading', () => {
    const emptyName = parse('# Agent Name\n\n   \n\n# Agent Phone\n\n+1555\n\n# Agent Instructions\n\nHi\n');
    expect(emptyName.agent).toBeNull();
    expect(emptyName.problems).toEqual([
      {
        severity: 'error',
        file: context.file,
        line: 1,
        message: expect.stringContaining('"# Agent Name" is empty'),
      },
    ]);
    const emptyPhone = parse('# Agent Name\n\nRobin\n\n# Agent Phone\n\n# Agent Instructions\n\nHi\n');
    expect(emptyPhone.agent).toBeNull();
    expect(emptyPhone.problems[0]).toMatchObject({ severity: 'error', line: 5 });
  });

  it('reports all missing required sections at once', () => {
    const { problems } = parse('# Role Prompt\n\nCompanion\n');
    expect(problems.filter((problem) => problem.severity === 'error')).toHaveLength(3);
  });

  it('allows any number of role prompts, in order, including none', () => {
    expect(parse(`${MINIMAL}# Role Prompt\n\nC\nA\nB\n`).agent?.rolePrompts).toEqual(['C', 'A', 'B']);
    expect(parse(`${MINIMAL}# Role Prompt\n\n`).agent?.rolePrompts).toEqual([]);
    expect(parse(MINIMAL).agent?.rolePrompts).toEqual([]);
  });

  describe('Agent Timezone', () => {
    it('keeps a valid IANA name', () => {
      expect(parse(`${MINIMAL}# Agent Timezone\n\nAmerica/Los_Angeles\n`).agent?.timezone).toBe(
        'America/Los_Angeles',
      );
      expect(parse(`${MINIMAL}# Agent Timezone\n\nUTC\n`).agent?.timezone).toBe('UTC');
    });

    it.each(['none', 'None', 'NULL', ''])('treats %j as unset without a warning', (value) => {
      const { agent, problems } = parse(`${MINIMAL}# Agent Timezone\n\n${value}\n`);
      expect(agent?.timezone).toBeNull();
      expect(problems).toEqual([]);
    });

    it.each(['Mars/Olympus_Mons', 'Not A Zone', '+02:00'])(
      'drops the invalid zone %j with a warning at the value',
      (value) => {
        const { agent, problems } = parse(`${MINIMAL}# Agent Timezone\n\n${value}\n`);
        expect(agent?.timezone).toBeNull();
        expect(problems).toEqual([
          {
            severity: 'warning',
            file: context.file,
            line: 15,
            message: expect.stringContaining(`"${value}" is not an IANA time zone`),
          },
        ]);
      },
    );
  });

  it('treats an LLM of none or null as unset', () => {
    expect(parse(`${MINIMAL}# LLM\n\ngrok\n`).agent?.llm).toBe('grok');
    expect(parse(`${MINIMAL}# LLM\n\nnone\n`).agent?.llm).toBeNull();
    expect(parse(`${MINIMAL}# LLM\n\nNull\n`).agent?.llm).toBeNull();
  });

  describe('typing overrides', () => {
    it.each([
      ['1', 1],
      ['3600', 3600],
      ['8.0', 8],
      ['1e2', 100],
      [' 45 ', 45],
    ])('accepts Start Typing Delay %j', (value, expected) => {
      const { agent, problems } = parse(`${MINIMAL}# Start Typing Delay\n\n${value}\n`);
      expect(agent?.startTypingDelay).toBe(expected);
      expect(problems).toEqual([]);
    });

    it.each([
      '0.99',
      '3600.5',
      '0',
      '-5',
      'NaN',
      'nan',
      'inf',
      'Infinity',
      '-inf',
      '1e999',
      'soon',
      '5 seconds',
      '',
    ])('ignores Start Typing Delay %j with a warning', (value) => {
      const { agent, problems } = parse(`${MINIMAL}# Start Typing Delay\n\n${value}\n`);
      expect(agent?.startTypingDelay).toBeNull();
      expect(problems).toEqual([
        {
          severity: 'warning',
          file: context.file,
          // An empty value has no line of its own: the heading's.
          line: value === '' ? 13 : 15,
          message: expect.stringContaining('from 1 to 3600'),
        },
      ]);
    });

    it.each([
      ['1', 1],
      ['1000', 1000],
      ['5.0', 5],
      ['60', 60],
    ])('accepts Typing Speed %j', (value, expected) => {
      expect(parse(`${MINIMAL}# Typing Speed\n\n${value}\n`).agent?.typingSpeed).toBe(expected);
    });

    it.each(['0.5', '1000.1', '-1', 'NaN', 'inf', 'fast'])(
      'ignores Typing Speed %j with a warning',
      (value) => {
        const { agent, problems } = parse(`${MINIMAL}# Typing Speed\n\n${value}\n`);
        expect(agent?.typingSpeed).toBeNull();
        expect(problems).toEqual([
          {
            severity: 'warning',
            file: context.file,
            line: 15,
            message: expect.stringContaining('from 1 to 1000'),
          },
        ]);
      },
    );
  });

  it('reads Telegram ID as an integer and ignores anything else with a warning', () => {
    expect(parse(`${MINIMAL}# Telegram ID\n\n-1001234567890\n`).agent?.telegramId).toBe(-1001234567890);
    const bad = parse(`${MINIMAL}# Telegram ID\n\n12.5\n`);
    expect(bad.agent?.telegramId).toBeNull();
    expect(bad.problems).toEqual([
      { severity: 'warning', file: context.file, line: 15, message: expect.stringContaining('whole number') },
    ]);
  });

  it('accepts and ignores the legacy singular "Agent Sticker Set"', () => {
    const { agent, problems } = parse(`${MINIMAL}# Agent Sticker Set\n\nOldSet\n`);
    expect(problems).toEqual([]);
    expect(agent?.stickerSets).toEqual([]);
  });

  it('warns about unknown sections and suggests the likely intended name', () => {
    const { agent, problems } = parse(
      `${MINIMAL}# Agent Timezon\n\nUTC\n\n# role prompt\n\nX\n\n# Favourite Colour\n\nTeal\n`,
    );
    expect(agent?.timezone).toBeNull();
    expect(agent?.rolePrompts).toEqual([]);
    expect(problems).toEqual([
      {
        severity: 'warning',
        file: context.file,
        line: 13,
        message: expect.stringContaining('did you mean "# Agent Timezone"?'),
      },
      {
        severity: 'warning',
        file: context.file,
        line: 17,
        message: expect.stringContaining('did you mean "# Role Prompt"?'),
      },
      {
        severity: 'warning',
        file: context.file,
        line: 21,
        message: expect.not.stringContaining('did you mean'),
      },
    ]);
    expect(problems[2]?.message).toContain('Unknown section "# Favourite Colour" is ignored');
  });

  it('uses the last of two sections with the same heading and warns', () => {
    const { agent, problems } = parse(`${MINIMAL}# LLM\n\ngemini-2.5-flash\n\n# LLM\n\ngpt-5-mini\n`);
    expect(agent?.llm).toBe('gpt-5-mini');
    expect(problems).toEqual([
      {
        severity: 'warning',
        file: context.file,
        line: 17,
        message: expect.stringContaining('first at line 13'),
      },
    ]);
  });

  it('warns, at its line, about a model no provider takes, keeping the name as written', () => {
    const { agent, problems } = parse(`${MINIMAL}# LLM\n\nnope:thing\n\n# Memory LLM\n\ngemini\n`);
    expect(agent?.llm).toBe('nope:thing');
    expect(problems).toEqual([
      {
        severity: 'warning',
        file: context.file,
        line: 15,
        message: expect.stringMatching(
          /^"nope" is not a provider: start the name with gemini:, .* every turn/,
        ),
      },
    ]);
  });

  it('warns, at its line, about a phone that is no phone number', () => {
    const { agent, problems } = parse(
      MINIMAL.replace(/# Agent Phone\n\n[^\n]+/, '# Agent Phone\n\nnot a phone'),
    );
    expect(agent?.phone).toBe('not a phone');
    expect(problems).toEqual([
      expect.objectContaining({
        severity: 'warning',
        message: expect.stringMatching(/^"not a phone" is no phone number/),
      }),
    ]);
  });

  it('warns about text before the first heading', () => {
    const { agent, problems } = parse(`Some stray notes.\n${MINIMAL}`);
    expect(agent?.name).toBe('Robin');
    expect(problems).toEqual([
      {
        severity: 'warning',
        file: context.file,
        line: 1,
        message: expect.stringContaining('before the first'),
      },
    ]);
  });

  it('reports where each section starts', () => {
    const { sectionLines } = parse(`${MINIMAL}# Role Prompt\n\nA\n`);
    expect(sectionLines.get('Agent Name')).toBe(1);
    expect(sectionLines.get('Agent Instructions')).toBe(9);
    expect(sectionLines.get('Role Prompt')).toBe(13);
  });
});
