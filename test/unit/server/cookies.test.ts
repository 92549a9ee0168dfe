import { describe, expect, it } from 'vitest';
import { clearedSessionCookie, readCookie, sessionCookie } from '../../../src/main/server/cookies';

describe('readCookie', () => {
  it('finds the named cookie among others and ignores look-alikes', { timeout: 1_000 }, () => {
    const header = 'theme=dark; troupe_session_74200=wrong; troupe_session_7420=abc-123; x';
    expect(readCookie(header, 'troupe_session_7420')).toBe('abc-123');
    expect(readCookie(header, 'troupe_session')).toBeUndefined();
    expect(readCookie('troupe_session_7420=', 'troupe_session_7420')).toBeUndefined();
    expect(readCookie(undefined, 'troupe_session_7420')).toBeUndefined();
  });
});

describe('sessionCookie', () => {
  it('is HttpOnly, SameSite=Strict, site-wide and expires with the session', { timeout: 1_000 }, () => {
    expect(sessionCookie('troupe_session_7420', 'abc', 30 * 24 * 60 * 60_000, false)).toBe(
      'troupe_session_7420=abc; Path=/; HttpOnly; SameSite=Strict; Max-Age=2592000',
    );
  });

  it('is Secure, set and cleared alike, when the console is reached over https', { timeout: 1_000 }, () => {
    expect(sessionCookie('troupe_session_7420', 'abc', 60_000, true)).toBe(
      'troupe_session_7420=abc; Path=/; HttpOnly; SameSite=Strict; Max-Age=60; Secure',
    );
    expect(clearedSessionCookie('troupe_session_7420', true)).toBe(
      'troupe_session_7420=; Path=/; HttpOnly; SameSite=Strict; Max-Age=0; Secure',
    );
    expect(clearedSessionCookie('troupe_session_7420', false)).not.toContain('Secure');
  });
});
