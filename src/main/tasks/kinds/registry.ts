import type { z } from 'zod';
import { blockTask, clearConversationTask, unblockTask } from './chat-control';
import type { ModelTaskKind, TaskKindDefinition } from './definition';
import { eventTask } from './event';
import { intendTask, noteTask, planTask, rememberTask } from './property-entries';
import { reactTask } from './react';
import { retrieveTask } from './retrieve';
import { scheduleTask } from './schedule';
import { sendTask } from './send';
import { sendMediaTask } from './send-media';
import { stickerTask } from './sticker';
import { summarizeTask } from './summarize';
import { thinkTask } from './think';
import { waitTask } from './wait';
import { xsendTask } from './xsend';

/** Every kind the model may write, in the order the response schema lists them. */
export const TASK_KIND_DEFINITIONS = {
  think: thinkTask,
  send: sendTask,
  sticker: stickerTask,
  send_media: sendMediaTask,
  react: reactTask,
  wait: waitTask,
  block: blockTask,
  unblock: unblockTask,
  'clear-conversation': clearConversationTask,
  xsend: xsendTask,
  remember: rememberTask,
  note: noteTask,
  plan: planTask,
  intend: intendTask,
  summarize: summarizeTask,
  event: eventTask,
  schedule: scheduleTask,
  retrieve: retrieveTask,
} as const satisfies { [K in ModelTaskKind]: TaskKindDefinition<K> };

/** The normalised params of each kind, as handlers receive them. */
export type TaskParamsByKind = {
  [K in ModelTaskKind]: z.output<(typeof TASK_KIND_DEFINITIONS)[K]['params']>;
};

export function isModelTaskKind(kind: string): kind is ModelTaskKind {
  return Object.hasOwn(TASK_KIND_DEFINITIONS, kind);
}

export type TaskParamsValidation<Params = Record<string, unknown>> =
  | { ok: true; params: Params }
  | { ok: false; error: string };

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Null means "not given": OpenAI's strict mode makes every field required, so models fill the
 * optional ones with null.
 */
function withoutNulls(params: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(params).filter(([, value]) => value !== null && value !== undefined),
  );
}

function describeIssue(issue: z.core.$ZodIssue, given: Record<string, unknown>): string {
  const field = issue.path.map(String).join('.');
  if (field === '') return issue.message;
  const missing = issue.path.length === 1 && given[String(issue.path[0])] === undefined;
  return missing ? `${field} is required` : `${field} ${issue.message}`;
}

/**
 * Checks a task's fields against its kind and normalises them (numbers written as strings become
 * numbers, reaction emoji lose variation selectors, unknown fields are dropped). The error says
 * what is wrong in words the engine can log next to the task.
 */
export function validateTaskParams<K extends ModelTaskKind>(
  kind: K,
  params: unknown,
): TaskParamsValidation<TaskParamsByKind[K]>;
export function validateTaskParams(kind: string, params: unknown): TaskParamsValidation;
export function validateTaskParams(kind: string, params: unknown): TaskParamsValidation<unknown> {
  if (!isModelTaskKind(kind)) return { ok: false, error: `"${kind}" is not a task kind Troupe knows` };
  if (!isPlainObject(params)) return { ok: false, error: `${kind} task: its fields must form an object` };
  const given = withoutNulls(params);
  const result = TASK_KIND_DEFINITIONS[kind].params.safeParse(given);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => describeIssue(issue, given));
    return { ok: false, error: `${kind} task: ${problems.join('; ')}` };
  }
  return { ok: true, params: withoutNulls(result.data) };
}
