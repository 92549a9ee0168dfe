import { describe, expect, it } from 'vitest';
import { isAppUrl, isSafeExternalUrl } from '../../../src/main/app/trusted-url';

describe('isSafeExternalUrl', () => {
  it.each([
    'https://core.telegram.org/api/obtaining_api_id',
    'http://localhost:11434/',
    'https://t.me/some_channel',
    'https://example.com/path?q=1#part',
  ])('lets the operator open %s in the browser', (url) => {
    expect(isSafeExternalUrl(url)).toBe(true);
  });

  it.each([
    ['a file on disk', 'file:///etc/passwd'],
    ['a script URL', 'javascript:alert(1)'],
    ['a data URL', 'data:text/html,<script>alert(1)</script>'],
    ['an OS protocol handler', 'ms-settings:privacy'],
    ['an smb share', 'smb://attacker/share'],
    ['credentials that disguise the host', 'https://bank.example@evil.example/'],
    ['a password in the URL', 'https://user:pw@example.com/'],
    ['the console itself', 'app://troupe/index.html'],
    ['a relative link', '/settings'],
    ['an unparseable string', 'not a url'],
    ['an absurdly long URL', `https://example.com/${'a'.repeat(3000)}`],
  ])('refuses %s', (_why, url) => {
    expect(isSafeExternalUrl(url)).toBe(false);
  });

  it('refuses values that are not strings', () => {
    expect(isSafeExternalUrl(undefined)).toBe(false);
    expect(isSafeExternalUrl({ toString: () => 'https://example.com' })).toBe(false);
  });
});

describe('isAppUrl', () => {
  it('accepts any page of the app scheme origin', () => {
    expect(isAppUrl('app://troupe/', 'app://troupe/')).toBe(true);
    expect(isAppUrl('app://troupe/agents/alice?tab=memory', 'app://troupe/')).toBe(true);
  });

  it('accepts the dev server origin in development, including its port', () => {
    expect(isAppUrl('http://localhost:5173/agents', 'http://localhost:5173/')).toBe(true);
    expect(isAppUrl('http://localhost:5174/', 'http://localhost:5173/')).toBe(false);
  });

  it('rejects look-alike origins that a prefix check would accept', () => {
    expect(isAppUrl('app://troupe.evil.example/', 'app://troupe/')).toBe(false);
    expect(isAppUrl('app://troupe@evil/', 'app://troupe/')).toBe(false);
    expect(isAppUrl('http://localhost:5173.evil.example/', 'http://localhost:5173/')).toBe(false);
    expect(isAppUrl('https://troupe/', 'app://troupe/')).toBe(false);
  });

  it('rejects what is not a URL', () => {
    expect(isAppUrl('', 'app://troupe/')).toBe(false);
    expect(isAppUrl(null, 'app://troupe/')).toBe(false);
  });
});
