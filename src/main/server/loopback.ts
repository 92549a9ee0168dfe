import { BlockList, isIP } from 'node:net';

/** Strips the brackets a URL puts around an IPv6 literal (`[::1]` → `::1`). */
export function unbracketHost(host: string): string {
  return host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
}

/**
 * True when `host` can only be reached from this machine: 127.0.0.0/8, ::1 (any spelling,
 * IPv4-mapped too) or `localhost`. Other names count as reachable from outside, because what
 * they resolve to can change after the check.
 */
export function isLoopbackHost(host: string): boolean {
  const bare = unbracketHost(host.trim()).toLowerCase();
  if (bare === 'localhost' || bare === 'localhost.') return true;
  const family = isIP(bare);
  if (family === 0) return false;
  const loopback = new BlockList();
  loopback.addSubnet('127.0.0.0', 8, 'ipv4');
  loopback.addAddress('::1', 'ipv6');
  return loopback.check(bare, family === 6 ? 'ipv6' : 'ipv4');
}
