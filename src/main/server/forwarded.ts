import type { IncomingMessage } from 'node:http';
import { BlockList, isIP } from 'node:net';

/** Who a request comes from and how the browser reached the console. */
export interface ClientView {
  /** The browser's address: the peer's, or the one a trusted proxy forwarded. */
  address: string;
  /** 'https' only when a trusted proxy says the browser used it; this server itself speaks HTTP. */
  scheme: 'http' | 'https';
}

/** A trusted proxy must be an address (`127.0.0.1`, `::1`) or a range (`10.0.0.0/8`). */
export function isProxySpec(spec: string): boolean {
  const [address = '', prefix, ...rest] = spec.trim().split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d+$/.test(prefix) && bits <= (family === 4 ? 32 : 128);
}

/** `::ffff:10.0.0.1` is how an IPv6 socket shows the IPv4 peer 10.0.0.1. */
function plainAddress(address: string): string {
  const bare = address.trim().toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(bare);
  return mapped?.[1] ?? bare;
}

/** An address written as a forwarding header may: quoted, bracketed, with a port. */
function forwardedAddress(value: string): string {
  const unquoted = value.trim().replace(/^"(.*)"$/, '$1');
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(unquoted);
  if (bracketed?.[1]) return plainAddress(bracketed[1]);
  const withPort = /^(\d+\.\d+\.\d+\.\d+):\d+$/.exec(unquoted);
  return plainAddress(withPort?.[1] ?? unquoted);
}

function headerText(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value.join(',') : value;
}

/** The `for=` and `proto=` of each element of a `Forwarded` header (RFC 7239), left to right. */
function forwardedElements(header: string): { for?: string; proto?: string }[] {
  return header.split(',').map((element) => {
    const pairs: { for?: string; proto?: string } = {};
    for (const pair of element.split(';')) {
      const separator = pair.indexOf('=');
      if (separator < 0) continue;
      const name = pair.slice(0, separator).trim().toLowerCase();
      const value = pair.slice(separator + 1).trim();
      if (name === 'for') pairs.for = forwardedAddress(value);
      if (name === 'proto') pairs.proto = value.replace(/^"(.*)"$/, '$1').toLowerCase();
    }
    return pairs;
  });
}

/**
 * Reads requests as the proxies in front of the server describe them. Forwarding headers are
 * believed only when the direct peer is a trusted proxy: anyone else could write them to dodge
 * the sign-in throttle. The client is the right-most address that is not a trusted proxy, since
 * each proxy appends the peer it saw and only what is left of that could be forged.
 * `X-Forwarded-For` is read when the proxy sent one, else `Forwarded`.
 */
export function createClientReader(
  trustedProxies: readonly string[],
): (request: IncomingMessage) => ClientView {
  const trusted = new BlockList();
  for (const spec of trustedProxies) {
    const [address = '', prefix] = spec.trim().split('/');
    const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined) trusted.addAddress(plainAddress(address), family);
    else trusted.addSubnet(plainAddress(address), Number(prefix), family);
  }
  const isTrusted = (address: string) => {
    const family = isIP(address);
    return family !== 0 && trusted.check(address, family === 6 ? 'ipv6' : 'ipv4');
  };

  return (request) => {
    const peer = plainAddress(request.socket.remoteAddress ?? 'unknown');
    if (trustedProxies.length === 0 || !isTrusted(peer)) return { address: peer, scheme: 'http' };

    const forwardedFor = headerText(request.headers['x-forwarded-for']);
    const forwarded = headerText(request.headers.forwarded);
    const elements = forwarded ? forwardedElements(forwarded) : [];
    const chain =
      forwardedFor !== undefined
        ? forwardedFor.split(',').map(forwardedAddress)
        : elements.flatMap((element) => (element.for ? [element.for] : []));
    const hops = chain.filter((address) => address !== '');
    const address = hops.findLast((hop) => !isTrusted(hop)) ?? hops[0] ?? peer;

    const proto =
      headerText(request.headers['x-forwarded-proto'])?.split(',')[0]?.trim().toLowerCase() ??
      elements.find((element) => element.proto)?.proto;
    return { address, scheme: proto === 'https' ? 'https' : 'http' };
  };
}
