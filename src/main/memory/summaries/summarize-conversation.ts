import type { AgentConfig } from '../../../shared/domain/config';
import type { ChatMsg } from '../../../shared/domain/conversation';
import type { PromptSource } from '../../config';
import { renderTurns, withTurnContext } from '../../conversation/render';
import { recordLlmUsage } from '../../llm';
import { buildSummarizationPrompt } from '../../prompt';
import { validateTaskParams } from '../../tasks/kinds';
import { parseTaskReply } from '../../tasks/reply-parser';
import { askMemoryModel, conversationCall, type MemoryWorkDeps } from '../model-call';
import { applySummarizeTask, type SummaryOutcome } from './apply-summary';
import { consolidateSummaries } from './consolidate-summaries';
import type { SummarizeRequest, SummarizeResult } from './summarizer-types';
import { summaryCalls, unsummarized } from './summary-policy';

async function loadSummarizationPrompts(prompts: PromptSource, agent: AgentConfig) {
  const instructions = await prompts.load('Instructions-Summarize');
  const rolePrompts = [];
  for (const name of agent.rolePrompts) rolePrompts.push({ name, text: await prompts.load(name) });
  return { instructions, rolePrompts };
}

/**
 * Summarizes a stretch of a conversation with the conversation's model: one call per batch of
 * messages, oldest first, each reply's `summarize` tasks written with the call's ledger row (the
 * operation `summarize`). A reply that is not a task list, or holds no usable summary, writes
 * nothing, is logged, and ends the pass (the next turn asks again). Then the oldest summaries
 * are consolidated when there are enough of them.
 */
export async function summarizeConversation(
  deps: MemoryWorkDeps,
  request: SummarizeRequest,
): Promise<SummarizeResult> {
  const { store, logger } = deps;
  const { conversation } = request;
  const pending = unsummarized(request.messages, store.summaries.highestSummarizedId(conversation));
  const result: SummarizeResult = { written: 0, consolidated: 0, modelCalls: 0 };
  if (pending.length === 0) return result;
  const prompts = await loadSummarizationPrompts(deps.prompts(), request.agent);

  for (const batch of summaryCalls(pending)) {
    const prompt = buildSummarizationPrompt({
      agent: request.agent,
      agentId: request.agentId,
      chat: request.chat,
      ...prompts,
      summaries: store.summaries.list(conversation),
      range: { first: batch[0]!.messageId, last: batch.at(-1)!.messageId },
      now: deps.now(),
      timeZone: request.timeZone,
    });
    const turns = withTurnContext(renderTurns(batch, { timeZone: request.timeZone }), prompt.turnContext);
    const { reply, usage } = await askMemoryModel(
      deps,
      conversationCall(conversation, request.modelName, 'summarize'),
      (provider, model) =>
        provider.queryStructured({
          model,
          systemPrompt: prompt.text,
          turns,
          responseSchema: prompt.responseSchema,
          signal: request.signal,
        }),
    );
    result.modelCalls += 1;
    const outcomes = applyReply(deps, request, batch, reply.text, usage);
    const written = outcomes.filter((o) => o.outcome === 'created' || o.outcome === 'updated').length;
    result.written += written;
    if (written === 0) {
      logger.warn({ conversation, outcomes }, 'summarization wrote no summary; the next turn asks again');
      break;
    }
  }
  result.consolidated = await consolidateSummaries(deps, request);
  return result;
}

/** Writes the reply's summaries and the call's ledger row in one transaction. */
function applyReply(
  deps: MemoryWorkDeps,
  request: SummarizeRequest,
  batch: readonly ChatMsg[],
  replyText: string,
  usage: Parameters<typeof recordLlmUsage>[1],
): SummaryOutcome[] {
  const { store, logger } = deps;
  const { conversation } = request;
  let tasks: ReturnType<typeof parseTaskReply>['tasks'] = [];
  try {
    tasks = parseTaskReply(replyText).tasks;
  } catch (error) {
    logger.warn({ conversation, err: error }, 'summarization reply is not a task list; nothing written');
  }
  const now = deps.now();
  return store.transaction(() => {
    recordLlmUsage(store, usage);
    const outcomes: SummaryOutcome[] = [];
    for (const task of tasks) {
      if (task.kind !== 'summarize') continue;
      const checked = validateTaskParams('summarize', task.params);
      if (!checked.ok) {
        outcomes.push({ outcome: 'refused', id: task.id, reason: checked.error });
        continue;
      }
      outcomes.push(
        applySummarizeTask(
          store.summaries,
          { id: task.id, ...checked.params },
          {
            conversation,
            timeZone: request.timeZone,
            now,
            origin: request.origin,
            shown: batch,
            freshIds: true,
          },
        ),
      );
    }
    return outcomes;
  });
}
