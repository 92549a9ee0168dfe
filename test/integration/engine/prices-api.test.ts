import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { LlmPrice } from '../../../src/shared/domain/prices';
import { callApi, waitFor } from '../../support/engine-harness';
import { type LlmRuntime, startLlmRuntime } from '../../support/llm-runtime';

describe('the price catalogue through the API', () => {
  let bed: LlmRuntime;

  beforeEach(async () => {
    bed = await startLlmRuntime('prices-api');
  });

  afterEach(() => bed.close());

  const price = {
    modelId: 'gemini-2.5-flash',
    provider: 'gemini',
    displayName: 'Gemini 2.5 Flash (negotiated)',
    inputUsdPerMtok: 100,
    outputUsdPerMtok: 400,
    cachedInputUsdPerMtok: null,
  };

  it('prices every call from the change on, and refuses invalid prices under their fields', async () => {
    const { runtime, llm } = bed;
    const changes: LlmPrice[][] = [];
    runtime.events.subscribe((name, payload) => {
      if (name === 'prices.changed') changes.push((payload as { prices: LlmPrice[] }).prices);
    });
    const { price: stored } = (await callApi(runtime, 'prices.put', price)) as { price: LlmPrice };
    expect(stored).toMatchObject({ ...price, source: 'operator' });
    expect(changes.at(-1)?.find((known) => known.modelId === price.modelId)?.displayName).toBe(
      price.displayName,
    );

    // A turn of the agent (gemini-2.5-flash) is priced with it: 1,000 in and 100 out at 100/400 per million.
    llm.replyWith(
      { tasks: [{ kind: 'send', text: 'hi' }] },
      { usage: { inputTokens: 1000, outputTokens: 100, thinkingTokens: 0 } },
    );
    const { chat, people } = runtime.simulator.createChat('Ada', {
      kind: 'direct',
      people: [{ firstName: 'Pat' }],
    });
    runtime.simulator.sendAsPerson('Ada', chat.channelId, people[0]!.id, { text: 'hello' });
    const exchange = await waitFor(async () => {
      const { exchange } = (await callApi(runtime, 'conversations.lastExchange', {
        agent: 'Ada',
        network: 'simulator',
        channelId: chat.channelId,
      })) as { exchange: { costUsd: number | null } | null };
      return exchange;
    }, 'the turn');
    expect(exchange.costUsd).toBeCloseTo(0.1 + 0.04, 6);

    const refused = await runtime.dispatch('prices.put', { ...price, inputUsdPerMtok: -1, displayName: ' ' });
    expect(refused).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    const issues = (refused as { error: { issues: { path: string }[] } }).error.issues.map(
      (issue) => issue.path,
    );
    expect(issues.sort()).toEqual(['displayName', 'inputUsdPerMtok']);

    await callApi(runtime, 'prices.delete', { modelId: price.modelId });
    const { prices } = (await callApi(runtime, 'prices.list')) as { prices: LlmPrice[] };
    expect(prices.some((known) => known.modelId === price.modelId)).toBe(false);
    await expect(callApi(runtime, 'prices.delete', { modelId: price.modelId })).rejects.toThrow(/not_found/);
  });
});
