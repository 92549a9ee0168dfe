import type TurndownService from 'turndown';

/**
 * A web page as the model reads it: the article Readability finds (navigation, ads and footers
 * left out), as compact markdown. linkedom gives Readability a DOM without a browser: it is
 * small and fast, and Readability needs no layout. turndown writes the markdown.
 */

/**
 * The three libraries, loaded when the first page is read: a runtime whose agents never read the
 * web does not hold them (linkedom alone is megabytes of heap).
 */
async function pageReaders() {
  const [{ Readability }, { parseHTML }, { default: Turndown }] = await Promise.all([
    import('@mozilla/readability'),
    import('linkedom'),
    import('turndown'),
  ]);
  return { Readability, parseHTML, Turndown };
}

/** Elements that carry nothing a reader of the text needs. */
const DROPPED = new Set([
  'script',
  'style',
  'noscript',
  'template',
  'iframe',
  'svg',
  'canvas',
  'img',
  'picture',
  'video',
  'audio',
  'form',
  'button',
  'select',
  'input',
]);

function absoluteHref(href: string, pageUrl: string): string | null {
  try {
    const url = new URL(href, pageUrl);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.toString() : null;
  } catch {
    return null;
  }
}

/** The link text without turndown's markdown escapes, to see whether it just repeats the address. */
function unescaped(text: string): string {
  return text.replace(/\\([\\`*_{}[\]()#+\-.!])/g, '$1');
}

function markdownWriter(Turndown: typeof TurndownService, pageUrl: string): TurndownService {
  const writer = new Turndown({
    headingStyle: 'atx',
    codeBlockStyle: 'fenced',
    bulletListMarker: '-',
  });
  // An added rule, because turndown's own image rule would win over `remove`.
  writer.addRule('dropped', {
    filter: (node) => DROPPED.has(node.nodeName.toLowerCase()),
    replacement: () => '',
  });
  writer.addRule('compactLinks', {
    filter: 'a',
    replacement: (content, node) => {
      const text = content.replace(/\s+/g, ' ').trim();
      const href = absoluteHref((node as HTMLElement).getAttribute('href') ?? '', pageUrl);
      // A link within the page, to script or without text adds nothing but noise.
      if (href === null || text === '' || href.split('#')[0] === pageUrl.split('#')[0]) return text;
      return unescaped(text) === href ? `<${href}>` : `[${text}](${href})`;
    },
  });
  return writer;
}

function tidy(markdown: string): string {
  return (
    markdown
      .replace(/[ \t]+\n/g, '\n')
      // turndown pads list markers to four columns; one space reads the same.
      .replace(/^(\s*)(-|\d+\.) {2,}/gm, '$1$2 ')
      .replace(/\n{3,}/g, '\n\n')
      .trim()
  );
}

export interface ReadablePage {
  title: string;
  markdown: string;
}

/** The main text of an HTML page as markdown; the whole body when no article stands out. */
export async function readableHtml(html: string, pageUrl: string): Promise<ReadablePage> {
  const { Readability, parseHTML, Turndown } = await pageReaders();
  const { document } = parseHTML(html);
  const title = (document.querySelector('title')?.textContent ?? '').replace(/\s+/g, ' ').trim();
  const writer = markdownWriter(Turndown, pageUrl);
  const article = new Readability(document as unknown as Document).parse();
  if (article?.content) {
    return { title: article.title?.trim() || title, markdown: tidy(writer.turndown(article.content)) };
  }
  // Readability changes the document it reads; the fallback parses the page again.
  const { document: whole } = parseHTML(html);
  return { title, markdown: tidy(writer.turndown(whole.body?.innerHTML ?? '')) };
}
