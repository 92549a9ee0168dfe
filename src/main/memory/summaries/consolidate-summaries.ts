import type { MemorySummary } from '../../../shared/domain/memory';
import { recordLlmUsage } from '../../llm';
import { randomHex8 } from '../../tasks/task-id';
import { normalizeCreated } from '../entries/created-time';
import { askMemoryModel, conversationCall, type MemoryWorkDeps } from '../model-call';
import { MAX_SUMMARY_CHARS } from './apply-summary';
import type { SummarizeRequest } from './summarizer-types';
import { consolidationBatch } from './summary-policy';

function earliest(dates: readonly (string | null)[]): string | null {
  const known = dates.filter((date): date is string => date !== null).sort();
  return known[0] ?? null;
}

function latest(dates: readonly (string | null)[]): string | null {
  return (
    dates
      .filter((date): date is string => date !== null)
      .sort()
      .at(-1) ?? null
  );
}

/** One summary that stands for `merged`: their whole range and dates, with the model's text. */
function mergedSummary(merged: readonly MemorySummary[], content: string, created: string): MemorySummary {
  return {
    id: `summary-${randomHex8()}`,
    content:
      content.length > MAX_SUMMARY_CHARS ? `${content.slice(0, MAX_SUMMARY_CHARS - 1).trimEnd()}…` : content,
    minMessageId: Math.min(...merged.map((summary) => summary.minMessageId)),
    maxMessageId: Math.max(...merged.map((summary) => summary.maxMessageId)),
    firstMessageDate: earliest(merged.map((summary) => summary.firstMessageDate)),
    lastMessageDate: latest(merged.map((summary) => summary.lastMessageDate)),
    created,
    origin: 'consolidation',
  };
}

/**
 * Keeps a long conversation's summaries few: with enough of them, the oldest are merged into one
 * paragraph by a plain-text call (Instructions-Consolidate-Summaries). The merged summary and the
 * removal of the originals are one transaction with the call's ledger row; an empty answer
 * changes nothing. Returns how many summaries were merged away.
 */
export async function consolidateSummaries(
  deps: MemoryWorkDeps,
  request: Pick<SummarizeRequest, 'conversation' | 'modelName' | 'signal' | 'timeZone'>,
): Promise<number> {
  const { store, logger } = deps;
  const { conversation } = request;
  const batch = consolidationBatch(store.summaries.list(conversation));
  if (!batch) return 0;
  const instructions = await deps.prompts().load('Instructions-Consolidate-Summaries');
  const texts = batch.map((summary, index) => `Summary ${index + 1}:\n${summary.content.trim()}`);
  const { reply, usage } = await askMemoryModel(
    deps,
    conversationCall(conversation, request.modelName, 'summarize'),
    (provider, model) =>
      provider.queryText({
        model,
        systemPrompt: instructions,
        turns: [{ role: 'user', parts: [texts.join('\n\n')] }],
        signal: request.signal,
      }),
  );
  const content = reply.text.trim();
  const now = deps.now();
  return store.transaction(() => {
    recordLlmUsage(store, usage);
    if (content === '') {
      logger.warn({ conversation }, 'consolidation answered nothing; the summaries stay as they are');
      return 0;
    }
    store.summaries.put(
      conversation,
      mergedSummary(batch, content, normalizeCreated(undefined, request.timeZone, now)),
      now,
    );
    for (const summary of batch) store.summaries.delete(conversation, summary.id);
    return batch.length;
  });
}
