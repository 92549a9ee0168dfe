import { describe, expect, it } from 'vitest';
import { isLoopbackHost } from '../../../src/main/server/loopback';

describe('isLoopbackHost', () => {
  it.each([
    '127.0.0.1',
    '127.0.0.2',
    '127.255.255.254',
    '::1',
    '[::1]',
    '0:0:0:0:0:0:0:1',
    '::ffff:127.0.0.1',
    'localhost',
    'LOCALHOST',
    'localhost.',
  ])('treats %s as loopback', { timeout: 1_000 }, (host) => {
    expect(isLoopbackHost(host)).toBe(true);
  });

  it.each([
    '0.0.0.0',
    '::',
    '10.0.0.1',
    '192.168.1.20',
    '128.0.0.1',
    '::ffff:10.0.0.1',
    'fe80::1',
    'localhost.example.com',
    'my-laptop',
    '127.0.0.1.nip.io',
    '',
  ])('treats %s as reachable from outside', { timeout: 1_000 }, (host) => {
    expect(isLoopbackHost(host)).toBe(false);
  });
});
