/// <reference lib="dom" />
import type { Page } from 'playwright-core';

/*
 * The bench's figures for a large plan. The canvas lays out every task (elkjs) before it draws
 * any, and past 30 tasks it draws only the cards in view; so "to screen" is the first cards drawn
 * once all are laid out, and "all drawn" is every card after Fit View in the full-window view.
 * Both need the bench probes (`installProbes`).
 */

type Probes = { measure: (action: () => void, check: () => boolean, timeoutMs: number) => Promise<number> };

const GRAPH = '[aria-label="Task graph"]';

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
 * `repeats` times: from the agents page to the chat with the large plan until it is drawn in the
 * inspector; then, in the full-window view, from Fit View until every card is drawn.
 */
export async function measurePlanGraph(
  page: Page,
  plan: { agent: string; channelId: number; tasks: number; repeats: number },
): Promise<{ toScreen: number[]; cardsInView: number; allDrawn: number[] }> {
  const toScreen: number[] = [];
  const allDrawn: number[] = [];
  let cardsInView = 0;
  for (let round = 0; round < plan.repeats; round += 1) {
    await page.evaluate(() => {
      location.hash = '#/agents';
    });
    await page.getByRole('heading', { level: 1, name: 'Agents' }).waitFor({ state: 'visible' });
    await page.waitForTimeout(300);
    toScreen.push(await navigateUntilPlanDrawn(page, `#/playground/${plan.agent}/${plan.channelId}`));
    cardsInView = await page.locator(`${GRAPH} .react-flow__node`).count();
    await page.getByRole('button', { name: 'Show the plan in the whole window' }).click();
    await page.locator(`[role=dialog] ${GRAPH} .react-flow__node`).first().waitFor({ state: 'visible' });
    await page.waitForTimeout(300);
    allDrawn.push(await fitUntilAllDrawn(page, plan.tasks));
    await page.keyboard.press('Escape');
  }
  return { toScreen, cardsInView, allDrawn };
}
