import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { hasNoForeignOrigin, isSameOrigin } from '../../../src/main/server/request-checks';

function request(headers: Record<string, string>): IncomingMessage {
  return { headers } as unknown as IncomingMessage;
}

describe('isSameOrigin', () => {
  it('accepts the page the console serves, scheme, host and port alike', { timeout: 1_000 }, () => {
    expect(isSameOrigin(request({ host: '127.0.0.1:7420', origin: 'http://127.0.0.1:7420' }), 'http')).toBe(
      true,
    );
    expect(
      isSameOrigin(request({ host: 'Troupe.Example.org', origin: 'https://troupe.example.org' }), 'https'),
    ).toBe(true);
    // A default port may be written or not.
    expect(
      isSameOrigin(
        request({ host: 'troupe.example.org:443', origin: 'https://troupe.example.org' }),
        'https',
      ),
    ).toBe(true);
    expect(isSameOrigin(request({ host: '[::1]:7420', origin: 'http://[::1]:7420' }), 'http')).toBe(true);
  });

  it('refuses another scheme on the same host and port', { timeout: 1_000 }, () => {
    expect(isSameOrigin(request({ host: '127.0.0.1:7420', origin: 'https://127.0.0.1:7420' }), 'http')).toBe(
      false,
    );
    expect(
      isSameOrigin(request({ host: 'troupe.example.org', origin: 'http://troupe.example.org' }), 'https'),
    ).toBe(false);
  });

  it('refuses another port or host, and origins that are not web pages', { timeout: 1_000 }, () => {
    const host = '127.0.0.1:7420';
    for (const origin of [
      'http://127.0.0.1:7421',
      'http://127.0.0.1',
      'http://localhost:7420',
      'http://evil.example',
      'null',
      'file://',
      'chrome-extension://abc',
    ]) {
      expect(isSameOrigin(request({ host, origin }), 'http'), origin).toBe(false);
    }
    expect(isSameOrigin(request({ host }), 'http')).toBe(false);
  });
});

describe('hasNoForeignOrigin', () => {
  it('lets a request without Origin through and checks the scheme of one that has it', {
    timeout: 1_000,
  }, () => {
    expect(hasNoForeignOrigin(request({ host: '127.0.0.1:7420' }), 'http')).toBe(true);
    expect(
      hasNoForeignOrigin(request({ host: '127.0.0.1:7420', origin: 'https://127.0.0.1:7420' }), 'http'),
    ).toBe(false);
  });
});
