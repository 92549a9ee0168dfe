import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  dayLabelInterval,
  formatUsd,
  rangeDescription,
  rangeProblems,
  resolveRange,
  spendByAgentChart,
  tokensChart,
  type UsageQuery,
  unpricedModels,
  valueTickCount,
} from '../../src/renderer/features/costs/model';
import { type CostsStore, createCostsStore, REFRESH_DELAY_MS } from '../../src/renderer/features/costs/store';
import { ApiError } from '../../src/shared/api/errors';
import type { UsageSummaryInput } from '../../src/shared/api/usage-contract';
import { FakeRuntime, settle } from './support/fake-runtime';
import { usageSummary, usageTotals } from './support/fake-usage';

const ALL: UsageQuery = { range: { kind: '7d' }, agent: null, conversation: null };
const ADA: UsageQuery = { range: { kind: '7d' }, agent: 'Ada', conversation: null };

describe('costs model', () => {
  it('reads presets as whole local days up to the end of today, and custom days inclusively', () => {
    const now = new Date(2026, 2, 10, 15, 30);
    expect(resolveRange({ kind: 'today' }, now)).toEqual({
      since: new Date(2026, 2, 10),
      until: new Date(2026, 2, 11),
    });
    expect(resolveRange({ kind: '7d' }, now).since).toEqual(new Date(2026, 2, 4));
    expect(resolveRange({ kind: 'custom', from: '2026-02-01', to: '2026-02-28' }, now)).toEqual({
      since: new Date(2026, 1, 1),
      until: new Date(2026, 2, 1),
    });
  });

  it('names the field of a custom range that cannot be read', () => {
    expect(rangeProblems({ kind: 'custom', from: '', to: '2026-02-01' })).toEqual({
      from: 'Pick the first day.',
    });
    expect(rangeProblems({ kind: 'custom', from: '2026-02-02', to: '2026-02-01' })).toEqual({
      to: 'The last day comes before the first.',
    });
    expect(rangeProblems({ kind: '30d' })).toEqual({});
    expect(rangeProblems({ kind: 'custom', from: '2026-02-01', to: '2026-02-11' }, '2026-02-10')).toEqual({
      to: 'Pick today or an earlier day.',
    });
    expect(rangeProblems({ kind: 'custom', from: '2026-02-01', to: '2026-02-10' }, '2026-02-10')).toEqual({});
  });

  it('puts the year in the day labels of a range over two years, and names the range shown', () => {
    const days = (...list: string[]) => list.map((day) => ({ day, costByAgent: {}, ...usageTotals() }));
    expect(
      tokensChart(usageSummary({ days: days('2025-12-31', '2026-01-01') })).map((row) => row.day),
    ).toEqual(['Dec 31, 2025', 'Jan 1, 2026']);
    expect(
      tokensChart(usageSummary({ days: days('2026-03-01', '2026-03-02') })).map((row) => row.day),
    ).toEqual(['Mar 1', 'Mar 2']);
    expect(spendByAgentChart(usageSummary({ days: days('2025-12-31', '2026-01-01') })).data[0]!.day).toBe(
      'Dec 31, 2025',
    );
    expect(rangeDescription({ kind: 'custom', from: '2026-11-01', to: '2026-11-30' })).toBe(
      'Nov 1, 2026 – Nov 30, 2026',
    );
    expect(rangeDescription({ kind: 'custom', from: '2026-11-29', to: '2026-11-29' })).toBe('Nov 29, 2026');
    expect(rangeDescription({ kind: '7d' })).toBe('the last 7 days');
  });

  it('writes sums in cents and cheap calls with two significant digits', () => {
    expect(formatUsd(12.4)).toBe('$12.40');
    expect(formatUsd(0.003142)).toBe('$0.0031');
    expect(formatUsd(0)).toBe('$0');
  });

  it('thins the labels of a daily axis to its width so none overlap, at most seven however wide', () => {
    const days = [1, 7, 8, 30, 31, 90, 91];
    const wide = days.map((count) => dayLabelInterval(count, 6, 1200));
    expect(wide).toEqual([0, 0, 1, 4, 4, 12, 12]);
    // A phone's chart (about 270 px of axis) holds four "Nov 23" labels, "Nov 23, 2025" two.
    const phone = days.map((count) => dayLabelInterval(count, 6, 270));
    expect(phone).toEqual([0, 1, 1, 7, 7, 22, 22]);
    expect(dayLabelInterval(7, 12, 270)).toBe(3);
    // Whatever the width and label, the shown labels (every interval + 1) have room for their text.
    for (const width of [120, 200, 270, 330, 480, 700])
      for (const count of days)
        for (const chars of [6, 12]) {
          const interval = dayLabelInterval(count, chars, width);
          const shown = Math.ceil(count / (interval + 1));
          expect(shown === 1 || ((interval + 1) * width) / count >= chars * 7).toBe(true);
        }
    // Not yet measured: the cap alone.
    expect(dayLabelInterval(30, 6, 0)).toBe(4);
  });

  it('gives a value axis as many ticks as its width holds apart, two to five', () => {
    // "$0.0012" and a character's margin: 8 characters, 72 px a label.
    expect(valueTickCount(8, 200)).toBe(3);
    expect(valueTickCount(8, 400)).toBe(5);
    expect(valueTickCount(8, 1000)).toBe(5);
    expect(valueTickCount(8, 60)).toBe(2);
    expect(valueTickCount(8, 0)).toBe(3);
  });

  it('stacks spend per agent and sums agents past the palette as others', () => {
    const agents = Array.from({ length: 10 }, (_, index) => ({
      agent: `A${index}`,
      ...usageTotals({ costUsd: 10 - index }),
    }));
    const costByAgent = Object.fromEntries(agents.map((row) => [row.agent, 1]));
    const chart = spendByAgentChart(
      usageSummary({ agents, days: [{ day: '2026-03-01', costByAgent, ...usageTotals() }] }),
    );
    expect(chart.series.map((entry) => entry.name)).toEqual([
      'A0',
      'A1',
      'A2',
      'A3',
      'A4',
      'A5',
      'A6',
      'Other agents',
    ]);
    expect(chart.data[0]).toMatchObject({ A0: 1, 'Other agents': 3 });
  });

  it('asks for prices only for models the catalogue still lacks', () => {
    const model = (name: string, pricedNow: boolean, unknownPriceCalls: number) => ({
      provider: 'gemini',
      model: name,
      pricedNow,
      ...usageTotals({ unknownPriceCalls }),
    });
    const summary = usageSummary({
      models: [model('a', false, 2), model('b', true, 3), model('c', false, 0)],
    });
    expect(unpricedModels(summary).map((row) => row.model)).toEqual(['a']);
  });
});

