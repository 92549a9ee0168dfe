/// <reference lib="dom" />
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { launchChromium } from '../../test/support/chromium';
import { copyShippedConfig, startServe } from '../../test/support/serve-process';
import { measureCosts } from './costs-probes';
import {
  clickUntilText,
  installProbes,
  navigateUntil,
  pressEnterUntilShown,
  scrollUpUntilOlderPage,
  sendElsewhereUntilShown,
} from './page-probes';
import { firstLayoutInFreshPage, measurePlanGraph } from './plan-graph-figure';
import { seedSimulatorChats } from './seed';
import { seedLargePlan } from './seed-plan';
import { seedUsageLedger } from './seed-usage';

/**
 * `npm run bench:console`: the browser console against a real `troupe serve` whose Simulator holds
 * one chat of 10,000 messages and 500 other chats, and whose cost ledger holds 100,000 calls over 90
 * days (the costs page and usage.summary). Prints figures next to their goals; never
 * asserts. Runs the built console, so build first (`npm run build`).
 * BENCH_DEEP_BUDGET_S caps the time spent paging back to 5,000 loaded messages.
 */

const AGENT = 'Juniper';
const BIG_CHAT_MESSAGES = 10_000;
const OTHER_CHATS = 500;
const PAGE_SIZE = 50;
const DEEP_MESSAGES = 5_000;
const REPEATS = 5;
const LEDGER_ROWS = 100_000;
const LEDGER_AGENTS = [AGENT, 'Ada', 'Bo', 'Cy', 'Di'];
const PLAN_TASKS = 200;
const deepBudgetMs = Number(process.env.BENCH_DEEP_BUDGET_S ?? 900) * 1000;

type Figure = { name: string; value: string; goal: string };
const figures: Figure[] = [];
const record = (name: string, value: string, goal: string) => {
  figures.push({ name, value, goal });
  console.log(`  ${name}: ${value}`);
};
const ms = (value: number) => `${Math.round(value)} ms`;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const series = (values: number[]) => `${ms(median(values))} median (${values.map(Math.round).join(', ')})`;

async function transferredOnFirstLoad(page: Page): Promise<{ transferred: number; decoded: number }> {
  return page.evaluate(() => {
    const entries = [
      ...performance.getEntriesByType('navigation'),
      ...performance.getEntriesByType('resource'),
    ] as PerformanceResourceTiming[];
    return {
      transferred: entries.reduce((sum, entry) => sum + entry.transferSize, 0),
      decoded: entries.reduce((sum, entry) => sum + entry.decodedBodySize, 0),
    };
  });
}

async function heapAfterGc(page: Page): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  await cdp.detach();
  return usedSize;
}

