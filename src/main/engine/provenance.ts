import type { LoggedTask, MessageProvenance } from '../../shared/api/conversation-contract';
import type { ConversationKey } from '../../shared/domain/conversation-key';
import type { Store, TaskLogEntry } from '../store';

/**
 * Why the agent said (or reacted with) something: the task log row of the task that did it names
 * the turn that planned it (`origin`, see loop/complete-task), and that turn's kept exchange is the
 * prompt and reply behind it. The same origin finds every other task that turn planned.
 */

function originOf(entry: TaskLogEntry): string | null {
  return typeof entry.details.origin === 'string' ? entry.details.origin : null;
}

function loggedTask(entry: TaskLogEntry & { taskIdentifier: string }): LoggedTask {
  return {
    id: entry.taskIdentifier,
    kind: entry.actionKind,
    at: entry.timestamp,
    origin: originOf(entry),
    failure: entry.failureMessage,
    details: entry.details,
  };
}

/** One of the agent's messages (or with `reaction`, its latest reaction to a message) traced to its turn. */
export function messageProvenance(
  store: Store,
  conversation: ConversationKey,
  messageId: number,
  reaction: boolean,
): MessageProvenance {
  const { agent, channelId } = conversation;
  const entry = reaction
    ? store.taskLog.reaction(agent, channelId, messageId)
    : store.taskLog.sentMessage(agent, channelId, messageId);
  if (!entry?.taskIdentifier) return { task: null, exchange: null, planned: [] };
  const task = loggedTask({ ...entry, taskIdentifier: entry.taskIdentifier });
  if (task.origin === null) return { task, exchange: null, planned: [] };
  return {
    task,
    exchange: store.exchangeHistory.byTask(conversation, task.origin),
    planned: store.taskLog
      .plannedBy(agent, channelId, task.origin)
      .flatMap((row) =>
        row.taskIdentifier ? [loggedTask({ ...row, taskIdentifier: row.taskIdentifier })] : [],
      ),
  };
}
