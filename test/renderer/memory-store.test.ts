import { beforeEach, describe, expect, it } from 'vitest';
import { fieldErrors } from '../../src/renderer/api/errors';
import type { ConversationRef, MemoryListRef, PersonRef } from '../../src/renderer/features/memory/model';
import { memorySelectors } from '../../src/renderer/features/memory/selectors';
import type { MemoryStore } from '../../src/renderer/features/memory/store';
import { ApiError } from '../../src/shared/api/errors';
import { createConversationStores, feedFromRuntimeEvents } from './support/conversation-stores';
import { deferred, type FakeRuntime, settle } from './support/fake-runtime';
import { MEMORY_AGENT as AGENT, memoryFixture } from './support/memory-fixture';

describe('memory store', () => {
  let runtime: FakeRuntime;
  let store: MemoryStore;
  let chat: ConversationRef;
  let ada: PersonRef;
  const memories: MemoryListRef = { agent: AGENT, network: 'simulator', scope: 'memory' };
  const actions = () => store.getState().actions;
  const read = <T>(select: (s: ReturnType<MemoryStore['getState']>) => T) => select(store.getState());

  beforeEach(() => {
    ({ runtime, store, chat, ada } = memoryFixture());
    feedFromRuntimeEvents(runtime.client, {
      conversations: createConversationStores(runtime.client),
      memory: store,
    });
  });

  describe('memories, intentions, notes and plans', () => {
    it('loads a list, and adds an entry to it', async () => {
      await actions().loadList(memories);
      expect(read(memorySelectors.list(memories))).toEqual({ status: 'ready', value: [], error: null });

      const entry = await actions().putEntry(memories, { content: '  Ada lent me a book on Babbage.  ' });

      expect(entry).toMatchObject({
        id: expect.stringMatching(/^memory-/),
        content: 'Ada lent me a book on Babbage.',
      });
      expect(read(memorySelectors.list(memories)).value.map((item) => item.content)).toEqual([
        'Ada lent me a book on Babbage.',
      ]);
    });

    it('shows an edit at once and takes it back when the runtime refuses it', async () => {
      const first = await actions().putEntry(memories, { content: 'The shop opens at nine.' });
      await actions().loadList(memories);
      let shown: string | undefined;
      runtime.handle('memory.putEntry', async () => {
        shown = read(memorySelectors.list(memories)).value[0]?.content;
        throw new ApiError('unavailable', 'The Troupe server cannot be reached; retrying.');
      });

      const saving = actions().putEntry(memories, { id: first.id, content: 'The shop opens at ten.' });

      await expect(saving).rejects.toThrow('The Troupe server cannot be reached; retrying.');
      expect(shown).toBe('The shop opens at ten.');
      expect(read(memorySelectors.list(memories)).value[0]?.content).toBe('The shop opens at nine.');
    });

    it('reports an empty entry under its field, and a note without its chat under channelId', async () => {
      const empty = await actions()
        .putEntry(memories, { content: '   ' })
        .catch((error: unknown) => error);
      expect(fieldErrors(empty)['entry.content']).toBe('Write something, or delete the entry.');

      await actions().loadList({ agent: AGENT, network: 'simulator', scope: 'note' });
      expect(read(memorySelectors.list({ agent: AGENT, network: 'simulator', scope: 'note' }))).toMatchObject(
        {
          status: 'error',
          error: `Invalid input for memory.entries.`,
        },
      );
    });

    it('removes a deleted entry at once, and puts it back where it stood when the delete fails', async () => {
      for (const content of ['One', 'Two', 'Three']) await actions().putEntry(memories, { content });
      await actions().loadList(memories);
      const [, two] = read(memorySelectors.list(memories)).value;
      runtime.handle('memory.deleteEntry', async () => {
        expect(read(memorySelectors.list(memories)).value.map((entry) => entry.content)).toEqual([
          'One',
          'Three',
        ]);
        throw new ApiError('not_found', 'That entry is gone.');
      });

      await expect(actions().deleteEntry(memories, two!.id)).rejects.toThrow('That entry is gone.');

      expect(read(memorySelectors.list(memories)).value.map((entry) => entry.content)).toEqual([
        'One',
        'Two',
        'Three',
      ]);
    });

    it("reloads the agent's lists and the chat's notes when the agent writes an entry in a turn", async () => {
      const notes: MemoryListRef = { ...chat, scope: 'note' };
      actions().follow('lists', memories);
      actions().follow('lists', notes);
      await settle();
      await runtime.client.call('memory.putEntry', {
        list: notes,
        entry: { content: 'Ada prefers mornings.' },
      });
      runtime.emit('memory.changed', { ...chat, what: 'entries', partnerId: null });
      await settle();

      expect(read(memorySelectors.list(notes)).value.map((entry) => entry.content)).toEqual([
        'Ada prefers mornings.',
      ]);
      // The intentions were never shown, so nothing asks for them.
      expect(runtime.callsOf('memory.entries')).not.toContainEqual({
        agent: AGENT,
        network: 'simulator',
        scope: 'intention',
      });
    });
  });

  describe('people, facts and profiles', () => {
    it('lists the people with facts by name, and follows a fact the agent learns', async () => {
      actions().follow('people', ada);
      actions().follow('facts', ada);
      await settle();
      expect(read(memorySelectors.people(ada)).value).toEqual([]);

      runtime.memory.agentLearns(ada, {
        category: 'location',
        key: 'home_city',
        content: 'Lives in London.',
      });
      await settle();

      expect(read(memorySelectors.people(ada)).value).toEqual([
        { partnerId: ada.partnerId, name: 'Ada', factCount: 1 },
      ]);
      expect(read(memorySelectors.facts(ada)).value.current.map((fact) => fact.content)).toEqual([
        'Lives in London.',
      ]);
    });

    it('corrects a fact by superseding it: the new one is current, the old one stays in the history', async () => {
      const old = runtime.memory.agentLearns(ada, {
        category: 'location',
        key: 'home_city',
        content: 'Lives in London.',
        sourceMessageIds: [1, 3],
      });
      await actions().loadFacts(ada);
      const answer = deferred<void>();
      runtime.handle('memory.putFact', async (input) => {
        await answer.promise;
        return runtime.memory.answer('memory.putFact', input) as never;
      });

      const saving = actions().putFact(ada, {
        supersedes: old.id,
        category: 'location',
        content: 'Lives in Paris.',
      });
      expect(read(memorySelectors.facts(ada)).value.current.map((fact) => fact.content)).toEqual([
        'Lives in Paris.',
      ]);
      answer.resolve();
      const fact = await saving;

      const { current, history } = read(memorySelectors.facts(ada)).value;
      expect(current).toEqual([fact]);
      expect(fact).toMatchObject({ key: 'home_city', writtenBy: 'operator', sourceMessageIds: [1, 3] });
      expect(history.find((item) => item.id === old.id)).toMatchObject({
        content: 'Lives in London.',
        supersededBy: fact.id,
      });
    });

    it('takes back a correction of a fact that changed meanwhile, with the reason', async () => {
      const old = runtime.memory.agentLearns(ada, {
        category: 'work',
        key: 'job',
        content: 'Works at the mill.',
      });
      await actions().loadFacts(ada);
      runtime.memory.facts.retract(ada, old.id);

      const error = await actions()
        .putFact(ada, { supersedes: old.id, category: 'work', content: 'Works at the bank.' })
        .catch((caught: unknown) => caught);

      expect((error as ApiError).code).toBe('not_found');
      expect(read(memorySelectors.facts(ada)).value.current.map((fact) => fact.content)).toEqual([
        'Works at the mill.',
      ]);
    });

    it('moves a retracted fact to the history at once', async () => {
      const fact = runtime.memory.agentLearns(ada, { category: 'health', content: 'Allergic to cats.' });
      await actions().loadFacts(ada);

      const retracting = actions().retractFact(ada, fact.id);
      expect(read(memorySelectors.facts(ada)).value.current).toEqual([]);
      await retracting;

      expect(read(memorySelectors.facts(ada)).value.history[0]?.retractedAt).not.toBeNull();
    });

    it('puts a fact refused by validation under its field', async () => {
      const error = await actions()
        .putFact(ada, { category: 'general', content: 'x'.repeat(301) })
        .catch((caught: unknown) => caught);
      expect(fieldErrors(error)['fact.content']).toBe('A fact is one sentence: at most 300 characters.');
    });

    it("saves the operator's profile, and refuses one over 550 words under its field", async () => {
      await actions().loadProfile(ada);
      expect(read(memorySelectors.profile(ada))).toMatchObject({ status: 'ready', value: null });

      await actions().putProfile(ada, '## Who she is\n\nA mathematician.');
      expect(read(memorySelectors.profile(ada)).value).toMatchObject({
        text: '## Who she is\n\nA mathematician.',
        writtenBy: 'operator',
      });

      const error = await actions()
        .putProfile(ada, 'word '.repeat(551))
        .catch((caught: unknown) => caught);
      expect(fieldErrors(error).text).toBe('A profile is at most 550 words.');
      expect(read(memorySelectors.profile(ada)).value?.text).toBe('## Who she is\n\nA mathematician.');
    });

    it('reflects now with a busy state, shows the new profile, and keeps a failure to explain', async () => {
      actions().follow('profiles', ada);
      await settle();
      const reflecting = actions().reflectNow(ada);
      expect(read(memorySelectors.reflection(ada))).toEqual({ running: true, error: null });
      expect(await reflecting).toMatchObject({ profileUpdated: true });
      await settle();
      expect(read(memorySelectors.profile(ada)).value?.writtenBy).toBe('reflection');

      runtime.handle('memory.reflectNow', () => {
        throw new ApiError('conflict', 'The conversation is busy; try again in a moment.');
      });
      expect(await actions().reflectNow(ada)).toBeNull();
      expect(read(memorySelectors.reflection(ada))).toEqual({
        running: false,
        error: 'The conversation is busy; try again in a moment.',
      });
    });
  });

  describe("a conversation's summaries, topics and recall", () => {
    it('writes a summary of archived messages, and refuses a range the archive does not hold', async () => {
      await actions().loadSummaries(chat);
      const summary = await actions().putSummary(chat, {
        content: 'Ada asked about detective novels.',
        minMessageId: 2,
        maxMessageId: 4,
      });
      expect(read(memorySelectors.summaries(chat)).value).toEqual([summary]);
      expect(summary).toMatchObject({ origin: 'operator', firstMessageDate: '2025-06-01' });

      const error = await actions()
        .putSummary(chat, { content: 'Nothing there.', minMessageId: 90, maxMessageId: 99 })
        .catch((caught: unknown) => caught);
      expect((error as ApiError).message).toBe(
        'No archived message of this conversation has an id from 90 to 99.',
      );
      const order = await actions()
        .putSummary(chat, { content: 'Backwards.', minMessageId: 4, maxMessageId: 2 })
        .catch((caught: unknown) => caught);
      expect(fieldErrors(order)['summary.maxMessageId']).toBe(
        'The first message must not come after the last.',
      );
    });

    it('summarizes now with a busy state; what it wrote arrives as a live change', async () => {
      actions().follow('summaries', chat);
      await settle();
      const running = actions().summarizeNow(chat);
      expect(read(memorySelectors.summarizing(chat)).running).toBe(true);
      expect(await running).toEqual({ written: 1, consolidated: 0, modelCalls: 1 });
      await settle();

      expect(read(memorySelectors.summarizing(chat))).toEqual({ running: false, error: null });
      expect(read(memorySelectors.summaries(chat)).value).toMatchObject([
        { minMessageId: 1, maxMessageId: 6, origin: 'summarizer' },
      ]);
    });

    it('keeps why summarize now failed', async () => {
      runtime.handle('memory.summarizeNow', () => {
        throw new ApiError('unavailable', 'Troupe is not running simulator conversations now.');
      });
      expect(await actions().summarizeNow(chat)).toBeNull();
      expect(read(memorySelectors.summarizing(chat)).error).toBe(
        'Troupe is not running simulator conversations now.',
      );
    });

    it('follows the topics of a chat on screen, and deletes one', async () => {
      actions().follow('sessions', chat);
      await settle();
      const session = runtime.memory.agentSummarizesSession(chat, {
        topic: 'Detective novels',
        content: 'Ada wants Christie.',
        minMessageId: 1,
        maxMessageId: 4,
        firstAt: '2025-06-01T12:00:01.000Z',
        lastAt: '2025-06-01T12:00:04.000Z',
        createdAt: '2025-06-01T13:00:00.000Z',
      });
      await settle();
      expect(read(memorySelectors.sessions(chat)).value).toEqual([session]);

      await actions().deleteSession(chat, session.id);
      expect(read(memorySelectors.sessions(chat)).value).toEqual([]);
    });

    it('recalls for a question and keeps only the latest answer', async () => {
      runtime.memory.agentLearns(ada, {
        category: 'preference',
        content: 'Loves detective novels.',
        sourceMessageIds: [3],
      });
      const slow = deferred<void>();
      runtime.handle('memory.recall', async (input) => {
        if ((input as { query: string }).query === 'weather') await slow.promise;
        return runtime.memory.answer('memory.recall', input) as never;
      });

      const first = actions().recall(chat, 'weather');
      await actions().recall(chat, 'detective novels');
      slow.resolve();
      await first;

      expect(read(memorySelectors.recall(chat))).toMatchObject({
        query: 'detective novels',
        status: 'ready',
        items: [{ kind: 'fact', text: 'Loves detective novels.', messageIds: [3] }],
      });
    });

    it('says why an empty question is refused', async () => {
      await actions().recall(chat, '  ');
      expect(read(memorySelectors.recall(chat))).toMatchObject({
        status: 'error',
        error: 'Type what to recall.',
      });
    });
  });

  it('fetches again everything on screen after the connection came back', async () => {
    actions().follow('lists', memories);
    actions().follow('summaries', chat);
    const leftScreen = actions().follow('sessions', chat);
    await settle();
    leftScreen();
    const before = runtime.calls.length;

    actions().resync();
    await settle();

    expect(
      runtime.calls
        .slice(before)
        .map((call) => call.method)
        .sort(),
    ).toEqual(['memory.entries', 'memory.summaries']);
  });

  it('fetches a record once for the views that show it, and stops following it when the last one goes', async () => {
    const timeline = actions().follow('summaries', chat);
    const inspector = actions().follow('summaries', chat);
    await settle();
    expect(runtime.callsOf('memory.summaries')).toHaveLength(1);

    timeline();
    await actions().putSummary(chat, {
      content: 'Ada asked about Babbage.',
      minMessageId: 1,
      maxMessageId: 2,
    });
    await settle();
    expect(runtime.callsOf('memory.summaries')).toHaveLength(2);

    inspector();
    await actions().putSummary(chat, { content: 'Ada lent a book.', minMessageId: 3, maxMessageId: 4 });
    await settle();
    expect(runtime.callsOf('memory.summaries')).toHaveLength(2);

    actions().follow('summaries', chat);
    await settle();
    expect(runtime.callsOf('memory.summaries')).toHaveLength(3);
    expect(read(memorySelectors.summaries(chat)).value.map((summary) => summary.content)).toEqual([
      'Ada asked about Babbage.',
      'Ada lent a book.',
    ]);
  });
});
