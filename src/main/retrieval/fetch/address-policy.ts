import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Which network addresses an agent's retrieval may connect to: public unicast only. Everything
 * that reaches the operator's own machine or network (loopback, RFC 1918, link-local, CGNAT,
 * unique-local) or is not a single host (multicast, broadcast, unspecified, reserved ranges) is
 * refused, and so is every IPv6 form that carries such an IPv4 address inside it (IPv4-mapped,
 * IPv4-compatible, NAT64, 6to4). ipaddr.js classifies the ranges: it is small, has no
 * dependencies and keeps the IANA special-purpose registries as named ranges, so the policy reads
 * as a list of names instead of hand-written bit masks.
 */

/** The IPv6 global unicast block (2000::/3): anything outside it that ipaddr.js calls unicast is unassigned. */
const GLOBAL_UNICAST_V6 = ipaddr.IPv6.parseCIDR('2000::/3');
/** IPv4-compatible IPv6 (::a.b.c.d, deprecated): `::` and `::1` are classified on their own. */
const IPV4_COMPATIBLE_V6 = ipaddr.IPv6.parseCIDR('::/96');
/** The well-known NAT64 prefix: the last 32 bits are the IPv4 address the gateway connects to. */
const NAT64_WELL_KNOWN = ipaddr.IPv6.parseCIDR('64:ff9b::/96');

const IPV4_RANGE_WORDS: Record<string, string> = {
  unspecified: 'an unspecified address',
  broadcast: 'the broadcast address',
  multicast: 'a multicast address',
  linkLocal: 'a link-local address',
  loopback: 'a loopback address (this machine)',
  carrierGradeNat: 'a carrier-grade NAT address',
  private: 'a private network address',
  reserved: 'a reserved address',
  as112: 'a reserved address',
  amt: 'a reserved address',
};

const IPV6_RANGE_WORDS: Record<string, string> = {
  unspecified: 'an unspecified address',
  linkLocal: 'a link-local address',
  multicast: 'a multicast address',
  loopback: 'a loopback address (this machine)',
  uniqueLocal: 'a unique-local (private) address',
  deprecatedSiteLocal: 'a site-local (private) address',
};

function embeddedIpv4(address: ipaddr.IPv6): ipaddr.IPv4 {
  const bytes = address.toByteArray();
  return new ipaddr.IPv4(bytes.slice(12, 16));
}

function sixToFourIpv4(address: ipaddr.IPv6): ipaddr.IPv4 {
  const bytes = address.toByteArray();
  return new ipaddr.IPv4(bytes.slice(2, 6));
}

function ipv4Refusal(address: ipaddr.IPv4): string | null {
  const range = address.range();
  if (range === 'unicast') return null;
  return IPV4_RANGE_WORDS[range] ?? 'a special-purpose address';
}

function wrapped(inner: string | null, form: string): string | null {
  return inner === null ? null : `${inner}, written as ${form}`;
}

function ipv6Refusal(address: ipaddr.IPv6): string | null {
  const range = address.range();
  if (range === 'ipv4Mapped' || range === 'rfc6145') {
    return (
      wrapped(ipv4Refusal(embeddedIpv4(address)), 'an IPv4-mapped IPv6 address') ??
      'an IPv4-translated address'
    );
  }
  if (range === 'unspecified' || range === 'loopback') return IPV6_RANGE_WORDS[range]!;
  if (address.match(IPV4_COMPATIBLE_V6)) {
    return (
      wrapped(ipv4Refusal(embeddedIpv4(address)), 'an IPv4-compatible IPv6 address') ??
      'an IPv4-compatible IPv6 address (deprecated)'
    );
  }
  if (address.match(NAT64_WELL_KNOWN)) return wrapped(ipv4Refusal(embeddedIpv4(address)), 'a NAT64 address');
  if (range === '6to4') return wrapped(ipv4Refusal(sixToFourIpv4(address)), 'a 6to4 address');
  if (range === 'rfc6052') return 'a local-use NAT64 address';
  if (range === 'teredo') return 'a Teredo tunnel address';
  const words = IPV6_RANGE_WORDS[range];
  if (words) return words;
  if (range !== 'unicast' || !address.match(GLOBAL_UNICAST_V6)) return 'a reserved address';
  return null;
}

/**
 * Why an address must not be connected to, in words for the refusal the agent reads ("a loopback
 * address (this machine)"), or null for a public unicast address. Takes the textual forms
 * `net.isIP` accepts (IPv4 dotted quad, IPv6 with or without brackets or a zone); anything else
 * is refused as not an address.
 */
export function addressRefusal(address: string): string | null {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  if (isIP(bare) === 0) return 'not an IP address';
  if (isIP(bare) === 4) return ipv4Refusal(ipaddr.IPv4.parse(bare));
  // The URL parser writes a dotted IPv4 tail as hex groups: ipaddr.js would read `::a.b.c.d`
  // (IPv4-compatible) as IPv4-mapped.
  const canonical = new URL(`http://[${bare}]/`).hostname.slice(1, -1);
  return ipv6Refusal(ipaddr.IPv6.parse(canonical));
}
