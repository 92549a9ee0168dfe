import { createContext, useContext } from 'react';
import { useStore } from 'zustand';
import { createStore, type StoreApi } from 'zustand/vanilla';
import {
  type MessageTranslation,
  type TaskLogRowView,
  type TranslationRemedy,
  translationRemedy,
} from '../../../shared/api';
import type { ApiClient } from '../../../shared/api/client';
import type { ChatMsg } from '../../../shared/domain/conversation';
import { messageWords } from '../../../shared/domain/message-text';
import { errorMessage } from '../../api/errors';
import {
  browserLanguage,
  type KeptTranslation,
  mergeTaskRows,
  type ToolsChatRef,
  taskLogStart,
  toolsKey,
  untranslated,
} from './model';

export interface ChatTaskLog {
  /** The start of the span loaded (rows from then on are kept, live ones added); null: none yet. */
  since: string | null;
  rows: TaskLogRowView[];
  loading: boolean;
  error: string | null;
}

export interface ChatTranslations {
  language: string;
  byId: Record<number, KeptTranslation>;
  /** Asked for and not answered yet: the words asked about, by message id. */
  asked: Record<number, string>;
  /** The last failure, until the operator tries again: nothing is asked for while it stands. */
  error: TranslationFailure | null;
}

export interface TranslationFailure {
  message: string;
  remedy: TranslationRemedy;
}

export interface ChatTools {
  showTaskLog: boolean;
  translate: boolean;
  taskLog: ChatTaskLog;
  translations: ChatTranslations;
}

export interface ConversationToolsActions {
  setShowTaskLog(ref: ToolsChatRef, on: boolean): void;
  setTranslate(ref: ToolsChatRef, on: boolean): void;
  /** The operator's language for translations, remembered in this browser. */
  setLanguage(language: string): void;
  /** Loads the task log back to a little before `oldestSentAt` (the oldest message loaded). */
  coverTaskLog(ref: ToolsChatRef, oldestSentAt: string): Promise<void>;
  /**
   * Asks for the translations these messages lack, in the operator's language; nothing after a
   * failure until `retryTranslation` (each ask is a paid call, and it would likely fail again).
   */
  translateMessages(ref: ToolsChatRef, messages: readonly ChatMsg[]): Promise<void>;
  /** Clears a translation failure, so the chat's messages are asked for again. */
  retryTranslation(ref: ToolsChatRef): void;
  applyTaskLogged(ref: ToolsChatRef, row: TaskLogRowView): void;
  applyTranslated(ref: ToolsChatRef, language: string, translations: readonly MessageTranslation[]): void;
}

export type ConversationToolsState = {
  language: string;
  chats: Record<string, ChatTools>;
  actions: ConversationToolsActions;
};

export type ConversationToolsStore = StoreApi<ConversationToolsState>;

const LANGUAGE_KEY = 'troupe-translation-language';

function emptyTools(language: string): ChatTools {
  return {
    showTaskLog: false,
    translate: false,
    taskLog: { since: null, rows: [], loading: false, error: null },
    translations: { language, byId: {}, asked: {}, error: null },
  };
}

function storedLanguage(storage: Storage | undefined): string {
  try {
    return storage?.getItem(LANGUAGE_KEY) || browserLanguage();
  } catch {
    return browserLanguage();
  }
}

/**
 * The conversation view's tools per chat: whether the task log shows between the messages (the
 * rows of the span the timeline has loaded, kept live by `conversation.taskLogged`), and whether
 * messages show translated (asked for as they load, filled in batch by batch by
 * `conversation.translated`), in the operator's language.
 */
