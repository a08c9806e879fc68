import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import * as shared from '@promo/shared';
import { fillPath, PERMISSIONS, ROLES, type Endpoint, type Role } from '@promo/shared';
import { createTestApp, uniqueEmail, type TestApp } from './test-app';
import { API_DOCS_ROUTES, registeredRoutes } from './registered-routes';

/**
 * Every endpoint contract of packages/shared × every kind of caller, with the answer the contract's
 * `access` rule promises. Endpoints are found by their shape, so one added tomorrow is in the
 * matrix the day it is added, and the app must register exactly the endpoints the contracts name.
 */

const isEndpoint = (v: unknown): v is Endpoint =>
  !!v && typeof v === 'object' && typeof (v as Endpoint).method === 'string' && typeof (v as Endpoint).path === 'string' && 'access' in v;

function contractEndpoints(): { name: string; endpoint: Endpoint }[] {
  const found = new Map<Endpoint, string>();
  for (const [exported, value] of Object.entries(shared)) {
    if (isEndpoint(value)) found.set(value, exported);
    else if (value && typeof value === 'object' && !Array.isArray(value)) {
      for (const [key, member] of Object.entries(value)) if (isEndpoint(member) && !found.has(member)) found.set(member, `${exported}.${key}`);
    }
  }
  return [...found].map(([endpoint, name]) => ({ name, endpoint }));
}

const endpoints = contractEndpoints();

/**
 * A caller of the matrix: anonymous, or signed in with the role the guard will see. `signIn` gives
 * a fresh bearer header (the demo user of the role unless another way is given, e.g. sign-in-as).
 */
interface Caller {
  name: string;
  role: Role | null;
  signIn?: () => Promise<string>;
  /** A distributor account that system settings do not name: refused wherever its role would act (decision 026). */
  notNamed?: boolean;
}

let secondDistributor: string | undefined;
/** Signs in as a distributor account of this run that system settings do not name, made the first time. */
async function signInSecondDistributor() {
  if (!secondDistributor) {
    const email = uniqueEmail('distributor');
    const res = await t.form('POST', '/api/users', { email, password: 'Secret2026', name: 'Andre', surname: 'Distributør', role: 'distributor' }, await t.login('admin'));
    if (res.statusCode !== 201) throw new Error(`second distributor: ${res.statusCode} ${res.body}`);
    secondDistributor = email;
  }
  return t.loginAs(secondDistributor, 'Secret2026');
}

const callers: Caller[] = [
  { name: 'anonymous', role: null },
  ...ROLES.map((role) => ({ name: role, role })),
  { name: 'distributor not named in system settings', role: 'distributor', notNamed: true, signIn: signInSecondDistributor },
];
const signIn = (c: Caller) => (c.signIn ?? (() => t.login(c.role!)))();

type Expected = 401 | 403 | 'not_the_distributor' | 'passes';
/** What the guard answers this caller, by the contract's rule alone. */
function expected(access: Endpoint['access'], caller: Caller): Expected {
  if (access === 'public') return 'passes';
  if (caller.role === null) return 401;
  if (access === 'authenticated') return 'passes';
  if (!(PERMISSIONS[access] as readonly Role[]).includes(caller.role)) return 403;
  return caller.notNamed ? 'not_the_distributor' : 'passes';
}

/** An id no row has: inputs that change nothing, yet get past validation to the service where they can. */
const NO_SUCH_ID = 999_999_999;
const harmlessValue = (name: string) => (/(^|_)ids?$|Id$/.test(name) ? NO_SUCH_ID : undefined);

/** The keys of the object schema inside preprocess/pipe/refine wrappers, when there is one. */
function shapeKeys(schema: unknown): string[] {
  let s = schema as { shape?: Record<string, unknown>; def?: { out?: unknown; in?: unknown; innerType?: unknown; schema?: unknown } } | undefined;
  for (let depth = 0; s && depth < 6; depth++) {
    if (s.shape && typeof s.shape === 'object') return Object.keys(s.shape);
    s = (s.def?.out ?? s.def?.innerType ?? s.def?.schema ?? s.def?.in) as typeof s;
  }
  return [];
}

