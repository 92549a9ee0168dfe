import { createRequire } from 'node:module';

interface EmojiData {
  name: string;
}

const VARIATION_SELECTOR = /\uFE0F/g;

let names: Map<string, string> | null = null;

/**
 * Unicode's names of the emoji, from `unicode-emoji-json` (the CLDR short names, kept current
 * with each Unicode release, as plain JSON with no code). Read on first use: most turns never
 * need a fallback. Keyed without variation selectors, which Telegram's sticker emoji may lack.
 */
function emojiNames(): Map<string, string> {
  if (names) return names;
  const data = createRequire(import.meta.url)('unicode-emoji-json/data-by-emoji.json') as Record<
    string,
    EmojiData
  >;
  names = new Map(
    Object.entries(data).map(([emoji, entry]) => [emoji.replace(VARIATION_SELECTOR, ''), entry.name]),
  );
  return names;
}

/** The name of each emoji in a text (a sticker's emoji may be several), as far as Unicode names them. */
export function emojiDescription(emoji: string): string | null {
  const found: string[] = [];
  const segments = new Intl.Segmenter('en', { granularity: 'grapheme' }).segment(emoji.trim());
  for (const { segment } of segments) {
    const name = emojiNames().get(segment.replace(VARIATION_SELECTOR, ''));
    if (name) found.push(name);
  }
  return found.length > 0 ? found.join(', ') : null;
}

/**
 * What a sticker shows when nothing better is known (the model was not asked yet, or could not
 * look): its emoji and the emoji's name, so the agent still gets the gist. It reads after
 * "shows", as descriptions do: "a sticker 😀 from the set … that shows what its emoji suggests:
 * 😀 (grinning face)". Null for a sticker without an emoji.
 */
export function stickerFallback(emoji: string | null): string | null {
  const shown = emoji?.trim();
  if (!shown) return null;
  const name = emojiDescription(shown);
  return `what its emoji suggests: ${name ? `${shown} (${name})` : shown}`;
}
