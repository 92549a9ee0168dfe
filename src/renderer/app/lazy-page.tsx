import { type ComponentType, lazy, useState } from 'react';

export type LazyPage<P extends object> = ComponentType<P> & {
  /** Fetches the page's chunk; a failed fetch is tried again on the next call. */
  preload(): Promise<ComponentType<P>>;
};

/**
 * A page in its own chunk that can be fetched before its first visit. Once fetched it draws at
 * once: a plain lazy() page suspends on its first draw even when its chunk is at hand, and React
 * then keeps the fallback on screen for a while before showing the page.
 */
export function lazyPage<P extends object>(load: () => Promise<ComponentType<P>>): LazyPage<P> {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<ComponentType<P>> | null = null;
  const preload = () => {
    loading ??= load().then(
      (component) => {
        loaded = component;
        return component;
      },
      (error: unknown) => {
        loading = null;
        throw error;
      },
    );
    return loading;
  };
  const Lazy = lazy(() => preload().then((component) => ({ default: component })));
  function Page(props: P) {
    // A page first drawn lazily stays lazy: switching components would remount it.
    const [Component] = useState<ComponentType<P>>(() => loaded ?? Lazy);
    return <Component {...props} />;
  }
  return Object.assign(Page, { preload });
}

/** Fetches the pages' chunks; one that fails here is fetched again when its page is visited. */
export function preloadPages(pages: ReadonlyArray<{ preload(): Promise<unknown> }>): void {
  for (const page of pages) page.preload().catch(() => {});
}

/** Runs `run` once the browser is idle; returns the cancel. */
export function whenIdle(run: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(run, { timeout: 2000 });
    return () => cancelIdleCallback(id);
  }
  const timer = setTimeout(run, 200);
  return () => clearTimeout(timer);
}
