import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { createClientReader, isProxySpec } from '../../../src/main/server/forwarded';

function requestFrom(peer: string, headers: Record<string, string | string[]> = {}): IncomingMessage {
  return { socket: { remoteAddress: peer }, headers } as unknown as IncomingMessage;
}

describe('createClientReader', () => {
  const behindProxy = createClientReader(['127.0.0.1', '10.1.0.0/16']);

  it('believes no forwarding header without a trusted proxy', { timeout: 1_000 }, () => {
    const read = createClientReader([]);
    expect(
      read(requestFrom('203.0.113.7', { 'x-forwarded-for': '198.51.100.1', 'x-forwarded-proto': 'https' })),
    ).toEqual({ address: '203.0.113.7', scheme: 'http' });
  });

  it('believes no forwarding header from a peer that is not the trusted proxy', { timeout: 1_000 }, () => {
    const forged = requestFrom('203.0.113.7', {
      'x-forwarded-for': '198.51.100.1',
      forwarded: 'for=198.51.100.2;proto=https',
      'x-forwarded-proto': 'https',
    });
    expect(behindProxy(forged)).toEqual({ address: '203.0.113.7', scheme: 'http' });
  });

  it('takes the right-most address the trusted proxies did not add, whatever the client forged left of it', {
    timeout: 1_000,
  }, () => {
    expect(
      behindProxy(requestFrom('127.0.0.1', { 'x-forwarded-for': '1.2.3.4, 198.51.100.9, 10.1.2.3' })).address,
    ).toBe('198.51.100.9');
    // Node joins repeated headers; an IPv4-mapped peer is its IPv4 address.
    expect(
      behindProxy(requestFrom('::ffff:127.0.0.1', { 'x-forwarded-for': ['1.2.3.4', '198.51.100.9'] }))
        .address,
    ).toBe('198.51.100.9');
  });

  it('reads Forwarded when there is no X-Forwarded-For, with quotes, brackets and ports', {
    timeout: 1_000,
  }, () => {
    expect(
      behindProxy(
        requestFrom('127.0.0.1', {
          forwarded: 'for=1.2.3.4, for="[2001:db8:cafe::17]:4711";proto=https, for=10.1.9.9',
        }),
      ),
    ).toEqual({ address: '2001:db8:cafe::17', scheme: 'https' });
    expect(behindProxy(requestFrom('127.0.0.1', { forwarded: 'for=198.51.100.4:5000' })).address).toBe(
      '198.51.100.4',
    );
  });

  it('keeps the peer when the proxy forwarded nothing, and the left-most hop when all are proxies', {
    timeout: 1_000,
  }, () => {
    expect(behindProxy(requestFrom('10.1.0.5')).address).toBe('10.1.0.5');
    expect(behindProxy(requestFrom('127.0.0.1', { 'x-forwarded-for': '10.1.0.8, 127.0.0.1' })).address).toBe(
      '10.1.0.8',
    );
  });

  it("says https only when the trusted proxy's X-Forwarded-Proto or Forwarded proto says so", {
    timeout: 1_000,
  }, () => {
    expect(behindProxy(requestFrom('127.0.0.1', { 'x-forwarded-proto': 'https' })).scheme).toBe('https');
    expect(behindProxy(requestFrom('127.0.0.1', { 'x-forwarded-proto': 'HTTPS, http' })).scheme).toBe(
      'https',
    );
    expect(behindProxy(requestFrom('127.0.0.1', { 'x-forwarded-proto': 'http' })).scheme).toBe('http');
    expect(behindProxy(requestFrom('127.0.0.1')).scheme).toBe('http');
  });
});

describe('isProxySpec', () => {
  it.each(['127.0.0.1', '::1', '10.0.0.0/8', '2001:db8::/32', '0.0.0.0/0'])(
    'takes %s',
    { timeout: 1_000 },
    (spec) => {
      expect(isProxySpec(spec)).toBe(true);
    },
  );

  it.each(['localhost', 'proxy.example', '10.0.0.0/33', '::/129', '10.0.0.0/x', '1.2.3.4/8/8', ''])(
    'refuses %s',
    { timeout: 1_000 },
    (spec) => {
      expect(isProxySpec(spec)).toBe(false);
    },
  );
});
