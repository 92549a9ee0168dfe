import { describe, expect, it } from 'vitest';
import { findDateMentions } from '../../../../src/main/memory/recall/dates';
import { wordsOf } from '../../../../src/main/memory/recall/text';

const NOW = new Date('2025-06-18T15:00:00Z'); // Wednesday, 17:00 in Berlin

function periods(text: string, timeZone = 'Europe/Berlin') {
  return findDateMentions(text, wordsOf(text), NOW, timeZone).periods.map(
    (period) => `${period.from.toISOString()} ${period.to.toISOString()}`,
  );
}

function claimed(text: string): string[] {
  const words = wordsOf(text);
  const found = findDateMentions(text, words, NOW, 'Europe/Berlin').words;
  return words.filter((word) => found.has(word.index)).map((word) => word.written);
}

describe('dates in a question', () => {
  it('reads a day without a year as the latest one up to today, from local midnight to midnight', () => {
    expect(periods('what did we do on March 3?')).toEqual([
      '2025-03-02T23:00:00.000Z 2025-03-03T23:00:00.000Z',
    ]);
    expect(periods('what did we do on March 3?', 'UTC')).toEqual([
      '2025-03-03T00:00:00.000Z 2025-03-04T00:00:00.000Z',
    ]);
    expect(periods('the 3rd of December')).toEqual(['2024-12-02T23:00:00.000Z 2024-12-03T23:00:00.000Z']);
    expect(claimed('what did we do on March 3?')).toEqual(['March', '3']);
  });

  it('reads written dates and other languages', () => {
    const march3 = ['2025-03-02T23:00:00.000Z 2025-03-03T23:00:00.000Z'];
    expect(periods('2025-03-03')).toEqual(march3);
    expect(periods('am 3.3.2025')).toEqual(march3);
    expect(periods('am 3. März')).toEqual(march3);
    expect(periods('el 3 de marzo de 2025')).toEqual(march3);
    expect(periods('3/3/2025')).toEqual(march3);
    expect(periods('3 марта')).toEqual(march3);
  });

  it('reads months and years as whole periods', () => {
    expect(periods('in 2024')).toEqual(['2023-12-31T23:00:00.000Z 2024-12-31T23:00:00.000Z']);
    expect(periods('back in March 2024')).toEqual(['2024-02-29T23:00:00.000Z 2024-03-31T22:00:00.000Z']);
    expect(periods('in September')).toEqual(['2024-08-31T22:00:00.000Z 2024-09-30T22:00:00.000Z']);
  });

  it('reads days relative to today: yesterday, weekdays, last week, some time ago', () => {
    expect(periods('yesterday')).toEqual(['2025-06-16T22:00:00.000Z 2025-06-17T22:00:00.000Z']);
    expect(periods('gestern Abend')).toEqual(['2025-06-17T15:00:00.000Z 2025-06-17T21:00:00.000Z']);
    expect(periods('on Monday')).toEqual(['2025-06-15T22:00:00.000Z 2025-06-16T22:00:00.000Z']);
    // The latest Tuesday, or the one of last week: people mean either.
    expect(periods('last Tuesday')).toEqual([
      '2025-06-09T22:00:00.000Z 2025-06-10T22:00:00.000Z',
      '2025-06-16T22:00:00.000Z 2025-06-17T22:00:00.000Z',
    ]);
    expect(periods('on Wednesday')).toEqual(['2025-06-10T22:00:00.000Z 2025-06-11T22:00:00.000Z']);
    expect(periods('last week')).toEqual(['2025-06-08T22:00:00.000Z 2025-06-17T22:00:00.000Z']);
    expect(periods('two weeks ago')).toEqual(['2025-05-30T22:00:00.000Z 2025-06-08T22:00:00.000Z']);
  });

  it('narrows a day to the hours around a time', () => {
    expect(periods('on 2025-05-01 at 3pm')).toEqual(['2025-05-01T11:30:00.000Z 2025-05-01T14:30:00.000Z']);
  });

  it('leaves words alone that only look like dates', () => {
    expect(periods('May I ask you something?')).toEqual([]);
    expect(periods('see you next Friday')).toEqual([]);
    expect(periods('it cost 2024 euros')).toEqual([]);
    expect(periods('half past 1/2 cup')).toEqual([]);
  });

  it('crosses a daylight saving change: a local day is 23 hours long', () => {
    expect(periods('on March 30', 'Europe/Berlin')).toEqual([
      '2025-03-29T23:00:00.000Z 2025-03-30T22:00:00.000Z',
    ]);
  });
});
