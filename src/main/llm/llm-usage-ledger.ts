import { z } from 'zod';
import { type Network, NetworkSchema } from '../../shared/api/conversation-contract';
import { type LlmProviderId, LlmProviderIdSchema } from '../../shared/domain/settings';
import { LEDGER_ACTION_KIND, type TaskLogEntry, type TaskLogRepository } from '../store';
import type { LlmUsage } from './provider';

/** The task-log action kind of a cost-ledger row. */
export const LLM_USAGE_ACTION_KIND = LEDGER_ACTION_KIND;

/** The details of an `llm_usage` task-log row, for the cost views that read them back. */
export const LlmUsageDetailsSchema = z.object({
  /** What the call was for: 'received', 'summarize', 'describe_image', ... */
  operation: z.string(),
  provider: LlmProviderIdSchema,
  model: z.string(),
  input_tokens: z.number(),
  output_tokens: z.number(),
  cached_tokens: z.number(),
  thinking_tokens: z.number(),
  /** Null when the model has no price; `unknown_price` says so for queries. */
  cost_usd: z.number().nullable(),
  unknown_price: z.boolean(),
  latency_ms: z.number(),
  /** The conversation's network; absent on rows written before it was kept, and outside conversations. */
  network: NetworkSchema.optional(),
});
export type LlmUsageDetails = z.infer<typeof LlmUsageDetailsSchema>;

export interface LlmUsageRecord {
  /** The agent's config name. */
  agent: string;
  agentTelegramId?: number | null;
  /** The conversation the call was for; null for calls outside one (media descriptions). */
  channelId: number | null;
  /** The conversation's network, so cost views can link to it; null when unknown. */
  network?: Network | null;
  operation: string;
  provider: LlmProviderId;
  model: string;
  usage: LlmUsage;
  latencyMs: number;
  /** From `priceLlmCall`; null when the price is unknown. */
  costUsd: number | null;
  /** The failure, for calls that failed (they may still have cost tokens). */
  error?: string | null;
  taskIdentifier?: string | null;
}

/** Appends one call to the cost ledger (the task log, kind `llm_usage`). */
export function recordLlmUsage(store: { taskLog: TaskLogRepository }, record: LlmUsageRecord): TaskLogEntry {
  const details: LlmUsageDetails = {
    operation: record.operation,
    provider: record.provider,
    model: record.model,
    input_tokens: record.usage.inputTokens,
    output_tokens: record.usage.outputTokens,
    cached_tokens: record.usage.cachedTokens,
    thinking_tokens: record.usage.thinkingTokens,
    cost_usd: record.costUsd,
    unknown_price: record.costUsd === null,
    latency_ms: record.latencyMs,
    ...(record.network ? { network: record.network } : {}),
  };
  return store.taskLog.append({
    agentConfigName: record.agent,
    agentTelegramId: record.agentTelegramId ?? null,
    channelId: record.channelId,
    actionKind: LLM_USAGE_ACTION_KIND,
    taskIdentifier: record.taskIdentifier ?? null,
    details,
    failureMessage: record.error ?? null,
  });
}
