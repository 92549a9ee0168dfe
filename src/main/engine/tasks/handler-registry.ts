import { GRAPH_TASK_KINDS } from '../../../shared/domain/tasks';
import { blockHandler, clearConversationHandler, unblockHandler, xsendHandler } from './chat-control-tasks';
import { reactHandler, sendHandler, sendMediaHandler, stickerHandler } from './outbound-tasks';
import { type RetrieveTaskDeps, retrieveHandler } from './retrieve-task';
import { PermanentTaskError, type TaskHandler } from './task-handler';

type GraphTaskKind = (typeof GRAPH_TASK_KINDS)[number];

function isGraphTaskKind(kind: string): kind is GraphTaskKind {
  return (GRAPH_TASK_KINDS as readonly string[]).includes(kind);
}

/** A kind the engine has no handler for fails as a task, at once: retrying will not teach it one. */
const unknownKindHandler: TaskHandler = async ({ node }) => {
  throw new PermanentTaskError(`Unknown task kind "${node.kind}".`);
};

/** Waits finish by themselves when due (the scheduler completes them); one that runs is simply done. */
const waitHandler: TaskHandler = async () => ({});

/** The handler of every graph task kind; `received` comes from the turn module. */
export function createTaskHandlers(
  deps: RetrieveTaskDeps,
  received: TaskHandler,
): (kind: string) => TaskHandler {
  const handlers: Record<GraphTaskKind, TaskHandler> = {
    received,
    send: sendHandler(deps),
    sticker: stickerHandler(deps),
    send_media: sendMediaHandler(deps),
    react: reactHandler(deps),
    wait: waitHandler,
    block: blockHandler(deps),
    unblock: unblockHandler(deps),
    'clear-conversation': clearConversationHandler(deps),
    xsend: xsendHandler(deps),
    retrieve: retrieveHandler(deps),
  };
  return (kind) => (isGraphTaskKind(kind) ? handlers[kind] : unknownKindHandler);
}

/** Kinds that wait for a slot of a global limit before they run. */
export function resourceOf(kind: string): 'llm' | 'send' | null {
  switch (kind) {
    case 'received':
      return 'llm';
    case 'send':
    case 'sticker':
    case 'send_media':
      return 'send';
    default:
      return null;
  }
}
