import { type ChatRef, chatKey, oldestMessageId } from '../model';
import type { SliceContext } from './slice-context';
import type { OlderPage, PageAhead } from './types';

/** Messages fetched per page, first page and older ones alike. */
export const MESSAGE_PAGE_SIZE = 50;

/**
 * Older pages fetched one ahead of need: once a chat's oldest page is drawn, the page before it is
 * fetched, so scrolling up to the top finds it at hand instead of waiting a round trip.
 */
export function createOlderPages(ctx: SliceContext) {
  const { api, pagesAhead } = ctx;

  const fetchPage = (ref: ChatRef, before: number): Promise<OlderPage> =>
    api.call('conversations.messages', {
      ...ctx.networkRef(ref),
      beforeMessageId: before,
      limit: MESSAGE_PAGE_SIZE,
    });

  return {
    /** Starts fetching the page before the chat's oldest loaded message, unless there is none. */
    fetchAhead(ref: ChatRef): void {
      const timeline = ctx.viewOf(ref)?.timeline;
      const before = timeline?.hasMore ? oldestMessageId(timeline.window) : null;
      const key = chatKey(ref);
      if (before === null || pagesAhead.get(key)?.before === before) return;
      const ahead: PageAhead = { before, request: fetchPage(ref, before), page: null };
      pagesAhead.set(key, ahead);
      ahead.request.then(
        (page) => {
          ahead.page = page;
        },
        // A page that could not be fetched ahead is asked for again when needed, with its error.
        () => {
          if (pagesAhead.get(key) === ahead) pagesAhead.delete(key);
        },
      );
    },

    /**
     * The page before `before`: the one fetched ahead when it is for that message (already here,
     * or its request still on the way), else a new request.
     */
    take(ref: ChatRef, before: number): PageAhead {
      const key = chatKey(ref);
      const ahead = pagesAhead.get(key);
      pagesAhead.delete(key);
      if (ahead?.before === before) return ahead;
      return { before, request: fetchPage(ref, before), page: null };
    },
  };
}
