import { describe, expect, it } from 'vitest';
import { channelDetailsSection } from '../../../src/main/prompt/channel-details';
import {
  conversationNotesSection,
  conversationPlanSection,
  globalMemoriesSection,
  intentionsSection,
} from '../../../src/main/prompt/memory-sections';
import { stickerSection } from '../../../src/main/prompt/sticker-section';
import type { MemoryEntry } from '../../../src/shared/domain/memory';
import { directChat, entry, groupChat } from './prompt-input';

function jsonBlock(text: string): unknown {
  const match = text.match(/```json\n([\s\S]*)\n```$/);
  if (!match) throw new Error(`no JSON block in ${text}`);
  return JSON.parse(match[1]!);
}

describe('memory sections', () => {
  it('show global memories as JSON with where each was made', () => {
    const section = globalMemoriesSection([
      entry('memory-1', 'I promised cake.', {
        creationChannelId: -100123,
        creationChannelName: 'Thursday Readers',
      }),
      entry('memory-2', 'Biscuit is twelve.'),
    ])!;
    expect(section.text.startsWith('# Global Memories\n\n')).toBe(true);
    expect(jsonBlock(section.text)).toEqual([
      {
        id: 'memory-1',
        created: '2026-01-10',
        content: 'I promised cake.',
        created_in_channel_id: -100123,
        created_in_channel: 'Thursday Readers',
      },
      { id: 'memory-2', created: '2026-01-10', content: 'Biscuit is twelve.' },
    ]);
  });

  it('show intentions, notes and plans as JSON without channel origin', () => {
    const withOrigin = [entry('x-1', 'Text', { creationChannelId: 5, creationChannelName: 'Pri' })];
    for (const [build, heading] of [
      [intentionsSection, '# Intentions'],
      [conversationNotesSection, '# Notes On This Conversation'],
      [conversationPlanSection, '# Plan For This Conversation'],
    ] as const) {
      const section = build(withOrigin)!;
      expect(section.text.startsWith(`${heading}\n\n`)).toBe(true);
      expect(jsonBlock(section.text)).toEqual([{ id: 'x-1', created: '2026-01-10', content: 'Text' }]);
    }
  });

  it('keep entries in the order given and write keys in a fixed order, byte for byte', () => {
    const ordered = entry('note-1', 'A');
    const shuffled: MemoryEntry = {
      creationChannelName: null,
      content: 'A',
      creationChannelId: null,
      created: '2026-01-10',
      id: 'note-1',
    };
    const a = conversationNotesSection([ordered, entry('note-2', 'B')])!.text;
    const b = conversationNotesSection([shuffled, entry('note-2', 'B')])!.text;
    expect(a).toBe(b);
    expect(a.indexOf('"id": "note-1"')).toBeLessThan(a.indexOf('"id": "note-2"'));
    expect(a).toMatch(/"id": "note-1",\n {4}"created": "2026-01-10",\n {4}"content": "A"/);
  });

  it('leave out deleted (empty) entries, and the section when none remain', () => {
    expect(intentionsSection([entry('i-1', ' ')])).toBeNull();
    expect(globalMemoriesSection([])).toBeNull();
    expect(jsonBlock(conversationPlanSection([entry('p-1', ''), entry('p-2', 'Go')])!.text)).toEqual([
      { id: 'p-2', created: '2026-01-10', content: 'Go' },
    ]);
  });
});

describe('channelDetailsSection', () => {
  it('describes a direct chat by its partner', () => {
    expect(
      channelDetailsSection(directChat({ partner: { ...directChat().partner!, phone: '+15550100' } }))!.text,
    ).toBe(
      [
        '# Channel Details',
        '',
        '- Type: direct message',
        '- Id: 9002',
        '- Name: Priya Shah',
        '- Username: @pri',
        '- Bio: Nursing student. Tea over coffee.',
        '- Birthday: 1999-04-02',
        '- Phone: +15550100',
      ].join('\n'),
    );
  });

  it('leaves out what a direct chat does not have, falling back to the chat title for the name', () => {
    expect(channelDetailsSection(directChat({ title: 'Pri', username: null, partner: null }))!.text).toBe(
      '# Channel Details\n\n- Type: direct message\n- Id: 9002\n- Name: Pri',
    );
  });

  it('describes a group by title, username, participants and description', () => {
    expect(
      channelDetailsSection(groupChat({ username: '@readers', description: 'Books.\nTea.' }))!.text,
    ).toBe(
      [
        '# Channel Details',
        '',
        '- Type: group',
        '- Id: -100123',
        '- Title: Thursday Readers',
        '- Username: @readers',
        '- Participants: 14',
        '- Description: Books.',
        '  Tea.',
      ].join('\n'),
    );
    expect(
      channelDetailsSection(groupChat({ kind: 'channel', participantCount: null, description: null }))!.text,
    ).toBe('# Channel Details\n\n- Type: channel\n- Id: -100123\n- Title: Thursday Readers');
  });
});

describe('stickerSection', () => {
  it('lists each sticker as "set :: name - description", then how to send them', () => {
    const section = stickerSection([
      {
        setName: 'CuteCats',
        setTitle: 'Cute Cats',
        name: '👋',
        uniqueId: 'u1',
        description: 'a cat\nwaving',
      },
      { setName: 'CuteCats', setTitle: 'Cute Cats', name: 'sleepy', uniqueId: 'u2', description: null },
    ])!;
    const lines = section.text.split('\n');
    expect(lines[0]).toBe('# Stickers You Can Send');
    expect(lines).toContain('- CuteCats :: 👋 - a cat waving');
    expect(lines).toContain('- CuteCats :: sleepy');
    expect(section.text).toContain('`sticker` task');
    expect(section.text.indexOf('- CuteCats :: 👋')).toBeLessThan(
      section.text.indexOf('- CuteCats :: sleepy'),
    );
    expect(section.stable).toBe(true);
  });

  it('is left out when there is no sticker to send', () => {
    expect(stickerSection([])).toBeNull();
  });
});
