import { Anchor, Typography } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import Markdown, { type Components } from 'react-markdown';
import { safeLinkUrl } from './safe-url';

const components: Components = {
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
 * Agent-authored markdown (instructions, prompts). Raw HTML is never rendered (react-markdown
 * drops it without a raw-HTML plugin, and `skipHtml` says so explicitly); links are limited to
 * http(s) and open outside the console.
 */
export function SafeMarkdown({ children }: { children: string }) {
  return (
    <Typography className="troupe-markdown">
      <Markdown skipHtml urlTransform={(url) => safeLinkUrl(url) ?? ''} components={components}>
        {children}
      </Markdown>
    </Typography>
  );
}
