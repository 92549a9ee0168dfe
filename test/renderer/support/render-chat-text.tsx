import { MantineProvider } from '@mantine/core';
import { renderToStaticMarkup } from 'react-dom/server';
import { ChatMarkdown } from '../../../src/renderer/ui/chat/ChatMarkdown';

/** A chat message's text as the console draws it (the markdown renderer preloaded), as markup. */
export function renderChatText(text: string): string {
  const html = renderToStaticMarkup(
    <MantineProvider>
      <ChatMarkdown text={text} />
    </MantineProvider>,
  );
  return html.replace(/<style[\s\S]*?<\/style>/g, '');
}
