/** Reads one cookie from a `Cookie` request header; undefined when absent or malformed. */
export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const pair of header.split(';')) {
    const separator = pair.indexOf('=');
    if (separator < 0) continue;
    if (pair.slice(0, separator).trim() !== name) continue;
    const value = pair.slice(separator + 1).trim();
    return value === '' ? undefined : value;
  }
  return undefined;
}

/**
 * A session cookie script cannot read (HttpOnly) and no other site can make the browser send
 * (SameSite=Strict), which is what protects the WebSocket and logout from cross-site requests.
 * `secure` (the browser reached the console over https) keeps it off plain-http requests.
 */
export function sessionCookie(name: string, value: string, maxAgeMs: number, secure: boolean): string {
  return `${name}=${value}; Path=/; HttpOnly; SameSite=Strict; Max-Age=${Math.floor(maxAgeMs / 1000)}${secure ? '; Secure' : ''}`;
}

export function clearedSessionCookie(name: string, secure: boolean): string {
  return `${name}=; Path=/; HttpOnly; SameSite=Strict; Max-Age=0${secure ? '; Secure' : ''}`;
}
