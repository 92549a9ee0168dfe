import { describe, expect, it } from 'vitest';
import { timelineRows } from '../../src/renderer/features/conversations/model';
import {
  autoSaveReducer,
  hasChanges,
  INITIAL_AUTOSAVE,
} from '../../src/renderer/features/memory/autosave-state';
import {
  dateRangeLabel,
  groupFacts,
  messageRangeLabel,
  pastFactCount,
  successorOf,
  summarizedNotice,
  wordCount,
} from '../../src/renderer/features/memory/model';
import type { ChatMsg } from '../../src/shared/domain/conversation';
import type { MemoryFact, MemorySummary } from '../../src/shared/domain/memory';

function fact(id: string, overrides: Partial<MemoryFact> = {}): MemoryFact {
  return {
    id,
    partnerId: 1001,
    category: 'general',
    key: null,
    content: `Fact ${id}`,
    sourceChannelId: 1001,
    sourceMessageIds: [],
    writtenBy: 'extraction',
    writtenAt: '2025-06-01T12:00:00.000Z',
    supersededBy: null,
    supersededAt: null,
    retractedAt: null,
    ...overrides,
  };
}

function message(messageId: number, isAgent = false): ChatMsg {
  return {
    channelId: 1001,
    messageId,
    senderId: isAgent ? 1 : 1001,
    senderName: isAgent ? 'Juniper' : 'Ada',
    senderUsername: null,
    isAgent,
    sentAt: `2025-06-01T12:00:${String(messageId).padStart(2, '0')}.000Z`,
    editedAt: null,
    replyToMessageId: null,
    parts: [{ kind: 'text', text: `Message ${messageId}` }],
    reactions: [],
    mentioned: false,
  };
}

function summary(id: string, minMessageId: number, maxMessageId: number): MemorySummary {
  return {
    id,
    content: `Summary ${id}`,
    minMessageId,
    maxMessageId,
    firstMessageDate: '2025-06-01',
    lastMessageDate: '2025-06-01',
    created: '2025-06-01',
    origin: 'summarizer',
  };
}

describe('facts as the console groups them', () => {
  const london = fact('f1', {
    category: 'location',
    content: 'Lives in London.',
    supersededBy: 'f3',
    supersededAt: '2025-06-02T09:00:00.000Z',
  });
  const cat = fact('f2', { category: 'personal', content: 'Has a cat.' });
  const paris = fact('f3', { category: 'location', content: 'Lives in Paris.', writtenBy: 'operator' });
  const allergy = fact('f4', { category: 'health', retractedAt: '2025-06-03T09:00:00.000Z' });
  const set = { current: [cat, paris], history: [london, cat, paris, allergy] };

  it('groups the current facts by category, in the order of the prompt', () => {
    expect(groupFacts(set, false)).toEqual([
      { category: 'personal', facts: [cat] },
      { category: 'location', facts: [paris] },
    ]);
  });

  it('adds the superseded and retracted facts to their categories with the history', () => {
    expect(groupFacts(set, true)).toEqual([
      { category: 'personal', facts: [cat] },
      { category: 'location', facts: [paris, london] },
      { category: 'health', facts: [allergy] },
    ]);
    expect(pastFactCount(set)).toBe(2);
    expect(successorOf(set, london)).toBe(paris);
    expect(successorOf(set, cat)).toBeUndefined();
  });
});

describe('summaries in the timeline', () => {
  const window = {
    ids: [3, 4, 5, 6, 7],
    byId: Object.fromEntries([3, 4, 5, 6, 7].map((id) => [id, message(id, id % 2 === 0)])),
  };
  const kinds = (rows: ReturnType<typeof timelineRows>) =>
    rows.map((row) =>
      row.kind === 'message'
        ? `m${row.id}${row.continues ? '+' : ''}`
        : row.kind === 'summary'
          ? row.key
          : row.kind,
    );

  it('puts each summary after the last loaded message it covers, and the next message starts a run', () => {
    const rows = timelineRows(window, [], false, [summary('a', 1, 4), summary('b', 5, 6)]);
    expect(kinds(rows)).toEqual(['edge', 'day', 'm3', 'm4', 's-a', 'm5', 'm6', 's-b', 'm7']);
  });

  it('keeps a summary of messages older than those loaded for when their page comes', () => {
    const rows = timelineRows(window, [], false, [summary('old', 1, 2)]);
    expect(kinds(rows)).not.toContain('s-old');
  });

  it('puts a summary whose last messages are gone after the one before them', () => {
    const rows = timelineRows(window, [], false, [summary('gap', 4, 9)]);
    expect(kinds(rows).slice(-2)).toEqual(['m7', 's-gap']);
  });
});

describe('auto-saved text', () => {
  it('keeps what was typed during a save, to save it next', () => {
    let state = autoSaveReducer(INITIAL_AUTOSAVE, { type: 'edit', text: 'First' });
    state = autoSaveReducer(state, { type: 'saving' });
    state = autoSaveReducer(state, { type: 'edit', text: 'First and more' });
    state = autoSaveReducer(state, { type: 'saved', text: 'First', at: 1 });
    expect(state).toEqual({ draft: 'First and more', saving: false, error: null, savedAt: 1 });

    state = autoSaveReducer(state, { type: 'saved', text: 'First and more', at: 2 });
    expect(state.draft).toBeNull();
  });

  it('keeps the draft and the reason when a save is refused, until the operator types again', () => {
    let state = autoSaveReducer(INITIAL_AUTOSAVE, { type: 'edit', text: ' ' });
    state = autoSaveReducer(state, { type: 'failed', error: 'Write something, or delete the entry.' });
    expect(state).toMatchObject({ draft: ' ', error: 'Write something, or delete the entry.' });
    expect(autoSaveReducer(state, { type: 'edit', text: 'Now' }).error).toBeNull();
  });

  it('saves only a change', () => {
    expect(hasChanges(null, 'Saved')).toBe(false);
    expect(hasChanges('Saved ', 'Saved')).toBe(false);
    expect(hasChanges('Saved!', 'Saved')).toBe(true);
  });
});

describe('memory wording', () => {
  it('counts words as the profile limit does, and names ranges and dates', () => {
    expect(wordCount('  two\n\nwords ')).toBe(2);
    expect(wordCount('')).toBe(0);
    expect(messageRangeLabel(4, 4)).toBe('message 4');
    expect(messageRangeLabel(4, 9)).toBe('messages 4–9');
    expect(dateRangeLabel(null, null)).toBe('');
    expect(dateRangeLabel('2025-06-01', '2025-06-01')).toBe(dateRangeLabel('2025-06-01', null));
    expect(dateRangeLabel('2025-06-01', '2025-06-03')).toContain(' – ');
  });
});

describe('what "Summarize now" tells the operator', () => {
  it('tells a call that wrote nothing apart from nothing to do', () => {
    expect(summarizedNotice({ written: 2, consolidated: 1, modelCalls: 1 })).toMatchObject({
      title: 'Summarized',
      message: '2 summaries written, 1 older one merged.',
    });
    expect(summarizedNotice({ written: 0, consolidated: 0, modelCalls: 1 })).toMatchObject({
      color: 'orange',
      title: 'The model wrote no summary',
    });
    expect(summarizedNotice({ written: 0, consolidated: 0, modelCalls: 0 }).title).toBe(
      'Nothing new to summarize',
    );
  });
});
