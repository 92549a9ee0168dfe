import { Suspense } from 'react';
import { lazyComponent } from '../lazy-component';

const TelegramMarkdown = lazyComponent(() => import('../markdown-views').then((m) => m.TelegramMarkdown));

/** Fetches the markdown renderer before the first agent message is drawn; a failure waits for that draw. */
export function preloadChatMarkdown(): Promise<void> {
  return TelegramMarkdown.preload().then(
    () => {},
    () => {},
  );
}

/**
 * A chat message's text: Telegram-style markdown (bold, italic, code, links), everything else
 * shown as typed. Raw HTML is never rendered; links open outside, asking first when their text
 * names another site than they open (`ChatLink`). Until
 * the renderer's chunk is at hand (a conversation page fetches it as it opens) the text shows as
 * typed.
 */
export function ChatMarkdown({ text }: { text: string }) {
  return (
    <div className="tc-text">
      <Suspense fallback={<p>{text}</p>}>
        <TelegramMarkdown text={text} />
      </Suspense>
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
