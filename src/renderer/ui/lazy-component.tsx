import { type ComponentType, lazy, useState } from 'react';

export type LazyComponent<P extends object> = ComponentType<P> & {
  /** Fetches the component's chunk; a failed fetch is tried again on the next call. */
  preload(): Promise<ComponentType<P>>;
};

/**
 * A component in its own chunk (a page, a heavy view) that can be fetched before it is first
 * drawn. Once fetched it draws at once: a plain lazy() component suspends on its first draw even
 * when its chunk is at hand, and React then keeps the fallback on screen for a while before
 * showing it.
 */
export function lazyComponent<P extends object>(load: () => Promise<ComponentType<P>>): LazyComponent<P> {
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
  function Loaded(props: P) {
    // A component first drawn lazily stays lazy: switching components would remount it.
    const [Component] = useState<ComponentType<P>>(() => loaded ?? Lazy);
    return <Component {...props} />;
  }
  return Object.assign(Loaded, { preload });
}
