import type { EventHub } from '../api/event-hub';
import { type ConversationHandlerDeps, conversationAccess } from '../api/handlers/conversation-access';
import { createConversationToolsHandlers } from '../api/handlers/conversation-tools-handlers';
import type { Clock } from '../clock';
import type { LlmRouter } from '../llm';
import type { Logger } from '../logging';
import type { Store } from '../store';
import { translateMessages } from '../translation';
import { createConversationExporter } from './conversation-export/conversation-export';
import type { MediaFileSource } from './media-file-source';
import { announceTaskLogRows } from './task-log-events';

export interface ConversationToolsDeps extends ConversationHandlerDeps {
  store: Store;
  events: EventHub;
  llm: Pick<LlmRouter, 'resolve' | 'providerFor'>;
  clock: Clock;
  logger: Logger;
  mediaFile: MediaFileSource;
}

/**
 * The conversation view's tools, wired: the task log and translation procedures, the export
 * builder the server's and the desktop's export routes answer from, and the announcement of each
 * new task-log row. `stop` ends the announcements.
 */
export function createConversationTools(deps: ConversationToolsDeps) {
  const { networkFor } = conversationAccess(deps);
  const { store, events, clock } = deps;
  const handlers = createConversationToolsHandlers({
    ...deps,
    translate: (request) =>
      translateMessages(
        {
          store,
          llm: deps.llm,
          logger: deps.logger.child({ module: 'translation' }),
          now: () => clock.now(),
          // The model Settings name for translations, else the conversation's own: its override,
          // the agent's, else the default.
          modelFor: (conversation) =>
            store.settings.get().translation.model ||
            networkFor(conversation.network).engine.parameters(conversation).effectiveLlm,
          onBatch: (conversation, language, translations) =>
            events.emit('conversation.translated', { ...conversation, language, translations }),
        },
        request,
      ),
  });
  const exportConversation = createConversationExporter({ ...deps, now: () => clock.now() });
  const stop = announceTaskLogRows(store, events);
  return { handlers, exportConversation, stop };
}
