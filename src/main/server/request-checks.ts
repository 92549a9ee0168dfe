import type { IncomingMessage } from 'node:http';
import { isLoopbackHost, unbracketHost } from './loopback';

function hostNameOf(hostHeader: string | undefined): string | undefined {
  if (!hostHeader) return undefined;
  try {
    return unbracketHost(new URL(`http://${hostHeader}`).hostname);
  } catch {
    return undefined;
  }
}

/**
 * True when the request says it comes from a page served by this same host. Browsers always send
 * `Origin` on WebSocket handshakes and cross-origin POSTs, and a page cannot forge it.
 */
export function isSameOrigin(request: IncomingMessage): boolean {
  const { origin, host } = request.headers;
  if (!origin || !host) return false;
  try {
    const parsed = new URL(origin);
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return false;
    return parsed.host.toLowerCase() === host.toLowerCase();
  } catch {
    return false;
  }
}

/** For POSTs: scripts and curl send no Origin, which is fine; a browser's foreign Origin is not. */
export function hasNoForeignOrigin(request: IncomingMessage): boolean {
  return request.headers.origin === undefined || isSameOrigin(request);
}

/**
 * A server without a password trusts that only this machine can reach it, so it answers only
 * requests addressed to a loopback name. That defeats DNS rebinding (a web page whose domain
 * suddenly resolves to 127.0.0.1) and exposure through a reverse proxy nobody secured.
 */
export function isAddressedToLoopbackName(request: IncomingMessage): boolean {
  const hostName = hostNameOf(request.headers.host);
  return hostName !== undefined && isLoopbackHost(hostName);
}
