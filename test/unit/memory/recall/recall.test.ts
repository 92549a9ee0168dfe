import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../../../src/main/logging';
import { type RecallRequest, recallMemory } from '../../../../src/main/memory';
import { capturingLogger } from '../../../support/helpers';
import { message, recallStore } from './recall-store';

const CHAT = { agent: 'Ada', network: 'telegram' as const, channelId: 77 };
const OTHER_CHAT = { ...CHAT, channelId: 78 };
const NOW = new Date('2025-06-18T12:00:00Z'); // a Wednesday
const silent = createLogger({ level: 'silent' });

describe('memory recall', () => {
  let store: ReturnType<typeof recallStore>;

  beforeEach(() => {
    store = recallStore();
  });
  afterEach(() => store.close());

  function archive(texts: readonly (readonly [string, string])[], chat = CHAT, firstId = 1): void {
    store.archive.put(
      chat,
      texts.map(([sentAt, text], index) => message(firstId + index, text, sentAt)),
      NOW,
    );
  }

  async function recall(query: string, extra: Partial<RecallRequest> = {}) {
    return recallMemory(
      store,
      { conversation: CHAT, queryTexts: [query], now: NOW, timeZone: 'Europe/Berlin', ...extra },
      silent,
    );
  }

  const ids = async (query: string, extra: Partial<RecallRequest> = {}) =>
    (await recall(query, extra)).map((item) => item.messageIds);

  it('ranks the message with more and rarer query words first, and drops question words', async () => {
    archive([
      ['2025-01-05T10:00:00Z', 'The weather was nice at the harbour today'],
      ['2025-01-06T10:00:00Z', 'My sister Margarethe is moving to Lisbon in October'],
      ['2025-01-07T10:00:00Z', 'Lisbon is lovely in spring'],
      ['2025-01-08T10:00:00Z', 'Where should we eat tonight?'],
    ]);
    const found = await ids('Where is Margarethe moving to?');
    expect(found[0]).toEqual([2]);
    expect(found.flat()).not.toContain(4);
  });

  it('brings the answer along with a recalled question, from the other side, before the history', async () => {
    archive([
      ['2025-01-05T10:00:00Z', 'We booked the honeymoon at last'],
      ['2025-01-05T10:01:00Z', 'So where is the honeymoon going to be?'],
      ['2025-01-05T10:02:00Z', 'Santorini, ten days in June!'],
      ['2025-01-05T10:03:00Z', 'That sounds wonderful'],
    ]);
    const asked = (await recall('the honeymoon, where was it again?')).find(
      (item) => item.messageIds[0] === 2,
    );
    expect(asked).toMatchObject({
      messageIds: [2, 3],
      text: 'So where is the honeymoon going to be?\n— Pat: Santorini, ten days in June!',
    });
    // The answer is in the prompt's history already: the question comes alone.
    const alone = (await recall('the honeymoon, where was it again?', { beforeMessageId: 3 })).find(
      (item) => item.messageIds[0] === 2,
    );
    expect(alone).toMatchObject({ messageIds: [2], text: 'So where is the honeymoon going to be?' });
  });

  it('ranks words standing together as in the question above the same words apart', async () => {
    archive([
      ['2025-01-05T10:00:00Z', 'the old harbour festivals are back, we left early and loud'],
      ['2025-01-06T10:00:00Z', 'the festival by the old harbours was loud, we left early'],
    ]);
    expect((await ids('when is the harbour festival?'))[0]).toEqual([1]);
  });

  it('finds other forms of a word through stems, and words whatever their accents', async () => {
    archive([
      ['2025-01-05T10:00:00Z', 'Those meetings ran far too long'],
      ['2025-01-06T10:00:00Z', 'Zoë opened a café by the station'],
      ['2025-01-07T10:00:00Z', 'Nothing to do with anything'],
    ]);
    expect(await ids('the meeting')).toEqual([[1]]);
    expect(await ids('did zoe like her cafe?')).toEqual([[2]]);
  });

  it('weighs names: a capitalised name and an @username find their messages', async () => {
    archive([
      ['2025-01-05T10:00:00Z', 'I read a good book about the river'],
      ['2025-01-06T10:00:00Z', 'Otto lent me a book'],
      ['2025-01-07T10:00:00Z', 'ask pat_b about the tickets'],
      ['2025-01-08T10:00:00Z', 'pat and b are letters'],
    ]);
    expect((await ids('What book did Otto give you?'))[0]).toEqual([2]);
    expect((await ids('what did @pat_b say?'))[0]).toEqual([3]);
  });

  it('matches dates by when messages were sent, in the agent’s time zone', async () => {
    archive([
      ['2025-03-02T22:30:00Z', 'We went climbing at the old quarry, what a day'], // March 2 23:30 in Berlin
      ['2025-03-03T09:00:00Z', 'Took the ferry to the island and had fish for lunch'],
      ['2025-03-03T22:59:00Z', 'Home at last, that ferry was slow'],
      ['2025-03-04T09:00:00Z', 'Back at work, nothing new'],
      ['2025-06-17T17:00:00Z', 'Dinner with Jonas at the Thai place'], // yesterday evening
    ]);
    expect((await ids('what did we do on March 3?')).flat().sort()).toEqual([2, 3]);
    expect(await ids('what did we do yesterday evening')).toEqual([[5]]);
    const ferry = await ids('anything about the ferry in March 2025?');
    expect(ferry.slice(0, 2).flat().sort()).toEqual([2, 3]);
  });

  it('leaves out the messages the prompt shows, deleted messages and other chats', async () => {
    archive([
      ['2025-01-05T10:00:00Z', 'the lighthouse tour was in May'],
      ['2025-01-06T10:00:00Z', 'the lighthouse keeper waved'],
      ['2025-01-07T10:00:00Z', 'lighthouse again, today'],
    ]);
    archive([['2025-01-05T10:00:00Z', 'a lighthouse in another chat']], OTHER_CHAT, 100);
    store.archive.markDeleted(CHAT, [2], NOW);
    expect((await ids('the lighthouse', { beforeMessageId: 3 })).flat()).toEqual([1]);
  });

  it('shows a repeated text once, with the ids of every copy', async () => {
    archive([
      ['2025-01-05T10:00:00Z', 'The wifi password is sunflower42'],
      ['2025-01-06T10:00:00Z', 'ok'],
      ['2025-02-05T10:00:00Z', 'The wifi password is sunflower42!'],
    ]);
    const items = await recall('what was the wifi password?');
    expect(items).toHaveLength(1);
    expect(items[0]!.messageIds.sort()).toEqual([1, 3]);
  });

  it('keeps to the token budget and the item limit, cutting long texts around what matched', async () => {
    const filler = 'and then we talked about nothing in particular for a long while '.repeat(30);
    archive(
      Array.from({ length: 30 }, (_, index) => [
        `2025-01-${String(index + 1).padStart(2, '0')}T10:00:00Z`,
        index === 0
          ? `${filler} but the violin recital is on Friday ${filler}`
          : `violin practice number ${index}`,
      ]),
    );
    const small = await recall('violin', { budgetTokens: 120 });
    const cost = small.reduce((sum, item) => sum + Math.ceil(item.text.length / 3.5) + 18, 0);
    expect(cost).toBeLessThanOrEqual(120);
    expect(await recall('violin', { limit: 3 })).toHaveLength(3);
    const long = (await recall('violin recital')).find((item) => item.messageIds[0] === 1)!;
    expect(long.text.length).toBeLessThanOrEqual(600);
    expect(long.text).toContain('violin recital');
  });

  it('recalls summaries, topic summaries, notes and memories with their kinds and dates', async () => {
    archive([['2025-01-05T10:00:00Z', 'hello there']]);
    store.summaries.put(
      CHAT,
      {
        id: 's1',
        content: 'Pat planned a canoe trip on the Danube with her cousins.',
        minMessageId: 1,
        maxMessageId: 1,
        firstMessageDate: '2025-01-05',
        lastMessageDate: '2025-01-09',
        created: '2025-01-10',
        origin: 'summarizer',
      },
      NOW,
    );
    const entry = { creationChannelId: null, creationChannelName: null };
    store.memoryEntries.put(
      { agent: 'Ada', network: 'telegram', scope: 'note', channelId: 77 },
      { id: 'n1', content: 'Pat is allergic to peanuts', created: '2025-02-01', ...entry },
      NOW,
    );
    store.memoryEntries.put(
      { agent: 'Ada', network: 'telegram', scope: 'memory' },
      { id: 'm1', content: 'I learnt to paddle a canoe as a child', created: '2024-08-01', ...entry },
      NOW,
    );
    const canoe = await recall('the canoe trip');
    expect(canoe.map((item) => [item.kind, item.date])).toEqual([
      ['summary', '2025-01-05'],
      ['memory', '2024-08-01'],
    ]);
    expect(canoe[0]!.endDate).toBe('2025-01-09');
    expect(canoe[0]!.messageIds).toEqual([1]);
    expect((await recall('peanuts allergy')).map((item) => item.kind)).toEqual(['note']);
    store.sessionMemory.addSession(CHAT, {
      id: 't1',
      topic: 'Kayak rental',
      content: 'Pat compared kayak rentals on the lake and booked one for Sunday.',
      minMessageId: 1,
      maxMessageId: 1,
      firstAt: '2025-01-05T10:00:00.000Z',
      lastAt: '2025-01-05T11:30:00.000Z',
      createdAt: '2025-01-05T12:00:00.000Z',
    });
    const kayak = await recall('which kayak did she rent?');
    expect(kayak.map((item) => [item.kind, item.text, item.date, item.endDate, item.messageIds])).toEqual([
      [
        'topic',
        'Kayak rental: Pat compared kayak rentals on the lake and booked one for Sunday.',
        '2025-01-05T10:00:00.000Z',
        '2025-01-05T11:30:00.000Z',
        [1],
      ],
    ]);
    expect(await recall('the canoe trip', { kinds: ['message', 'note'] })).toEqual([]);
  });

  it('recalls facts about the chat’s people, standing for the messages they were learnt from', async () => {
    const fact = (partnerId: number, id: string, content: string, sourceMessageIds: number[]) =>
      store.facts.insert(
        { agent: 'Ada', network: 'telegram', partnerId },
        {
          id,
          category: 'personal',
          key: null,
          content,
          sourceChannelId: partnerId,
          sourceMessageIds,
          writtenBy: 'extraction',
        },
        new Date('2025-02-01T09:30:00Z'),
      );
    fact(77, 'f1', 'Pat keeps bees on the roof of her building', [12, 13]);
    fact(99, 'f2', 'Sam keeps bees too', [5]);
    const bees = await recall('how are the bees?');
    expect(bees.map((item) => [item.kind, item.messageIds, item.date])).toEqual([
      ['fact', [12, 13], '2025-02-01T09:30:00.000Z'],
    ]);
    const both = await recall('how are the bees?', { partnerIds: [77, 99] });
    expect(both.map((item) => item.text).sort()).toEqual([
      'Pat keeps bees on the roof of her building',
      'Sam keeps bees too',
    ]);
  });

  it('finds common words among the latest messages and rare ones anywhere', async () => {
    const texts: [string, string][] = Array.from({ length: 400 }, (_, index) => [
      new Date(Date.UTC(2025, 0, 1) + index * 3_600_000).toISOString(),
      index === 10 ? 'good news: the tandem bicycle arrived, good times' : `good morning number ${index}`,
    ]);
    archive(texts);
    expect((await ids('good tandem'))[0]).toEqual([11]);
    const common = await ids('good');
    expect(common.length).toBeGreaterThan(0);
  });

  it('recalls nothing for a question of function words only', async () => {
    archive([['2025-01-05T10:00:00Z', 'what is it that you did there']]);
    expect(await recall('what did you do?')).toEqual([]);
  });

  it('never fails a turn: an error is one log line and nothing recalled', async () => {
    archive([['2025-01-05T10:00:00Z', 'the lighthouse']]);
    const { logger, records } = capturingLogger();
    store.close();
    const items = await recallMemory(
      store,
      { conversation: CHAT, queryTexts: ['the lighthouse'], now: NOW, timeZone: 'Europe/Berlin' },
      logger,
    );
    expect(items).toEqual([]);
    expect(records()).toHaveLength(1);
    expect(records()[0]).toMatchObject({ level: 40, msg: expect.stringContaining('memory recall failed') });
    store = recallStore();
  });
});
