import { z } from 'zod';

export type JsonSchema = Record<string, unknown>;

const options = { target: 'draft-2020-12', unrepresentable: 'any' } as const;

/** A field typed `never`, alone or optional: refused when sent (a station's foreign ids). */
function isRefused(field: z.ZodType): boolean {
  let inner: z.ZodType = field;
  while (inner instanceof z.ZodOptional) inner = inner.unwrap() as z.ZodType;
  return inner instanceof z.ZodNever;
}

function describeObject(schema: z.ZodObject, json: JsonSchema) {
  const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
  const required: string[] = [];
  for (const [key, field] of Object.entries(schema.shape as Record<string, z.ZodType>)) {
    if (isRefused(field)) delete properties[key];
    else if (!field.safeParse(undefined).success) required.push(key);
  }
  if (required.length) json.required = required;
  else delete json.required;
}

function restoreDefault(schema: z.ZodDefault | z.ZodPrefault, json: JsonSchema) {
  if ('default' in json) return;
  const value: unknown = schema._zod.def.defaultValue;
  if (value !== undefined && (schema.unwrap() as z.ZodType).safeParse(value).success) json.default = structuredClone(value);
}

/**
 * What a client sends, as JSON Schema 2020-12. zod describes a preprocess (the form coercions of
 * form-values.ts, route.ts's `orEmpty`) by the schema behind it, which is what a client means to
 * send; two things it then says are fixed here from how the schema behaves:
 * - a key is required only when its field refuses a missing value (zod would call a field whose
 *   preprocess turns a missing value into '' or [] required);
 * - a default behind a preprocess is kept when it is itself a valid input (zod drops it).
 * Fields typed `never` are left out. A type without a JSON form becomes `{}` (any), never an error.
 */
export function inputJsonSchema(schema: z.ZodType): JsonSchema {
  const { $schema: _, ...json } = z.toJSONSchema(schema, {
    ...options,
    io: 'input',
    override: ({ zodSchema, jsonSchema }) => {
      if (zodSchema instanceof z.ZodObject) describeObject(zodSchema, jsonSchema);
      else if (zodSchema instanceof z.ZodDefault || zodSchema instanceof z.ZodPrefault) restoreDefault(zodSchema, jsonSchema);
    },
  });
  return json;
}

/** What the server answers, as JSON Schema 2020-12. */
export function outputJsonSchema(schema: z.ZodType): JsonSchema {
  const { $schema: _, ...json } = z.toJSONSchema(schema, { ...options, io: 'output' });
  return json;
}

/** Reading generated schemas. */
export const propertiesOf = (schema: JsonSchema) => (schema.properties ?? {}) as Record<string, JsonSchema>;
export const requiredOf = (schema: JsonSchema) => (schema.required ?? []) as string[];
export const isObject = (schema: JsonSchema) => schema.type === 'object';
/** A key's value in an example (undefined when the example has none). */
export const entry = (record: unknown, key: string): unknown => (record as Record<string, unknown> | undefined)?.[key];
