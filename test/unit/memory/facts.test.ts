import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../../src/main/logging';
import { parseExtractionReply } from '../../../src/main/memory/facts/fact-reply';
import { MAX_FACT_CHARS, recordFact, retractFactByKey } from '../../../src/main/memory/facts/record-fact';
import { openStore, type Store } from '../../../src/main/store';
import { normalizeFactKey } from '../../../src/shared/domain/fact-key';

const PAT = { agent: 'Ada', network: 'simulator' as const, partnerId: 9_000_000_101 };
const AT = new Date('2026-03-02T10:00:00Z');
const later = (minutes: number) => new Date(AT.getTime() + minutes * 60_000);

function input(content: string, key: string | null = null) {
  return {
    category: 'location' as const,
    key,
    content,
    sourceChannelId: PAT.partnerId,
    sourceMessageIds: [12, 11, 12],
    writtenBy: 'extraction' as const,
  };
}

describe('facts about a person', () => {
  let store: Store;
  beforeEach(() => {
    store = openStore({ file: ':memory:', logger: createLogger({ level: 'silent' }) });
  });
  afterEach(() => store.close());

  it('keeps a new fact with its provenance, and saying it again changes nothing', () => {
    const first = recordFact(store.facts, PAT, input('Pat lives in Berlin.', 'Home City'), AT);
    expect(first.outcome).toBe('created');
    expect(first.fact).toMatchObject({
      key: 'home_city',
      sourceMessageIds: [11, 12],
      sourceChannelId: PAT.partnerId,
      writtenBy: 'extraction',
      writtenAt: AT.toISOString(),
    });
    expect(recordFact(store.facts, PAT, input('pat lives in berlin', 'home-city'), later(1)).outcome).toBe(
      'unchanged',
    );
    expect(recordFact(store.facts, PAT, input('Pat lives in Berlin'), later(2)).outcome).toBe('unchanged');
    expect(store.facts.current(PAT)).toHaveLength(1);
  });

  it('supersedes the fact with the same key, keeping the old one in the history', () => {
    const berlin = recordFact(store.facts, PAT, input('Pat lives in Berlin.', 'home_city'), AT).fact;
    const munich = recordFact(store.facts, PAT, input('Pat moved to Munich.', 'home_city'), later(5));
    expect(munich.outcome).toBe('superseded');
    expect(store.facts.current(PAT).map((fact) => fact.content)).toEqual(['Pat moved to Munich.']);
    expect(store.facts.history(PAT)).toEqual([
      expect.objectContaining({
        id: berlin.id,
        supersededBy: munich.fact.id,
        supersededAt: later(5).toISOString(),
      }),
      expect.objectContaining({ id: munich.fact.id, supersededBy: null }),
    ]);
  });

  it('retracts by key, keeps the row, and finds current facts by their words', () => {
    recordFact(store.facts, PAT, input('Pat is allergic to peanuts.', 'allergy'), AT);
    recordFact(store.facts, PAT, input('Pat runs marathons.', null), AT);
    expect(store.facts.match(PAT, '"peanut"', 5).map((m) => m.fact.content)).toEqual([
      'Pat is allergic to peanuts.',
    ]);
    expect(retractFactByKey(store.facts, PAT, 'Allergy', later(1))?.content).toBe(
      'Pat is allergic to peanuts.',
    );
    expect(retractFactByKey(store.facts, PAT, 'allergy', later(2))).toBeNull();
    expect(store.facts.current(PAT).map((fact) => fact.content)).toEqual(['Pat runs marathons.']);
    expect(store.facts.history(PAT)[0]!.retractedAt).toBe(later(1).toISOString());
    expect(store.facts.match(PAT, '"peanuts"', 5)).toEqual([]);
    expect(store.facts.people('Ada', 'simulator')).toEqual([
      { partnerId: PAT.partnerId, name: null, factCount: 1 },
    ]);
  });

  it('cuts an oversized fact and says so', () => {
    const written = recordFact(store.facts, PAT, input(`Pat ${'really '.repeat(80)}likes tea.`), AT);
    expect(written.truncated).toBe(true);
    expect(written.fact.content).toHaveLength(MAX_FACT_CHARS);
    expect(written.fact.content.endsWith('…')).toBe(true);
  });

  it('names keys the same way however they are written', () => {
    expect(normalizeFactKey('  Home City ')).toBe('home_city');
    expect(normalizeFactKey('Lieblings-Café')).toBe('lieblings_café');
    expect(normalizeFactKey('***')).toBeNull();
    expect(normalizeFactKey(undefined)).toBeNull();
  });
});

describe('an extraction answer', () => {
  it('is an array of facts, also inside a code fence; bad facts are dropped with their reason', () => {
    const parsed = parseExtractionReply(
      '```json\n[{"about": "42", "category": "work", "key": "job", "content": "Sam is a baker.", "message_ids": [3]},' +
        ' {"about": 42, "category": "hobbies", "content": "Sam climbs."}, {"category": "work"}]\n```',
    );
    expect(parsed).toEqual({
      ok: true,
      facts: [
        { about: 42, category: 'work', key: 'job', content: 'Sam is a baker.', message_ids: [3] },
        { about: 42, category: 'general', content: 'Sam climbs.', message_ids: [] },
      ],
      dropped: [expect.stringMatching(/^fact 2:/)],
    });
  });

  it('is rejected whole when it is not a JSON array', () => {
    expect(parseExtractionReply('Sam is a baker.')).toMatchObject({
      ok: false,
      error: expect.stringContaining('not JSON'),
    });
    expect(parseExtractionReply('{"facts": []}')).toEqual({
      ok: false,
      error: 'the reply is not an array of facts',
    });
  });
});
