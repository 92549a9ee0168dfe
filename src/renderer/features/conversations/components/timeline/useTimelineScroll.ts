import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { ROW_HEIGHT_ESTIMATES, type TimelineRow } from '../../model';

/** How close to the top (px) scrolling starts loading older messages. */
const LOAD_OLDER_THRESHOLD = 240;
/** How close to the bottom (px) still counts as following the conversation. */
const AT_BOTTOM_THRESHOLD = 80;
/** Rows drawn beyond the visible ones, so a quick scroll shows no blanks. */
const OVERSCAN = 10;

/** A row on screen and its distance from the top of the view, to put it back after a page above. */
type Anchor = { key: string; offset: number };

/**
 * Scrolling of the virtualized timeline: only the rows in view are drawn. It follows new rows
 * while the view is at the bottom (else offers a jump), loads older messages near the top and
 * keeps the rows on screen where they were when they come in above, and scrolls to a message.
 */
export function useTimelineScroll({
  rows,
  ready,
  canLoadOlder,
  loadOlder,
}: {
  rows: TimelineRow[];
  ready: boolean;
  canLoadOlder: boolean;
  loadOlder: () => void;
}) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const lastScrollTop = useRef(0);
  const anchor = useRef<Anchor | null>(null);
  const [showJump, setShowJump] = useState(false);

  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (index) => ROW_HEIGHT_ESTIMATES[rows[index]!.kind],
    getItemKey: (index) => rows[index]!.key,
    overscan: OVERSCAN,
  });

  // The latest rows and state, read by callbacks that stay the same across renders: the rows'
  // handlers depend on them, and a new handler would redraw every memoized row.
  const latest = useRef({ rows, canLoadOlder, loadOlder });
  latest.current = { rows, canLoadOlder, loadOlder };

  const requestOlder = useCallback(() => {
    const element = scrollRef.current;
    const current = latest.current;
    if (!element || !current.canLoadOlder) return;
    const first = virtualizer
      .getVirtualItems()
      .find((item) => item.end > element.scrollTop && current.rows[item.index]!.kind !== 'edge');
    anchor.current = first ? { key: String(first.key), offset: first.start - element.scrollTop } : null;
    current.loadOlder();
  }, [virtualizer]);

  // Older messages went in above: put the anchored row back where it was on screen.
  const firstKey = rows.find((row) => row.kind !== 'edge' && row.kind !== 'day')?.key;
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the oldest message changes
  useLayoutEffect(() => {
    const kept = anchor.current;
    anchor.current = null;
    if (!kept || atBottom.current) return;
    const index = rows.findIndex((row) => row.key === kept.key);
    const start = index < 0 ? undefined : virtualizer.measurementsCache[index]?.start;
    if (start !== undefined) virtualizer.scrollToOffset(start - kept.offset);
  }, [firstKey]);

  // Following the conversation: stay at the bottom as rows come in or are measured taller.
  const totalSize = virtualizer.getTotalSize();
  const lastKey = rows.at(-1)?.key;
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the rows' total height changes
  useLayoutEffect(() => {
    const element = scrollRef.current;
    if (!element || !ready) return;
    if (atBottom.current) element.scrollTop = element.scrollHeight;
  }, [totalSize, ready]);
  // The view itself shrinking (the co-pilot dock growing under it, e.g. with a draft's edit notice,
  // or the window resized) fires no scroll: a view that was at the bottom is put back there.
  useEffect(() => {
    const element = scrollRef.current;
    if (!element || !ready || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      if (atBottom.current) element.scrollTop = element.scrollHeight;
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ready]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the bottom row changes
  useLayoutEffect(() => {
    if (!atBottom.current && ready) setShowJump(true);
  }, [lastKey]);

  // A first page that does not fill the view leaves nothing to scroll: load more at once.
  useEffect(() => {
    const element = scrollRef.current;
    if (element && ready && canLoadOlder && element.scrollHeight <= element.clientHeight) requestOlder();
  }, [ready, canLoadOlder, requestOlder]);

  const onScroll = () => {
    const element = scrollRef.current;
    if (!element) return;
    const top = element.scrollTop;
    const distance = element.scrollHeight - top - element.clientHeight;
    // Only the operator scrolls up; rows growing below the view never unpin it.
    if (distance < AT_BOTTOM_THRESHOLD) atBottom.current = true;
    else if (top < lastScrollTop.current) atBottom.current = false;
    lastScrollTop.current = top;
    if (atBottom.current) setShowJump(false);
    if (top < LOAD_OLDER_THRESHOLD) requestOlder();
  };

  const jumpToBottom = () => {
    const element = scrollRef.current;
    if (!element) return;
    atBottom.current = true;
    element.scrollTo({ top: element.scrollHeight, behavior: 'smooth' });
    setShowJump(false);
  };

  /** Scrolls the row with this key to the middle of the view; false when no such row is loaded. */
  const scrollToRow = useCallback(
    (key: string) => {
      const index = latest.current.rows.findIndex((row) => row.key === key);
      if (index < 0) return false;
      atBottom.current = false;
      virtualizer.scrollToIndex(index, { align: 'center' });
      return true;
    },
    [virtualizer],
  );

  return { scrollRef, virtualizer, onScroll, showJump, jumpToBottom, requestOlder, scrollToRow };
}
