import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ChatMarkdown, preloadChatMarkdown } from '../../src/renderer/ui/chat/ChatMarkdown';

describe('an agent message as markdown', () => {
  it('shows the text as typed until the renderer is fetched, then draws it at once', async () => {
    const draw = () =>
      renderToStaticMarkup(createElement(ChatMarkdown, { text: 'That is **great**, __really__' }));
    expect(draw()).toBe('<div class="tc-text"><p>That is **great**, __really__</p></div>');

    await preloadChatMarkdown();
    expect(draw()).toBe('<div class="tc-text"><p>That is <strong>great</strong>, <em>really</em></p></div>');
  });
});
