import { createContext, useContext } from 'react';
import { useStore } from 'zustand';
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { ApiClient } from '../../../shared/api/client';
import type { SimulatedFileKind } from '../../../shared/api/conversation-contract';
import type { ChatMsg } from '../../../shared/domain/conversation';
import { errorMessage, fieldErrors } from '../../api/errors';
import { type ChatRef, chatKey } from '../conversations/model';
import { type AttachmentDraft, canSend, draftExtras, newDraft, toBase64 } from './model/attachment';

export interface PlaygroundActions {
  /** Holds a picked file for the chat, replacing one held before. */
  attach(ref: ChatRef, kind: SimulatedFileKind, file: Blob & { name: string }): void;
  editAttachment(ref: ChatRef, change: Partial<Pick<AttachmentDraft, 'caption' | 'stickerEmoji'>>): void;
  discardAttachment(ref: ChatRef): void;
  /**
   * Sends the chat's file as a person; resolves with the message, or null when it was not sent
   * (the draft then holds the reason).
   */
  sendAttachment(ref: ChatRef, from: { personId: number; replyTo: number | null }): Promise<ChatMsg | null>;
}

/** The Playground's own state beside the conversation store: files picked and not sent yet. */
export type PlaygroundState = {
  attachments: Record<string, AttachmentDraft>;
  actions: PlaygroundActions;
};

export type PlaygroundStore = StoreApi<PlaygroundState>;

/** The API's words for a refusal: its field messages when it has them, they say what to fix. */
function refusal(error: unknown): string {
  const fields = Object.values(fieldErrors(error));
  return fields.length > 0 ? fields.join(' ') : errorMessage(error);
}

export function createPlaygroundStore(api: ApiClient): PlaygroundStore {
  return createStore<PlaygroundState>()((set, get) => {
    const patch = (ref: ChatRef, change: Partial<AttachmentDraft>) =>
      set((s) => {
        const draft = s.attachments[chatKey(ref)];
        return draft ? { attachments: { ...s.attachments, [chatKey(ref)]: { ...draft, ...change } } } : {};
      });
    const discard = (ref: ChatRef, sent: AttachmentDraft) =>
      set((s) => {
        // A file picked while this one was on its way stays.
        if (s.attachments[chatKey(ref)] !== sent) return {};
        const { [chatKey(ref)]: _, ...rest } = s.attachments;
        return { attachments: rest };
      });

    const actions: PlaygroundActions = {
      attach(ref, kind, file) {
        set((s) => ({ attachments: { ...s.attachments, [chatKey(ref)]: newDraft(kind, file) } }));
      },

      editAttachment(ref, change) {
        patch(ref, { ...change, error: null });
      },

      discardAttachment(ref) {
        const draft = get().attachments[chatKey(ref)];
        if (draft) discard(ref, draft);
      },

      async sendAttachment(ref, from) {
        const draft = get().attachments[chatKey(ref)];
        if (!draft || !canSend(draft)) return null;
        patch(ref, { status: 'sending', error: null });
        const sending = get().attachments[chatKey(ref)]!;
        try {
          const bytes = new Uint8Array(await draft.file.arrayBuffer());
          const { message } = await api.call('simulator.sendFile', {
            agent: ref.agent,
            channelId: ref.channelId,
            personId: from.personId,
            kind: draft.kind,
            fileName: draft.fileName,
            dataBase64: toBase64(bytes),
            ...draftExtras(draft),
            replyTo: from.replyTo,
          });
          discard(ref, sending);
          return message;
        } catch (error) {
          if (get().attachments[chatKey(ref)] === sending) {
            patch(ref, { status: 'failed', error: refusal(error) });
          }
          return null;
        }
      },
    };
    return { attachments: {}, actions };
  });
}

export const PlaygroundStoreContext = createContext<PlaygroundStore | null>(null);

/** Reads the Playground store of the surrounding console through one of `playgroundSelectors`. */
export function usePlaygroundStore<T>(selector: (state: PlaygroundState) => T): T {
  const store = useContext(PlaygroundStoreContext);
  if (!store) throw new Error('usePlaygroundStore needs a PlaygroundStoreContext provider.');
  return useStore(store, selector);
}
