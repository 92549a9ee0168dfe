import { dropNullProperties, type JsonSchema, toStrictJsonSchema } from './strict-json-schema';

/** The property the task array travels in (strict structured output needs an object at the top). */
export const WRAPPED_TASKS_PROPERTY = 'tasks';

/** The task-array schema inside an object, made strict: what OpenAI-compatible APIs are sent. */
export function wrapTaskListSchema(taskArraySchema: JsonSchema): JsonSchema {
  return toStrictJsonSchema({
    type: 'object',
    properties: { [WRAPPED_TASKS_PROPERTY]: taskArraySchema },
    required: [WRAPPED_TASKS_PROPERTY],
    additionalProperties: false,
  });
}

/** An optional ```json fence a model may put around its JSON despite the response format. */
const CODE_FENCE = /^```[a-zA-Z]*\s*\n?([\s\S]*?)\n?```\s*$/;

/**
 * The task array as JSON text, taken out of the `{ "tasks": [...] }` wrapper, with the nulls
 * strict mode forced on optional properties removed again. A reply that is not the wrapper (not
 * JSON, a bare array, another object) comes back unchanged: judging it is the reply parser's job.
 */
export function unwrapTaskListReply(text: string): string {
  const trimmed = text.trim();
  const unfenced = CODE_FENCE.exec(trimmed)?.[1] ?? trimmed;
  let reply: unknown;
  try {
    reply = JSON.parse(unfenced);
  } catch {
    return text;
  }
  if (typeof reply !== 'object' || reply === null || Array.isArray(reply)) return text;
  const tasks = (reply as Record<string, unknown>)[WRAPPED_TASKS_PROPERTY];
  if (!Array.isArray(tasks)) return text;
  return JSON.stringify(dropNullProperties(tasks));
}
