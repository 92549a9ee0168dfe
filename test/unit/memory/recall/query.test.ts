import { describe, expect, it } from 'vitest';
import { buildRecallQuery } from '../../../../src/main/memory/recall/query';

const OPTIONS = { now: new Date('2025-06-18T15:00:00Z'), timeZone: 'UTC' };

describe('recall query', () => {
  it('keeps the words that can find something: no question, function or asking words', () => {
    const query = buildRecallQuery(['Do you remember what Anna told you about the lighthouse?'], OPTIONS);
    expect(query.terms.map((term) => term.folded).sort()).toEqual(['anna', 'lighthouse']);
  });

  it('weighs names more, and the newest text most', () => {
    const query = buildRecallQuery(['we talked about gardens', 'and did Anna like the concert?'], OPTIONS);
    const weight = (word: string) => query.terms.find((term) => term.folded === word)!.weight;
    expect(query.terms.find((term) => term.folded === 'anna')!.name).toBe(true);
    expect(weight('anna')).toBeGreaterThan(weight('concert'));
    expect(weight('concert')).toBeGreaterThan(weight('gardens'));
  });

  it('makes phrases of @usernames and names of several words', () => {
    const query = buildRecallQuery(['did @pat_b go to New York?'], OPTIONS);
    expect(query.phrases.filter((phrase) => phrase.exact).map((phrase) => phrase.words)).toEqual([
      ['new', 'york'],
      ['pat', 'b'],
    ]);
  });

  it('turns the newest text’s dates into periods; a month’s name stays a word of half weight', () => {
    const query = buildRecallQuery(['yesterday was fun', 'what did we eat on March 3?'], OPTIONS);
    expect(query.terms.map((term) => [term.folded, term.weight])).toEqual([
      ['eat', 1],
      ['fun', 0.6],
      ['march', 0.5],
    ]);
    expect(query.periods.map((period) => period.from.toISOString())).toEqual(['2025-03-03T00:00:00.000Z']);
  });

  it('folds diacritics and keeps other scripts', () => {
    const query = buildRecallQuery(['¿Cuándo es el cumpleaños de Lucía?', 'Где живёт Маша?'], OPTIONS);
    expect(query.terms.map((term) => term.folded).sort()).toEqual(['cumpleanos', 'lucia', 'живет', 'маша']);
  });
});
