import { canonicalTaskKind } from './kinds/kind-aliases';
import { randomTaskId, type TaskIdFactory } from './task-id';

/** One task as the model wrote it, before its kind's fields are checked. */
export interface ParsedTask {
  id: string;
  /**
   * Lower-cased, an alias (`photo`) replaced by its kind; may name a kind Troupe does not have (it
   * fails later, as a task).
   */
  kind: string;
  dependsOn: string[];
  /** Every other field of the task object, as written. */
  params: Record<string, unknown>;
}

export interface ParsedReply {
  tasks: ParsedTask[];
}

/** The reply is not a JSON array: a slip the model may not repeat, so the turn is retried. */
export class MalformedReplyError extends Error {
  override readonly name = 'MalformedReplyError';
}

/**
 * The reply is an array but an element is not a task (not an object, or no kind). The model
 * meant something Troupe cannot act on, so the whole reply is dropped and the turn ends.
 */
export class DiscardedReplyError extends Error {
  override readonly name = 'DiscardedReplyError';
}

const LEADING_FENCE = /^```[\w-]*[ \t]*\r?\n?/;
const TRAILING_FENCE = /\r?\n?```\s*$/;

/** Models sometimes wrap the array in a markdown code fence despite the instructions. */
function withoutCodeFence(text: string): string {
  const trimmed = text.trim();
  if (!LEADING_FENCE.test(trimmed)) return trimmed;
  return trimmed.replace(LEADING_FENCE, '').replace(TRAILING_FENCE, '').trim();
}

/** Ids are strings; a model that numbers its tasks (`"id": 1`) means the same thing. */
function asId(value: unknown): string | null {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'string' && value.trim() !== '') return value.trim();
  return null;
}

function dependencyIds(value: unknown): string[] {
  const listed = Array.isArray(value) ? value : [value];
  return listed.map(asId).filter((id): id is string => id !== null);
}

function toTask(element: unknown, index: number, newTaskId: TaskIdFactory): ParsedTask {
  if (typeof element !== 'object' || element === null || Array.isArray(element)) {
    throw new DiscardedReplyError(`Task ${index + 1} of the reply is not an object.`);
  }
  const {
    kind: rawKind,
    id: rawId,
    depends_on: rawDependsOn,
    ...params
  } = element as Record<string, unknown>;
  const kind = typeof rawKind === 'string' ? canonicalTaskKind(rawKind) : '';
  if (kind === '') throw new DiscardedReplyError(`Task ${index + 1} of the reply has no kind.`);
  return { id: asId(rawId) ?? newTaskId(kind), kind, dependsOn: dependencyIds(rawDependsOn), params };
}

/**
 * A repeated id revises the task: the last occurrence wins, at its own place in the list
 * (the model wrote it last, so it goes where the model put it last).
 */
function lastOccurrences(tasks: readonly ParsedTask[]): ParsedTask[] {
  const lastIndex = new Map(tasks.map((task, index) => [task.id, index]));
  return tasks.filter((task, index) => lastIndex.get(task.id) === index);
}

/**
 * Reads the model's reply: a JSON array of task objects, optionally inside one code fence. Empty
 * text means no tasks. Throws MalformedReplyError when the text is not a JSON array (retry the
 * turn) and DiscardedReplyError when an element is not a task (drop the reply). Tasks without an
 * id get `<kind>-<8 hex>`; `depends_on` becomes a list; duplicate ids keep the last task.
 */
export function parseTaskReply(text: string, newTaskId: TaskIdFactory = randomTaskId): ParsedReply {
  const body = withoutCodeFence(text);
  if (body === '') return { tasks: [] };
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch (error) {
    throw new MalformedReplyError(`The reply is not valid JSON: ${(error as Error).message}`, {
      cause: error,
    });
  }
  if (!Array.isArray(parsed)) throw new MalformedReplyError('The reply is JSON but not an array of tasks.');
  const tasks = parsed.map((element, index) => toTask(element, index, newTaskId));
  return { tasks: lastOccurrences(tasks) };
}

/**
 * Gives the graph tasks of a reply fresh ids, so ids the model reuses from turn to turn never
 * collide with tasks already stored, and rewrites every `depends_on` to match. Immediate tasks
 * keep the model's id: it names the entry they store (a memory, a note), which the model refers
 * to again later. References to anything that is not a graph task of this reply are dropped:
 * immediate tasks are done before the graph runs, and a task must not wait for an id that will
 * never finish. Kinds that are not immediate, known or not, count as graph tasks.
 */
export function assignGraphIds(
  tasks: readonly ParsedTask[],
  immediateKinds: readonly string[],
  newTaskId: TaskIdFactory = randomTaskId,
): ParsedTask[] {
  const immediate = new Set(immediateKinds);
  const graphIds = new Map<string, string>();
  for (const task of tasks) {
    if (!immediate.has(task.kind)) graphIds.set(task.id, newTaskId(task.kind));
  }
  return tasks.map((task) => {
    const id = graphIds.get(task.id) ?? task.id;
    const dependsOn = [
      ...new Set(
        task.dependsOn
          .map((dependency) => graphIds.get(dependency))
          .filter((dependency): dependency is string => dependency !== undefined && dependency !== id),
      ),
    ];
    return { ...task, id, dependsOn };
  });
}
