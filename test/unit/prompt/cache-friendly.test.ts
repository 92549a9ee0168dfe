import { resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { shippedConfigDirs } from '../../../src/main/config/config-path';
import { loadConfig } from '../../../src/main/config/load-config';
import { PromptLibrary } from '../../../src/main/config/prompts';
import { renderTurns, withTurnContext } from '../../../src/main/conversation/render';
import {
  type BuiltPrompt,
  buildSystemPrompt,
  type SystemPromptInput,
} from '../../../src/main/prompt/build-system-prompt';
import { unchangedPrefixShare } from '../../../src/main/prompt/prefix-share';
import type { AgentConfig } from '../../../src/shared/domain/config';
import type { ChatMsg } from '../../../src/shared/domain/conversation';
import { directChat, entry, groupChat } from './prompt-input';

const repoRoot = resolve(import.meta.dirname, '../../..');

/** What the provider is sent, in order: the system prompt, then the turns ending on the turn context. */
function requestText(prompt: BuiltPrompt, history: readonly ChatMsg[]): string {
  const turns = withTurnContext(renderTurns(history, { timeZone: 'Europe/London' }), prompt.turnContext);
  return prompt.text + JSON.stringify(turns);
}

function chatMessage(messageId: number, isAgent: boolean, text: string): ChatMsg {
  return {
    channelId: 9002,
    messageId,
    senderId: isAgent ? 7001 : 9002,
    senderName: isAgent ? 'Juniper' : 'Priya Shah',
    senderUsername: null,
    isAgent,
    replyToMessageId: null,
    sentAt: new Date(Date.UTC(2026, 0, 15, 12, 0) + messageId * 1000).toISOString(),
    editedAt: null,
    parts: [{ kind: 'text', text }],
    reactions: [],
    mentioned: false,
  };
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
      people: [
        {
          id: 5001,
          name: 'Priya',
          profile: '## Who they are\n\nA nursing student who reads crime novels between shifts.',
          facts: [
            {
              id: 'fact-0a1b2c3d',
              partnerId: 5001,
              category: 'work',
              key: 'studies',
              content: 'Priya is studying nursing and sits her exam in June.',
              sourceChannelId: 5001,
              sourceMessageIds: [5003],
              writtenBy: 'extraction',
              writtenAt: '2026-01-03T10:00:00.000Z',
              supersededBy: null,
              supersededAt: null,
              retractedAt: null,
            },
          ],
        },
      ],
      summaries: [
        {
          id: 'summary-1a2b3c4d',
          content: 'Priya asked for quiet novels to read between exam revision sessions.',
          minMessageId: 5001,
          maxMessageId: 5070,
          firstMessageDate: '2026-01-02',
          lastMessageDate: '2026-01-09',
          created: '2026-01-10',
          origin: 'summarizer',
        },
      ],
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

  it('keeps the whole system prompt byte-identical when only time and target change', () => {
    const first = turnAt('2026-01-15T13:30:00Z', 5121);
    const second = turnAt('2026-01-15T13:34:10Z', 5123);
    expect(first.text).toContain('# Media You May Send');
    expect(second.text).toBe(first.text);
    expect(second.turnContext).not.toBe(first.turnContext);
    expect(second.turnContext).toContain('Message 5123 has just arrived');
  });

  it('repeats at least 90% of the previous request (system prompt and history) as an unchanged prefix', () => {
    const history = Array.from({ length: 20 }, (_, index) =>
      chatMessage(5100 + index, index % 2 === 1, `Message number ${index} about books and tea.`),
    );
    const firstHistory = [...history, chatMessage(5121, false, 'Any detective novels this week?')];
    const secondHistory = [
      ...firstHistory,
      chatMessage(5122, true, 'Two Christies came in on Monday.'),
      chatMessage(5123, false, 'Put one aside for me, please.'),
    ];
    const first = requestText(turnAt('2026-01-15T13:30:00Z', 5121), firstHistory);
    const second = requestText(turnAt('2026-01-15T13:34:10Z', 5123), secondHistory);
    const share = unchangedPrefixShare(first, second);
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
