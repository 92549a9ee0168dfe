import type { AgentConfig } from '../../../shared/domain/config';
import type { ChatMsg } from '../../../shared/domain/conversation';
import type { ConversationKey } from '../../../shared/domain/conversation-key';
import { IMMEDIATE_TASK_KINDS } from '../../../shared/domain/tasks';
import type { Logger } from '../../logging';
import type { Store } from '../../store';
import { isModelTaskKind, validateTaskParams } from '../../tasks/kinds';
import type { ParsedTask } from '../../tasks/reply-parser';
import type { MemoryTouch } from '../engine-core';
import { extendOnlineWindow } from '../graph/online-window';
import { OUTWARD_KINDS, type PlannedTask, scheduleReplyTasks } from '../graph/schedule-reply';
import type { TaskNode } from '../graph/task-graph';
import type { Pacing } from '../pacing/typing-delay';
import type { TaskResult } from '../tasks/task-handler';
import { runImmediateTasks } from './immediate-tasks';
import { refusalLog, retrievalRequest, retrievalRoundOf, retrievalRoundResult } from './retrieval-round';

const IMMEDIATE_KINDS: readonly string[] = IMMEDIATE_TASK_KINDS;

export interface ReplyPlanDeps {
  store: Store;
  logger: Logger;
  pacing: (agent: AgentConfig) => Pacing;
  /** Told what the reply changed in the agent's memory, so open views can reload it. */
  onMemoryChanged: (conversation: ConversationKey, touched: MemoryTouch[]) => void;
}

export interface ReplyPlan {
  conversation: ConversationKey;
  agent: AgentConfig;
  receivedId: string;
  tasks: readonly ParsedTask[];
  allowedKinds: ReadonlySet<string>;
  channelName: string;
  timeZone: string;
  groupTriggerMessageId: number | null;
  model: string;
  /** Messages (sends, stickers, media) one reply may put into the chat (Settings → Engine). */
  maxMessages: number;
  /** The messages the turn fetched, oldest first: the ones a summary in the reply may cover. */
  history: readonly ChatMsg[];
  isGroup: boolean;
  /** The operator approves the agent's messages here: they join the graph as drafts. */
  drafts: boolean;
  /** The turn's own node and the documents its prompt showed, for the retrieval loop. */
  retrieval: { received: TaskNode; documents: readonly { url: string }[] };
}

function overLimitReason(maxMessages: number): string {
  return `The reply asked for more than ${maxMessages} messages; this task and the rest of the reply were not run (Settings → Engine → Messages per reply).`;
}

/**
 * The graph tasks of a reply, each checked against its kind. Past the message limit, the task
 * that would exceed it and every task after it join the graph refused, so a runaway reply is
 * visible in the console instead of dripping out for a quarter of an hour.
 */
function plannedGraphTasks(tasks: readonly ParsedTask[], maxMessages: number): PlannedTask[] {
  const planned: PlannedTask[] = [];
  let messages = 0;
  let refused: string | undefined;
  for (const task of tasks) {
    if (OUTWARD_KINDS.has(task.kind) && ++messages > maxMessages) refused ??= overLimitReason(maxMessages);
    const checked = isModelTaskKind(task.kind) ? validateTaskParams(task.kind, task.params) : null;
    planned.push({
      id: task.id,
      kind: task.kind,
      // Invalid fields are kept as written: the task fails when it is reached, with the reason.
      params: checked?.ok ? checked.params : task.params,
      dependsOn: task.dependsOn,
      ...(refused === undefined ? {} : { refused }),
    });
  }
  return planned;
}

/**
 * What the reply asks for, applied when the turn completes: immediate tasks run, graph tasks join
 * the graph in order. A kind the agent's prompts do not enable is left out (the capability is
 * off); a kind Troupe does not know joins the graph and fails there, visibly.
 */
export function planFromReply(deps: ReplyPlanDeps, plan: ReplyPlan): TaskResult {
  const immediate: ParsedTask[] = [];
  const forGraph: ParsedTask[] = [];
  const refusedKinds: string[] = [];
  const retrieves: ParsedTask[] = [];
  for (const task of plan.tasks) {
    if (isModelTaskKind(task.kind) && !plan.allowedKinds.has(task.kind)) refusedKinds.push(task.kind);
    else if (task.kind === 'retrieve') retrieves.push(task);
    else if (IMMEDIATE_KINDS.includes(task.kind)) immediate.push(task);
    else forGraph.push(task);
  }
  const { received, documents } = plan.retrieval;
  const retrieval = retrievalRequest(retrieves, {
    round: retrievalRoundOf(received),
    retrieved: new Set(documents.map((document) => document.url)),
  });
  if (retrieval.fetch.length > 0) {
    const setAside = plan.tasks.length - retrieves.length;
    return retrievalRoundResult(received, retrieval, {
      model: plan.model,
      tasks: plan.tasks.map((task) => task.kind),
      setAside,
    });
  }
  const graphTasks = plannedGraphTasks(forGraph, plan.maxMessages);
  if (refusedKinds.length > 0) {
    deps.logger.info(
      { conversation: plan.conversation, kinds: refusedKinds },
      'reply used task kinds not enabled',
    );
  }
  const overLimit = graphTasks.filter((task) => task.refused !== undefined).length;
  if (overLimit > 0) {
    deps.logger.warn(
      { conversation: plan.conversation, refused: overLimit, limit: plan.maxMessages },
      'reply exceeded the messages per reply',
    );
  }
  return {
    apply: (graph, now) => {
      const touched = runImmediateTasks(deps.store, immediate, {
        conversation: plan.conversation,
        channelName: plan.channelName,
        timeZone: plan.timeZone,
        now,
        receivedTaskId: plan.receivedId,
        history: plan.history,
        isGroup: plan.isGroup,
        keepsSchedule: plan.agent.dailySchedule !== null,
      });
      if (touched.length > 0) deps.onMemoryChanged(plan.conversation, touched);
      const received = graph.node(plan.receivedId);
      if (received) {
        scheduleReplyTasks({
          graph,
          received,
          tasks: graphTasks,
          pacing: deps.pacing(plan.agent),
          groupTriggerMessageId: plan.groupTriggerMessageId,
          drafts: plan.drafts,
          now,
        });
      }
      extendOnlineWindow(graph, now);
    },
    log: {
      model: plan.model,
      tasks: plan.tasks.map((task) => task.kind),
      ...(refusedKinds.length > 0 ? { refused: refusedKinds } : {}),
      ...(overLimit > 0 ? { overLimit } : {}),
      ...refusalLog(retrieval),
    },
  };
}
