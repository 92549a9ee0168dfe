import type { LlmExchangeView } from '../../src/shared/api/conversation-contract';

/** A small Gemini exchange at `at` whose raw reply is `reply`, for the exchange stores' tests. */
export function exchangeView(at: string, reply = 'ok'): LlmExchangeView {
  return {
    at,
    provider: 'gemini',
    model: 'gemini-2.5-flash',
    sections: [{ id: 'instructions', title: 'Instructions', text: 'Be kind.', stable: true }],
    turns: [{ role: 'user', parts: ['hello'] }],
    rawReply: reply,
    inputTokens: 10,
    outputTokens: 2,
    cachedTokens: 0,
    costUsd: null,
    latencyMs: 120,
    error: null,
  };
}
