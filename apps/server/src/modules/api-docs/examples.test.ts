import { describe, expect, it } from 'vitest';
import { API_AREAS, type Endpoint } from '@promo/shared';
import { schemaErrors } from '../../test/ajv';
import { openApiDocument } from './document';

type Schema = Record<string, unknown> & { properties?: Record<string, Schema> };
interface Operation {
  operationId: string;
  parameters?: { name: string; in: 'path' | 'query'; required: boolean; schema: Schema }[];
  requestBody?: { content: Record<string, { schema: Schema; example?: unknown }> };
}

const contracts = Object.values(API_AREAS).flatMap((groups) =>
  Object.entries(groups).flatMap(([group, members]) =>
    Object.entries(members as Record<string, Endpoint>).map(([key, contract]) => ({ name: `${group}.${key}`, contract })),
  ),
);
// As it is served: JSON.
const doc = JSON.parse(JSON.stringify(openApiDocument())) as { paths: Record<string, Record<string, Operation>> };
const operation = (name: string) => Object.values(doc.paths).flatMap((methods) => Object.values(methods)).find((op) => op.operationId === name)!;

/** A parameter's value in an example: `obj_search[date_picker]` is `obj_search.date_picker`. */
const valueAt = (values: unknown, name: string) =>
  name.split(/\[|\]\[?/).filter(Boolean).reduce<unknown>((v, key) => (v as Record<string, unknown> | undefined)?.[key], values);

/** The input an example gives one part of the call, checked against the contract and the document. */
function checkPart(name: string, schema: Endpoint['body'], example: unknown) {
  if (!schema) return expect(example, `${name}: the call takes none`).toBeUndefined();
  const parsed = schema.safeParse(example);
  expect(parsed.error?.issues ?? [], name).toEqual([]);
}

describe.each(contracts)('$name', ({ name, contract }) => {
  it('has an example request that its zod schemas and the document both accept', () => {
    const { example } = contract;
    checkPart('body', contract.body, example.body);
    checkPart('query', contract.query, example.query);
    checkPart('params', contract.params, example.params);

    const op = operation(name);
    const params = op.parameters ?? [];
    for (const [where, values] of [['path', example.params], ['query', example.query]] as const) {
      const documented = params.filter((p) => p.in === where);
      expect(Object.keys(values ?? {}).filter((key) => !documented.some((p) => p.name === key)), `${where}: keys the document does not name`).toEqual([]);
      for (const p of documented) {
        const value = valueAt(values, p.name);
        if (value === undefined) expect(p.required, `${p.name} is required`).toBe(false);
        else expect(schemaErrors(p.schema, value), p.name).toBe('');
      }
    }
    // A multipart example is a whole call: its fields and a file in each file part the schema requires.
    const multipart = op.requestBody?.content['multipart/form-data'];
    if (multipart) expect(schemaErrors(multipart.schema, multipart.example), 'the multipart example').toBe('');
    const form = op.requestBody?.content['application/x-www-form-urlencoded'];
    if (!form) return expect(contract.body).toBeUndefined();
    expect(form.example).toEqual(example.body);
    expect(Object.keys(example.body as object).filter((key) => !(key in form.schema.properties!)), 'body keys the document does not name').toEqual([]);
    expect(schemaErrors(form.schema, example.body)).toBe('');
  });
});

describe('an example that is not a valid request', () => {
  it('is refused by the zod schema and by the document alike', () => {
    const { users } = API_AREAS.users;
    const body = { ...(users.create.example.body as object), email: 'ikke-en-epost' } as Record<string, unknown>;
    delete body.name;
    expect(users.create.body!.safeParse(body).success).toBe(false);
    const schema = operation('users.create').requestBody!.content['application/x-www-form-urlencoded']!.schema;
    expect(schemaErrors(schema, body)).toContain("must have required property 'name'");
    const sortBy = operation('users.list').parameters!.find((p) => p.name === 'sort_by')!;
    expect(users.list.query!.safeParse({ sort_by: 'salary' }).success).toBe(false);
    expect(schemaErrors(sortBy.schema, 'salary')).toContain('must be equal to one of the allowed values');
  });
});
