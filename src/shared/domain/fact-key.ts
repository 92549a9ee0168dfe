/** How long a fact's key may be once normalized. */
const MAX_FACT_KEY_CHARS = 60;

/**
 * "Home City" and "home-city" name the same thing: lower case, words joined by underscores. The
 * runtime stores keys so; the console shows what a typed key becomes before it is saved.
 */
export function normalizeFactKey(key: string | null | undefined): string | null {
  const normalized = (key ?? '')
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, MAX_FACT_KEY_CHARS);
  return normalized === '' ? null : normalized;
}