const harmlessInput = (schema: unknown) =>
  Object.fromEntries(shapeKeys(schema).flatMap((k) => (harmlessValue(k) === undefined ? [] : [[k, harmlessValue(k)]])));

function harmlessUrl(path: string): string {
  const params = Object.fromEntries([...path.matchAll(/\{(\w+)\}/g)].map(([, k]) => [k!, harmlessValue(k!) ?? 'a'.repeat(32)]));
  return fillPath(path, params);
}

let t: TestApp;
const tokens = new Map<string, string>();
beforeAll(async () => {
  t = await createTestApp({ API_DOCS: 'admin' }, { ownDatabase: true });
  for (const caller of callers) if (caller.role) tokens.set(caller.name, await signIn(caller));
}, 120_000);
afterAll(() => t?.close());

async function request(e: Endpoint, caller: Caller): Promise<LightMyRequestResponse> {
  const token = tokens.get(caller.name);
  const input = { ...harmlessInput(e.query), ...harmlessInput(e.body) };
  const res = await t.form(e.method, harmlessUrl(e.path), input, token);
  // Only a call that succeeded can have ended its own session (sign-out): sign in again.
  if (token && res.statusCode < 300 && e.method !== 'GET') {
    const still = await t.form('GET', '/api/notifications', undefined, token);
    if (still.statusCode === 401) tokens.set(caller.name, await signIn(caller));
  }
  return res;
}

/** Routes for load balancers (lib/health.ts), outside the API and its contracts, open to all. */
const OPS_ROUTES = ['GET /healthz', 'GET /readyz'];
const isApiRoute = (route: string) => /^\w+ \/(api|company_api)\//.test(route);

describe('the contracts', () => {
  it('are found, each once, and the app registers exactly those endpoints under /api and /company_api', () => {
    expect(endpoints.length).toBeGreaterThan(70);
    const contractRoutes = endpoints.map(({ endpoint: e }) => `${e.method} ${e.path.replace(/\{(\w+)\}/g, ':$1')}`).sort();
    expect(new Set(contractRoutes).size).toBe(contractRoutes.length);
    expect(contractRoutes.filter((r) => !isApiRoute(r))).toEqual([]);
    const registered = registeredRoutes(t.app);
    // The API reference (API_DOCS 'admin' here, as in production) is no contract: its routes are named.
    expect(registered.filter(isApiRoute)).toEqual([...contractRoutes, ...API_DOCS_ROUTES].sort());
    expect(registered.filter((r) => !isApiRoute(r) && !OPS_ROUTES.includes(r))).toEqual([]);
  });
});

describe.each(endpoints)('$name', ({ endpoint: e }) => {
  it(`${e.method} ${e.path} answers each caller as '${e.access}' says`, async () => {
    for (const caller of callers) {
      const want = expected(e.access, caller);
      const res = await request(e, caller);
      const seen = `${caller.name}: ${res.statusCode} ${res.body.slice(0, 200)}`;
      expect(res.statusCode, seen).toBeLessThan(500);
      if (want === 401) expect([res.statusCode, res.json().message], seen).toEqual([401, 'Unauthenticated']);
      else if (want === 403) expect([res.statusCode, res.json().message], seen).toEqual([403, 'No access']);
      else if (want === 'not_the_distributor') expect([res.statusCode, res.json().message_key], seen).toEqual([403, 'not_the_distributor']);
      else {
        expect(res.statusCode, seen).not.toBe(401);
        // 'authenticated' leaves every object rule to the service, whose refusal is a 403 too.
        if (e.access !== 'authenticated') expect(res.statusCode, seen).not.toBe(403);
      }
    }
  });
});
