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
 * True when the request says it comes from a page of this console exactly as the browser reached
 * it: same scheme (http, or https when a trusted proxy says so), host and port. Browsers always
 * send `Origin` on WebSocket handshakes and cross-origin POSTs, and a page cannot forge it.
 */
export function isSameOrigin(request: IncomingMessage, scheme: 'http' | 'https'): boolean {
  const { origin, host } = request.headers;
  if (!origin || !host) return false;
  try {
    // URL drops default ports, so `https://host` and a Host of `host:443` are one origin.
    return new URL(origin).origin === new URL(`${scheme}://${host}`).origin;
  } catch {
    return false;
  }
}

/** For POSTs: scripts and curl send no Origin, which is fine; a browser's foreign Origin is not. */
export function hasNoForeignOrigin(request: IncomingMessage, scheme: 'http' | 'https'): boolean {
  return request.headers.origin === undefined || isSameOrigin(request, scheme);
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
