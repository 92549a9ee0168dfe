import { createElement } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { EntryList } from '../../src/renderer/features/memory/components/EntryList';
import { FactList } from '../../src/renderer/features/memory/components/FactList';
import { FactRow } from '../../src/renderer/features/memory/components/FactRow';
import { RecallSearch } from '../../src/renderer/features/memory/components/RecallSearch';
import { TimelineSummary } from '../../src/renderer/features/memory/components/TimelineSummary';
import type { ConversationRef, PersonRef } from '../../src/renderer/features/memory/model';
import { memorySelectors } from '../../src/renderer/features/memory/selectors';
import type { MemoryStore } from '../../src/renderer/features/memory/store';
import type { FakeRuntime } from './support/fake-runtime';
import { MEMORY_AGENT as AGENT, londonCorrectedToParis, memoryFixture } from './support/memory-fixture';
import { renderMarkup as render, textOf } from './support/render-markup';

describe('memory views', () => {
  let runtime: FakeRuntime;
  let store: MemoryStore;
  let ada: PersonRef;
  let chat: ConversationRef;
  let fixture: ReturnType<typeof memoryFixture>;

  beforeEach(() => {
    fixture = memoryFixture();
    ({ runtime, store, ada, chat } = fixture);
  });

  it('shows each memory as an editable field with its date, and a field to add one', async () => {
    const memories = { agent: AGENT, network: 'simulator', scope: 'intention' } as const;
    await store.getState().actions.putEntry(memories, { content: 'Ask Ada about her notes.' });
    await store.getState().actions.loadList(memories);

    const html = render(store, createElement(EntryList, { listRef: memories }));

    expect(html).toContain('aria-label="Intention 1"');
    expect(html).toContain('Ask Ada about her notes.');
    expect(html).toContain('placeholder="Add an intention…"');
    expect(html).toContain('aria-label="Delete this intention"');
  });

  it('groups the facts by category, with the history to switch on', async () => {
    runtime.memory.agentLearns(ada, { category: 'personal', content: 'Has a cat called Lord Byron.' });
    await londonCorrectedToParis(fixture, [1, 3]);

    const text = textOf(render(store, createElement(FactList, { person: ada, name: 'Ada' })));

    expect(text).toContain('What I know about Ada');
    expect(text).toMatch(
      /Personal Has a cat called Lord Byron\. by fact reading, .* Location Lives in Paris\./,
    );
    expect(text).not.toContain('Lives in London.');
    expect(text).toContain('History (1)');
  });

  it('strikes a superseded fact through, says what replaced it, and offers no edits on it', async () => {
    const old = await londonCorrectedToParis(fixture, [2]);
    const set = memorySelectors.facts(ada)(store.getState()).value;
    const past = set.history.find((item) => item.id === old.id)!;

    const html = render(store, createElement(FactRow, { person: ada, set, fact: past }));

    expect(html).toContain('data-past=""');
    expect(html).toContain('aria-label="Past fact: Lives in London."');
    expect(textOf(html)).toContain('by “Lives in Paris.”');
    expect(html).toContain(`href="/playground/${AGENT}/${ada.partnerId}/2"`);
    expect(html).not.toContain('Correct the fact');
  });

  it('draws a summary in the timeline with its range, dates and actions', async () => {
    const written = await store.getState().actions.putSummary(chat, {
      content: 'Ada asked about Babbage.',
      minMessageId: 2,
      maxMessageId: 4,
    });

    const html = render(
      store,
      createElement(TimelineSummary, { conversation: chat, summary: written, onShowMessage: () => {} }),
    );

    expect(html).toContain('role="note"');
    expect(html).toContain('aria-label="Summary of messages 2–4"');
    expect(textOf(html)).toContain('by operator');
    expect(html).toContain('Ada asked about Babbage.');
    expect(html).toContain('aria-label="Edit the summary of messages 2–4"');
  });

  it('lists recalled items with their kind, score and message links', async () => {
    runtime.memory.agentLearns(ada, {
      category: 'preference',
      content: 'Loves Babbage.',
      sourceMessageIds: [3],
    });
    await store.getState().actions.recall(chat, 'Babbage');

    const text = textOf(render(store, createElement(RecallSearch, { conversation: chat })));

    expect(text).toContain('Fact');
    expect(text).toMatch(/score \d\.\d\d/);
    expect(text).toContain('Loves Babbage.');
    expect(text).toContain('messages #3');
  });
});
