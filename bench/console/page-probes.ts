/// <reference lib="dom" />
import type { Page } from 'playwright-core';

/**
 * Timers that run inside the page, so a figure is the browser's own time from an action to the
 * first frame painted after the DOM shows its result, without Playwright's polling in between.
 * Installed as a script string: the page has none of this module's imports.
 */
const PROBES = `
window.__bench = {
  socket: null,
  requestId: 0,
  /** Runs action(), then resolves with the ms until the frame after check(records) holds. */
  measure(action, check, timeoutMs) {
    return new Promise((resolve, reject) => {
      const start = performance.now();
      let timer;
      const finish = () => {
        observer.disconnect();
        clearTimeout(timer);
        requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - start), 0));
      };
      const observer = new MutationObserver((records) => { if (check(records)) finish(); });
      observer.observe(document.body, { childList: true, subtree: true, characterData: true, attributes: true });
      timer = setTimeout(() => { observer.disconnect(); reject(new Error('timed out after ' + timeoutMs + ' ms')); }, timeoutMs);
      action();
    });
  },
  addedText(text) {
    return (records) => records.some((record) =>
      record.type === 'characterData'
        ? (record.target.textContent ?? '').includes(text)
        : [...record.addedNodes].some((node) => (node.textContent ?? '').includes(text)));
  },
  matches(selector) {
    return () => document.querySelector(selector) !== null;
  },
  /** More messages loaded than now (the log's data-loaded count): an older page drawn. */
  moreLoaded() {
    const loaded = () => Number(document.querySelector('[role=log][aria-label=Messages]')?.getAttribute('data-loaded') ?? 0);
    const before = loaded();
    return () => loaded() > before;
  },
  openSocket() {
    return new Promise((resolve, reject) => {
      const socket = new WebSocket((location.protocol === 'https:' ? 'wss://' : 'ws://') + location.host + '/api/ws');
      socket.addEventListener('open', () => { window.__bench.socket = socket; resolve(); });
      socket.addEventListener('error', () => reject(new Error('the bench socket did not open')));
    });
  },
  call(method, input) {
    window.__bench.requestId += 1;
    window.__bench.socket.send(JSON.stringify({ type: 'request', id: window.__bench.requestId, method, input }));
  },
};
`;

export async function installProbes(page: Page): Promise<void> {
  await page.addInitScript({ content: PROBES });
  await page.evaluate(PROBES);
}

/** ms from clicking the first element matching `target` until an added node holds `text`. */
export function clickUntilText(
  page: Page,
  target: string,
  text: string,
  timeoutMs = 60_000,
): Promise<number> {
  return page.evaluate(
    ([selector, expected, timeout]) => {
      const bench = (window as never as { __bench: BenchProbes }).__bench;
      return bench.measure(
        () => (document.querySelector(selector) as HTMLElement).click(),
        bench.addedText(expected),
        timeout,
      );
    },
    [target, text, timeoutMs] as const,
  );
}

/** ms from setting the location hash until `selector` matches. */
export function navigateUntil(
  page: Page,
  hash: string,
  selector: string,
  timeoutMs = 60_000,
): Promise<number> {
  return page.evaluate(
    ([to, expected, timeout]) => {
      const bench = (window as never as { __bench: BenchProbes }).__bench;
      return bench.measure(
        () => {
          location.hash = to;
        },
        bench.matches(expected),
        timeout,
      );
    },
    [hash, selector, timeoutMs] as const,
  );
}

/** ms from a person's message sent over a second connection until it is on screen. */
export function sendElsewhereUntilShown(
  page: Page,
  input: { agent: string; channelId: number; personId: number; text: string },
): Promise<number> {
  return page.evaluate(async (message) => {
    const bench = (window as never as { __bench: BenchProbes }).__bench;
    if (!bench.socket) await bench.openSocket();
    return bench.measure(
      () => bench.call('simulator.send', { ...message, replyTo: null }),
      bench.addedText(message.text),
      60_000,
    );
  }, input);
}

/** ms from pressing Enter in the composer (already filled with `text`) until the bubble shows. */
export function pressEnterUntilShown(page: Page, composer: string, text: string): Promise<number> {
  return page.evaluate(
    ([selector, expected]) => {
      const bench = (window as never as { __bench: BenchProbes }).__bench;
      const input = document.querySelector(selector) as HTMLElement;
      return bench.measure(
        () =>
          input.dispatchEvent(
            new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true }),
          ),
        bench.addedText(expected),
        60_000,
      );
    },
    [composer, text] as const,
  );
}

/** ms from scrolling the timeline to its top until the older page it asks for is drawn. */
export function scrollUpUntilOlderPage(page: Page, timeoutMs = 120_000): Promise<number> {
  return page.evaluate((timeout) => {
    const bench = (window as never as { __bench: BenchProbes }).__bench;
    const log = document.querySelector('[role=log][aria-label=Messages]') as HTMLElement;
    return bench.measure(
      () => {
        // Already at the top, setting scrollTop fires no scroll event: send one.
        if (log.scrollTop === 0) log.dispatchEvent(new Event('scroll'));
        else log.scrollTop = 0;
      },
      bench.moreLoaded(),
      timeout,
    );
  }, timeoutMs);
}

type BenchProbes = {
  socket: WebSocket | null;
  measure(
    action: () => void,
    check: (records: MutationRecord[]) => boolean,
    timeoutMs: number,
  ): Promise<number>;
  addedText(text: string): (records: MutationRecord[]) => boolean;
  matches(selector: string): () => boolean;
  moreLoaded(): () => boolean;
  openSocket(): Promise<void>;
  call(method: string, input: unknown): void;
};
