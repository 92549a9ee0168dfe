/** A JSON Schema node, as plain JSON. */
export type JsonSchema = Record<string, unknown>;

/** Keywords whose value is one subschema. */
const SUBSCHEMA_KEYWORDS = ['items', 'not', 'contains', 'additionalItems'] as const;
/** Keywords whose value is a list of subschemas. */
const SUBSCHEMA_LIST_KEYWORDS = ['anyOf', 'allOf', 'prefixItems'] as const;
/** Keywords whose value maps names to subschemas. */
const SUBSCHEMA_MAP_KEYWORDS = ['$defs', 'definitions'] as const;

/**
 * The schema rewritten for OpenAI-style strict structured output, which accepts an object only
 * when it lists every property as required and forbids others. So, at every level:
 * - objects get `additionalProperties: false` and all their properties in `required`;
 * - a property that was optional becomes nullable instead (the model sends `null` for "absent";
 *   `dropNullProperties` undoes that on the reply);
 * - `oneOf` becomes `anyOf`, the only union strict mode knows.
 * The input is not modified.
 */
export function toStrictJsonSchema(schema: JsonSchema): JsonSchema {
  const strict: JsonSchema = { ...schema };
  if ('oneOf' in strict) {
    strict.anyOf = [...asSchemaList(strict.anyOf), ...asSchemaList(strict.oneOf)];
    delete strict.oneOf;
  }
  for (const keyword of SUBSCHEMA_KEYWORDS) {
    const value = strict[keyword];
    if (isSchema(value)) strict[keyword] = toStrictJsonSchema(value);
  }
  for (const keyword of SUBSCHEMA_LIST_KEYWORDS) {
    if (Array.isArray(strict[keyword]))
      strict[keyword] = asSchemaList(strict[keyword]).map(toStrictJsonSchema);
  }
  for (const keyword of SUBSCHEMA_MAP_KEYWORDS) {
    const value = strict[keyword];
    if (isSchema(value)) strict[keyword] = mapValues(value, toStrictJsonSchema);
  }
  if (isObjectSchema(strict)) {
    const properties = isSchema(strict.properties) ? strict.properties : {};
    const required = new Set(Array.isArray(strict.required) ? strict.required : []);
    strict.properties = mapValues(properties, (property, name) => {
      const strictProperty = toStrictJsonSchema(property);
      return required.has(name) ? strictProperty : nullable(strictProperty);
    });
    strict.required = Object.keys(properties);
    strict.additionalProperties = false;
  }
  return strict;
}

/**
 * The value with every object property that is `null` removed, recursively: what a strict reply
 * means when the original schema had the property optional.
 */
export function dropNullProperties(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(dropNullProperties);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, entry]) => entry !== null)
      .map(([key, entry]) => [key, dropNullProperties(entry)]),
  );
}

/** The same schema, also accepting `null`. */
function nullable(schema: JsonSchema): JsonSchema {
  const { type } = schema;
  if (typeof type === 'string' || Array.isArray(type)) {
    const types = typeof type === 'string' ? [type] : type;
    if (types.includes('null')) return schema;
    const widened: JsonSchema = { ...schema, type: [...types, 'null'] };
    // An enum limits the values too, so it must list null as well.
    if (Array.isArray(schema.enum) && !schema.enum.includes(null)) widened.enum = [...schema.enum, null];
    return widened;
  }
  if (Array.isArray(schema.anyOf)) {
    const branches = asSchemaList(schema.anyOf);
    if (branches.some((branch) => branch.type === 'null')) return schema;
    return { ...schema, anyOf: [...branches, { type: 'null' }] };
  }
  return { anyOf: [schema, { type: 'null' }] };
}

function isObjectSchema(schema: JsonSchema): boolean {
  const { type } = schema;
  return type === 'object' || (Array.isArray(type) && type.includes('object')) || isSchema(schema.properties);
}

function isSchema(value: unknown): value is JsonSchema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function asSchemaList(value: unknown): JsonSchema[] {
  return Array.isArray(value) ? value.filter(isSchema) : [];
}

function mapValues(
  record: JsonSchema,
  transform: (schema: JsonSchema, key: string) => JsonSchema,
): Record<string, JsonSchema> {
  return Object.fromEntries(
    Object.entries(record)
      .filter((entry): entry is [string, JsonSchema] => isSchema(entry[1]))
      .map(([key, schema]) => [key, transform(schema, key)]),
  );
}
