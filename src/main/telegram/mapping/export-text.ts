import { Api, helpers } from 'telegram';
import { entitiesToMarkdown } from './entities-to-markdown';

/**
 * A run of a Telegram Desktop export's `text`: plain text, or `{type, text}` with what the run's
 * kind carries (`href` of a text link, `language` of a code block, `user_id` of a mention by name).
 */
export type ExportTextRun =
  | string
  | {
      type: string;
      text: string;
      href?: string | undefined;
      language?: string | undefined;
      user_id?: number | string | undefined;
    };

/** The entity a formatted run stands for, when markdown shows its kind; links, mentions and the like are their text. */
function entityOf(run: Exclude<ExportTextRun, string>, offset: number): Api.TypeMessageEntity | null {
  const span = { offset, length: run.text.length };
  switch (run.type) {
    case 'bold':
      return new Api.MessageEntityBold(span);
    case 'italic':
      return new Api.MessageEntityItalic(span);
    case 'strikethrough':
      return new Api.MessageEntityStrike(span);
    case 'spoiler':
      return new Api.MessageEntitySpoiler(span);
    case 'code':
      return new Api.MessageEntityCode(span);
    case 'pre':
      return new Api.MessageEntityPre({ ...span, language: run.language ?? '' });
    case 'text_link':
      return run.href ? new Api.MessageEntityTextUrl({ ...span, url: run.href }) : null;
    case 'mention_name': {
      const userId = Number(run.user_id);
      return Number.isSafeInteger(userId) && userId > 0
        ? new Api.MessageEntityMentionName({ ...span, userId: helpers.returnBigInt(userId) })
        : null;
    }
    case 'blockquote':
    case 'expandable_blockquote':
      return new Api.MessageEntityBlockquote(span);
    default:
      return null;
  }
}

/** Characters markdown may read as markup, which `entitiesToMarkdown` escapes where it would. */
const MARKUP_CHARACTERS = /[\\`*_~|[\]>]/;
/** The styles whose runs are written by `simpleMarkdown`, with their markers. */
const SIMPLE_MARKERS: Readonly<Record<string, string>> = { bold: '**', italic: '__', strikethrough: '~~' };
const EDGE_WHITESPACE = /^\s|\s$/;

/** How `simpleMarkdown` writes a run: '' as text, a marker pair, or null when it cannot. */
function simpleStyle(run: ExportTextRun): string | null {
  if (typeof run === 'string') return '';
  const marker = SIMPLE_MARKERS[run.type];
  if (marker !== undefined) return EDGE_WHITESPACE.test(run.text) ? null : marker;
  // Runs markdown does not show (links written out, mentions, hashtags; spoilers) are their text.
  const entity = entityOf(run, 0);
  return entity === null || entity instanceof Api.MessageEntitySpoiler ? '' : null;
}

/**
 * The markdown of runs in the shape most formatted messages have (bold, italic or struck-through
 * words, no markup characters anywhere, no styled run starting or ending with whitespace),
 * written directly: the text `entitiesToMarkdown` writes for them (runs of one style that touch
 * become one, as there; the tests check the two agree), at a fraction of its cost. Null for
 * anything else.
 */
function simpleMarkdown(runs: readonly ExportTextRun[], plain: string): string | null {
  if (MARKUP_CHARACTERS.test(plain)) return null;
  let markdown = '';
  let open = '';
  for (const run of runs) {
    const text = typeof run === 'string' ? run : run.text;
    if (text === '') continue;
    const style = simpleStyle(run);
    if (style === null) return null;
    if (style !== open) {
      markdown += open + style;
      open = style;
    }
    markdown += text;
  }
  return markdown + open;
}

/**
 * An exported message's text as the markdown a live session archives for the same message: the
 * runs joined into the text, the formatted ones turned back into Telegram entities (offsets in
 * UTF-16 code units, as Telegram counts them) and written by `entitiesToMarkdown`. Plain text
 * without markup characters is already its own markdown, and simply formatted runs are written
 * directly (`simpleMarkdown`), which is what keeps a big import fast.
 */
export function exportTextToMarkdown(text: string | readonly ExportTextRun[]): string {
  if (typeof text === 'string') return MARKUP_CHARACTERS.test(text) ? entitiesToMarkdown(text, []) : text;
  let plain = '';
  for (const run of text) plain += typeof run === 'string' ? run : run.text;
  const simple = simpleMarkdown(text, plain);
  if (simple !== null) return simple;
  const entities: Api.TypeMessageEntity[] = [];
  let offset = 0;
  for (const run of text) {
    if (typeof run !== 'string') {
      const entity = entityOf(run, offset);
      if (entity !== null) entities.push(entity);
      offset += run.text.length;
    } else {
      offset += run.length;
    }
  }
  return entitiesToMarkdown(plain, entities);
}
