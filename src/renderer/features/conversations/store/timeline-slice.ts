import { errorMessage } from '../../../api/errors';
import { type ChatRef, chatKey, mergeMessages, oldestMessageId } from '../model';
import { emptyChatView, type SliceContext } from './slice-context';
import type { TimelineActions } from './types';

/** Messages fetched per page, first page and older ones alike. */
export const MESSAGE_PAGE_SIZE = 50;

/** Opening a chat and paging through its messages; the Simulator's chat details come with it. */
export function createTimelineSlice(ctx: SliceContext): TimelineActions {
  const { api, network, set, get, patchChat } = ctx;
  // Only the answer to a chat's latest first-page request applies.
  const pageRequests = new Map<string, number>();

  const loadFirstPage = async (ref: ChatRef) => {
    const key = chatKey(ref);
    const request = (pageRequests.get(key) ?? 0) + 1;
    pageRequests.set(key, request);
    patchChat(ref, (current) => ({
      timeline:
        current.timeline.status === 'ready'
          ? current.timeline
          : { ...current.timeline, status: 'loading', error: null },
    }));
    try {
      const { messages, hasMore } = await api.call('conversations.messages', {
        ...ctx.networkRef(ref),
        limit: MESSAGE_PAGE_SIZE,
      });
      if (request !== pageRequests.get(key)) return;
      patchChat(ref, (current) => ({
        timeline: {
          ...current.timeline,
          status: 'ready',
          error: null,
          window: mergeMessages(current.timeline.window, ctx.withoutDeleted(key, messages)),
          // A refresh keeps older pages loaded before; their own hasMore still holds.
          hasMore: current.timeline.status === 'ready' ? current.timeline.hasMore : hasMore,
        },
      }));
    } catch (error) {
      if (request !== pageRequests.get(key)) return;
      patchChat(ref, (current) => ({
        timeline: {
          ...current.timeline,
          status: current.timeline.status === 'ready' ? 'ready' : 'error',
          error: errorMessage(error),
        },
      }));
    }
  };

  const loadDetail = async (ref: ChatRef) => {
    if (ctx.viewOf(ref)?.detail.status !== 'ready')
      patchChat(ref, (current) => ({ detail: { ...current.detail, status: 'loading' } }));
    try {
      const value = await api.call('simulator.chat', { agent: ref.agent, channelId: ref.channelId });
      patchChat(ref, (current) => {
        const keep = value.people.some((person) => person.id === current.composer.personId);
        return {
          detail: { status: 'ready', value, error: null },
          composer: {
            ...current.composer,
            personId: keep ? current.composer.personId : (value.people[0]?.id ?? null),
          },
        };
      });
    } catch (error) {
      patchChat(ref, (current) => ({
        detail: {
          ...current.detail,
          status: current.detail.value ? 'ready' : 'error',
          error: errorMessage(error),
        },
      }));
    }
  };

  return {
    openChat(ref) {
      const key = chatKey(ref);
      set((s) => ({
        openKey: key,
        chats: s.chats[key] ? s.chats : { ...s.chats, [key]: emptyChatView(ref) },
      }));
      // Only the Simulator has chat details; a Telegram chat is named by its summary.
      if (network === 'simulator') void loadDetail(ref);
      void loadFirstPage(ref);
      const { actions } = get();
      void actions.loadGraph(ref);
      void actions.loadExchange(ref);
      void actions.loadParameters(ref);
    },

    closeChat() {
      set({ openKey: null });
    },

    async loadOlder(ref) {
      const view = ctx.viewOf(ref);
      if (!view || view.timeline.loadingOlder || !view.timeline.hasMore) return;
      const before = oldestMessageId(view.timeline.window);
      if (before === null) return;
      const key = chatKey(ref);
      patchChat(ref, (current) => ({
        timeline: { ...current.timeline, loadingOlder: true, olderError: null },
      }));
      try {
        const { messages, hasMore } = await api.call('conversations.messages', {
          ...ctx.networkRef(ref),
          beforeMessageId: before,
          limit: MESSAGE_PAGE_SIZE,
        });
        patchChat(ref, (current) => ({
          timeline: {
            ...current.timeline,
            loadingOlder: false,
            hasMore,
            window: mergeMessages(current.timeline.window, ctx.withoutDeleted(key, messages)),
          },
        }));
      } catch (error) {
        patchChat(ref, (current) => ({
          timeline: { ...current.timeline, loadingOlder: false, olderError: errorMessage(error) },
        }));
      }
    },
  };
}
