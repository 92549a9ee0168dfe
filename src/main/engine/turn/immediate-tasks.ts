import type { ChatMsg } from '../../../shared/domain/conversation';
import type { ConversationKey } from '../../../shared/domain/conversation-key';
import { applyPropertyEntryTask, applySummarizeTask, isPropertyEntryKind, rememberFact } from '../../memory';
import type { Store } from '../../store';
import { type TaskParamsByKind, validateTaskParams } from '../../tasks/kinds';
import type { ParsedTask } from '../../tasks/reply-parser';
import type { MemoryTouch } from '../engine-core';
import { applyEventTask } from '../events/event-task';
import { applyScheduleTaskOf } from './schedule-task';

export interface ImmediateTaskContext {
  conversation: ConversationKey;
  channelName: string;
  timeZone: string;
  now: Date;
  /** The received task whose reply this is, for the task log. */
  receivedTaskId: string;
  /** The messages the turn fetched, oldest first: the ones a summary may cover, a fact's source. */
  history: readonly ChatMsg[];
  isGroup: boolean;
  /** The agent's file has a Daily Schedule: only then may it change its schedule. */
  keepsSchedule: boolean;
}

/**
 * Runs the immediate tasks of a reply, inside the transaction that completes the turn: `think` is
 * written to the task log only (operators read it; the partner never does), remember / intend /
 * note / plan update the agent's entries (remember with a category keeps a fact about a person),
 * summarize a summary of the conversation, event the conversation's scheduled events, schedule
 * the agent's daily schedule. A task with bad fields is logged as failed and skipped:
 * the rest of the reply still counts.
 */
export function runImmediateTasks(
  store: Store,
  tasks: readonly ParsedTask[],
  context: ImmediateTaskContext,
): MemoryTouch[] {
  const { conversation } = context;
  const touched: MemoryTouch[] = [];
  for (const task of tasks) {
    const logBase = {
      agentConfigName: conversation.agent,
      channelId: conversation.channelId,
      actionKind: task.kind,
      taskIdentifier: task.id,
      timestamp: context.now,
    };
    const checked = validateTaskParams(task.kind, task.params);
    if (!checked.ok) {
      store.taskLog.append({
        ...logBase,
        details: { ...task.params, received: context.receivedTaskId },
        failureMessage: checked.error,
      });
      continue;
    }
    const params = checked.params as { text?: string; content?: string; created?: string };
    if (task.kind === 'think') {
      store.taskLog.append({
        ...logBase,
        details: { text: params.text ?? '', received: context.receivedTaskId },
      });
      continue;
    }
    if (task.kind === 'summarize') {
      const summary = applySummarizeTask(
        store.summaries,
        { id: task.id, ...(checked.params as TaskParamsByKind['summarize']) },
        {
          conversation,
          timeZone: context.timeZone,
          now: context.now,
          origin: 'agent',
          shown: context.history,
          freshIds: false,
        },
      );
      store.taskLog.append({
        ...logBase,
        details: { content: params.content ?? '', ...summary, received: context.receivedTaskId },
        failureMessage: summary.outcome === 'refused' ? summary.reason : null,
      });
      if (summary.outcome !== 'refused' && summary.outcome !== 'absent') touched.push({ what: 'summaries' });
      continue;
    }
    if (task.kind === 'event') {
      const applied = applyEventTask(store, task.id, checked.params as TaskParamsByKind['event'], context);
      store.taskLog.append({
        ...logBase,
        details: { ...applied.details, received: context.receivedTaskId },
        failureMessage: applied.failure,
      });
      if (applied.failure === null) touched.push({ what: 'events' });
      continue;
    }
    if (task.kind === 'schedule') {
      const applied = applyScheduleTaskOf(store, task.id, checked.params as TaskParamsByKind['schedule'], {
        agent: conversation.agent,
        keepsSchedule: context.keepsSchedule,
        now: context.now,
      });
      store.taskLog.append({
        ...logBase,
        details: { ...applied.details, received: context.receivedTaskId },
        failureMessage: applied.failure,
      });
      if (applied.failure === null) touched.push({ what: 'schedule' });
      continue;
    }
    const remembered = task.kind === 'remember' ? (checked.params as TaskParamsByKind['remember']) : null;
    if (remembered?.category !== undefined && remembered.content?.trim()) {
      const fact = rememberFact(
        store,
        { ...remembered, content: remembered.content, category: remembered.category },
        { conversation, isGroup: context.isGroup, history: context.history, now: context.now },
      );
      store.taskLog.append({
        ...logBase,
        details: {
          content: remembered.content,
          outcome: fact.outcome,
          ...('fact' in fact ? { fact: fact.fact.id, about: fact.fact.partnerId } : {}),
          received: context.receivedTaskId,
        },
        failureMessage: fact.outcome === 'refused' ? fact.reason : null,
      });
      if ('fact' in fact && fact.outcome !== 'unchanged')
        touched.push({ what: 'facts', partnerId: fact.fact.partnerId });
      continue;
    }
    if (!isPropertyEntryKind(task.kind)) continue;
    const outcome = applyPropertyEntryTask(
      store.memoryEntries,
      { kind: task.kind, id: task.id, content: params.content, created: params.created },
      { conversation, channelName: context.channelName, timeZone: context.timeZone, now: context.now },
    );
    store.taskLog.append({
      ...logBase,
      details: { content: params.content ?? '', outcome, received: context.receivedTaskId },
    });
    if (outcome !== 'absent') touched.push({ what: 'entries' });
  }
  return touched;
}
