/// <reference lib="dom" />
import type { Page } from 'playwright-core';
import { navigateUntil } from './page-probes';

/** The page's `__bench.measure` (see page-probes): ms from the action to the frame after check holds. */
type Measure = (action: () => void, check: () => boolean, timeoutMs: number) => Promise<number>;

const REPEATS = 5;
const DAY_MS = 86_400_000;

/** A drawn bar of the chart, in the report's figure of that name. */
const bars = (chart: string) => `figure[aria-label="${chart}"] .recharts-bar-rectangle`;

/** ms of each `usage.summary` round trip over one WebSocket, as the console makes it. */
function summaryLatencies(page: Page, input: object, repeats: number): Promise<number[]> {
  return page.evaluate(
    async ([args, times]) => {
      const socket = new WebSocket(`${location.origin.replace(/^http/, 'ws')}/api/ws`);
      await new Promise((resolve) => socket.addEventListener('open', resolve, { once: true }));
      const results: number[] = [];
      for (let id = 1; id <= times; id += 1) {
        const start = performance.now();
        await new Promise<void>((resolve, reject) => {
          const onMessage = (event: MessageEvent) => {
            const message = JSON.parse(String(event.data)) as { type: string; id?: number; ok?: boolean };
            if (message.type !== 'response' || message.id !== id) return;
            socket.removeEventListener('message', onMessage);
            if (message.ok) resolve();
            else reject(new Error(String(event.data)));
          };
          socket.addEventListener('message', onMessage);
          socket.send(JSON.stringify({ type: 'request', id, method: 'usage.summary', input: args }));
        });
        results.push(performance.now() - start);
      }
      socket.close();
      return results;
    },
    [input, repeats] as const,
  );
}

/** ms from clicking the window picker's `label` until the spend chart has `minBars` bars. */
function pickWindowUntilBars(page: Page, label: string, minBars: number): Promise<number> {
  return page.evaluate(
    ([text, selector, least]) => {
      const bench = (window as never as { __bench: { measure: Measure } }).__bench;
      const option = [...document.querySelectorAll('[aria-label="Window"] label')].find(
        (element) => element.textContent === text,
      ) as HTMLElement;
      return bench.measure(
        () => option.click(),
        () => document.querySelectorAll(selector).length >= least,
        60_000,
      );
    },
    [label, bars('Spend per day'), minBars] as const,
  );
}

export interface CostsFigures {
  /** `usage.summary` round trips over the whole 90 days, every agent. */
  summaryAll: number[];
  /** The same for one agent. */
  summaryOne: number[];
  /** From opening the costs page (its 7-day window) to its first chart drawn. */
  firstChart: number[];
  /** From picking 90 days to their chart drawn. */
  ninetyDays: number;
}

/**
 * The costs figures, in ms, over a ledger spread over 90 days: `usage.summary`'s latency for the
 * whole window (every agent, and `agent`), the costs page's first chart, and the chart of all 90
 * days after picking them.
 */
export async function measureCosts(page: Page, agent: string): Promise<CostsFigures> {
  const until = new Date(Date.now() + DAY_MS);
  const since = new Date(until.getTime() - 91 * DAY_MS);
  const window = { since: since.toISOString(), until: until.toISOString(), timeZone: 'UTC' };
  const summaryAll = await summaryLatencies(page, window, REPEATS);
  const summaryOne = await summaryLatencies(page, { ...window, agent }, REPEATS);
  const firstChart: number[] = [];
  for (let round = 0; round < REPEATS; round += 1) {
    // Away and back: the page fetches its summary afresh, as on a first visit.
    await navigateUntil(page, '#/settings', 'h1');
    await page.waitForTimeout(300);
    firstChart.push(await navigateUntil(page, '#/costs', bars('Spend per day')));
  }
  const ninetyDays = await pickWindowUntilBars(page, '90 days', 85);
  await pickWindowUntilBars(page, '7 days', 1);
  return { summaryAll, summaryOne, firstChart, ninetyDays };
}
