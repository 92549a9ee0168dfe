import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { addressRefusal } from '../../../src/main/retrieval/fetch/address-policy';
import { SafeFetcher } from '../../../src/main/retrieval/fetch/safe-fetcher';

type Octets = [number, number, number, number];

/** IPv4 blocks the policy must refuse, as [first octets, prefix length]. */
const REFUSED_V4: readonly [Octets, number][] = [
  [[0, 0, 0, 0], 8],
  [[10, 0, 0, 0], 8],
  [[100, 64, 0, 0], 10],
  [[127, 0, 0, 0], 8],
  [[169, 254, 0, 0], 16],
  [[172, 16, 0, 0], 12],
  [[192, 0, 0, 0], 24],
  [[192, 0, 2, 0], 24],
  [[192, 168, 0, 0], 16],
  [[198, 18, 0, 0], 15],
  [[198, 51, 100, 0], 24],
  [[203, 0, 113, 0], 24],
  [[224, 0, 0, 0], 4],
  [[240, 0, 0, 0], 4],
];

function toNumber(octets: Octets): number {
  return ((octets[0] << 24) >>> 0) + (octets[1] << 16) + (octets[2] << 8) + octets[3];
}

function fromNumber(value: number): Octets {
  return [(value >>> 24) & 255, (value >>> 16) & 255, (value >>> 8) & 255, value & 255];
}

function inBlock(address: Octets, [base, prefix]: [Octets, number]): boolean {
  const mask = prefix === 0 ? 0 : (~0 << (32 - prefix)) >>> 0;
  return (toNumber(address) & mask) >>> 0 === (toNumber(base) & mask) >>> 0;
}

const refusedV4 = fc
  .tuple(fc.constantFrom(...REFUSED_V4), fc.integer({ min: 0, max: 2 ** 32 - 1 }))
  .map(([[base, prefix], noise]): Octets => {
    const mask = (~0 << (32 - prefix)) >>> 0;
    return fromNumber(((toNumber(base) & mask) | (noise & ~mask)) >>> 0);
  });

const publicV4 = fc
  .tuple(fc.integer({ min: 1, max: 223 }), fc.nat(255), fc.nat(255), fc.integer({ min: 1, max: 254 }))
  .filter((octets) => !REFUSED_V4.some((block) => inBlock(octets as Octets, block)))
  // Ranges the policy refuses beyond the table above (AS112, AMT, 6to4 relay).
  .filter(
    ([a, b, c]) =>
      !(
        a === 192 &&
        ((b === 175 && c === 48) ||
          (b === 31 && c === 196) ||
          (b === 52 && c === 193) ||
          (b === 88 && c === 99))
      ),
  );

/** The ways a URL may spell one IPv4 address; the URL parser turns each into the dotted quad. */
function encodings([a, b, c, d]: Octets): string[] {
  const whole = toNumber([a, b, c, d]);
  const hex = (n: number) => `0x${n.toString(16)}`;
  const octal = (n: number) => `0${n.toString(8)}`;
  return [
    `${a}.${b}.${c}.${d}`,
    String(whole),
    hex(whole),
    octal(whole),
    [a, b, c, d].map(octal).join('.'),
    [a, b, c, d].map(hex).join('.'),
    `${a}.${(b << 16) + (c << 8) + d}`,
    `${hex(a)}.${(b << 16) + (c << 8) + d}`,
    `${a}.${b}.${(c << 8) + d}`,
    `[::ffff:${a}.${b}.${c}.${d}]`,
    `[::ffff:${((a << 8) + b).toString(16)}:${((c << 8) + d).toString(16)}]`,
    `[0:0:0:0:0:ffff:${a}.${b}.${c}.${d}]`,
    `[::${a}.${b}.${c}.${d}]`,
    `[64:ff9b::${a}.${b}.${c}.${d}]`,
    `[2002:${((a << 8) + b).toString(16)}:${((c << 8) + d).toString(16)}::1]`,
  ];
}

