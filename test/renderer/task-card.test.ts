import { MantineProvider } from '@mantine/core';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { TaskCard } from '../../src/renderer/features/conversations/components/plan/TaskCard';
import type { TaskNodeView } from '../../src/shared/domain/tasks';
import { task } from './support/plan-fixture';

function card(node: TaskNodeView): string {
  return renderToStaticMarkup(
    createElement(
      MantineProvider,
      null,
      createElement(TaskCard, { task: node, live: false, actions: false }),
    ),
  );
}

describe('a task card', () => {
  it('names a task’s last reason by what became of it: failed, cancelled, or done after retrying', () => {
    const failed = card(
      task('send-1', { kind: 'send', status: 'failed', retries: 3, lastError: 'HTTP 500' }),
    );
    expect(failed).toContain('aria-label="Last failure: HTTP 500"');
    expect(failed).toContain('3 retries');

    const cancelled = card(
      task('send-2', { kind: 'send', status: 'cancelled', lastError: 'Cancelled by the operator' }),
    );
    expect(cancelled).toContain('aria-label="Why: Cancelled by the operator"');

    const retried = card(
      task('send-3', { kind: 'send', status: 'done', retries: 1, lastError: 'FLOOD_WAIT 5 s' }),
    );
    expect(retried).toContain('aria-label="Retried after: FLOOD_WAIT 5 s"');
    expect(retried).toContain('1 retry');

    expect(card(task('send-4', { kind: 'send', status: 'done' }))).not.toContain('aria-label="Retried after');
  });

  it('names the kind in words, keeping the engine’s name at hand', () => {
    expect(card(task('recv-1', { kind: 'received' }))).toMatch(
      /title="Incoming \(received\)"[^>]*>Incoming</,
    );
    expect(card(task('media-1', { kind: 'send_media' }))).toMatch(/>Media</);
    expect(card(task('odd-1', { kind: 'future_kind' }))).toMatch(/title="future_kind"[^>]*>future_kind</);
  });

  it('lets the name give way to the status, never under it: the kind and id end in an ellipsis, whole on hover, and a draft says so on the line below', () => {
    const html = card(
      task('send-1a2b3c4d', { kind: 'send', status: 'pending', params: { text: 'Hi', draft: 'awaiting' } }),
    );
    expect(html).toMatch(/<p[^>]*class="[^"]*pg-plan-task-kind[^"]*"[^>]*data-truncate="end"[^>]*>Message</);
    expect(html).toMatch(
      /<p[^>]*class="[^"]*pg-plan-task-id[^"]*"[^>]*data-truncate="end"[^>]*title="send-1a2b3c4d"/,
    );
    // The status closes the first line; the Draft badge opens the foot, past the intent.
    expect(html).toMatch(/>Pending<[\s\S]*pg-plan-task-intent[\s\S]*pg-plan-task-foot[\s\S]*>Draft</);
  });
});
