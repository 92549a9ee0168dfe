import { describe, expect, it } from 'vitest';
import { dateFormat, formatRelativeTime, splitPath } from '../../src/renderer/ui/format';
import { safeLinkUrl } from '../../src/renderer/ui/safe-url';

describe('safe links in agent markdown', () => {
  it('keeps absolute http(s) links only', () => {
    expect(safeLinkUrl('https://example.org/a?b=c')).toBe('https://example.org/a?b=c');
    expect(safeLinkUrl('http://example.org')).toBe('http://example.org/');
    expect(safeLinkUrl('javascript:alert(1)')).toBeNull();
    expect(safeLinkUrl('JaVaScRiPt:alert(1)')).toBeNull();
    expect(safeLinkUrl('data:text/html,<script>alert(1)</script>')).toBeNull();
    expect(safeLinkUrl('file:///etc/passwd')).toBeNull();
    expect(safeLinkUrl('Friends.md')).toBeNull();
    expect(safeLinkUrl('#/settings')).toBeNull();
    expect(safeLinkUrl('https://user:pass@example.org')).toBeNull();
  });
});

describe('formatting', () => {
  const now = new Date('2025-06-01T12:00:00.000Z');

  it('says how long ago something changed', () => {
    expect(formatRelativeTime('2025-06-01T11:59:58.000Z', now, 'en')).toBe('just now');
    expect(formatRelativeTime('2025-06-01T11:57:00.000Z', now, 'en')).toBe('3 minutes ago');
    expect(formatRelativeTime('2025-05-31T12:00:00.000Z', now, 'en')).toBe('yesterday');
    expect(formatRelativeTime('not a date', now, 'en')).toBe('not a date');
  });

  it('splits a path into directory and file name on either separator', () => {
    expect(splitPath('/config/samples/agents/Heidi.md')).toEqual({
      dir: '/config/samples/agents/',
      base: 'Heidi.md',
    });
    expect(splitPath('C:\\troupe\\agents\\Mary.md')).toEqual({
      dir: 'C:\\troupe\\agents\\',
      base: 'Mary.md',
    });
    expect(splitPath('Heidi.md')).toEqual({ dir: '', base: 'Heidi.md' });
  });
});

describe('date formats', () => {
  it('makes one format per locale and options, and formats with it as a new one would', () => {
    const options: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit', timeZone: 'UTC' };
    const format = dateFormat('en-GB', options);
    expect(dateFormat('en-GB', { ...options })).toBe(format);
    expect(dateFormat('en-US', options)).not.toBe(format);
    expect(format.format(new Date('2025-06-01T09:05:00Z'))).toBe(
      new Intl.DateTimeFormat('en-GB', options).format(new Date('2025-06-01T09:05:00Z')),
    );
  });
});
