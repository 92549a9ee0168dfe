import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { UsageSummary } from '../../../src/shared/api';
import { callApi, waitFor } from '../../support/engine-harness';
import { type LlmRuntime, startLlmRuntime } from '../../support/llm-runtime';

describe('usage.summary through the API', () => {
  let bed: LlmRuntime;

  beforeEach(async () => {
    bed = await startLlmRuntime('usage-api');
  });

  afterEach(() => bed.close());

  it('sums a turn into the window, announces it, and prices the model once the catalogue has it', async () => {
    const { runtime, llm } = bed;
    const recorded: unknown[] = [];
    runtime.events.subscribe((name, payload) => {
      if (name === 'usage.recorded') recorded.push(payload);
    });
    await callApi(runtime, 'prices.delete', { modelId: 'gemini-2.5-flash' }).catch(() => undefined);
    llm.replyWith(
      { tasks: [{ kind: 'send', text: 'hi' }] },
      { usage: { inputTokens: 1000, outputTokens: 100, thinkingTokens: 0 } },
    );
    const { chat, people } = runtime.simulator.createChat('Ada', {
      kind: 'direct',
      people: [{ firstName: 'Pat' }],
    });
    runtime.simulator.sendAsPerson('Ada', chat.channelId, people[0]!.id, { text: 'hello' });
    await waitFor(async () => recorded.length > 0 || null, 'the ledger row');
    expect(recorded[0]).toMatchObject({ agent: 'Ada', network: 'simulator', channelId: chat.channelId });

    const now = Date.now();
    const window = {
      since: new Date(now - 86_400_000).toISOString(),
      until: new Date(now + 86_400_000).toISOString(),
    };
    const summary = (await callApi(runtime, 'usage.summary', {
      ...window,
      timeZone: 'Europe/Berlin',
    })) as UsageSummary;
    expect(summary.timeZone).toBe('Europe/Berlin');
    expect(summary.days.length).toBeGreaterThanOrEqual(2);
    expect(summary.totals).toMatchObject({
      calls: 1,
      inputTokens: 1000,
      outputTokens: 100,
      unknownPriceCalls: 1,
      costUsd: 0,
    });
    expect(summary.models).toEqual([
      expect.objectContaining({ model: 'gemini-2.5-flash', pricedNow: false }),
    ]);
    expect(summary.conversations).toEqual([
      expect.objectContaining({ agent: 'Ada', network: 'simulator', channelId: chat.channelId, name: 'Pat' }),
    ]);

    await callApi(runtime, 'prices.put', {
      modelId: 'gemini-2.5-flash',
      provider: 'gemini',
      displayName: 'Gemini 2.5 Flash',
      inputUsdPerMtok: 100,
      outputUsdPerMtok: 400,
      cachedInputUsdPerMtok: null,
    });
    const one = (await callApi(runtime, 'usage.summary', {
      ...window,
      agent: 'Ada',
      conversation: { network: 'simulator', channelId: chat.channelId },
    })) as UsageSummary;
    expect(one.timeZone).toBe('UTC');
    expect(one.models[0]?.pricedNow).toBe(true);
    expect(one.recentCalls).toEqual([expect.objectContaining({ operation: 'received', costUsd: null })]);
  });

  it('refuses a bad window under the field at fault', async () => {
    const refused = await bed.runtime.dispatch('usage.summary', {
      since: '2026-03-02T00:00:00Z',
      until: '2026-03-01T00:00:00Z',
      conversation: { network: 'simulator', channelId: 1 },
      timeZone: 'Mars/Olympus',
    });
    expect(refused).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    const issues = (refused as { error: { issues: { path: string; message: string }[] } }).error.issues;
    expect(Object.fromEntries(issues.map((issue) => [issue.path, issue.message]))).toEqual({
      until: 'The window must end after it starts.',
      agent: 'A conversation belongs to an agent: name it.',
      timeZone: 'Unknown time zone "Mars/Olympus".',
    });
    const notIso = await bed.runtime.dispatch('usage.summary', {
      since: 'yesterday',
      until: '2026-03-01T00:00:00Z',
    });
    expect(notIso).toMatchObject({ ok: false, error: { issues: [{ path: 'since' }] } });
  });
});
