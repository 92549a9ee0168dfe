import { type Pacing, typingWaitBefore } from '../pacing/typing-delay';
import { DRAFT_KINDS, markAwaitingApproval } from './operator-marks';
import { createNode, type TaskGraph, type TaskNode, type TaskParams, updateNode } from './task-graph';
import { waitParams } from './wait-params';

/** A graph task from the model's reply, already re-keyed: `dependsOn` names graph ids. */
export interface PlannedTask {
  id: string;
  kind: string;
  params: TaskParams;
  dependsOn: string[];
  /** Why the task must not run (it joins the graph failed, so the console shows the reason). */
  refused?: string;
}

export interface ScheduleReplyInput {
  graph: TaskGraph;
  /** The received task whose turn produced the plan; the chain starts after it. */
  received: TaskNode;
  tasks: readonly PlannedTask[];
  pacing: Pacing;
  /** In a group, the first send, sticker or send_media without `reply_to` answers this message. */
  groupTriggerMessageId: number | null;
  /** The operator approves each message first: they join as drafts, paced once approved. Default false. */
  drafts?: boolean;
  now: Date;
}

/** Kinds that put a message into the chat. */
export const OUTWARD_KINDS = new Set(['send', 'sticker', 'send_media']);

/**
 * Adds the model's graph tasks to the graph as one sequential chain after the received task:
 * each task depends on the one before it (plus the `depends_on` the model gave, where they point
 * back), with a typing wait before each send, sticker and send_media. Under approval the messages
 * and reactions join as drafts instead, their typing waits added when approved (the agent would
 * otherwise "type" for as long as the operator takes). Returns the added nodes.
 */
export function scheduleReplyTasks(input: ScheduleReplyInput): TaskNode[] {
  const { graph, pacing, now } = input;
  const added: TaskNode[] = [];
  let defaultReplyPending = input.groupTriggerMessageId !== null;
  let previous = input.received.id;

  for (const task of input.tasks) {
    const params = { ...task.params };
    if (defaultReplyPending && OUTWARD_KINDS.has(task.kind) && params.reply_to == null) {
      params.reply_to = input.groupTriggerMessageId;
      defaultReplyPending = false;
    }
    const draft = input.drafts === true && task.refused === undefined && DRAFT_KINDS.has(task.kind);
    if (draft) markAwaitingApproval(params);
    const waitSeconds =
      task.refused === undefined && !draft ? typingWaitBefore(task.kind, params, pacing) : 0;
    if (waitSeconds > 0) {
      const wait = graph.add(
        createNode(
          { kind: 'wait', params: waitParams(waitSeconds, { typing: true }), dependsOn: [previous] },
          now,
        ),
      );
      added.push(wait);
      previous = wait.id;
    }
    // A reference forward in the list would wait on a task that itself waits on this one (the
    // chain): a cycle that never runs. Only references back, or to nodes already in the graph, stay.
    const pointsBack = task.dependsOn.filter((id) => id !== previous && graph.node(id) !== undefined);
    const node = graph.add(
      createNode(
        { id: task.id, kind: task.kind, params, dependsOn: [...new Set([previous, ...pointsBack])] },
        now,
      ),
    );
    if (task.refused !== undefined) updateNode(node, { status: 'failed', lastError: task.refused }, now);
    added.push(node);
    previous = node.id;
  }
  return added;
}
