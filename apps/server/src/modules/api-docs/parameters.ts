import type { Endpoint } from '@promo/shared';
import { entry, inputJsonSchema, isObject, propertiesOf, requiredOf, type JsonSchema } from './json-schema';

/** Nested keys travel qs-style (`obj_search[field]=name`): OpenAPI's deepObject. */
export const DEEP_OBJECT = { style: 'deepObject', explode: true } as const;

const withoutKeys = (value: unknown, keys: string[]) =>
  value && typeof value === 'object' ? Object.fromEntries(Object.entries(value).filter(([key]) => !keys.includes(key))) : value;

/**
 * A query parameter; an object is a deepObject (`obj_search[field]=name`). deepObject goes one level
 * deep, so an object inside it becomes a parameter of its own named by its path
 * (`obj_search[date_picker]`), which sends `obj_search[date_picker][from]=…` as qs reads it.
 */
function queryParameters(name: string, schema: JsonSchema, required: boolean, example: unknown): JsonSchema[] {
  const nested = isObject(schema) ? Object.keys(propertiesOf(schema)).filter((key) => isObject(propertiesOf(schema)[key]!)) : [];
  const own = nested.length
    ? {
        ...schema,
        properties: withoutKeys(propertiesOf(schema), nested),
        ...(schema.required ? { required: requiredOf(schema).filter((key) => !nested.includes(key)) } : {}),
      }
    : schema;
  const value = withoutKeys(example, nested);
  return [
    { name, in: 'query', required, schema: own, ...(isObject(schema) ? DEEP_OBJECT : {}), ...(value === undefined ? {} : { example: value }) },
    ...nested.flatMap((key) => queryParameters(`${name}[${key}]`, propertiesOf(schema)[key]!, required && requiredOf(schema).includes(key), entry(example, key))),
  ];
}

/** The path parameters and the query of a contract. */
export function parameters(e: Endpoint): JsonSchema[] {
  const out: JsonSchema[] = [];
  if (e.params) {
    for (const [name, schema] of Object.entries(propertiesOf(inputJsonSchema(e.params)))) {
      const value = entry(e.example.params, name);
      out.push({ name, in: 'path', required: true, schema, ...(value === undefined ? {} : { example: value }) });
    }
  }
  if (e.query) {
    const json = inputJsonSchema(e.query);
    for (const [name, schema] of Object.entries(propertiesOf(json))) {
      out.push(...queryParameters(name, schema, requiredOf(json).includes(name), entry(e.example.query, name)));
    }
  }
  return out;
}
