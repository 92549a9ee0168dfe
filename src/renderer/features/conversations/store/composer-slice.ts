import { errorMessage } from '../../../api/errors';
import { chatKey, shouldSignalTyping } from '../model';
import type { SliceContext } from './slice-context';
import type { ComposerActions } from './types';

/** The Playground composer's state: who writes, what they reply to, typing signals and stickers. */
export function createComposerSlice(ctx: SliceContext): ComposerActions {
  const { api, network, set, get, patchChat } = ctx;
  return {
    signalTyping(ref) {
      if (network !== 'simulator') return;
      const personId = ctx.viewOf(ref)?.composer.personId ?? null;
      if (personId === null) return;
      const key = chatKey(ref);
      const at = ctx.now();
      if (!shouldSignalTyping(ctx.lastTypingSignal.get(key) ?? null, at)) return;
      ctx.lastTypingSignal.set(key, at);
      // A lost typing signal changes nothing the operator would act on.
      api.call('simulator.type', { agent: ref.agent, channelId: ref.channelId, personId }).catch(() => {});
    },

    setComposerPerson(ref, personId) {
      ctx.lastTypingSignal.delete(chatKey(ref));
      patchChat(ref, (view) => ({ composer: { ...view.composer, personId } }));
    },

    setReplyTo(ref, messageId) {
      patchChat(ref, (view) => ({ composer: { ...view.composer, replyToId: messageId } }));
    },

    async loadStickers(agent) {
      const current = get().stickers[agent];
      if (current?.status === 'loading') return;
      const wasReady = current?.status === 'ready';
      const value = current?.value ?? [];
      set((s) => ({
        stickers: { ...s.stickers, [agent]: { status: wasReady ? 'ready' : 'loading', value, error: null } },
      }));
      try {
        const { stickers } = await api.call('simulator.stickers', { agent });
        set((s) => ({
          stickers: { ...s.stickers, [agent]: { status: 'ready', value: stickers, error: null } },
        }));
      } catch (error) {
        set((s) => ({
          stickers: {
            ...s.stickers,
            [agent]: { status: wasReady ? 'ready' : 'error', value, error: errorMessage(error) },
          },
        }));
      }
    },
  };
}