describe('costs store', () => {
  let runtime: FakeRuntime;
  let store: CostsStore;
  const now = new Date(2026, 2, 10, 12);

  beforeEach(() => {
    runtime = new FakeRuntime();
    store = createCostsStore(runtime.client, { now: () => now });
  });

  afterEach(() => vi.useRealTimers());

  it('follows a summary of the window in the browser time zone and drops it when released', async () => {
    runtime.usage.summary = usageSummary({ totals: usageTotals({ calls: 3, costUsd: 1.5 }) });
    const release = store.getState().actions.follow(ADA);
    await settle();
    const [input] = runtime.callsOf('usage.summary') as UsageSummaryInput[];
    expect(input).toMatchObject({
      agent: 'Ada',
      since: new Date(2026, 2, 4).toISOString(),
      until: new Date(2026, 2, 11).toISOString(),
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
    const [view] = Object.values(store.getState().summaries);
    expect(view).toMatchObject({ status: 'ready', summary: { totals: { calls: 3, costUsd: 1.5 } } });
    release();
    expect(store.getState().summaries).toEqual({});
  });

  it('fetches again, once for a burst, the summaries a new call counts in', async () => {
    vi.useFakeTimers();
    store.getState().actions.follow(ALL);
    store.getState().actions.follow(ADA);
    await vi.runAllTimersAsync();
    expect(runtime.callsOf('usage.summary')).toHaveLength(2);

    const row = { agent: 'Bo', network: 'simulator' as const, channelId: 5, at: now.toISOString() };
    store.getState().actions.applyRecorded(row);
    store.getState().actions.applyRecorded(row);
    await vi.advanceTimersByTimeAsync(REFRESH_DELAY_MS - 1);
    expect(runtime.callsOf('usage.summary')).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    // Bo's call counts for every agent, not in Ada's view.
    expect(
      (runtime.callsOf('usage.summary') as UsageSummaryInput[]).slice(2).map((input) => input.agent),
    ).toEqual([undefined]);
  });

  it('leaves the view shown as it is while it fetches again, so nothing redraws before the answer', async () => {
    vi.useFakeTimers();
    runtime.usage.summary = usageSummary({ totals: usageTotals({ calls: 3, costUsd: 1.5 }) });
    store.getState().actions.follow(ALL);
    await vi.runAllTimersAsync();
    const shown = Object.values(store.getState().summaries)[0];

    let answer: (summary: ReturnType<typeof usageSummary>) => void = () => {};
    runtime.handle('usage.summary', () => new Promise((resolve) => (answer = resolve)));
    store
      .getState()
      .actions.applyRecorded({ agent: 'Ada', network: null, channelId: null, at: now.toISOString() });
    await vi.advanceTimersByTimeAsync(REFRESH_DELAY_MS);
    expect(runtime.callsOf('usage.summary')).toHaveLength(2);
    expect(Object.values(store.getState().summaries)[0]).toBe(shown);

    answer(usageSummary({ totals: usageTotals({ calls: 4, costUsd: 2 }) }));
    await vi.runAllTimersAsync();
    expect(Object.values(store.getState().summaries)[0]).toMatchObject({
      status: 'ready',
      summary: { totals: { calls: 4 } },
    });
  });

  it('keeps the runtime field errors of a refused window, and of a refused price', async () => {
    runtime.handle('usage.summary', () => {
      throw new ApiError('invalid_input', 'Invalid input.', [
        { path: 'until', message: 'The window must end after it starts.' },
      ]);
    });
    store.getState().actions.follow(ALL);
    await settle();
    expect(Object.values(store.getState().summaries)[0]).toMatchObject({
      status: 'error',
      fieldErrors: { until: 'The window must end after it starts.' },
    });

    const refused = await store.getState().actions.savePrice({
      modelId: 'm',
      provider: 'gemini',
      displayName: ' ',
      inputUsdPerMtok: -1,
      outputUsdPerMtok: 2,
      cachedInputUsdPerMtok: null,
    });
    expect(refused).toMatchObject({
      ok: false,
      fields: {
        displayName: 'Give the model a display name.',
        inputUsdPerMtok: 'A price cannot be negative.',
      },
    });
  });

  it('keeps the catalogue live from prices.changed and refreshes the summaries it prices', async () => {
    vi.useFakeTimers();
    store.getState().actions.follow(ALL);
    await store.getState().actions.loadPrices();
    expect(store.getState().prices).toMatchObject({ status: 'ready', list: [] });
    const saved = await store.getState().actions.savePrice({
      modelId: 'mystery-1',
      provider: 'openai',
      displayName: 'Mystery',
      inputUsdPerMtok: 1,
      outputUsdPerMtok: 2,
      cachedInputUsdPerMtok: null,
    });
    expect(saved).toEqual({ ok: true });
    const [event] = runtime.usage.prices.values();
    store.getState().actions.applyPrices([event!]);
    expect(store.getState().prices.list.map((price) => price.modelId)).toEqual(['mystery-1']);
    await vi.advanceTimersByTimeAsync(REFRESH_DELAY_MS);
    expect(runtime.callsOf('usage.summary')).toHaveLength(2);
  });
});