async function main() {
  const root = mkdtempSync(join(tmpdir(), 'troupe-bench-console-'));
  const stateDir = join(root, 'state');
  const { configPath } = copyShippedConfig(root);
  mkdirSync(stateDir);
  const seededAt = performance.now();
  const seeded = seedSimulatorChats({
    stateDir,
    agent: AGENT,
    bigChatMessages: BIG_CHAT_MESSAGES,
    otherChats: OTHER_CHATS,
  });
  console.log(
    `seeded ${BIG_CHAT_MESSAGES} messages and ${OTHER_CHATS} other chats in ${ms(performance.now() - seededAt)}`,
  );

  const planChats = seedLargePlan({
    stateDir,
    agent: AGENT,
    skipChannelId: seeded.bigChannelId,
    tasks: PLAN_TASKS,
    plans: REPEATS + 1,
  });

  const ledgerAt = performance.now();
  seedUsageLedger({ stateDir, rows: LEDGER_ROWS, days: 90, agents: LEDGER_AGENTS, chatsPerAgent: 100 });
  console.log(`seeded a cost ledger of ${LEDGER_ROWS} calls in ${ms(performance.now() - ledgerAt)}`);

  const server = await startServe(['--state', stateDir, '--config-path', configPath]);
  const browser = await launchChromium();
  try {
    const page = await browser.newPage({ viewport: { width: 1360, height: 900 }, colorScheme: 'light' });
    await installProbes(page);
    await page.goto(server.loginUrl);
    await page.getByRole('heading', { level: 1, name: 'Agents' }).waitFor({ state: 'visible' });
    // The console fetches the other pages' chunks once idle: they count towards the first load.
    await page.waitForLoadState('networkidle');
    const { transferred, decoded } = await transferredOnFirstLoad(page);
    record(
      'first load, transferred (pages fetched ahead included)',
      `${(transferred / 1024).toFixed(0)} KB (${(decoded / 1024).toFixed(0)} KB decoded)`,
      '≤ 400 KB',
    );

    const costs = await measureCosts(page, 'Ada');
    record(
      `usage.summary, 90 days of ${LEDGER_ROWS.toLocaleString('en')} calls`,
      series(costs.summaryAll),
      '≤ 500 ms',
    );
    record('usage.summary, one agent of five', series(costs.summaryOne), '≤ 200 ms');
    record('costs page to first chart (7 days)', series(costs.firstChart), '≤ 500 ms');
    record('90 days picked to chart drawn', ms(costs.ninetyDays), '≤ 1,000 ms');

    const chatLink = (channelId: number) => `a[href="#/playground/${AGENT}/${channelId}"]`;
    const listMs = await navigateUntil(page, `#/playground/${AGENT}`, 'nav[aria-label=Chats] a');
    record(`chat list of ${OTHER_CHATS + 1} to screen`, ms(listMs), '≤ 150 ms');

    const opens: number[] = [];
    for (let round = 0; round < REPEATS; round += 1) {
      if (round > 0) {
        await navigateUntil(page, `#/playground/${AGENT}`, 'nav[aria-label=Chats] a');
        await page.waitForTimeout(300);
      }
      opens.push(await clickUntilText(page, chatLink(seeded.bigChannelId), seeded.bigLastText));
    }
    record(`open the ${BIG_CHAT_MESSAGES.toLocaleString('en')}-message chat`, series(opens), '≤ 300 ms');
    await page.waitForTimeout(1000);

    const elsewhere: number[] = [];
    for (let round = 0; round < REPEATS; round += 1) {
      elsewhere.push(
        await sendElsewhereUntilShown(page, {
          agent: AGENT,
          channelId: seeded.bigChannelId,
          personId: seeded.bigPersonId,
          text: `From elsewhere ${round} ${Date.now()}`,
        }),
      );
      await page.waitForTimeout(500);
    }
    record('message from elsewhere to screen', series(elsewhere), '≤ 100 ms');

    const own: number[] = [];
    const composer = 'textarea[aria-label^="Message as"]';
    for (let round = 0; round < REPEATS; round += 1) {
      const text = `Own message ${round} ${Date.now()}`;
      await page.locator(composer).fill(text);
      own.push(await pressEnterUntilShown(page, composer, text));
      await page.waitForTimeout(500);
    }
    record('own message to screen', series(own), '≤ 100 ms');
    await page.waitForTimeout(2000);

    const pages: Array<{ loaded: number; ms: number }> = [];
    const deepStart = performance.now();
    let loaded = PAGE_SIZE;
    while (loaded < DEEP_MESSAGES + PAGE_SIZE && performance.now() - deepStart < deepBudgetMs) {
      pages.push({ loaded, ms: await scrollUpUntilOlderPage(page) });
      loaded += PAGE_SIZE;
      if (loaded % 1000 === 0) console.log(`    … ${loaded} loaded, last page ${ms(pages.at(-1)!.ms)}`);
    }
    const pageAt = (count: number) => pages.find((entry) => entry.loaded === count);
    const at100 = pageAt(100);
    const deepest = pageAt(DEEP_MESSAGES) ?? pages.at(-1);
    record('older page with 100 loaded', at100 ? ms(at100.ms) : 'not reached', '≤ 150 ms');
    record(
      `older page with ${deepest?.loaded ?? 0} loaded`,
      deepest ? ms(deepest.ms) : 'not reached',
      '≤ 150 ms',
    );
    record(
      `JS heap with ${loaded} messages loaded`,
      `${((await heapAfterGc(page)) / 1024 / 1024).toFixed(0)} MB`,
      '≤ 150 MB',
    );

    // Last: it leaves the big chat for the plans'. The first plan is kept for a fresh page.
    const [freshPlan, ...planChannels] = planChats.channelIds;
    const plan = await measurePlanGraph(page, {
      agent: AGENT,
      channelIds: planChannels,
      tasks: PLAN_TASKS,
    });
    record(
      `graph of ${PLAN_TASKS} nodes to screen (laid out, ${plan.cardsInView} cards in view drawn)`,
      series(plan.toScreen),
      '≤ 1000 ms',
    );
    record(`${PLAN_TASKS}-task plan laid out (ms)`, series(plan.laidOut), '≤ 100 ms');
    record(
      `${PLAN_TASKS}-task plan laid out, first in a fresh page (ms)`,
      ms(await firstLayoutInFreshPage(page, `#/playground/${AGENT}/${freshPlan}`, PLAN_TASKS)),
      '≤ 100 ms',
    );
    record(`graph of ${PLAN_TASKS} nodes, all drawn after Fit View`, series(plan.allDrawn), '≤ 500 ms');
  } finally {
    await browser.close();
    await server.stop();
    rmSync(root, { recursive: true, force: true });
  }
  console.log('\nConsole bench (Chromium, troupe serve)');
  console.table(figures);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
