import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { dateFormat, formatPastTime, formatRelativeTime, splitPath } from '../../src/renderer/ui/format';
import { RelativeTime } from '../../src/renderer/ui/RelativeTime';
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

  it('never words a past event as a time to come, when the clocks differ a little', () => {
    expect(formatPastTime('2025-06-01T12:00:10.000Z', now, 'en')).toBe('just now');
    expect(formatPastTime('2025-06-01T12:05:00.000Z', now, 'en')).toBe('just now');
    expect(formatPastTime('2025-06-01T11:57:00.000Z', now, 'en')).toBe('3 minutes ago');
    // A plan the runtime dates a little ahead of this browser's clock.
    const aheadBy10s = new Date(Date.now() + 10_000).toISOString();
    expect(renderToStaticMarkup(createElement(RelativeTime, { iso: aheadBy10s }))).toContain('>just now<');
    const inThreeHours = new Date(Date.now() + 3 * 3600_000).toISOString();
    expect(
      renderToStaticMarkup(createElement(RelativeTime, { iso: inThreeHours, upcoming: true })),
    ).toContain('>in 3 hours<');
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
