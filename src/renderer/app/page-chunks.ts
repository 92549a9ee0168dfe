import { COSTS_PATH } from '../features/costs/paths';
import { DOCUMENTS_PATH } from '../features/documents/paths';
import { MEDIA_PATH } from '../features/media/paths';
import { lazyComponent } from '../ui/lazy-component';

/**
 * Each page is its own chunk, so the first load carries only the shell. The pages an operator
 * lives in are fetched once the browser is idle; the occasional ones (media, costs, documents,
 * settings) when the operator reaches for them, a navigation link pointed at or focused, which
 * leaves time for their small chunks to arrive before the click and spares a console opened over
 * a slow link the bytes of pages it may never show.
 */
export const AgentsPage = lazyComponent(() =>
  import('../features/agents/components/AgentsPage').then((m) => m.AgentsPage),
);
export const AgentDetailPage = lazyComponent(() =>
  import('../features/agents/components/AgentDetailPage').then((m) => m.AgentDetailPage),
);
export const ConversationsPage = lazyComponent(() =>
  import('../features/conversations/components/ConversationsPage').then((m) => m.ConversationsPage),
);
export const PlaygroundPage = lazyComponent(() =>
  import('../features/playground/components/PlaygroundPage').then((m) => m.PlaygroundPage),
);
export const MediaEditorPage = lazyComponent(() =>
  import('../features/media/components/MediaEditorPage').then((m) => m.MediaEditorPage),
);
export const CostsPage = lazyComponent(() =>
  import('../features/costs/components/CostsPage').then((m) => m.CostsPage),
);
export const DocumentsPage = lazyComponent(() =>
  import('../features/documents/components/DocumentsPage').then((m) => m.DocumentsPage),
);
export const SettingsPage = lazyComponent(() =>
  import('../features/settings/components/SettingsPage').then((m) => m.SettingsPage),
);

export const SETTINGS_PATH = '/settings';

/** Fetched once the browser is idle after the first page. */
export const PAGES_AHEAD = [AgentsPage, AgentDetailPage, ConversationsPage, PlaygroundPage];

const PAGES_ON_INTENT: Readonly<Record<string, { preload(): Promise<unknown> }>> = {
  [MEDIA_PATH]: MediaEditorPage,
  [COSTS_PATH]: CostsPage,
  [DOCUMENTS_PATH]: DocumentsPage,
  [SETTINGS_PATH]: SettingsPage,
};

/** Fetches the chunk of the page a navigation link leads to, when it is not fetched ahead. */
export function preloadPageAt(href: string): void {
  PAGES_ON_INTENT[href]?.preload().catch(() => {});
}
