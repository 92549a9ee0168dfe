import { deepFreeze } from '../../shared/domain/deep-freeze';
import {
  canonicalTaskKind,
  isModelTaskKind,
  type JsonSchema,
  type ModelTaskKind,
  TASK_KIND_DEFINITIONS,
} from './kinds';

/** Fields every task may carry: its id, and the ids it waits for. */
const SHARED_PROPERTIES = {
  id: { type: 'string' },
  depends_on: { anyOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }] },
};

/**
 * The object schema of one kind. `kind` is a single-value enum rather than `const`: Gemini's
 * schema subset has no `const`, and every provider reads the enum the same way. Properties run
 * kind, id, the kind's fields, depends_on: models tend to write fields in schema order.
 */
function taskObjectSchema(kind: ModelTaskKind): JsonSchema {
  const definition = TASK_KIND_DEFINITIONS[kind];
  return {
    type: 'object',
    properties: {
      kind: { type: 'string', enum: [kind] },
      id: SHARED_PROPERTIES.id,
      ...definition.jsonProperties,
      depends_on: SHARED_PROPERTIES.depends_on,
    },
    required: ['kind', ...definition.required],
    additionalProperties: false,
  };
}

/**
 * The kinds a reply may use, given the kinds the prompts enable: those Troupe implements, plus
 * `think` always, so the model can always answer "nothing to do". In the schema's order; an alias
 * (`photo`) enables its kind.
 */
export function allowedTaskKinds(enabledKinds: readonly string[]): ModelTaskKind[] {
  const enabled = new Set<string>(['think', ...enabledKinds.map(canonicalTaskKind)]);
  return Object.keys(TASK_KIND_DEFINITIONS).filter(
    (kind): kind is ModelTaskKind => isModelTaskKind(kind) && enabled.has(kind),
  );
}

/** Built schemas by their kinds: every turn asks, and agents share a handful of kind sets. */
const schemasByKinds = new Map<string, JsonSchema>();

/**
 * The JSON Schema of a reply: an array of tasks of the allowed kinds (see `allowedTaskKinds`).
 * Built once per set of kinds and deeply frozen: providers derive their dialect's copy from it.
 */
export function buildResponseSchema(allowedKinds: readonly string[]): JsonSchema {
  const kinds = allowedTaskKinds(allowedKinds);
  const key = kinds.join(' ');
  let schema = schemasByKinds.get(key);
  if (!schema) {
    schema = deepFreeze(structuredClone({ type: 'array', items: { anyOf: kinds.map(taskObjectSchema) } }));
    schemasByKinds.set(key, schema);
  }
  return schema;
}
