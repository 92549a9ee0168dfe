import type { ConversationKey } from '../../../shared/domain/conversation-key';
import type {
  GraphContext,
  TaskGraphRecord,
  TaskNode,
  TaskParams,
} from '../../../shared/domain/task-graph-record';
import { type TaskStatus, TERMINAL_TASK_STATUSES } from '../../../shared/domain/tasks';
import { randomHex8, randomTaskId } from '../../tasks/task-id';

export type { GraphContext, TaskNode, TaskParams } from '../../../shared/domain/task-graph-record';

/**
 * A conversation's task graph: every node the conversation still needs, in insertion order. The
 * engine mutates it in memory and writes it with `EngineGraphRepository.save` in the same
 * transaction as the change's other bookkeeping.
 */
export class TaskGraph implements TaskGraphRecord {
  readonly id: string;
  readonly conversation: ConversationKey;
  readonly context: GraphContext;
  readonly createdAt: string;
  readonly nodes: TaskNode[];

  constructor(init: TaskGraphRecord) {
    this.id = init.id;
    this.conversation = init.conversation;
    this.context = init.context;
    this.createdAt = init.createdAt;
    this.nodes = init.nodes;
  }

  node(id: string): TaskNode | undefined {
    return this.nodes.find((node) => node.id === id);
  }

  /** Adds a node and returns it. */
  add(node: TaskNode): TaskNode {
    if (this.node(node.id)) throw new Error(`Task graph ${this.id} already has a node ${node.id}.`);
    this.nodes.push(node);
    return node;
  }

  /** Every node is done, failed or cancelled: the graph has nothing left to do. */
  isFinished(): boolean {
    return this.nodes.every((node) => isTerminal(node.status));
  }
}

export function isTerminal(status: TaskStatus): boolean {
  return TERMINAL_TASK_STATUSES.includes(status);
}

/** A fresh id in the shape the model's ids are re-keyed to: `<kind>-<8 hex>`. */
export function newTaskId(kind: string): string {
  return randomTaskId(kind);
}

export function newGraphId(): string {
  return `recv-${randomHex8()}`;
}

export interface NewNode {
  id?: string;
  kind: string;
  params?: TaskParams;
  dependsOn?: string[];
}

/** A pending node created now. */
export function createNode(spec: NewNode, now: Date): TaskNode {
  const at = now.toISOString();
  return {
    id: spec.id ?? newTaskId(spec.kind),
    kind: spec.kind,
    status: 'pending',
    params: spec.params ?? {},
    dependsOn: spec.dependsOn ?? [],
    retries: 0,
    waitUntil: null,
    lastError: null,
    createdAt: at,
    updatedAt: at,
  };
}

/** Changes a node's fields and stamps it. Done nodes never change: that is a programming error. */
export function updateNode(
  node: TaskNode,
  change: Partial<Omit<TaskNode, 'id' | 'kind' | 'createdAt' | 'updatedAt'>>,
  now: Date,
): void {
  if (node.status === 'done') throw new Error(`Task ${node.id} is done and cannot change.`);
  Object.assign(node, change);
  node.updatedAt = now.toISOString();
}
