import type { ConversationKey } from '../../../shared/domain/conversation-key';
import type { Clock } from '../../clock';
import type { Logger } from '../../logging';
import type { MessagingPort } from '../../messaging/port';
import type { Store } from '../../store';
import { type ModelTaskKind, type TaskParamsByKind, validateTaskParams } from '../../tasks/kinds';
import type { ReceivedParams } from '../graph/received-task';
import { PermanentTaskError } from './task-handler';

/** What the graph task handlers act through. */
export interface GraphTaskDeps {
  port: MessagingPort;
  store: Store;
  clock: Clock;
  logger: Logger;
  /**
   * Starts (or joins) a turn in a conversation, bypassing its gag: what xsend does. Resolves false
   * when nothing was inserted (the trigger was a duplicate).
   */
  requestTurn(conversation: ConversationKey, trigger: Partial<ReceivedParams>): Promise<boolean>;
}

/** The task's params checked against its kind; a task the model got wrong fails for good. */
export function checkedParams<K extends ModelTaskKind>(kind: K, params: unknown): TaskParamsByKind[K] {
  const result = validateTaskParams(kind, params);
  if (!result.ok) throw new PermanentTaskError(result.error);
  return result.params;
}
