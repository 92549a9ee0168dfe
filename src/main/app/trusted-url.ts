/**
 * URL checks for the Electron shell. Every decision parses the URL with `new URL` and compares
 * its parts; prefix matching on strings is how `https://app.example.evil.com` slips through.
 */

/** Schemes the operating system may open for the operator; anything else could launch a program. */
const EXTERNAL_PROTOCOLS: ReadonlySet<string> = new Set(['https:', 'http:']);

/** Longer URLs are not links an operator clicks; they are payloads. */
const MAX_EXTERNAL_URL_LENGTH = 2048;

function parseUrl(raw: unknown): URL | null {
  if (typeof raw !== 'string') return null;
  try {
    return new URL(raw);
  } catch {
    return null;
  }
}

/**
 * Whether `raw` may be handed to `shell.openExternal`: an http(s) URL with a host and without
 * credentials (`https://bank.example@evil.example/` reads as one host and goes to another).
 */
export function isSafeExternalUrl(raw: unknown): boolean {
  if (typeof raw === 'string' && raw.length > MAX_EXTERNAL_URL_LENGTH) return false;
  const url = parseUrl(raw);
  if (url === null) return false;
  return (
    EXTERNAL_PROTOCOLS.has(url.protocol) && url.hostname !== '' && url.username === '' && url.password === ''
  );
}

/**
 * Whether `raw` belongs to the console's own origin (`appUrl`: `app://troupe/` in production,
 * the dev server in development). Compares scheme and host:port rather than `URL.origin`,
 * which is the string "null" for custom schemes under Node's URL parser.
 */
export function isAppUrl(raw: unknown, appUrl: string): boolean {
  const url = parseUrl(raw);
  const app = parseUrl(appUrl);
  if (url === null || app === null) return false;
  return url.protocol === app.protocol && url.host === app.host && url.username === '' && url.password === '';
}
