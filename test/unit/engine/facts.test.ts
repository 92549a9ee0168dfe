import { afterEach, describe, expect, it } from 'vitest';
import type { TextQuery } from '../../../src/main/llm/provider';
import { FACT_EXTRACTION_QUIET_MS } from '../../../src/main/memory';
import { agentConfig } from '../../support/agent-config';
import { EngineHarness, type HarnessChat } from '../../support/engine-harness';

const isExtraction = (query: TextQuery) => query.systemPrompt.includes('# Keeping Facts About People');

describe('facts the agent keeps about people', () => {
  let harness: EngineHarness;

  afterEach(async () => {
    await harness.close();
  });

  const factsAbout = (partnerId: number) =>
    harness.store.facts.current({ agent: 'Ada', network: 'simulator', partnerId });
  const extractionUsage = () =>
    harness.store.taskLog
      .list({ agent: 'Ada', kinds: ['llm_usage'], limit: 50 })
      .filter((entry) => (entry.details as { operation: string }).operation === 'extract');

  async function turnThenQuiet(chat: HarnessChat, text: string) {
    const message = harness.say(chat, text);
    await harness.advance(6_000);
    await harness.advance(FACT_EXTRACTION_QUIET_MS, 10_000);
    return message;
  }

  it('keeps a fact the agent remembers with a category, and shows it under the person’s name', async () => {
    harness = new EngineHarness({ pacing: 'off' });
    const chat = harness.directChat('Pat');
    const told = harness.say(chat, 'I work as a nurse at St Mary’s');
    harness.llm.reply([
      { kind: 'remember', category: 'work', key: 'Employer', content: 'Pat works as a nurse at St Mary’s.' },
    ]);
    await harness.advance(6_000);
    expect(factsAbout(chat.channelId)).toEqual([
      expect.objectContaining({
        category: 'work',
        key: 'employer',
        writtenBy: 'agent',
        sourceMessageIds: [told.messageId],
      }),
    ]);
    expect(harness.store.memoryEntries.list({ agent: 'Ada', network: 'simulator', scope: 'memory' })).toEqual(
      [],
    );

    harness.say(chat, 'long shift today');
    await harness.advance(6_000);
    const prompt = harness.llm.queries.filter((query) => !isExtraction(query)).at(-1)!.systemPrompt;
    expect(prompt).toContain('# What I know about Pat');
    expect(prompt).toContain('## Work and studies\n\n- Pat works as a nurse at St Mary’s.');
  });

  it('reads a quiet conversation for facts once, and a changed answer supersedes the old fact', async () => {
    harness = new EngineHarness({ pacing: 'off' });
    const chat = harness.directChat('Pat');
    harness.llm.replyWhen(isExtraction, [
      {
        about: chat.channelId,
        category: 'location',
        key: 'home_city',
        content: 'Pat lives in Berlin.',
        message_ids: [1],
      },
    ]);
    const first = await turnThenQuiet(chat, 'I live in Berlin, by the river');
    const extraction = harness.llm.queries.find(isExtraction)!;
    expect(extraction.turns[0]!.parts[0]).toContain(`[message ${first.messageId}]`);
    expect(factsAbout(chat.channelId)).toEqual([
      expect.objectContaining({
        content: 'Pat lives in Berlin.',
        writtenBy: 'extraction',
        sourceMessageIds: [first.messageId],
      }),
    ]);

    harness.llm.replyWhen(isExtraction, [
      { about: chat.channelId, category: 'location', key: 'home_city', content: 'Pat moved to Munich.' },
    ]);
    await turnThenQuiet(chat, 'big news: I moved to Munich!');
    const second = harness.llm.queries.filter(isExtraction).at(-1)!;
    expect(second.systemPrompt).toContain('Pat lives in Berlin.');
    expect(factsAbout(chat.channelId).map((fact) => fact.content)).toEqual(['Pat moved to Munich.']);
    const history = harness.store.facts.history({
      agent: 'Ada',
      network: 'simulator',
      partnerId: chat.channelId,
    });
    expect(history.map((fact) => [fact.content, fact.supersededBy !== null])).toEqual([
      ['Pat lives in Berlin.', true],
      ['Pat moved to Munich.', false],
    ]);
    expect(extractionUsage()).toHaveLength(2);

    // Nothing new was said: no call.
    harness.llm.reply([{ kind: 'think', text: 'nothing to add' }]);
    await harness.advance(FACT_EXTRACTION_QUIET_MS, 10_000);
    expect(harness.llm.queries.filter(isExtraction)).toHaveLength(2);
  });

  it('writes nothing from an answer that is not a list of facts, and reads the messages again next time', async () => {
    harness = new EngineHarness({ pacing: 'off' });
    const chat = harness.directChat('Pat');
    harness.llm.replyWhen(isExtraction, 'Pat seems nice.');
    const first = await turnThenQuiet(chat, 'my birthday is on 4 May');
    expect(factsAbout(chat.channelId)).toEqual([]);
    expect(extractionUsage()).toHaveLength(1);
    expect(harness.store.facts.extractedThrough(harness.conversation(chat))).toBe(0);

    harness.llm.replyWhen(isExtraction, [
      {
        about: chat.channelId,
        category: 'personal',
        key: 'birthday',
        content: 'Pat’s birthday is on 4 May.',
      },
      { about: 12345, category: 'personal', content: 'Someone who never spoke here.' },
    ]);
    await turnThenQuiet(chat, 'did you get that?');
    const retried = harness.llm.queries.filter(isExtraction).at(-1)!;
    expect(retried.turns[0]!.parts[0]).toContain(`[message ${first.messageId}]`);
    expect(factsAbout(chat.channelId).map((fact) => fact.content)).toEqual(['Pat’s birthday is on 4 May.']);
    expect(factsAbout(12345)).toEqual([]);
  });

  it('reads facts with the agent’s memory model when its file names one', async () => {
    harness = new EngineHarness({
      pacing: 'off',
      agents: [agentConfig({ configName: 'Ada', timezone: 'UTC', memoryLlm: 'small-model' })],
    });
    const chat = harness.directChat('Pat');
    await turnThenQuiet(chat, 'I teach maths');
    expect(harness.llm.turnQueries.map((query) => query.model)).toEqual(['test-model']);
    expect(harness.llm.queries.filter(isExtraction).map((query) => query.model)).toEqual(['small-model']);
  });
});
