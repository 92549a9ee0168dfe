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
