import { z } from 'zod';
import type { Endpoint } from '@promo/shared';
import { entry, inputJsonSchema, isObject, propertiesOf, requiredOf, type JsonSchema } from './json-schema';
import { DEEP_OBJECT } from './parameters';

/** A list as the key repeated (`ids=118&ids=121`), which qs reads as a list; OpenAPI's default, said so for Swagger UI. */
const REPEATED = { style: 'form', explode: true } as const;

const isObjectList = (schema: JsonSchema) => schema.type === 'array' && isObject((schema.items ?? {}) as JsonSchema);

/** The multipart form: the body's fields, with each file part in place of the body key it fills. */
function multipartSchema(e: Endpoint, fileParts: Record<string, string>): JsonSchema {
  if (e.body && !(e.body instanceof z.ZodObject)) throw new Error(`${e.method} ${e.path}: a multipart body must be a z.object`);
  const fields = e.body as z.ZodObject | undefined;
  const targets = Object.values(fileParts);
  const target = (key: string) => (fields?.shape as Record<string, z.ZodType> | undefined)?.[key];
  const files = Object.fromEntries(
    Object.entries(fileParts).map(([part, key]) => {
      const list = target(key) && inputJsonSchema(target(key)!).type === 'array';
      const optional = target(key)?.safeParse(undefined).success ?? false;
      const file = list ? z.array(z.file()) : z.file();
      return [part, optional ? file.optional() : file];
    }),
  );
  const kept = Object.entries((fields?.shape ?? {}) as Record<string, z.ZodType>).filter(([key]) => !targets.includes(key));
  return inputJsonSchema(z.object({ ...Object.fromEntries(kept), ...files }));
}

/** The example's value on each field too: Swagger UI fills a form's fields from them, not from the media type's example. */
function withFieldExamples(schema: JsonSchema, example: unknown): JsonSchema {
  const properties = Object.entries(propertiesOf(schema)).map(([key, property]) => {
    const value = entry(example, key);
    return [key, value === undefined ? property : { ...property, examples: [value] }];
  });
  return { ...schema, properties: Object.fromEntries(properties) };
}

/** What stands for a file's bytes in a multipart example: a file part is a string of binary content. */
const FILE_EXAMPLE = "<the file's bytes>";

/** Each file part in a multipart example (a list of one where the part takes several), so the example is a whole call. */
function fileExamples(schema: JsonSchema, fileParts: Record<string, string>): Record<string, unknown> {
  return Object.fromEntries(Object.keys(fileParts).map((part) => [part, propertiesOf(schema)[part]?.type === 'array' ? [FILE_EXAMPLE] : FILE_EXAMPLE]));
}

/** The form body of a contract, and its multipart form when it takes files. */
export function requestBody(e: Endpoint): JsonSchema | undefined {
  const content: JsonSchema = {};
  let required = false;
  if (e.body) {
    const schema = withFieldExamples(inputJsonSchema(e.body), e.example.body);
    const encoding = Object.entries(propertiesOf(schema)).flatMap(([key, p]): [string, object][] =>
      isObject(p) || isObjectList(p) ? [[key, DEEP_OBJECT]] : p.type === 'array' ? [[key, REPEATED]] : [],
    );
    content['application/x-www-form-urlencoded'] = {
      schema,
      example: e.example.body,
      ...(encoding.length ? { encoding: Object.fromEntries(encoding) } : {}),
    };
    required = requiredOf(schema).length > 0;
  }
  if (e.multipart) {
    const fileKeys = new Set(Object.values(e.multipart));
    const fields = Object.fromEntries(Object.entries((e.example.body ?? {}) as object).filter(([key]) => !fileKeys.has(key)));
    const schema = withFieldExamples(multipartSchema(e, e.multipart), fields);
    content['multipart/form-data'] = { schema, example: { ...fields, ...fileExamples(schema, e.multipart) } };
    required ||= !e.body;
  }
  return Object.keys(content).length ? { required, content } : undefined;
}
