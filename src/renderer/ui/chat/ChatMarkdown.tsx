import { Anchor } from '@mantine/core';
import Markdown, { type Components } from 'react-markdown';
import { safeLinkUrl } from '../safe-url';

// Telegram's formatting, not a document's: no headings, lists, images or tables.
const ALLOWED_ELEMENTS = ['p', 'strong', 'em', 'del', 'code', 'pre', 'a', 'br'];

const components: Components = {
  a({ href, children }) {
    const url = href ? safeLinkUrl(href) : null;
    if (!url) return <span>{children}</span>;
    return (
      <Anchor href={url} target="_blank" rel="noopener noreferrer" inherit underline="always">
        {children}
      </Anchor>
    );
  },
};

/** Telegram writes italics as `__text__`; markdown would make them bold. */
function telegramToMarkdown(text: string): string {
  return text.replace(/__(?=\S)([\s\S]*?\S)__/g, '_$1_');
}

/**
 * A chat message's text as the agent wrote it: Telegram-style markdown (bold, italic, code,
 * links), everything else shown as typed. Raw HTML is never rendered; links open outside.
 */
export function ChatMarkdown({ text }: { text: string }) {
  return (
    <div className="tc-text">
      <Markdown
        skipHtml
        allowedElements={ALLOWED_ELEMENTS}
        unwrapDisallowed
        urlTransform={(url) => safeLinkUrl(url) ?? ''}
        components={components}
      >
        {telegramToMarkdown(text)}
      </Markdown>
    </div>
  );
}

/** A message's text exactly as typed (what a simulated person writes). */
export function ChatPlainText({ text }: { text: string }) {
  return (
    <div className="tc-text">
      <p>{text}</p>
    </div>
  );
}
