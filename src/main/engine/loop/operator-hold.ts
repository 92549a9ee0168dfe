import type { ConversationSettings } from '../../store';
import type { TaskHold } from '../graph/graph-rules';
import { isOperatorChosen } from '../graph/operator-marks';

/**
 * What the operator's settings hold back in a conversation: everything while it is paused; the
 * agent's own tasks while it is taken over ("operator only"), what the operator wrote or approved
 * going out;
 * the agent's turns (its LLM calls) while its daily spending limit is reached. `overLimit` is
 * asked at most once, and only when a turn is up.
 */
export function operatorHold(settings: ConversationSettings, overLimit: () => boolean): TaskHold {
  if (settings.paused) return () => true;
  let reached: boolean | undefined;
  return (node) => {
    if (settings.operatorOnly && !isOperatorChosen(node)) return true;
    if (node.kind !== 'received') return false;
    reached ??= overLimit();
    return reached;
  };
}
