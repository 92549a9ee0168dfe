import { describe, expect, it } from 'vitest';
import { buildSummarizationPrompt } from '../../../src/main/prompt';
import { buildSystemPrompt } from '../../../src/main/prompt/build-system-prompt';
import type { MemorySummary } from '../../../src/shared/domain/memory';
import { promptInput } from './prompt-input';

const SUMMARIES: MemorySummary[] = [
  {
    id: 'summary-aaaa1111',
    content: 'Priya is revising for her nursing exam in June.',
    minMessageId: 4001,
    maxMessageId: 4060,
    firstMessageDate: '2026-01-02',
    lastMessageDate: '2026-01-05',
    created: '2026-01-06',
    origin: 'summarizer',
  },
  {
    id: 'summary-bbbb2222',
    content: 'She finished the Christie and wants another.',
    minMessageId: 4061,
    maxMessageId: 4090,
    firstMessageDate: '2026-01-07',
    lastMessageDate: '2026-01-07',
    created: '2026-01-08',
    origin: 'agent',
  },
];

describe('summaries in the prompt', () => {
  it('shows the summaries oldest first under the range they cover, at the end of the system prompt', () => {
    const built = buildSystemPrompt(promptInput({ summaries: SUMMARIES }));
    expect(built.sections.at(-1)!.id).toBe('summaries');
    const text = built.sections.at(-1)!.text;
    expect(text).toMatch(/^# Summary of earlier conversation/);
    expect(text.indexOf('nursing exam')).toBeLessThan(text.indexOf('the Christie'));
    expect(text).toContain('## Messages 4001–4060, 2026-01-02 to 2026-01-05');
    expect(text).toContain('## Messages 4061–4090, 2026-01-07\n');
    expect(text).not.toContain('summary-aaaa1111');
  });

  it('names each summary’s id when the agent may revise summaries', () => {
    const built = buildSystemPrompt(
      promptInput({ summaries: SUMMARIES, instructions: '<!-- SCHEMA_TASKS: send, summarize -->\nHi.' }),
    );
    expect(built.text).toContain('(id "summary-aaaa1111")');
    expect(buildSystemPrompt(promptInput()).sections.some((section) => section.id === 'summaries')).toBe(
      false,
    );
  });

  it('asks a summarization call for summaries only, with the persona but without capability prompts', () => {
    const input = promptInput();
    const built = buildSummarizationPrompt({
      agent: input.agent,
      agentId: 7001,
      chat: input.chat,
      instructions: 'Summarize as {char}.',
      rolePrompts: [
        { name: 'Persona', text: 'You love detective novels.' },
        { name: 'Task-Memory', text: '<!-- SCHEMA_TASKS: remember -->\nRemember things.' },
      ],
      summaries: SUMMARIES,
      range: { first: 4091, last: 4150 },
      now: input.now,
      timeZone: 'UTC',
    });
    expect(built.allowedKinds).toEqual(['think', 'summarize']);
    expect(built.text).toContain('Summarize as Juniper.');
    expect(built.text).toContain('You love detective novels.');
    expect(built.text).not.toContain('Remember things.');
    expect(built.text).toContain('"id": "summary-bbbb2222"');
    expect(built.turnContext).toContain('messages 4091 to 4150');
  });
});
