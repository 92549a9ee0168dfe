import { type LlmExchangeView, LlmExchangeViewSchema } from '../../shared/api/conversation-contract';

/** A section text this long or longer is kept once in `llm_prompt_texts` and named by its hash. */
const SHARED_TEXT_MIN_CHARS = 512;
/** An exchange larger than this (its stored JSON) is kept cut down. */
const MAX_EXCHANGE_CHARS = 256 * 1024;
/** How long one text of a cut-down exchange may stay. */
const CUT_TEXT_CHARS = 4_000;
const CUT_MARK = '… [cut: the exchange was too large to keep whole]';
/** What a section shows when its kept text was pruned (it never should be while the exchange is kept). */
const MISSING_TEXT = '[this text is no longer kept]';

type Section = LlmExchangeView['sections'][number];
type StoredSection = Omit<Section, 'text'> & ({ text: string } | { textRef: string });
type StoredExchange = Omit<LlmExchangeView, 'sections'> & { sections: StoredSection[] };

function cut(text: string): string {
  return text.length > CUT_TEXT_CHARS ? `${text.slice(0, CUT_TEXT_CHARS)}${CUT_MARK}` : text;
}

/**
 * The exchange as `llm_exchange_history` keeps it: long section texts handed to `keepText` and
 * named by what it returns, then, should the JSON still be too large, every long text cut and
 * only the latest turns kept.
 */
export function storedExchangeJson(
  exchange: LlmExchangeView,
  keepText: (text: string) => string,
): { json: string; truncated: boolean } {
  const stored: StoredExchange = {
    ...exchange,
    sections: exchange.sections.map(({ text, ...section }) =>
      text.length >= SHARED_TEXT_MIN_CHARS ? { ...section, textRef: keepText(text) } : { ...section, text },
    ),
  };
  const whole = JSON.stringify(stored);
  if (whole.length <= MAX_EXCHANGE_CHARS) return { json: whole, truncated: false };
  const shortened: StoredExchange = {
    ...stored,
    sections: stored.sections.map((section) =>
      'text' in section ? { ...section, text: cut(section.text) } : section,
    ),
    turns: stored.turns.map((turn) => ({ ...turn, parts: turn.parts.map(cut) })),
    rawReply: stored.rawReply === null ? null : cut(stored.rawReply),
  };
  let json = JSON.stringify(shortened);
  while (json.length > MAX_EXCHANGE_CHARS && shortened.turns.length > 1) {
    shortened.turns = shortened.turns.slice(Math.ceil(shortened.turns.length / 2));
    json = JSON.stringify(shortened);
  }
  return { json, truncated: true };
}

/** The hashes of the texts a stored exchange names. */
export function namedTexts(json: string): string[] {
  const { sections } = JSON.parse(json) as { sections?: { textRef?: unknown }[] };
  return (sections ?? []).flatMap(({ textRef }) => (typeof textRef === 'string' ? [textRef] : []));
}

/** The exchange a stored JSON holds, its named texts read with `textOf` (also those kept inline). */
export function exchangeFromStored(json: string, textOf: (hash: string) => string | null): LlmExchangeView {
  const stored = JSON.parse(json) as { sections?: unknown };
  if (Array.isArray(stored.sections)) {
    stored.sections = stored.sections.map((section: Record<string, unknown>) => {
      if (typeof section.textRef !== 'string') return section;
      const { textRef, ...rest } = section;
      return { ...rest, text: textOf(textRef) ?? MISSING_TEXT };
    });
  }
  return LlmExchangeViewSchema.parse(stored);
}
