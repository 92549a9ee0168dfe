import { describe, expect, it } from 'vitest';
import { LlmUsageDetailsSchema, recordLlmUsage } from '../../../src/main/llm/llm-usage-ledger';
import { openDatabase, TaskLogRepository } from '../../../src/main/store';
import { manualClock } from '../../support/helpers';

function setup() {
  const db = openDatabase(':memory:');
  const clock = manualClock('2026-11-01T10:00:00.000Z');
  return { db, store: { taskLog: new TaskLogRepository(db, { now: clock.now }) } };
}

const call = {
  agent: 'Cindy',
  agentTelegramId: 100,
  channelId: 555,
  operation: 'received',
  provider: 'gemini' as const,
  model: 'gemini-3-flash-preview',
  usage: { inputTokens: 1200, outputTokens: 40, cachedTokens: 1000, thinkingTokens: 8 },
  latencyMs: 850,
};

describe('recordLlmUsage', () => {
  it('appends an llm_usage row with tokens, cost and latency in its details', () => {
    const { db, store } = setup();
    recordLlmUsage(store, { ...call, costUsd: 0.000294, taskIdentifier: 'received-1' });
    const [row] = store.taskLog.list({ kinds: ['llm_usage'], limit: 10 });
    expect(row).toMatchObject({
      timestamp: '2026-11-01T10:00:00.000Z',
      agentConfigName: 'Cindy',
      agentTelegramId: 100,
      channelId: 555,
      actionKind: 'llm_usage',
      taskIdentifier: 'received-1',
      failureMessage: null,
    });
    expect(LlmUsageDetailsSchema.parse(row!.details)).toEqual({
      operation: 'received',
      provider: 'gemini',
      model: 'gemini-3-flash-preview',
      input_tokens: 1200,
      output_tokens: 40,
      cached_tokens: 1000,
      thinking_tokens: 8,
      cost_usd: 0.000294,
      unknown_price: false,
      latency_ms: 850,
    });
    db.close();
  });

  it('flags an unknown price and keeps the failure of a failed call', () => {
    const { db, store } = setup();
    const row = recordLlmUsage(store, {
      ...call,
      channelId: null,
      costUsd: null,
      error: 'Gemini is rate limiting (HTTP 429)',
    });
    expect(row).toMatchObject({ channelId: null, failureMessage: 'Gemini is rate limiting (HTTP 429)' });
    expect(row.details).toMatchObject({ cost_usd: null, unknown_price: true });
    db.close();
  });
});
