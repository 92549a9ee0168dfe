/**
 * The share of `next` (0 to 1) that repeats `previous` from the first character: roughly what a
 * provider's prompt cache can reuse from the previous turn. An empty `next` counts as fully shared.
 */
export function unchangedPrefixShare(previous: string, next: string): number {
  if (next.length === 0) return 1;
  const limit = Math.min(previous.length, next.length);
  let shared = 0;
  while (shared < limit && previous.charCodeAt(shared) === next.charCodeAt(shared)) shared++;
  return shared / next.length;
}