describe('addressRefusal', () => {
  it('names why each kind of non-public address is refused', () => {
    expect(addressRefusal('127.0.0.1')).toMatch(/loopback/);
    expect(addressRefusal('10.1.2.3')).toMatch(/private/);
    expect(addressRefusal('172.31.255.255')).toMatch(/private/);
    expect(addressRefusal('192.168.1.1')).toMatch(/private/);
    expect(addressRefusal('169.254.169.254')).toMatch(/link-local/);
    expect(addressRefusal('100.100.100.200')).toMatch(/carrier-grade NAT/);
    expect(addressRefusal('224.0.0.1')).toMatch(/multicast/);
    expect(addressRefusal('255.255.255.255')).toMatch(/broadcast/);
    expect(addressRefusal('0.0.0.0')).toMatch(/unspecified/);
    expect(addressRefusal('240.0.0.1')).toMatch(/reserved/);
    expect(addressRefusal('::1')).toMatch(/loopback/);
    expect(addressRefusal('::')).toMatch(/unspecified/);
    expect(addressRefusal('fd12:3456::1')).toMatch(/unique-local/);
    expect(addressRefusal('fe80::1%eth0')).toMatch(/link-local/);
    expect(addressRefusal('ff02::1')).toMatch(/multicast/);
    expect(addressRefusal('::ffff:10.0.0.1')).toMatch(/private network address, written as an IPv4-mapped/);
    expect(addressRefusal('::127.0.0.1')).toMatch(/loopback.*IPv4-compatible/);
    expect(addressRefusal('64:ff9b::a9fe:a9fe')).toMatch(/link-local.*NAT64/);
    expect(addressRefusal('2002:7f00:1::')).toMatch(/loopback.*6to4/);
    expect(addressRefusal('2001:0::1')).toMatch(/Teredo/);
    expect(addressRefusal('localhost')).toBe('not an IP address');
  });

  it('lets public unicast addresses through, IPv4 and IPv6, and their public NAT64 forms', () => {
    expect(addressRefusal('93.184.215.14')).toBeNull();
    expect(addressRefusal('2606:4700::6810:85e5')).toBeNull();
    expect(addressRefusal('[2a00:1450:4001:80b::200e]')).toBeNull();
    expect(addressRefusal('64:ff9b::5db8:d70e')).toBeNull();
  });

  it('refuses every address of every refused IPv4 block, however IPv6 carries it', () => {
    fc.assert(
      fc.property(refusedV4, (octets) => {
        const dotted = octets.join('.');
        expect(addressRefusal(dotted)).not.toBeNull();
        expect(addressRefusal(`::ffff:${dotted}`)).not.toBeNull();
        expect(addressRefusal(`64:ff9b::${dotted}`)).not.toBeNull();
      }),
      { numRuns: 2000 },
    );
  });

  it('lets random public IPv4 addresses through', () => {
    fc.assert(
      fc.property(publicV4, (octets) => {
        expect(addressRefusal(octets.join('.'))).toBeNull();
      }),
      { numRuns: 2000 },
    );
  });

  it('refuses random IPv6 addresses outside global unicast', () => {
    const groups = fc.array(fc.nat(0xffff), { minLength: 7, maxLength: 7 });
    const special = fc.tuple(
      fc.constantFrom(0xfc00, 0xfd00, 0xfe80, 0xfebf, 0xfec0, 0xff00, 0xff02, 0x0000, 0x0100, 0x4000, 0xe000),
      groups,
    );
    fc.assert(
      fc.property(special, ([first, rest]) => {
        const text = [first, ...rest].map((group) => group.toString(16)).join(':');
        expect(addressRefusal(text)).not.toBeNull();
      }),
      { numRuns: 2000 },
    );
  });
});

describe('SafeFetcher refuses every spelling of a refused address before connecting', () => {
  const fetcher = new SafeFetcher({
    resolve: async () => {
      throw new Error('a refused literal must never be resolved');
    },
  });
  afterAll(() => fetcher.close());

  it('the examples: decimal, octal, hex, short and IPv4-mapped loopback', async () => {
    for (const url of [
      'http://2130706433/',
      'http://0177.0.0.1/',
      'http://0x7f.1/',
      'http://127.1/',
      'http://[::ffff:127.0.0.1]/',
      'https://[::1]:8443/admin',
      'http://169.254.169.254/latest/meta-data/',
    ]) {
      const result = await fetcher.fetch(url);
      expect(result, url).toMatchObject({ ok: false, reason: 'refused' });
    }
  });

  it('any encoding of any refused IPv4 address', async () => {
    await fc.assert(
      fc.asyncProperty(refusedV4, fc.constantFrom('http', 'https'), async (octets, scheme) => {
        for (const host of encodings(octets)) {
          const result = await fetcher.fetch(`${scheme}://${host}/page`);
          expect(result, host).toMatchObject({ ok: false, reason: 'refused' });
        }
      }),
      { numRuns: 300 },
    );
  });

  it('schemes other than http and https', async () => {
    for (const url of [
      'file:///etc/passwd',
      'ftp://example.com/',
      'gopher://example.com/',
      'data:text/plain,hi',
    ]) {
      expect(await fetcher.fetch(url), url).toMatchObject({ ok: false, reason: 'scheme' });
    }
  });
});
