import { afterEach, describe, expect, it } from 'vitest';
import { turnMemory } from '../../../src/main/engine/turn/conversation-memory';
import type { TextQuery } from '../../../src/main/llm/provider';
import { SUMMARY_POLICY } from '../../../src/main/memory';
import type { MemorySummary } from '../../../src/shared/domain/memory';
import { agentConfig } from '../../support/agent-config';
import { EngineHarness, type HarnessChat } from '../../support/engine-harness';

const isSummarization = (query: TextQuery) => query.systemPrompt.includes('# Writing Summaries');
const isConsolidation = (query: TextQuery) => query.systemPrompt.includes('merge several summaries');

function storedSummary(id: string, min: number, max: number): MemorySummary {
  return {
    id,
    content: `Summary of ${min} to ${max}.`,
    minMessageId: min,
    maxMessageId: max,
    firstMessageDate: '2026-03-01',
    lastMessageDate: '2026-03-01',
    created: '2026-03-01',
    origin: 'summarizer',
  };
}

describe('summaries of long conversations', () => {
  let harness: EngineHarness;

  afterEach(async () => {
    await harness.close();
  });

  function sayMany(chat: HarnessChat, count: number): number[] {
    const ids: number[] = [];
    for (let index = 0; index < count; index++)
      ids.push(harness.say(chat, `line ${index} about the harbour`).messageId);
    return ids;
  }

  const usage = (operation: string) =>
    harness.store.taskLog
      .list({ agent: 'Ada', kinds: ['llm_usage'], limit: 50 })
      .filter((entry) => (entry.details as { operation: string }).operation === operation);

  it('summarizes all but the newest messages beside the turn, and the next turn shows the summary instead', async () => {
    harness = new EngineHarness({ pacing: 'off' });
    const chat = harness.directChat();
    const ids = sayMany(chat, SUMMARY_POLICY.unsummarizedTrigger + 5);
    const lastCovered = ids.at(-1 - SUMMARY_POLICY.keepNewest)!;
    harness.llm.replyWhen(isSummarization, [
      { kind: 'think', text: 'one topic' },
      {
        kind: 'summarize',
        content: 'Pat talked about the harbour at length.',
        min_message_id: ids[0],
        max_message_id: lastCovered,
      },
    ]);
    await harness.advance(6_000);

    const summarization = harness.llm.queries.find(isSummarization)!;
    expect(summarization.turns.flatMap((turn) => turn.parts).join('\n')).toContain(
      `message_id=${lastCovered}`,
    );
    expect(summarization.turns.flatMap((turn) => turn.parts).join('\n')).not.toContain(
      `message_id=${lastCovered + 1} `,
    );
    const [summary] = harness.store.summaries.list(harness.conversation(chat));
    expect(summary).toMatchObject({
      content: 'Pat talked about the harbour at length.',
      minMessageId: ids[0],
      maxMessageId: lastCovered,
      firstMessageDate: '2026-03-02',
      origin: 'summarizer',
    });
    expect(usage('summarize')).toHaveLength(1);

    harness.say(chat, 'are you still there?');
    await harness.advance(6_000);
    const next = harness.llm.queries.at(-1)!;
    expect(isSummarization(next)).toBe(false);
    expect(next.systemPrompt).toContain('# Summary of earlier conversation');
    expect(next.systemPrompt).toContain('Pat talked about the harbour at length.');
    const shownIds = next.turns
      .flatMap((turn) => turn.parts)
      .join('\n')
      .match(/message_id=\d+/g)!;
    expect(shownIds[0]).toBe(`message_id=${lastCovered + 1}`);
  });

  it('merges the oldest summaries when a chat has collected enough', async () => {
    harness = new EngineHarness({ pacing: 'off' });
    const chat = harness.directChat();
    const conversation = harness.conversation(chat);
    for (let index = 0; index < SUMMARY_POLICY.consolidateAt - 1; index++) {
      harness.store.summaries.put(
        conversation,
        storedSummary(`summary-old${index}`, index * 10 + 1, index * 10 + 10),
        harness.clock.now(),
      );
    }
    const ids = sayMany(chat, 140).filter((id) => id > 60);
    harness.llm.replyWhen(isSummarization, [
      { kind: 'summarize', content: 'The newest stretch.', min_message_id: ids[0], max_message_id: ids[9] },
    ]);
    harness.llm.replyWhen(isConsolidation, 'Everything the first five summaries said, in one paragraph.');
    await harness.advance(6_000);

    const summaries = harness.store.summaries.list(conversation);
    expect(summaries.map((s) => [s.minMessageId, s.maxMessageId, s.origin])).toEqual([
      [1, 50, 'consolidation'],
      [51, 60, 'summarizer'],
      [ids[0], ids[9], 'summarizer'],
    ]);
    expect(summaries[0]!.content).toBe('Everything the first five summaries said, in one paragraph.');
    const consolidation = harness.llm.textQueries.find(isConsolidation)!;
    expect(consolidation.turns[0]!.parts[0]).toContain('Summary of 1 to 10.');
    expect(usage('summarize')).toHaveLength(2);
  });

  it('writes nothing when the summarization answer is not a task list, and the turn goes on', async () => {
    harness = new EngineHarness({ pacing: 'off' });
    const chat = harness.directChat();
    sayMany(chat, SUMMARY_POLICY.unsummarizedTrigger);
    harness.llm.replyWhen(isSummarization, 'I would rather not.');
    harness.llm.reply([{ kind: 'send', text: 'So many messages!' }]);
    await harness.advance(6_000);
    expect(harness.store.summaries.list(harness.conversation(chat))).toEqual([]);
    expect(harness.agentTexts(chat)).toEqual(['So many messages!']);
    expect(usage('summarize')).toHaveLength(1);

    // The next turns do not ask again at once: only after some more messages.
    sayMany(chat, 5);
    await harness.advance(6_000);
    expect(harness.llm.queries.filter(isSummarization)).toHaveLength(1);
    sayMany(chat, 20);
    await harness.advance(6_000);
    expect(harness.llm.queries.filter(isSummarization)).toHaveLength(2);
  });

  it('forgets summaries at the first message when the agent says so, and keeps them otherwise', async () => {
    for (const clear of [true, false]) {
      harness = new EngineHarness({
        pacing: 'off',
        agents: [agentConfig({ configName: 'Ada', timezone: 'UTC', clearSummariesOnFirstMessage: clear })],
      });
      const chat = harness.directChat();
      const conversation = harness.conversation(chat);
      harness.store.summaries.put(conversation, storedSummary('summary-before', 1, 1), harness.clock.now());
      harness.say(chat, 'hello again, it has been a while');
      await harness.advance(6_000);
      expect(harness.store.summaries.list(conversation).length).toBe(clear ? 0 : 1);
      expect(harness.llm.queries[0]!.systemPrompt.includes('Summary of 1 to 1.')).toBe(!clear);
      const told = harness.events.filter((event) => event.type === 'memoryChanged');
      expect(told.map((event) => event.type === 'memoryChanged' && event.touched)).toEqual(
        clear ? [[{ what: 'summaries' }]] : [],
      );
      await harness.close();
    }
    harness = new EngineHarness({ pacing: 'off' });
  });

  it('lets the agent correct a summary in an ordinary turn', async () => {
    harness = new EngineHarness({ pacing: 'off' });
    const chat = harness.directChat();
    const conversation = harness.conversation(chat);
    const ids = sayMany(chat, 6);
    harness.store.summaries.put(
      conversation,
      storedSummary('summary-fix', ids[0]!, ids[1]!),
      harness.clock.now(),
    );
    harness.llm.reply([
      { kind: 'summarize', id: 'summary-fix', content: 'Pat lives by the harbour, not the station.' },
    ]);
    await harness.advance(6_000);
    expect(harness.llm.queries[0]!.systemPrompt).toContain('(id "summary-fix")');
    expect(harness.store.summaries.get(conversation, 'summary-fix')).toMatchObject({
      content: 'Pat lives by the harbour, not the station.',
      minMessageId: ids[0],
      maxMessageId: ids[1],
    });
  });
});

describe('what a turn knows beyond its messages', () => {
  it('never asks to summarize the chat with oneself', async () => {
    const harness = new EngineHarness({ pacing: 'off' });
    const chat = harness.directChat();
    for (let index = 0; index < SUMMARY_POLICY.unsummarizedTrigger; index++)
      harness.say(chat, `note ${index}`);
    const history = harness.messages(chat);
    const input = { agent: harness.agent, history, newConversation: false, isGroup: false, chatTitle: 'Pat' };
    const conversation = harness.conversation(chat);
    expect(
      turnMemory(harness.store, conversation, { ...input, isSelfChat: false }).dueForSummary,
    ).toHaveLength(SUMMARY_POLICY.unsummarizedTrigger - SUMMARY_POLICY.keepNewest);
    expect(turnMemory(harness.store, conversation, { ...input, isSelfChat: true }).dueForSummary).toBeNull();
    await harness.close();
  });
});
