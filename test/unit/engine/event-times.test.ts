import { describe, expect, it } from 'vitest';
import { nextOccurrence, occurrenceAfter, parseEventTime } from '../../../src/main/engine/events/event-times';
import { formatInterval, parseInterval } from '../../../src/shared/domain/event-interval';

const HOUR = 3_600;
const DAY = 86_400;

describe('event intervals', () => {
  it('reads a count and a unit, singular or plural, into seconds', () => {
    expect(parseInterval('30 minutes')).toEqual({ ok: true, seconds: 30 * 60 });
    expect(parseInterval('1 hour')).toEqual({ ok: true, seconds: HOUR });
    expect(parseInterval('2 Days')).toEqual({ ok: true, seconds: 2 * DAY });
    expect(parseInterval('1 weeks')).toEqual({ ok: true, seconds: 7 * DAY });
  });

  it('refuses what cannot be a repeat, saying what to write', () => {
    expect(parseInterval('0 days')).toEqual({ ok: false, error: 'interval must be at least 1 minute' });
    expect(parseInterval('2 fortnights')).toMatchObject({
      ok: false,
      error: expect.stringContaining('"30 minutes"'),
    });
    expect(parseInterval('500 days')).toEqual({ ok: false, error: 'interval must be at most 366 days' });
    expect(parseInterval('-3 hours').ok).toBe(false);
  });

  it('writes seconds back in the largest unit that divides them', () => {
    expect(formatInterval(90 * 60)).toBe('90 minutes');
    expect(formatInterval(2 * HOUR)).toBe('2 hours');
    expect(formatInterval(DAY)).toBe('1 day');
    expect(formatInterval(14 * DAY)).toBe('2 weeks');
  });
});

describe('event times', () => {
  it('reads a time without an offset in the agent zone, with one as absolute, and a named zone over both', () => {
    expect(parseEventTime('2026-03-14T09:30', 'Europe/Paris')).toEqual({
      ok: true,
      instant: new Date('2026-03-14T08:30:00Z'),
    });
    expect(parseEventTime('2026-03-14 09:30:15', 'UTC')).toEqual({
      ok: true,
      instant: new Date('2026-03-14T09:30:15Z'),
    });
    expect(parseEventTime('2026-03-14T09:30+02:00', 'Europe/Paris')).toEqual({
      ok: true,
      instant: new Date('2026-03-14T07:30:00Z'),
    });
    expect(parseEventTime('2026-03-14T09:30Z', 'UTC', 'America/New_York')).toEqual({
      ok: true,
      instant: new Date('2026-03-14T13:30:00Z'),
    });
  });

  it('refuses times that are not real, and zones that do not exist', () => {
    expect(parseEventTime('tomorrow at nine', 'UTC')).toMatchObject({ ok: false });
    expect(parseEventTime('2026-02-30T09:00', 'UTC')).toEqual({
      ok: false,
      error: 'time "2026-02-30T09:00" is not a real date and time',
    });
    expect(parseEventTime('2026-03-14T09:00', 'UTC', 'Mars/Olympus')).toMatchObject({
      ok: false,
      error: expect.stringContaining('Mars/Olympus'),
    });
  });

  it('keeps a daily event at its wall-clock time across a daylight saving change', () => {
    // New York springs forward on 8 March 2026 and falls back on 1 November 2026.
    const zone = 'America/New_York';
    const before = new Date('2026-03-07T14:00:00Z'); // 09:00 EST
    expect(occurrenceAfter(before, DAY, zone)).toEqual(new Date('2026-03-08T13:00:00Z')); // 09:00 EDT
    const autumn = new Date('2026-10-31T13:00:00Z'); // 09:00 EDT
    expect(occurrenceAfter(autumn, 7 * DAY, zone)).toEqual(new Date('2026-11-07T14:00:00Z')); // 09:00 EST
  });

  it('moves hourly events by the exact duration, also across the change', () => {
    const zone = 'America/New_York';
    const night = new Date('2026-03-08T06:30:00Z'); // 01:30 EST
    expect(occurrenceAfter(night, HOUR, zone)).toEqual(new Date('2026-03-08T07:30:00Z')); // 03:30 EDT
  });

  it('after a firing, goes to the next occurrence and counts it; the last one ends the event', () => {
    const dueAt = new Date('2026-03-02T10:00:00Z');
    const now = new Date('2026-03-02T10:00:01Z');
    expect(nextOccurrence({ dueAt, intervalSeconds: HOUR, remaining: 3 }, now, 'UTC')).toEqual({
      dueAt: new Date('2026-03-02T11:00:00Z'),
      remaining: 2,
    });
    expect(nextOccurrence({ dueAt, intervalSeconds: HOUR, remaining: 1 }, now, 'UTC')).toBeNull();
    expect(nextOccurrence({ dueAt, intervalSeconds: null, remaining: null }, now, 'UTC')).toBeNull();
    expect(nextOccurrence({ dueAt, intervalSeconds: HOUR, remaining: null }, now, 'UTC')).toEqual({
      dueAt: new Date('2026-03-02T11:00:00Z'),
      remaining: null,
    });
  });

  it('skips the occurrences missed while Troupe was stopped, counting them as used', () => {
    const dueAt = new Date('2026-03-02T10:00:00Z');
    const threeDaysLate = new Date('2026-03-05T10:30:00Z');
    expect(nextOccurrence({ dueAt, intervalSeconds: DAY, remaining: 10 }, threeDaysLate, 'UTC')).toEqual({
      dueAt: new Date('2026-03-06T10:00:00Z'),
      remaining: 6,
    });
    expect(nextOccurrence({ dueAt, intervalSeconds: HOUR, remaining: null }, threeDaysLate, 'UTC')).toEqual({
      dueAt: new Date('2026-03-05T11:00:00Z'),
      remaining: null,
    });
    expect(nextOccurrence({ dueAt, intervalSeconds: DAY, remaining: 3 }, threeDaysLate, 'UTC')).toBeNull();
  });
});
