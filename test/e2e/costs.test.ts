import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeLlmServer } from '../support/fake-llm-server';
import { type MediaConsole, startMediaConsole } from '../support/media-console';
import { expectAttribute, expectCount, expectText, expectVisible } from '../support/page-assertions';
import { callFromPage, createDirectChat } from '../support/serve-api';
import { REPO_ROOT } from '../support/serve-process';

const SCREENSHOTS = join(REPO_ROOT, 'test-results', 'e2e');
const AGENT = 'Juniper';
/** A model the shipped catalogue has no price for, so its calls are recorded unpriced. */
const MODEL = 'gemini-e2e-unpriced';
const REPLY_TIMEOUT_MS = 45_000;
/** 1,200 tokens in and 80 out, priced below at $1 and $4 a million: $0.00152. */
const USAGE = { inputTokens: 1200, outputTokens: 80, thinkingTokens: 0 };

describe('the costs page against troupe serve and a scripted LLM', () => {
  let harness: MediaConsole;
  let page: Page;
  let llm: FakeLlmServer;
  let channelId: number;
  let personId: number;

  const shot = (name: string) => page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true });
  const call = (method: string, input: object) => callFromPage(page, method, input);
  const main = () => page.getByRole('main');

  /** The labels under a chart, left to right, as drawn: their text and horizontal extent. */
  const axisLabels = (figure: Locator) =>
    figure.locator('.recharts-xAxis-tick-labels .recharts-cartesian-axis-tick-value').evaluateAll((nodes) =>
      nodes.map((node) => {
        const { left, right } = node.getBoundingClientRect();
        return { text: node.textContent ?? '', left, right };
      }),
    );
  /** The labels under a chart once drawn, and those that touch their neighbour (within 4 px). */
  async function drawnLabels(figure: Locator) {
    await expect.poll(async () => (await axisLabels(figure)).length).toBeGreaterThan(1);
    const labels = await axisLabels(figure);
    const crowded = labels.filter((label, index) => index > 0 && label.left < labels[index - 1]!.right + 4);
    return { labels, crowded };
  }
  const chart = (name: string) => main().getByRole('figure', { name });

  /** One exchange in the Playground chat: the person writes, the agent answers. */
  async function exchange(text: string, reply: string) {
    llm.replyWith({ tasks: [{ kind: 'send', text: reply }] }, { usage: USAGE });
    await call('simulator.send', { agent: AGENT, channelId, personId, text });
  }

  beforeAll(async () => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    harness = await startMediaConsole({ curate: () => {} });
    ({ page, llm } = harness);
    ({ channelId, personId } = await createDirectChat(page, AGENT, {
      firstName: 'Ada',
      lastName: 'Lovelace',
    }));
    await call('conversations.updateParameters', {
      agent: AGENT,
      network: 'simulator',
      channelId,
      llmOverride: MODEL,
    });
  });

  afterAll(() => harness?.close());

  it('explains an empty window, then shows a Playground exchange as it is recorded, flagged unpriced', async () => {
    await page.goto(`${harness.server.origin}/#/costs`);
    await expectText(main(), 'No LLM calls by any agent in 7 days');

    await exchange('Any detective novels in?', 'Two Christies came in this morning.');
    await expectText(main(), '1 call has no price: add the model to the catalogue', REPLY_TIMEOUT_MS);
    await expectVisible(main().getByRole('link', { name: 'Ada Lovelace' }));
    await expectAttribute(
      main().getByRole('link', { name: 'Ada Lovelace' }),
      'href',
      `#/playground/${AGENT}/${channelId}`,
    );
    await expectVisible(main().getByRole('link', { name: AGENT }).first());
    // The tokens of the day are drawn: bars in the chart.
    const tokens = main().getByRole('figure', { name: 'Tokens per day' });
    await expect
      .poll(() => tokens.locator('.recharts-bar-rectangle').count(), { timeout: 10_000 })
      .toBeGreaterThan(0);
    await shot('costs-unpriced');
  });

  it('prices the model through the editor: field errors show on their fields, new calls are priced', async () => {
    // An empty form is refused, each problem under its field.
    await page.getByRole('tab', { name: 'Prices' }).click();
    await page.getByRole('button', { name: 'Add a model' }).click();
    const form = page.getByRole('dialog', { name: 'Add a model price' });
    await form.getByRole('button', { name: 'Add price' }).click();
    await expectText(form, 'Name the model.');
    await expectText(form, 'Enter a price in USD per million tokens.');
    await form.getByRole('button', { name: 'Cancel' }).click();
    await expectCount(page.getByRole('dialog'), 0);

    // The flag's link opens the form on the model.
    await page.getByRole('tab', { name: 'Usage' }).click();
    await main().getByRole('link', { name: 'Add its price' }).click();
    const add = page.getByRole('dialog', { name: 'Add a model price' });
    await expect.poll(() => add.getByLabel('Model').inputValue()).toBe(MODEL);
    await add.getByLabel('Input', { exact: true }).fill('1');
    await add.getByLabel('Output', { exact: true }).fill('4');
    await shot('costs-price-form');
    await add.getByRole('button', { name: 'Add price' }).click();
    await expectCount(page.getByRole('dialog'), 0);
    const prices = page.getByRole('table', { name: 'Model prices' });
    await expectText(prices, MODEL);
    await shot('costs-prices');

    // Adding it again would replace its price unseen, and a negative price is not quietly made 0.
    await page.getByRole('button', { name: 'Add a model' }).click();
    const again = page.getByRole('dialog', { name: 'Add a model price' });
    await again.getByLabel('Model').fill(MODEL);
    await again.getByLabel('Input', { exact: true }).fill('-1');
    await again.getByLabel('Output', { exact: true }).fill('1');
    await again.getByRole('button', { name: 'Add price' }).click();
    await expectText(again, `${MODEL} has a price already: edit it in the table.`);
    await again.getByLabel('Model').fill(`${MODEL}-copy`);
    await again.getByRole('button', { name: 'Add price' }).click();
    await expectText(again, 'A price cannot be negative.');
    await again.getByRole('button', { name: 'Cancel' }).click();
    await expectCount(page.getByRole('dialog'), 0);

    await page.getByRole('tab', { name: 'Usage' }).click();
    await expectText(main(), '1 call was made before its model had a price');
    await expectCount(main().getByText('no price: add the model to the catalogue'), 0);
    await exchange('And anything by Sayers?', 'One, a little worn.');
    await expectText(main(), '$0.0015', REPLY_TIMEOUT_MS);
    await expect
      .poll(() =>
        main().getByRole('figure', { name: 'Spend per day' }).locator('.recharts-bar-rectangle').count(),
      )
      .toBeGreaterThan(0);
    await shot('costs');
    await page.screenshot({ path: join(SCREENSHOTS, 'costs-viewport.png') });

    // Operations are named in the operator's words; the recorded name shows in the bar's tooltip.
    const operations = main().getByRole('figure', { name: 'Spend per operation' });
    await expectText(operations, 'Replies');
    await expectCount(operations.getByText('received', { exact: true }), 0);
    await operations.locator('.recharts-bar-rectangle').first().hover();
    await expectText(operations, 'Replies (received)');
    await operations.screenshot({ path: join(SCREENSHOTS, 'costs-operations.png') });
  });

  it('shows the agent and the conversation their own costs', async () => {
    await page.goto(`${harness.server.origin}/#/agents/${AGENT}/costs`);
    await expectText(main(), 'Latest calls');
    await expectText(main(), '$0.0015');
    await expectVisible(main().getByTitle('Recorded as received').first());
    await shot('costs-agent');

    await page.goto(`${harness.server.origin}/#/playground/${AGENT}/${channelId}`);
    const inspector = page.getByRole('complementary', { name: 'Inspector' });
    await inspector.getByRole('tab', { name: 'Costs' }).click();
    await expectText(inspector, 'Latest calls');
    await expectText(inspector, '$0.0015');
    // The inspector's narrow spend axis draws every tick it has, evenly spaced and apart.
    const operations = inspector.getByRole('figure', { name: 'Spend per operation' });
    await operations.scrollIntoViewIfNeeded();
    const { labels, crowded } = await drawnLabels(operations);
    expect(crowded).toEqual([]);
    const centres = labels.map((label) => (label.left + label.right) / 2);
    const gaps = centres.slice(1).map((centre, index) => centre - centres[index]!);
    expect(Math.max(...gaps) - Math.min(...gaps)).toBeLessThan(2);
    const figure = (await operations.boundingBox())!;
    expect(labels.at(-1)!.right).toBeLessThanOrEqual(figure.x + figure.width);
    await operations.screenshot({ path: join(SCREENSHOTS, 'costs-conversation-operations.png') });
    await shot('costs-conversation');
  });

  it('takes custom days up to today, dims the last range while they make none, and dates labels over two years', async () => {
    await page.goto(`${harness.server.origin}/#/costs`);
    await expectText(main(), '$0.0015');
    const [today, yesterday, lastYear] = await page.evaluate(() => {
      const day = (date: Date) =>
        `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
      const now = new Date();
      return [
        day(now),
        day(new Date(now.getFullYear(), now.getMonth(), now.getDate() - 1)),
        `${now.getFullYear() - 1}-12-20`,
      ];
    });
    await main().getByText('Custom', { exact: true }).click();
    const from = main().getByLabel('From', { exact: true });
    const to = main().getByLabel('To', { exact: true });
    await expectAttribute(to, 'max', today);

    await from.fill(today);
    await to.fill(yesterday);
    await expectText(main(), 'The last day comes before the first.');
    await expectText(main(), 'Showing');
    await expectText(main(), 'these figures are of the last one that did');
    await shot('costs-custom-stale');

    await from.fill(lastYear);
    await to.fill(today);
    await expectCount(main().getByText('these figures are of the last one that did'), 0);
    const tokens = chart('Tokens per day');
    await expect
      .poll(async () => (await axisLabels(tokens)).every((label) => /\d{4}$/.test(label.text)))
      .toBe(true);
    expect((await drawnLabels(tokens)).crowded).toEqual([]);
    await shot('costs-custom-two-years');
    await main().getByText('7 days', { exact: true }).click();
  });

  it('fits a phone: the window picker whole, and the inspector opening with its close button clear', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${harness.server.origin}/#/costs`);
    await expectText(main(), 'per priced call');
    const custom = await main().getByText('Custom', { exact: true }).boundingBox();
    expect(custom!.x + custom!.width).toBeLessThanOrEqual(390);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    // The day labels are thinned to the charts' width: none overlaps another.
    await main().getByRole('figure', { name: 'Tokens per day' }).scrollIntoViewIfNeeded();
    expect((await drawnLabels(chart('Spend per day'))).crowded).toEqual([]);
    expect((await drawnLabels(chart('Tokens per day'))).crowded).toEqual([]);
    await shot('costs-phone');

    // Opened by a tap, the inspector's tabs lie under the finger: their tooltips show below them.
    await page.goto(`${harness.server.origin}/#/playground/${AGENT}/${channelId}`);
    await page.getByRole('button', { name: /^Inspector/ }).click();
    const close = page
      .getByRole('dialog', { name: 'Inspector' })
      .getByRole('button', { name: 'Close the inspector' });
    await expectVisible(close);
    await page.mouse.move(370, 80);
    await page.waitForTimeout(600);
    const reachable = await close.evaluate((button) => {
      const { x, y, width, height } = button.getBoundingClientRect();
      return button.contains(document.elementFromPoint(x + width / 2, y + height / 2));
    });
    expect(reachable).toBe(true);
    await page.screenshot({ path: join(SCREENSHOTS, 'costs-inspector-phone.png') });
    await close.click();
    await page.setViewportSize({ width: 1360, height: 900 });
  });

  it('reads well in the dark', async () => {
    await page.getByRole('group', { name: 'Color scheme' }).getByRole('button', { name: 'Dark' }).click();
    await expectAttribute(page.locator('html'), 'data-mantine-color-scheme', 'dark');
    await shot('costs-conversation-dark');
    await page.goto(`${harness.server.origin}/#/costs`);
    await expectText(main(), '$0.0015');
    await expect.poll(() => main().locator('.recharts-bar-rectangle').count()).toBeGreaterThan(0);
    await shot('costs-dark');
    await page.getByRole('tab', { name: 'Prices' }).click();
    await expectText(page.getByRole('table', { name: 'Model prices' }), MODEL);
    await shot('costs-prices-dark');
  });
});
