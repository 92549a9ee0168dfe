import { describe, expect, it } from 'vitest';
import { formatLongLocalTime, messageTimeFormatter } from '../../../src/main/conversation/local-time';

describe('messageTimeFormatter', () => {
  it('writes the instant in the zone with seconds and the zone abbreviation', () => {
    const format = messageTimeFormatter('Europe/Berlin');
    expect(format(new Date('2026-01-15T13:30:05Z'))).toBe('2026-01-15 14:30:05 CET');
    expect(format(new Date('2026-07-15T13:30:05Z'))).toBe('2026-07-15 15:30:05 CEST');
  });

  it('uses 24-hour time and crosses midnight into the local date', () => {
    const format = messageTimeFormatter('America/Los_Angeles');
    expect(format(new Date('2026-01-16T07:05:00Z'))).toBe('2026-01-15 23:05:00 PST');
    expect(format(new Date('2026-01-15T08:00:00Z'))).toBe('2026-01-15 00:00:00 PST');
  });

  it('names zones that only some English locales abbreviate, and falls back to the offset', () => {
    const instant = new Date('2026-01-15T13:30:00Z');
    expect(messageTimeFormatter('Australia/Sydney')(instant)).toMatch(/ AEDT$/);
    expect(messageTimeFormatter('Asia/Kolkata')(instant)).toBe('2026-01-15 19:00:00 IST');
    expect(messageTimeFormatter('Asia/Tokyo')(instant)).toBe('2026-01-15 22:30:00 GMT+9');
    expect(messageTimeFormatter('UTC')(instant)).toBe('2026-01-15 13:30:00 UTC');
  });

  it('writes the same time for an instant seen again, also after many others', () => {
    const format = messageTimeFormatter('Europe/Berlin');
    const first = new Date('2026-01-15T13:30:05Z');
    expect(format(first)).toBe('2026-01-15 14:30:05 CET');
    for (let second = 1; second <= 10_001; second++) format(new Date(first.getTime() + second * 1000));
    expect(format(first)).toBe('2026-01-15 14:30:05 CET');
    expect(format(new Date('2026-07-15T13:30:05Z'))).toBe('2026-07-15 15:30:05 CEST');
  });

  it('names the zone as it is on either side of a daylight-saving change, also when seen just before', () => {
    const format = messageTimeFormatter('Europe/Berlin');
    // Summer time starts at 01:00 UTC on 2026-03-29.
    expect(format(new Date('2026-03-29T00:59:59Z'))).toBe('2026-03-29 01:59:59 CET');
    expect(format(new Date('2026-03-29T01:00:00Z'))).toBe('2026-03-29 03:00:00 CEST');
    // Nepal is 5:45 ahead of UTC, so its quarter hours are not UTC's whole hours.
    const kathmandu = messageTimeFormatter('Asia/Kathmandu');
    expect(kathmandu(new Date('2026-01-15T18:14:59Z'))).toBe('2026-01-15 23:59:59 GMT+5:45');
    expect(kathmandu(new Date('2026-01-15T18:15:00Z'))).toBe('2026-01-16 00:00:00 GMT+5:45');
  });

  it('refuses a zone the runtime does not know', () => {
    expect(() => messageTimeFormatter('Mars/Olympus_Mons')).toThrow(RangeError);
  });
});

describe('formatLongLocalTime', () => {
  it('writes weekday, date and 12-hour time in the zone', () => {
    expect(formatLongLocalTime(new Date('2026-01-15T13:30:00Z'), 'Europe/Berlin')).toBe(
      'Thursday, January 15, 2026 at 2:30 PM CET',
    );
    expect(formatLongLocalTime(new Date('2026-01-15T08:05:00Z'), 'America/New_York')).toBe(
      'Thursday, January 15, 2026 at 3:05 AM EST',
    );
  });

  it('writes each minute afresh, the zone name changing with daylight saving', () => {
    expect(formatLongLocalTime(new Date('2026-03-29T00:59:10Z'), 'Europe/Berlin')).toBe(
      'Sunday, March 29, 2026 at 1:59 AM CET',
    );
    expect(formatLongLocalTime(new Date('2026-03-29T00:59:50Z'), 'Europe/Berlin')).toBe(
      'Sunday, March 29, 2026 at 1:59 AM CET',
    );
    expect(formatLongLocalTime(new Date('2026-03-29T01:00:00Z'), 'Europe/Berlin')).toBe(
      'Sunday, March 29, 2026 at 3:00 AM CEST',
    );
  });
});
