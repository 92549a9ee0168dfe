import type { Network, TaskLogRowView } from '../../../shared/api';
import { LEDGER_ACTION_KIND, type TaskLogEntry } from '../../store';

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/**
 * A task-log row as the console shows it: an LLM call with its operation, model and price; any
 * other row with its outcome (a row without one ran without a failure, or it would say so).
 */
export function taskLogRowView(entry: TaskLogEntry): TaskLogRowView {
  const { details } = entry;
  const isCall = entry.actionKind === LEDGER_ACTION_KIND;
  const outcome = text(details.outcome) ?? (entry.failureMessage === null ? 'done' : 'failed');
  return {
    id: entry.id,
    at: entry.timestamp,
    kind: entry.actionKind,
    outcome: isCall ? (entry.failureMessage === null ? null : 'failed') : outcome,
    failure: entry.failureMessage,
    taskId: entry.taskIdentifier,
    operation: isCall ? text(details.operation) : null,
    model: isCall ? text(details.model) : null,
    costUsd: isCall && typeof details.cost_usd === 'number' ? details.cost_usd : null,
  };
}

/**
 * The network a conversation's row belongs to: the one it names (LLM calls keep it), else
 * `fallback`'s answer for its chat. Null for rows outside a conversation.
 */
export function taskLogNetwork(
  entry: TaskLogEntry,
  fallback: (agent: string, channelId: number) => Network,
): Network | null {
  if (entry.channelId === null) return null;
  const named = entry.details.network;
  if (named === 'simulator' || named === 'telegram') return named;
  return fallback(entry.agentConfigName, entry.channelId);
}
