import type { ConversationKey } from '../../shared/domain/conversation-key';
import type { PromptSource } from '../config';
import { type LlmRouter, type LlmUsageRecord, priceLlmCall } from '../llm';
import type { LlmProvider, LlmReply } from '../llm/provider';
import type { Logger } from '../logging';
import type { Store } from '../store';

/** What memory work needs to ask a model: the router and the price catalogue. */
export interface MemoryModelDeps {
  store: Pick<Store, 'llmPrices'>;
  llm: Pick<LlmRouter, 'resolve' | 'providerFor'>;
}

export interface MemoryModelCall {
  agent: string;
  channelId: number;
  network: ConversationKey['network'];
  /** The model name as configured (an override, the agent's, the default): the router resolves it. */
  modelName: string;
  /** The ledger's operation label: 'summarize', 'extract', 'reflect', ... */
  operation: string;
  taskIdentifier?: string;
}

/** What every kind of memory work (summaries, fact reading, topics, reflection) runs on. */
export interface MemoryWorkDeps extends MemoryModelDeps {
  store: Store;
  logger: Logger;
  now: () => Date;
  /** The prompts of memory work as loaded now (the configuration's, else the shipped ones). */
  prompts: () => PromptSource;
}

/** A call for one conversation's memory, billed to the conversation. */
export function conversationCall(
  conversation: ConversationKey,
  modelName: string,
  operation: string,
): MemoryModelCall {
  const { agent, channelId, network } = conversation;
  return { agent, channelId, network, modelName, operation };
}

/** The reply, and its ledger row, to be written in the transaction that keeps what it produced. */
export interface MemoryModelReply {
  reply: LlmReply;
  usage: LlmUsageRecord;
}

/**
 * Asks the model for memory work (summaries, extraction, reflection) and prices the call. The
 * caller writes `usage` with what the reply produced, so a crash keeps both or neither.
 */
export async function askMemoryModel(
  deps: MemoryModelDeps,
  call: MemoryModelCall,
  query: (provider: LlmProvider, model: string) => Promise<LlmReply>,
): Promise<MemoryModelReply> {
  const resolved = deps.llm.resolve(call.modelName);
  const reply = await query(deps.llm.providerFor(resolved.provider), resolved.model);
  const costUsd = priceLlmCall(deps.store.llmPrices, {
    provider: resolved.provider,
    model: resolved.model,
    usage: reply.usage,
  });
  return {
    reply,
    usage: {
      agent: call.agent,
      channelId: call.channelId,
      network: call.network,
      operation: call.operation,
      provider: resolved.provider,
      model: resolved.model,
      usage: reply.usage,
      latencyMs: reply.latencyMs,
      costUsd,
      taskIdentifier: call.taskIdentifier ?? null,
    },
  };
}
