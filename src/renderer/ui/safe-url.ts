/**
 * The only links agent-authored markdown may carry: absolute http(s) URLs without credentials.
 * Anything else (javascript:, file:, data:, relative paths) yields null and is not linked.
 */
export function safeLinkUrl(url: string): string | null {
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
    if (parsed.username !== '' || parsed.password !== '') return null;
    return parsed.href;
  } catch {
    return null;
  }
}
