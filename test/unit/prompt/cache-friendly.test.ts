import { resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { shippedConfigDirs } from '../../../src/main/config/config-path';
import { loadConfig } from '../../../src/main/config/load-config';
import { PromptLibrary } from '../../../src/main/config/prompts';
import {
  type BuiltPrompt,
  buildSystemPrompt,
  type SystemPromptInput,
} from '../../../src/main/prompt/build-system-prompt';
import { unchangedPrefixShare } from '../../../src/main/prompt/prefix-share';
import type { AgentConfig } from '../../../src/shared/domain/config';
import { directChat, entry, groupChat } from './prompt-input';

const repoRoot = resolve(import.meta.dirname, '../../..');

/** The text of the sections before the first per-turn one. */
function stablePrefix(prompt: BuiltPrompt): string {
  const firstPerTurn = prompt.sections.findIndex((section) => !section.stable);
  return prompt.sections
    .slice(0, firstPerTurn)
    .map((section) => section.text)
    .join('\n\n');
}

describe('the prompt of a shipped sample agent from turn to turn', () => {
  let juniper: AgentConfig;
  let base: Omit<SystemPromptInput, 'now' | 'turn'>;

  beforeAll(async () => {
    const dirs = shippedConfigDirs(repoRoot);
    const config = await loadConfig(dirs);
    juniper = config.agents.find((agent) => agent.configName === 'Juniper')!;
    const prompts = new PromptLibrary(dirs);
    base = {
      agent: juniper,
      agentId: 7001,
      chat: directChat(),
      instructions: await prompts.load('Instructions'),
      rolePrompts: await Promise.all(
        juniper.rolePrompts.map(async (name) => ({ name, text: await prompts.load(name) })),
      ),
      stickers: [],
      media: [
        { uniqueId: 'AgADshopfront', kind: 'photo', description: 'The bookshop window at dusk.' },
        { uniqueId: 'AgADreading', kind: 'video', description: null },
      ],
      memories: [
        entry('memory-1', 'I promised the Thursday reading group lemon cake.', {
          creationChannelId: -100123,
          creationChannelName: 'Thursday Readers',
        }),
      ],
      intentions: [entry('intend-1', 'Ask the regulars about a poetry evening.')],
      notes: [entry('note-1', 'Priya likes to be called Pri. Nursing exam in June.')],
      plans: [entry('plan-1', 'Recommend two detective novels for her study breaks.')],
      timeZone: juniper.timezone!,
    };
  });

  function turnAt(now: string, targetMessageId: number): BuiltPrompt {
    return buildSystemPrompt({
      ...base,
      now: new Date(now),
      turn: { xsendIntent: null, newConversation: false, targetMessageId, reactionMessageIds: [] },
    });
  }

  it('keeps everything before the per-turn sections byte-identical when only time and target change', () => {
    const first = turnAt('2026-01-15T13:30:00Z', 5121);
    const second = turnAt('2026-01-15T13:34:10Z', 5123);
    expect(first.text).not.toBe(second.text);
    expect(stablePrefix(first)).toContain('# Media You May Send');
    expect(stablePrefix(second)).toBe(stablePrefix(first));
    expect(second.text.startsWith(`${stablePrefix(first)}\n\n`)).toBe(true);
  });

  it('repeats at least 90% of the previous prompt as an unchanged prefix', () => {
    const first = turnAt('2026-01-15T13:30:00Z', 5121);
    const second = turnAt('2026-01-15T13:34:10Z', 5123);
    const share = unchangedPrefixShare(first.text, second.text);
    expect(share).toBeGreaterThan(0.9);
    expect(share).toBeLessThan(1);
  });

  it('keeps the operator-written sections identical when the stored state changes', () => {
    const first = turnAt('2026-01-15T13:30:00Z', 5121);
    const afterNote = buildSystemPrompt({
      ...base,
      notes: [...base.notes, entry('note-2', 'Her cat is called Miso.')],
      now: new Date('2026-01-15T13:31:00Z'),
      turn: { xsendIntent: null, newConversation: false, targetMessageId: 5122, reactionMessageIds: [] },
    });
    const upToNotes = (prompt: BuiltPrompt) =>
      prompt.sections
        .slice(
          0,
          prompt.sections.findIndex((section) => section.id === 'notes'),
        )
        .map((section) => section.text);
    expect(upToNotes(afterNote)).toEqual(upToNotes(first));
    expect(unchangedPrefixShare(first.text, afterNote.text)).toBeGreaterThan(0.8);
  });

  it('shares the operator-written prefix between conversations of the same agent', () => {
    const direct = turnAt('2026-01-15T13:30:00Z', 5121);
    const group = buildSystemPrompt({
      ...base,
      chat: groupChat(),
      notes: [],
      plans: [],
      now: new Date('2026-01-15T13:30:00Z'),
      turn: { xsendIntent: null, newConversation: false, targetMessageId: 77, reactionMessageIds: [] },
    });
    const operatorIds = new Set(['instructions', 'role:Task-Memory', 'role:Task-Plan']);
    const operatorTexts = (prompt: BuiltPrompt) =>
      prompt.sections.filter((section) => operatorIds.has(section.id)).map((section) => section.text);
    expect(operatorTexts(group)).toEqual(operatorTexts(direct));
  });

  it('enables the kinds of the shipped Instructions and the sample role prompts', () => {
    expect(turnAt('2026-01-15T13:30:00Z', 5121).allowedKinds).toEqual([
      'think',
      'send',
      'sticker',
      'send_media',
      'react',
      'wait',
      'block',
      'unblock',
      'remember',
      'note',
      'plan',
      'intend',
    ]);
  });
});

describe('unchangedPrefixShare', () => {
  it('is the share of the new text that repeats the old one from the start', () => {
    expect(unchangedPrefixShare('abcdef', 'abcxyz')).toBe(0.5);
    expect(unchangedPrefixShare('abc', 'abc')).toBe(1);
    expect(unchangedPrefixShare('abc', 'abcdef')).toBe(0.5);
    expect(unchangedPrefixShare('xyz', 'abc')).toBe(0);
    expect(unchangedPrefixShare('', '')).toBe(1);
  });
});
