import { performance } from 'node:perf_hooks';
import type { Logger } from '../logging';
import { classifyLlmError, type LlmErrorContext } from './classify-llm-error';
import { callWithDeadline } from './deadline';
import type { LlmReply } from './provider';
import { rejectTranscriptEcho } from './reply-checks';

export interface TimedLlmCallOptions extends LlmErrorContext {
  model: string;
  timeoutMs: number;
  signal?: AbortSignal | undefined;
  logger: Logger;
}

/**
 * The frame every provider call runs in: a deadline, latency measured around the whole call,
 * every failure turned into a classified `LlmError` without the key, and replies that echo the
 * transcript format rejected.
 */
export async function timedLlmCall(
  options: TimedLlmCallOptions,
  call: (signal: AbortSignal) => Promise<Omit<LlmReply, 'latencyMs'>>,
): Promise<LlmReply> {
  const { providerLabel, model, logger } = options;
  const started = performance.now();
  try {
    const reply = await callWithDeadline(
      { timeoutMs: options.timeoutMs, signal: options.signal, providerLabel },
      call,
    );
    rejectTranscriptEcho(reply.text, providerLabel);
    const latencyMs = Math.round(performance.now() - started);
    logger.debug({ model: reply.model, usage: reply.usage, latencyMs }, 'llm call answered');
    return { ...reply, latencyMs };
  } catch (error) {
    const llmError = classifyLlmError(error, options);
    const latencyMs = Math.round(performance.now() - started);
    logger.info(
      { model, kind: llmError.kind, status: llmError.status, retryable: llmError.retryable, latencyMs },
      `llm call failed: ${llmError.message}`,
    );
    throw llmError;
  }
}
