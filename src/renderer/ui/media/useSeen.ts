import { useCallback, useState } from 'react';

/** How far outside the view a file starts loading, so it is there when scrolled to. */
const AHEAD = '200px';
/** How long it must stay near the view: a fast scroll past loads nothing. */
const SETTLE_MS = 120;

/**
 * Whether the element has come (and stayed a moment) near the view: files load only once they
 * are about to be seen, and stay loaded after. Returns the ref to put on the element.
 */
export function useSeen<T extends Element>(): [(element: T | null) => void, boolean] {
  const [seen, setSeen] = useState(false);
  const ref = useCallback((element: T | null) => {
    if (!element) return;
    if (typeof IntersectionObserver === 'undefined') {
      setSeen(true);
      return;
    }
    let timer: ReturnType<typeof setTimeout> | undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        clearTimeout(timer);
        if (!entries.at(-1)?.isIntersecting) return;
        timer = setTimeout(() => {
          setSeen(true);
          observer.disconnect();
        }, SETTLE_MS);
      },
      { rootMargin: AHEAD },
    );
    observer.observe(element);
    return () => {
      clearTimeout(timer);
      observer.disconnect();
    };
  }, []);
  return [ref, seen];
}
