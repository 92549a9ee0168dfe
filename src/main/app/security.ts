import type { Session, WebContents } from 'electron';
import type { Logger } from '../logging';
import { isAppUrl, isSafeExternalUrl } from './trusted-url';

/** Lets WebAssembly compile without allowing JavaScript's eval. */
const WASM = "'wasm-unsafe-eval'";

/**
 * The console's Content-Security-Policy. Scripts only from the app itself (no inline script, no
 * eval; WebAssembly may compile, for the animated-sticker player), nothing framed, no forms posted
 * anywhere. Inline styles stay allowed because Mantine writes its theme variables into a `<style>`
 * element at run time.
 *
 * With a dev server, Vite's React Refresh preamble is an inline script and HMR talks over a
 * WebSocket to the dev server, so those two are added for development only.
 */
export function contentSecurityPolicy(devServerUrl?: string): string {
  const dev = devServerUrl === undefined ? null : new URL(devServerUrl);
  const directives: Record<string, string[]> = {
    'default-src': ["'none'"],
    'script-src': dev ? ["'self'", "'unsafe-inline'", WASM] : ["'self'", WASM],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'media-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': dev ? ["'self'", `ws://${dev.host}`] : ["'self'"],
    'worker-src': ["'self'"],
    'object-src': ["'none'"],
    'frame-src': ["'none'"],
    'base-uri': ["'none'"],
    'form-action': ["'none'"],
    'frame-ancestors': ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ');
}

const CSP_HEADER = 'Content-Security-Policy';

/** Response headers with our CSP in place of any the server sent (header names are case-insensitive). */
export function withContentSecurityPolicy(
  headers: Record<string, string[]> | undefined,
  csp: string,
): Record<string, string[]> {
  const kept = Object.entries(headers ?? {}).filter(
    ([name]) => name.toLowerCase() !== CSP_HEADER.toLowerCase(),
  );
  return { ...Object.fromEntries(kept), [CSP_HEADER]: [csp] };
}

/**
 * The only permission the console gets: writing plain text to the clipboard from its own
 * pages (copy buttons). Camera, microphone, notifications, geolocation and the rest are denied.
 */
const GRANTED_PERMISSIONS: ReadonlySet<string> = new Set(['clipboard-sanitized-write']);

export function isPermissionGranted(permission: string, requestingUrl: string, appUrl: string): boolean {
  return GRANTED_PERMISSIONS.has(permission) && isAppUrl(requestingUrl, appUrl);
}

export interface SessionSecurityOptions {
  appUrl: string;
  csp: string;
}

/**
 * Session-wide rules: the CSP header on every HTTP response (the dev server's pages; `app://`
 * responses carry it from the protocol handler, since header hooks do not run for custom
 * schemes) and the permission policy.
 */
export function applySessionSecurity(session: Session, { appUrl, csp }: SessionSecurityOptions): void {
  session.webRequest.onHeadersReceived((details, callback) => {
    callback({ responseHeaders: withContentSecurityPolicy(details.responseHeaders, csp) });
  });
  session.setPermissionRequestHandler((_contents, permission, callback, details) => {
    callback(isPermissionGranted(permission, details.requestingUrl, appUrl));
  });
  session.setPermissionCheckHandler((_contents, permission, requestingOrigin) =>
    isPermissionGranted(permission, requestingOrigin, appUrl),
  );
}

export interface WebContentsSecurityOptions {
  appUrl: string;
  openExternal: (url: string) => Promise<void>;
  logger: Logger;
}

/** Scheme and host only: enough to say what was blocked without logging paths or query strings. */
function describeTarget(raw: string): string {
  try {
    const url = new URL(raw);
    return `${url.protocol}//${url.host}`;
  } catch {
    return '(unparseable URL)';
  }
}

/**
 * Keeps a web contents on the console: no navigation away from the app origin, no new windows,
 * no `<webview>`. A link the operator follows to an http(s) page opens in the system browser.
 */
export function hardenWebContents(
  contents: WebContents,
  { appUrl, openExternal, logger }: WebContentsSecurityOptions,
): void {
  const openInBrowser = (url: string): void => {
    if (!isSafeExternalUrl(url)) {
      logger.warn({ target: describeTarget(url) }, 'refused to open a link that is not a plain http(s) URL');
      return;
    }
    openExternal(url).catch((err: unknown) =>
      logger.warn({ err }, 'could not open a link in the system browser'),
    );
  };

  contents.on('will-navigate', (event) => {
    if (isAppUrl(event.url, appUrl)) return;
    event.preventDefault();
    openInBrowser(event.url);
  });
  contents.on('will-redirect', (event) => {
    if (isAppUrl(event.url, appUrl)) return;
    event.preventDefault();
    logger.warn({ target: describeTarget(event.url) }, 'blocked a redirect away from the console');
  });
  contents.on('will-attach-webview', (event) => {
    event.preventDefault();
    logger.warn('blocked a <webview>');
  });
  contents.setWindowOpenHandler(({ url }) => {
    openInBrowser(url);
    return { action: 'deny' };
  });
}
