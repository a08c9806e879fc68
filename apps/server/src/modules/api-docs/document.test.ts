import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_AREAS, PERMISSIONS, type Endpoint } from '@promo/shared';
import { registerErrorHandler } from '../../lib/error-handler';
import { schemaErrors } from '../../test/ajv';
import { API_DOCS_ROUTES, registeredRoutes } from '../../test/registered-routes';
import { createTestApp, type TestApp } from '../../test/test-app';

type Schema = Record<string, unknown> & { properties?: Record<string, Schema>; required?: string[] };
interface Parameter {
  name: string;
  in: 'path' | 'query';
  required: boolean;
  schema: Schema;
}
interface Operation {
  operationId: string;
  tags: string[];
  summary: string;
  description: string;
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: Schema; example?: unknown }> };
  responses: Record<string, unknown>;
  security: Record<string, string[]>[];
}
interface Document {
  openapi: string;
  info: { title: string; version: string; license?: object };
  servers?: object[];
  tags: { name: string; description?: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
}

const contracts = Object.values(API_AREAS).flatMap((groups) =>
  Object.entries(groups).flatMap(([group, members]) =>
    Object.entries(members as Record<string, Endpoint>).map(([key, contract]) => ({ name: `${group}.${key}`, contract })),
  ),
);

let t: TestApp;
let doc: Document;
beforeAll(async () => {
  t = await createTestApp({ API_DOCS: 'admin' });
  const res = await t.form('GET', '/api/openapi.json', undefined, await t.login('admin'));
  expect(res.statusCode, res.body).toBe(200);
  doc = res.json();
}, 60_000);
afterAll(() => t?.close());

const operations = () => Object.entries(doc.paths).flatMap(([path, methods]) => Object.entries(methods).map(([method, op]) => ({ method, path, op })));
const operation = (name: string) => operations().find((o) => o.op.operationId === name)!.op;

/** The value a JSON pointer (`#/components/schemas/Success`) names in the document. */
const resolve = (ref: string) => ref.slice(2).split('/').reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], doc);

function refsIn(node: unknown, out: string[] = []): string[] {
  if (Array.isArray(node)) node.forEach((n) => refsIn(n, out));
  else if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string') out.push(value);
      else refsIn(value, out);
    }
  }
  return out;
}

