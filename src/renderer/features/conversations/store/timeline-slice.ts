import type { ChatMsg } from '../../../../shared/domain/conversation';
import { errorMessage } from '../../../api/errors';
import { type ChatRef, chatKey, type MessageWindow, mergeMessages, oldestMessageId } from '../model';
import { createOlderPages, MESSAGE_PAGE_SIZE } from './older-pages';
import { emptyChatView, type SliceContext } from './slice-context';
import type { OlderPage, TimelineActions } from './types';

/**
 * An older page into the window. The window's own copies win: events keep them current, and a
 * page fetched ahead may predate an edit.
 */
function withOlder(window: MessageWindow, messages: readonly ChatMsg[]): MessageWindow {
  return mergeMessages(
    window,
    messages.filter((message) => !(message.messageId in window.byId)),
  );
}

/** Opening a chat and paging through its messages; the Simulator's chat details come with it. */
export function createTimelineSlice(ctx: SliceContext): TimelineActions {
  const { api, network, set, get, patchChat } = ctx;
  const olderPages = createOlderPages(ctx);
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
      olderPages.fetchAhead(ref);
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
      const apply = ({ messages, hasMore }: OlderPage) => {
        patchChat(ref, (current) => ({
          timeline: {
            ...current.timeline,
            loadingOlder: false,
            olderError: null,
            hasMore,
            window: withOlder(current.timeline.window, ctx.withoutDeleted(key, messages)),
          },
        }));
        olderPages.fetchAhead(ref);
      };
      const ahead = olderPages.take(ref, before);
      // A page fetched ahead is drawn at once, without a loading state in between.
      if (ahead.page) {
        apply(ahead.page);
        return;
      }
      patchChat(ref, (current) => ({
        timeline: { ...current.timeline, loadingOlder: true, olderError: null },
      }));
      try {
        apply(await ahead.request);
      } catch (error) {
        patchChat(ref, (current) => ({
          timeline: { ...current.timeline, loadingOlder: false, olderError: errorMessage(error) },
        }));
      }
    },
  };
}
