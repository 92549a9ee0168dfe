import { useEffect, useRef } from 'react';

/**
 * For a tab bar that scrolls sideways (`troupe-tab-strip`): scrolls it, and never the page, so the
 * active tab shows, as when an address opens a tab beyond a phone's width or the window narrows.
 */
export function useActiveTabInView<T extends HTMLElement>(active: string) {
  const strip = useRef<T>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a newly active tab is the change to follow
  useEffect(() => {
    const bar = strip.current;
    if (!bar) return;
    const show = () => showActiveTab(bar);
    show();
    const resized = new ResizeObserver(show);
    resized.observe(bar);
    return () => resized.disconnect();
  }, [active]);
  return strip;
}

function showActiveTab(bar: HTMLElement): void {
  const tab = bar.querySelector<HTMLElement>('[data-active]');
  if (!tab) return;
  const barBox = bar.getBoundingClientRect();
  const tabBox = tab.getBoundingClientRect();
  if (tabBox.left >= barBox.left && tabBox.right <= barBox.right) return;
  bar.scrollLeft += tabBox.left - barBox.left - (barBox.width - tabBox.width) / 2;
}
