import { Typography } from '@mantine/core';
import { Suspense } from 'react';
import { lazyComponent } from './lazy-component';

const DocumentMarkdown = lazyComponent(() => import('./markdown-views').then((m) => m.DocumentMarkdown));

/**
 * Agent-authored markdown (instructions, prompts). Raw HTML is never rendered; links are limited
 * to http(s) and open outside the console. Until the renderer's chunk is at hand the text shows
 * as written.
 */
export function SafeMarkdown({ children }: { children: string }) {
  return (
    <Typography className="troupe-markdown">
      <Suspense fallback={<p style={{ whiteSpace: 'pre-wrap' }}>{children}</p>}>
        <DocumentMarkdown text={children} />
      </Suspense>
    </Typography>
  );
}
