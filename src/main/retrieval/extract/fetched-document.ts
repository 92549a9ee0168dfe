import { STATUS_CODES } from 'node:http';
import type { FetchResult } from '../fetch/safe-fetcher';
import { readableHtml } from './readable-html';

/** What one retrieval gives the model, whatever happened: the text, or a short note of why not. */
export interface RetrievedText {
  url: string;
  /** The markdown or text the model reads (an error reads as a short note). */
  text: string;
  /** True when the text is the resource's content; false for a note of failure or a type not read. */
  read: boolean;
  /** The HTTP status, when a server answered. */
  status: number | null;
  /** Bytes received (after decompression). */
  bytes: number;
}

/** Characters of one document the model is shown; longer ones are cut with a marker. */
export const DOCUMENT_CHAR_BUDGET = 20_000;

const TEXT_TYPES = new Set([
  'application/json',
  'application/ld+json',
  'application/xml',
  'application/rss+xml',
  'application/atom+xml',
  'application/javascript',
  'application/x-yaml',
  'application/yaml',
]);

const HTML_TYPES = new Set(['text/html', 'application/xhtml+xml']);

/**
 * Cuts a text at `budget` characters, at the last line break in the final tenth when there is
 * one, and says so in a marker the model cannot miss.
 */
export function truncateText(text: string, budget: number = DOCUMENT_CHAR_BUDGET): string {
  if (text.length <= budget) return text;
  const lineBreak = text.lastIndexOf('\n', budget);
  const cut = lineBreak >= budget * 0.9 ? lineBreak : budget;
  return `${text.slice(0, cut).trimEnd()}\n\n[… truncated: the first ${cut.toLocaleString('en-US')} of ${text.length.toLocaleString('en-US')} characters are shown]`;
}

export function describeSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(0)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

function describeType(contentType: string): string {
  if (contentType === 'application/pdf') return 'a PDF';
  if (contentType.startsWith('image/')) return 'an image';
  if (contentType.startsWith('video/')) return 'a video';
  if (contentType.startsWith('audio/')) return 'an audio file';
  if (contentType === '') return 'a file of no stated type';
  return `a file of type ${contentType}`;
}

function decode(body: Buffer, charset: string | null): string {
  try {
    return new TextDecoder(charset ?? 'utf-8').decode(body);
  } catch {
    // An unknown charset label: UTF-8 reads most pages well enough.
    return new TextDecoder('utf-8').decode(body);
  }
}

function note(url: string, text: string, status: number | null, bytes: number): RetrievedText {
  return { url, text, read: false, status, bytes };
}

/**
 * Turns a fetch into what the model reads: HTML as the article's markdown under its title, other
 * text as it is, both truncated at the budget; anything else, an HTTP error or a refusal as a
 * one-line note it can act on (try another address, tell the person).
 */
export async function fetchedDocument(
  result: FetchResult,
  budget: number = DOCUMENT_CHAR_BUDGET,
): Promise<RetrievedText> {
  if (!result.ok) return note(result.url, `Not retrieved: ${result.message}`, null, 0);
  const { url, status, contentType, body } = result;
  const bytes = body.length;
  if (status >= 400) {
    const reason = STATUS_CODES[status] ?? 'Error';
    return note(url, `Not retrieved: the server answered ${status} ${reason}.`, status, bytes);
  }
  if (HTML_TYPES.has(contentType)) {
    const page = await readableHtml(decode(body, result.charset), result.finalUrl);
    const heading = page.title === '' ? '' : `# ${page.title}\n\n`;
    const text = `${heading}${page.markdown}`.trim();
    if (text === '')
      return note(url, 'The page has no readable text (it may need JavaScript).', status, bytes);
    return { url, text: truncateText(text, budget), read: true, status, bytes };
  }
  if (contentType.startsWith('text/') || TEXT_TYPES.has(contentType)) {
    return {
      url,
      text: truncateText(decode(body, result.charset).trim(), budget),
      read: true,
      status,
      bytes,
    };
  }
  return note(url, `${describeType(contentType)} of ${describeSize(bytes)}: not read.`, status, bytes);
}
