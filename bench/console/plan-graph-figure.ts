/// <reference lib="dom" />
import type { Page } from 'playwright-core';

/*
 * The bench's figures for a large plan. The canvas lays out every task (a plan of chains and
 * trees without elkjs, `plan-layout-chains.ts`) before it draws any, and past 30 tasks it draws
 * only the cards in view; so "to screen" is the first cards drawn once all are laid out, and
 * "all drawn" is every card after Fit View in the full-window view. Both need the bench probes
 * (`installProbes`). "Laid out" is the layout call alone, as the page times it (its User Timing
 * measure `troupe:plan-layout`).
 */

type Probes = { measure: (action: () => void, check: () => boolean, timeoutMs: number) => Promise<number> };

const GRAPH = '[aria-label="Task graph"]';
const LAYOUT_MEASURE = 'troupe:plan-layout';

/** ms of the page's latest layout of a plan of `tasks` tasks (then forgets the measures). */
function lastLayout(page: Page, tasks: number): Promise<number> {
  return page.evaluate(
    ([name, count]) => {
      const layouts = performance
        .getEntriesByName(name)
        .filter((entry) => (entry as PerformanceMeasure).detail?.tasks === count);
      performance.clearMeasures(name);
      const last = layouts.at(-1);
      if (!last) throw new Error(`The page laid out no plan of ${count} tasks.`);
      return last.duration;
    },
    [LAYOUT_MEASURE, tasks] as const,
  );
}

/**
 * ms of a plan's layout in a page just opened on its chat, as by an operator following a link to
 * it: the page's first layout, its scripts loaded afresh (a new browser context, signed in alike).
 */
export async function firstLayoutInFreshPage(page: Page, hash: string, tasks: number): Promise<number> {
  const browser = page.context().browser();
  if (!browser) throw new Error('The bench page has no browser to open another context in.');
  const context = await browser.newContext({
    storageState: await page.context().storageState(),
    viewport: page.viewportSize(),
  });
  try {
    const fresh = await context.newPage();
    await fresh.goto(new URL(hash, page.url()).href);
    await fresh.locator(`${GRAPH} .react-flow__node`).first().waitFor({ state: 'visible', timeout: 60_000 });
    return await lastLayout(fresh, tasks);
  } finally {
    await context.close();
  }
}

/** ms from navigating to a chat until its plan is laid out and the cards in view are drawn. */
function navigateUntilPlanDrawn(page: Page, hash: string, timeoutMs = 60_000): Promise<number> {
  return page.evaluate(
    ([to, graph, timeout]) => {
      const bench = (window as never as { __bench: Probes }).__bench;
      return bench.measure(
        () => {
          location.hash = to;
        },
        () => (document.querySelector(graph)?.querySelectorAll('.react-flow__node').length ?? 0) > 0,
        timeout,
      );
    },
    [hash, GRAPH, timeoutMs] as const,
  );
}

/** ms from Fit View in the full-window plan until all `tasks` cards are drawn. */
function fitUntilAllDrawn(page: Page, tasks: number, timeoutMs = 60_000): Promise<number> {
  return page.evaluate(
    ([graph, count, timeout]) => {
      const bench = (window as never as { __bench: Probes }).__bench;
      const full = () => document.querySelector(`[role=dialog] ${graph}`);
      return bench.measure(
        () => full()?.querySelector<HTMLElement>('[aria-label="Fit View"]')?.click(),
        () => (full()?.querySelectorAll('.react-flow__node').length ?? 0) >= count,
        timeout,
      );
    },
    [GRAPH, tasks, timeoutMs] as const,
  );
}

/**
 * For each chat with a large plan (each laid out afresh: their task ids differ): from the agents
 * page to the chat until its plan is drawn in the inspector, and its layout call; then, in the
 * full-window view, from Fit View until every card is drawn.
 */
export async function measurePlanGraph(
  page: Page,
  plan: { agent: string; channelIds: number[]; tasks: number },
): Promise<{ toScreen: number[]; laidOut: number[]; cardsInView: number; allDrawn: number[] }> {
  const toScreen: number[] = [];
  const laidOut: number[] = [];
  const allDrawn: number[] = [];
  let cardsInView = 0;
  for (const channelId of plan.channelIds) {
    await page.evaluate(() => {
      location.hash = '#/agents';
    });
    await page.getByRole('heading', { level: 1, name: 'Agents' }).waitFor({ state: 'visible' });
    await page.waitForTimeout(300);
    toScreen.push(await navigateUntilPlanDrawn(page, `#/playground/${plan.agent}/${channelId}`));
    laidOut.push(await lastLayout(page, plan.tasks));
    cardsInView = await page.locator(`${GRAPH} .react-flow__node`).count();
    await page.getByRole('button', { name: 'Show the plan in the whole window' }).click();
    await page.locator(`[role=dialog] ${GRAPH} .react-flow__node`).first().waitFor({ state: 'visible' });
    await page.waitForTimeout(300);
    allDrawn.push(await fitUntilAllDrawn(page, plan.tasks));
    await page.keyboard.press('Escape');
  }
  return { toScreen, laidOut, cardsInView, allDrawn };
}
