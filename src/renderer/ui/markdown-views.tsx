import { Anchor } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import Markdown, { type Components } from 'react-markdown';
import { ChatLink } from './chat/ChatLink';
import { safeLinkUrl } from './safe-url';

/*
 * The markdown renderers, in a chunk of their own: react-markdown (micromark, mdast, hast) is
 * larger than most pages, and loads only once a view shows markdown (see `SafeMarkdown` and
 * `ChatMarkdown`, which show the text as typed until then).
 */

const documentComponents: Components = {
  a({ href, children }) {
    const url = href ? safeLinkUrl(href) : null;
    if (!url) return <span>{children}</span>;
    return (
      <Anchor href={url} target="_blank" rel="noopener noreferrer" inherit>
        {children}
        <IconExternalLink
          size={12}
          aria-label="(opens in your browser)"
          style={{ marginInlineStart: 2, verticalAlign: 'baseline' }}
        />
      </Anchor>
    );
  },
  // Remote images would make the console fetch from wherever a config file points; their
  // description is enough here.
  img({ alt }) {
    return alt ? <em>[image: {alt}]</em> : null;
  },
};

/**
 * Agent-authored markdown. Raw HTML is never rendered (react-markdown drops it without a raw-HTML
 * plugin, and `skipHtml` says so explicitly); links are limited to http(s) and open outside.
 */
export function DocumentMarkdown({ text }: { text: string }) {
  return (
    <Markdown skipHtml urlTransform={(url) => safeLinkUrl(url) ?? ''} components={documentComponents}>
      {text}
    </Markdown>
  );
}

// Telegram's formatting, not a document's: no headings, lists, images or tables.
const CHAT_ELEMENTS = ['p', 'strong', 'em', 'del', 'code', 'pre', 'a', 'br'];

const chatComponents: Components = {
  a({ href, children }) {
    const url = href ? safeLinkUrl(href) : null;
    if (!url) return <span>{children}</span>;
    return <ChatLink url={url}>{children}</ChatLink>;
  },
};

/** Telegram writes italics as `__text__`; markdown would make them bold. */
function telegramToMarkdown(text: string): string {
  return text.replace(/__(?=\S)([\s\S]*?\S)__/g, '_$1_');
}

/**
 * Telegram-style markdown (bold, italic, code, links), everything else shown as typed: HTML a
 * person or agent writes (`<b>`) shows as those characters, escaped, never as markup.
 */
export function TelegramMarkdown({ text }: { text: string }) {
  return (
    <Markdown
      allowedElements={CHAT_ELEMENTS}
      unwrapDisallowed
      urlTransform={(url) => safeLinkUrl(url) ?? ''}
      components={chatComponents}
    >
      {telegramToMarkdown(text)}
    </Markdown>
  );
}
