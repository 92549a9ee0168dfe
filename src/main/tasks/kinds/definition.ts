import type { z } from 'zod';
import type { TaskKind } from '../../../shared/domain/tasks';

/** Kinds the model may write (`received` is the engine's own). */
export type ModelTaskKind = Exclude<TaskKind, 'received'>;

/** A JSON Schema fragment, as sent to the LLM providers. */
export type JsonSchema = Record<string, unknown>;

/**
 * One task kind the model may write: the zod schema that checks and normalises its fields once
 * parsed, and the JSON Schema the provider constrains the model with. The two describe the same
 * fields (a unit test holds them together); the JSON side is written by hand because providers
 * accept only a plain subset of JSON Schema, while the zod side is lenient where models are
 * sloppy (numbers written as strings, emoji with variation selectors).
 */
export interface TaskKindDefinition<
  Kind extends ModelTaskKind = ModelTaskKind,
  Params extends z.ZodObject = z.ZodObject,
> {
  kind: Kind;
  params: Params;
  /** The kind's own fields (besides kind, id and depends_on), in the order the model should write them. */
  jsonProperties: Record<string, JsonSchema>;
  required: readonly string[];
}

/** Keeps each definition's kind and zod type, so handlers get typed params. */
export function defineTaskKind<Kind extends ModelTaskKind, Params extends z.ZodObject>(
  definition: TaskKindDefinition<Kind, Params>,
): TaskKindDefinition<Kind, Params> {
  return definition;
}
