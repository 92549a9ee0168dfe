import type { ConversationKey } from '../../../shared/domain/conversation-key';
import type { Store } from '../../store';
import type { TaskParamsByKind } from '../../tasks/kinds';
import { applyEventChange } from './event-changes';

/** What the task log keeps of an `event` task: its outcome and the event as written, or why not. */
export interface EventTaskResult {
  details: Record<string, unknown>;
  failure: string | null;
}

/** Applies the agent's `event` task to its conversation's events (inside the turn's transaction). */
export function applyEventTask(
  store: Store,
  id: string,
  params: TaskParamsByKind['event'],
  context: { conversation: ConversationKey; timeZone: string; now: Date },
): EventTaskResult {
  const outcome = applyEventChange(store, { id, ...params }, context);
  const asked = { intent: params.intent ?? '', time: params.time ?? null };
  switch (outcome.outcome) {
    case 'refused':
      return { details: { ...asked, outcome: 'refused' }, failure: `event task: ${outcome.reason}` };
    case 'deleted':
      return { details: { ...asked, outcome: 'deleted' }, failure: null };
    default:
      return {
        details: {
          ...asked,
          outcome: outcome.outcome,
          dueAt: outcome.event.dueAt.toISOString(),
          intervalSeconds: outcome.event.intervalSeconds,
          remaining: outcome.event.remaining,
        },
        failure: null,
      };
  }
}