export function createConversationToolsStore(
  api: ApiClient,
  storage: Storage | undefined = globalThis.localStorage,
): ConversationToolsStore {
  return createStore<ConversationToolsState>()((set, get) => {
    const toolsOf = (ref: ToolsChatRef): ChatTools =>
      get().chats[toolsKey(ref)] ?? emptyTools(get().language);
    const patch = (ref: ToolsChatRef, change: (tools: ChatTools) => Partial<ChatTools>) =>
      set((state) => {
        const key = toolsKey(ref);
        const current = state.chats[key] ?? emptyTools(state.language);
        return { chats: { ...state.chats, [key]: { ...current, ...change(current) } } };
      });
    const patchLog = (ref: ToolsChatRef, change: Partial<ChatTaskLog>) =>
      patch(ref, (tools) => ({ taskLog: { ...tools.taskLog, ...change } }));
    const patchTranslations = (
      ref: ToolsChatRef,
      change: (t: ChatTranslations) => Partial<ChatTranslations>,
    ) => patch(ref, (tools) => ({ translations: { ...tools.translations, ...change(tools.translations) } }));

    const actions: ConversationToolsActions = {
      setShowTaskLog: (ref, on) => patch(ref, () => ({ showTaskLog: on })),
      setTranslate: (ref, on) =>
        patch(ref, (tools) => ({ translate: on, translations: { ...tools.translations, error: null } })),
      setLanguage(language) {
        try {
          storage?.setItem(LANGUAGE_KEY, language);
        } catch {
          // Private windows may refuse storage; the choice then lasts for this visit.
        }
        set((state) => ({
          language,
          chats: Object.fromEntries(
            Object.entries(state.chats).map(([key, tools]) => [
              key,
              { ...tools, translations: { language, byId: {}, asked: {}, error: null } },
            ]),
          ),
        }));
      },
      async coverTaskLog(ref, oldestSentAt) {
        const { since, loading } = toolsOf(ref).taskLog;
        const start = taskLogStart(oldestSentAt);
        if (loading || (since !== null && since <= start)) return;
        patchLog(ref, { loading: true, error: null });
        try {
          const { rows } = await api.call('conversations.taskLog', {
            ...ref,
            since: start,
            ...(since === null ? {} : { until: since }),
          });
          patch(ref, (tools) => ({
            taskLog: {
              since: start,
              rows: mergeTaskRows(tools.taskLog.rows, rows),
              loading: false,
              error: null,
            },
          }));
        } catch (error) {
          patchLog(ref, { loading: false, error: errorMessage(error) });
        }
      },
      async translateMessages(ref, messages) {
        const { translations } = toolsOf(ref);
        if (translations.error !== null) return;
        const wanted = untranslated(messages, translations.byId, translations.asked);
        if (wanted.length === 0) return;
        const language = translations.language;
        patchTranslations(ref, (t) => ({
          asked: { ...t.asked, ...Object.fromEntries(wanted.map((item) => [item.messageId, item.text])) },
          error: null,
        }));
        try {
          const answer = await api.call('conversations.translate', { ...ref, language, messages: wanted });
          actions.applyTranslated(ref, language, answer.translations);
        } catch (error) {
          // What was not translated is asked for again once the operator retries.
          patchTranslations(ref, (t) => ({
            asked: Object.fromEntries(
              Object.entries(t.asked).filter(([id]) => !wanted.some((item) => item.messageId === Number(id))),
            ),
            error: { message: errorMessage(error), remedy: translationRemedy(error) },
          }));
        }
      },
      retryTranslation: (ref) => patchTranslations(ref, () => ({ error: null })),
      applyTaskLogged(ref, row) {
        const { taskLog } = toolsOf(ref);
        if (taskLog.since === null || row.at < taskLog.since) return;
        patchLog(ref, { rows: mergeTaskRows(taskLog.rows, [row]) });
      },
      applyTranslated(ref, language, incoming) {
        if (toolsOf(ref).translations.language !== language) return;
        patchTranslations(ref, (t) => {
          const byId = { ...t.byId };
          const asked = { ...t.asked };
          for (const { messageId, text } of incoming) {
            const source = asked[messageId] ?? t.byId[messageId]?.source;
            if (source === undefined) continue;
            byId[messageId] = { source, text };
            delete asked[messageId];
          }
          return { byId, asked };
        });
      },
    };
    return { language: storedLanguage(storage), chats: {}, actions };
  });
}

/** A message's translation for its words as they are now; null while none is kept. */
export function translationOf(tools: ChatTools | undefined, message: ChatMsg): string | null {
  const kept = tools?.translations.byId[message.messageId];
  return kept && kept.source === messageWords(message) ? kept.text : null;
}

export const ConversationToolsStoreContext = createContext<ConversationToolsStore | null>(null);

export function useConversationToolsStore<T>(selector: (state: ConversationToolsState) => T): T {
  const store = useContext(ConversationToolsStoreContext);
  if (!store) throw new Error('useConversationToolsStore needs a ConversationToolsStoreContext provider.');
  return useStore(store, selector);
}

export function useConversationToolsActions(): ConversationToolsActions {
  return useConversationToolsStore((state) => state.actions);
}
