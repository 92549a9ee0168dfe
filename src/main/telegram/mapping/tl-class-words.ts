/**
 * A TL constructor name in words, for objects Troupe has no sentence for:
 * `MessageActionGiftPremium` with prefix `MessageAction` gives "gift premium".
 */
export function tlClassWords(className: string, prefix: string): string {
  const bare = className.startsWith(prefix) ? className.slice(prefix.length) : className;
  return bare
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .toLowerCase();
}
