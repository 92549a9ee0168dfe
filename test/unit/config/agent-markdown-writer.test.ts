import { describe, expect, it } from 'vitest';
import { parseAgentMarkdown } from '../../../src/main/config/agent-markdown-parser';
import { UnwritableAgentError, writeAgentMarkdown } from '../../../src/main/config/agent-markdown-writer';
import type { AgentConfig } from '../../../src/shared/domain/config';
import { agentConfig } from '../../support/agent-config';

const where = { configName: 'Wren', configDir: '/cfg', file: '/cfg/agents/Wren.md' };

const minimal: AgentConfig = agentConfig({
  ...where,
  name: 'Wren',
  phone: '+15550100300',
  instructions: 'Keep it short.',
});

const complete: AgentConfig = {
  ...minimal,
  name: 'Wren Ashby',
  instructions: 'I keep bees.\n\n## Start Of Conversation\n\nAsk about honey.\n\n```\n# not a heading\n```',
  rolePrompts: ['Task-Memory', 'Task-Plan', 'Companion'],
  stickerSets: ['HoneyPot', 'BeeLine'],
  timezone: 'Australia/Hobart',
  llm: 'openrouter/some-model',
  memoryLlm: 'ollama/llama3.2',
  startTypingDelay: 2.5,
  typingSpeed: 1000,
  dailySchedule: 'Hives at dawn.\nMarket on Saturdays.',
  resetContextOnFirstMessage: true,
  clearSummariesOnFirstMessage: true,
  disabled: true,
  gagged: true,
  telegramId: 5550001234,
};

function roundTrip(agent: AgentConfig) {
  return parseAgentMarkdown(writeAgentMarkdown(agent), where);
}

describe('writeAgentMarkdown', () => {
  it('writes each section as heading, blank line, value, blank line', () => {
    expect(writeAgentMarkdown({ ...minimal, rolePrompts: ['A', 'B'], disabled: true })).toBe(
      '# Agent Name\n\nWren\n\n# Agent Phone\n\n+15550100300\n\n# Role Prompt\n\nA\nB\n\n# Agent Instructions\n\nKeep it short.\n\n# Disabled\n',
    );
  });

  it('follows every heading with a blank line', () => {
    const lines = writeAgentMarkdown({ ...complete, instructions: 'I keep bees.' }).split('\n');
    const headingIndexes = lines.flatMap((line, index) => (/^# /.test(line) ? [index] : []));
    expect(headingIndexes.length).toBe(16);
    for (const index of headingIndexes) expect(lines[index + 1]).toBe('');
  });

  it('puts Telegram ID right after Agent Phone', () => {
    const headings = writeAgentMarkdown(complete)
      .split('\n')
      .filter((line) => line.startsWith('# '));
    expect(headings.slice(0, 3)).toEqual(['# Agent Name', '# Agent Phone', '# Telegram ID']);
  });

  it('omits unset sections and false flags', () => {
    const text = writeAgentMarkdown(minimal);
    expect(text).not.toMatch(/Timezone|LLM|Typing|Disabled|Gagged|Telegram ID|Role Prompt/);
  });

  it('reads back as the same agent', () => {
    for (const agent of [minimal, complete]) {
      const { agent: parsed, problems } = roundTrip(agent);
      expect(problems).toEqual([]);
      expect(parsed).toEqual(agent);
    }
  });

  it('demotes level-1 headings in the instructions and schedule so they stay in their section', () => {
    const agent = {
      ...minimal,
      instructions: '# Who I Am\n\nA beekeeper.\n\n```md\n# kept as is\n```\n\n# Disabled',
      dailySchedule: '# Mornings\nHives.',
    };
    const text = writeAgentMarkdown(agent);
    expect(text).toContain('## Who I Am\n\nA beekeeper.\n\n```md\n# kept as is\n```\n\n## Disabled');
    const { agent: parsed, problems } = parseAgentMarkdown(text, where);
    expect(problems).toEqual([]);
    expect(parsed?.disabled).toBe(false);
    expect(parsed?.instructions).toBe(
      '## Who I Am\n\nA beekeeper.\n\n```md\n# kept as is\n```\n\n## Disabled',
    );
    expect(parsed?.dailySchedule).toBe('## Mornings\nHives.');
  });

  it('trims values and drops blank list entries', () => {
    const { agent } = roundTrip({ ...minimal, name: '  Wren ', rolePrompts: [' A ', '', 'B'] });
    expect(agent?.name).toBe('Wren');
    expect(agent?.rolePrompts).toEqual(['A', 'B']);
  });

  it.each([
    ['an empty name', { name: '  ' }],
    ['a name on two lines', { name: 'Wren\nAshby' }],
    ['a phone that reads as a heading', { phone: '# 555' }],
    ['empty instructions', { instructions: '\n\n' }],
    ['instructions with an unclosed code fence', { instructions: 'Look:\n```\n# code' }],
    ['a role prompt on two lines', { rolePrompts: ['A\nB'] }],
    ['a start typing delay below 1', { startTypingDelay: 0.5 }],
    ['a typing speed above 1000', { typingSpeed: 1001 }],
    ['a non-finite typing speed', { typingSpeed: Number.NaN }],
    ['an unknown time zone', { timezone: 'Atlantis/Central' }],
    ['an LLM that reads back as unset', { llm: 'none' }],
    ['a fractional Telegram ID', { telegramId: 1.5 }],
    ['a name holding a NUL character', { name: 'Juniper\u0000Zero' }],
    ['a phone that is no phone number', { phone: 'not a phone' }],
    ['an LLM no provider takes', { llm: 'nonsense:model-x' }],
    ['a memory LLM no provider takes', { memoryLlm: 'bogus' }],
  ])('refuses %s', (_label, change) => {
    expect(() => writeAgentMarkdown({ ...minimal, ...change })).toThrow(UnwritableAgentError);
  });

  it('says under which field a refused value belongs, and what to write', () => {
    const refusal = (change: Partial<AgentConfig>) => {
      try {
        writeAgentMarkdown({ ...minimal, ...change });
      } catch (error) {
        return error as UnwritableAgentError;
      }
      throw new Error('written');
    };
    expect(refusal({ llm: 'nonsense:model-x' })).toMatchObject({
      field: 'llm',
      message: expect.stringMatching(/^"nonsense" is not a provider: start the name with gemini:/),
    });
    expect(refusal({ phone: 'not a phone' })).toMatchObject({
      field: 'phone',
      message: 'Enter the phone number with its country code, e.g. +44 7700 900123.',
    });
    expect(refusal({ name: 'Juniper\u0000Zero' })).toMatchObject({ field: 'name' });
  });
});