describe('the OpenAPI document at /api/openapi.json', () => {
  it('is OpenAPI 3.1 with a unique operationId on each operation and only declared tags', () => {
    expect(doc.openapi).toMatch(/^3\.1\.\d+$/);
    expect(doc.info).toMatchObject({ title: expect.any(String), version: expect.stringMatching(/^\d+\.\d+\.\d+$/) });
    const ids = operations().map((o) => o.op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.sort()).toEqual(contracts.map((c) => c.name).sort());
    const tags = new Set(doc.tags.map((tag) => tag.name));
    expect(operations().flatMap((o) => o.op.tags).filter((tag) => !tags.has(tag))).toEqual([]);
    for (const { op } of operations()) expect(op.summary.length, op.operationId).toBeGreaterThan(10);
    // Swagger UI shows each tag's description beside it: one per area of API_AREAS.
    expect(doc.tags.filter((tag) => !(tag.description && tag.description.length > 10))).toEqual([]);
    expect(doc.servers).toEqual([{ url: '/', description: expect.any(String) }]);
    expect(doc.info.license).toEqual({ name: expect.any(String), identifier: 'LicenseRef-Proprietary' });
  });

  it('has exactly the routes the app registers under /api and /company_api, with their methods', () => {
    const documented = operations().map((o) => `${o.method.toUpperCase()} ${o.path.replace(/\{(\w+)\}/g, ':$1')}`);
    const registered = registeredRoutes(t.app).filter((r) => /^\w+ \/(api|company_api)\//.test(r) && !API_DOCS_ROUTES.includes(r));
    expect(documented.sort()).toEqual(registered);
  });

  it('resolves every $ref and declares each placeholder of a path as a path parameter', () => {
    expect(refsIn(doc).filter((ref) => resolve(ref) === undefined)).toEqual([]);
    for (const { path, op } of operations()) {
      const placeholders = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      const pathParams = (op.parameters ?? []).filter((p) => p.in === 'path');
      expect(pathParams.map((p) => p.name), op.operationId).toEqual(placeholders);
      expect(pathParams.every((p) => p.required)).toBe(true);
    }
  });

  it("states each contract's access rule, and its security", () => {
    expect(operation('users.list').description).toContain(`Roles ${PERMISSIONS['users.view'].join(', ')}`);
    expect(operation('users.list').security).toEqual([{ bearerAuth: [] }]);
    expect(operation('auth.login').security).toEqual([]);
    expect(operation('auth.login').responses).not.toHaveProperty('401');
    expect(operation('files.image').security).toEqual([{ bearerAuth: [] }, { cookieAuth: [] }]);
    expect(operation('feedback.list').description).toContain('Any signed-in user');
  });

  it('gives form bodies, deepObject query objects and multipart where files are sent', () => {
    expect(Object.keys(operation('users.create').requestBody!.content)).toEqual(['application/x-www-form-urlencoded']);
    expect(operation('users.list').parameters!.find((p) => p.name === 'obj_search')).toMatchObject({ style: 'deepObject', explode: true });
    // deepObject is one level deep: the period filter is a parameter of its own, sent as obj_search[date_picker][from].
    const promotions = operation('promotions.list').parameters!;
    expect(promotions.find((p) => p.name === 'obj_search')!.schema.properties).not.toHaveProperty('date_picker');
    expect(promotions.find((p) => p.name === 'obj_search[date_picker]')).toMatchObject({ style: 'deepObject', schema: { properties: { from: {}, to: {} } } });
    const upload = operation('files.upload').requestBody!.content;
    expect(Object.keys(upload)).toEqual(['multipart/form-data']);
    expect(upload['multipart/form-data']!.schema).toMatchObject({ properties: { file: { format: 'binary' } }, required: ['file'] });
    const brief = operation('designPage.addFiles').requestBody!.content['multipart/form-data']!.schema;
    expect(brief.properties!.files).toMatchObject({ type: 'array', items: { format: 'binary' } });
    expect(brief.properties).not.toHaveProperty('file_ids');
    expect(Object.keys(operation('chat.send').requestBody!.content)).toEqual(['application/x-www-form-urlencoded', 'multipart/form-data']);
  });

  it('describes the answers the server really gives: 200, 401, 403, 404 and 422', async () => {
    const admin = await t.login('admin');
    const answers: [string, Awaited<ReturnType<TestApp['form']>>, string][] = [
      ['Success', await t.form('GET', '/api/users', undefined, admin), '200'],
      ['Unauthenticated', await t.form('GET', '/api/users'), '401'],
      ['NoAccess', await t.form('GET', '/api/users', undefined, await t.login('user')), '403'],
      ['NotFound', await t.form('GET', '/api/promotions/999999999', undefined, admin), '404'],
      ['ValidationFailed', await t.form('POST', '/api/users', { email: 'ikke-en-epost', name: 'O' }, admin), '422'],
      // A call that takes no input still refuses a NUL in a key it is sent.
      ['ValidationFailed', await t.form('GET', '/api/auth/sso?x=%00'), '422'],
    ];
    for (const [name, res, status] of answers) {
      expect(String(res.statusCode), name).toBe(status);
      expect(schemaErrors(doc.components.schemas[name]!, res.json()), name).toBe('');
    }
    expect(Object.keys(operation('users.list').responses)).toEqual(expect.arrayContaining(['200', '401', '403', '422', '503']));
    expect(operation('promotions.get').responses).toHaveProperty('404');
    for (const { op } of operations()) expect(Object.keys(op.responses), op.operationId).toContain('422');
  });

  it("describes the error handler's 503 with Retry-After", async () => {
    const bare = Fastify({ logger: false });
    registerErrorHandler(bare);
    bare.get('/down', async () => {
      throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    });
    const res = await bare.inject('/down');
    await bare.close();
    expect(res.statusCode).toBe(503);
    expect(schemaErrors(doc.components.schemas.Unavailable!, res.json())).toBe('');
    const retryAfter = (resolve('#/components/responses/Unavailable') as { headers: Record<string, { schema: Schema }> }).headers['Retry-After']!;
    expect(schemaErrors(retryAfter.schema, Number(res.headers['retry-after']))).toBe('');
  });
});
