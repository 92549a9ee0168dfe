import { createElement } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { alreadyPriced } from '../../src/renderer/features/costs/components/PriceFormModal';
import { UsageReport } from '../../src/renderer/features/costs/components/UsageReport';
import { RecentCallsTable } from '../../src/renderer/features/costs/components/UsageTables';
import { operationLabel } from '../../src/renderer/features/costs/operation-labels';
import { type CostsStore, createCostsStore } from '../../src/renderer/features/costs/store';
import { FakeRuntime, settle } from './support/fake-runtime';
import { usageSummary, usageTotals } from './support/fake-usage';
import { renderCosts as render } from './support/render-costs';
import { textOf } from './support/render-markup';

describe('the usage report', () => {
  let runtime: FakeRuntime;
  let store: CostsStore;

  beforeEach(() => {
    runtime = new FakeRuntime();
    store = createCostsStore(runtime.client);
  });

  async function shown(agent: string | null) {
    store.getState().actions.follow({ range: store.getState().range, agent, conversation: null });
    await settle();
  }

  it('explains an empty window and points to the Playground', async () => {
    await shown(null);
    const text = textOf(render(store, createElement(UsageReport, { scope: { kind: 'all', agent: null } })));
    expect(text).toContain('No LLM calls by any agent in 7 days');
    expect(text).toContain('Open the Playground');
  });

  it('shows totals, flags unpriced models with a link to price them, and links agents and chats', async () => {
    runtime.usage.summary = usageSummary({
      totals: usageTotals({
        calls: 5,
        costUsd: 0.42,
        inputTokens: 12_000,
        outputTokens: 900,
        unknownPriceCalls: 2,
      }),
      agents: [{ agent: 'Ada', ...usageTotals({ calls: 5, costUsd: 0.42, unknownPriceCalls: 2 }) }],
      conversations: [
        {
          agent: 'Ada',
          network: 'simulator',
          channelId: 41,
          name: 'Pat Lee',
          ...usageTotals({ calls: 3, costUsd: 0.42 }),
        },
        {
          agent: 'Ada',
          network: null,
          channelId: null,
          name: null,
          ...usageTotals({ calls: 2, unknownPriceCalls: 2 }),
        },
      ],
      models: [
        {
          provider: 'openrouter',
          model: 'meta/llama-x',
          pricedNow: false,
          ...usageTotals({ calls: 2, unknownPriceCalls: 2 }),
        },
      ],
    });
    await shown(null);
    const html = render(store, createElement(UsageReport, { scope: { kind: 'all', agent: null } }));
    const text = textOf(html);
    expect(text).toContain('$0.42');
    // Three of the five calls are priced.
    expect(text).toContain('$0.14 per priced call');
    expect(text).toContain('2 calls have no price: add the model to the catalogue');
    expect(html).toContain('href="/costs/prices/add/openrouter/meta%2Fllama-x"');
    expect(html).toContain('href="/playground/Ada/41"');
    expect(html).toContain('href="/agents/Ada"');
    expect(text).toContain('Pat Lee');
    expect(text).toContain('Outside conversations (media descriptions)');
  });

  it('dims the figures of the last range and names it while the days picked make none', async () => {
    runtime.usage.summary = usageSummary({ totals: usageTotals({ calls: 2, costUsd: 0.42 }) });
    await shown(null);
    const report = createElement(UsageReport, { scope: { kind: 'all', agent: null } });
    expect(textOf(render(store, report))).not.toContain('Showing');
    store.getState().actions.setRangeStale(true);
    const html = render(store, report);
    expect(textOf(html)).toContain('Showing the last 7 days');
    expect(textOf(html)).toContain('these figures are of the last one that did');
    expect(html).toContain('opacity:0.4');
    expect(textOf(html)).toContain('$0.42');
  });

  it('drops the flag once the model is priced, saying the earlier calls stay unpriced', async () => {
    runtime.usage.summary = usageSummary({
      totals: usageTotals({ calls: 2, unknownPriceCalls: 1 }),
      models: [
        {
          provider: 'openai',
          model: 'gpt-x',
          pricedNow: true,
          ...usageTotals({ calls: 2, unknownPriceCalls: 1 }),
        },
      ],
    });
    await shown('Ada');
    const text = textOf(
      render(store, createElement(UsageReport, { scope: { kind: 'agent', agent: 'Ada' } })),
    );
    expect(text).not.toContain('no price: add the model');
    expect(text).toContain('1 call was made before its model had a price');
  });
});

describe('operation names', () => {
  it('says what each call was for in words, keeping the recorded name on hover and any unknown one as is', () => {
    expect(
      ['received', 'extract', 'reflect', 'summarize', 'describe_image', 'translate'].map(operationLabel),
    ).toEqual([
      'Replies',
      'Fact extraction',
      'Reflection',
      'Summaries',
      'Image descriptions',
      'Translations',
    ]);
    expect(operationLabel('toString')).toBe('toString');

    const call = (operation: string) => ({
      at: '2026-03-01T10:00:00.000Z',
      agent: 'Ada',
      network: null,
      channelId: null,
      operation,
      provider: 'gemini',
      model: 'gemini-x',
      inputTokens: 10,
      outputTokens: 2,
      costUsd: null,
      latencyMs: 5,
      error: null,
    });
    const store = createCostsStore(new FakeRuntime().client);
    const html = render(
      store,
      createElement(RecentCallsTable, { calls: [call('extract'), call('brand_new')] }),
    );
    expect(html).toContain('<span title="Recorded as extract">Fact extraction</span>');
    expect(textOf(html)).toContain('brand_new');
  });
});

describe('adding a model price', () => {
  it('refuses a model the catalogue prices already, whatever its case, pointing at the table', () => {
    const prices = [{ modelId: 'gemini-2.5-flash' }];
    expect(alreadyPriced(' Gemini-2.5-Flash ', prices)).toBe(
      'gemini-2.5-flash has a price already: edit it in the table.',
    );
    expect(alreadyPriced('gemini-2.5-pro', prices)).toBeNull();
  });
});
