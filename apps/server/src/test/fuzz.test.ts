import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { eq, inArray } from 'drizzle-orm';
import type { Endpoint } from '@promo/shared';
import { categories, systemSettings, users } from '../db/schema';
import { DEMO_USERS } from '../db/seed/demo';
import { createSession } from '../lib/sessions';
import { changesSince, keepWriteLedger, ledgerMark } from './fuzz/db-state';
import { contractEndpoints, rolesFor, type FuzzCaller } from './fuzz/endpoints';
import { answerProblem, describeRequest, injectOptions, TRANSPORTS, type FuzzRequest, type Transport } from './fuzz/requests';
import { shapeOf } from './fuzz/shape';
import { pathValue, rawJson, rawQuery } from './fuzz/raw-values';
import { hostile, recordFor } from './fuzz/values';
import { createTestApp, uniqueEmail, type TestApp } from './test-app';

/**
 * Property: whatever a caller sends to any endpoint of the contracts, in any role, as a query
 * string, a form, JSON or multipart body or in the path, the answer is never a 5xx; a refusal is an
 * error body (a 422 with its errors per field) and leaves every table as it was.
 * `npm test` sends a few requests per endpoint with a fixed seed; `npm run fuzz` many (FUZZ_RUNS, FUZZ_SEED).
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 16);
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_123);

const ENDPOINTS = contractEndpoints();
const tally = { requests: 0, refused: 0, byStatus: new Map<number, number>() };

let t: TestApp;
const callerIds = new Map<FuzzCaller, number>();
beforeAll(async () => {
  t = await createTestApp({}, { ownDatabase: true });
  await keepWriteLedger(t.database.db);
  const rows = await t.database.db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.email, DEMO_USERS.map((u) => u.email)));
  for (const u of DEMO_USERS) callerIds.set(u.role, rows.find((r) => r.email === u.email)!.id);
  const admin = `Bearer ${await createSession(t.database.db, callerIds.get('admin')!)}`;
  const unnamed = await t.form('POST', '/api/users', { email: uniqueEmail('distributor'), password: 'Secret2026', name: 'Andre', role: 'distributor' }, admin);
  callerIds.set('unnamed-distributor', unnamed.json().data.id as number);
}, 120_000);
afterAll(async () => {
  const statuses = [...tally.byStatus].sort(([a], [b]) => a - b).map(([s, n]) => `${s}: ${n}`).join(', ');
  console.log(`fuzz: ${tally.requests} requests to ${ENDPOINTS.length} endpoints (seed ${SEED}, ${RUNS} runs each), ${tally.refused} refused; ${statuses}`);
  await t?.close();
});

/** A session per caller, made anew after anything was accepted: the fuzz may sign out, or change the demo users. */
const sessions = new Map<FuzzCaller, string>();
async function sessionOf(caller: FuzzCaller | null): Promise<string | null> {
  if (!caller) return null;
  if (!sessions.has(caller)) sessions.set(caller, `Bearer ${await createSession(t.database.db, callerIds.get(caller)!)}`);
  return sessions.get(caller)!;
}

/** After an accepted change: the callers active again with their roles, the demo distributor the one settings name, and new sessions. */
async function restoreCallers() {
  for (const u of DEMO_USERS) {
    await t.database.db.update(users).set({ role: u.role, status: true, deleted_at: null }).where(eq(users.id, callerIds.get(u.role)!));
  }
  await t.database.db.update(users).set({ role: 'distributor', status: true, deleted_at: null }).where(eq(users.id, callerIds.get('unnamed-distributor')!));
  await t.database.db.update(systemSettings).set({ distributor_id: callerIds.get('distributor')! });
  sessions.clear();
}

const FILE_NAMES = fc.oneof(
  fc.constantFrom('a.png', 'a.PNG', '.png', 'a.exe', '../a.png', 'a\u0000.png', 'a\uD800.png', 'a".png'),
  hostile.map((v) => (typeof v === 'string' ? v : JSON.stringify(v) ?? '')),
);

function requestOf(endpoint: Endpoint): fc.Arbitrary<{ role: FuzzCaller | null; request: FuzzRequest }> {
  const shapes = [shapeOf(endpoint.body), shapeOf(endpoint.query)];
  const fields = Object.assign({}, ...shapes.map((s) => (s.kind === 'object' ? s.fields : {})));
  const placeholders = endpoint.path.match(/\{\w+\}/g)?.length ?? 0;
  // Mostly the way the web sends input, so that it is read; the other ways now and then.
  const transports: Transport[] = endpoint.method === 'GET' ? ['query', 'query', 'query', 'raw-query', 'json'] : ['form', 'form', 'form', 'json', 'json', ...TRANSPORTS];
  const roles = rolesFor(endpoint);
  return fc.record({
    role: fc.oneof({ weight: 6, arbitrary: fc.constantFrom(...roles.allowed) }, { weight: roles.refused.length, arbitrary: fc.constantFrom(...roles.refused) }),
    request: fc.record({
      pathValues: fc.array(pathValue, { minLength: placeholders, maxLength: placeholders }),
      input: recordFor(fields),
      transport: fc.constantFrom(...transports),
      raw: rawQuery,
      rawJson,
      fileName: fc.option(FILE_NAMES),
    }),
  });
}

/** Per endpoint its own seed, so adding an endpoint does not change what the others are sent. */
const seedOf = (name: string) => [...name].reduce((h, c) => (Math.imul(h, 31) + c.charCodeAt(0)) | 0, SEED);

it('finds the endpoints of every contract', () => {
  expect(ENDPOINTS.length).toBeGreaterThan(80);
  expect(ENDPOINTS.map((e) => e.name)).toEqual(expect.arrayContaining(['promotions.create', 'company.userPromotions', 'files.upload']));
});

it('sees a row stored, and not one stored and removed again', async () => {
  const db = t.database.db;
  const mark = await ledgerMark(db);
  const [row] = await db.insert(categories).values({ name: `Fuzz ${Date.now()}` }).returning();
  expect(await changesSince(db, mark)).toEqual(['categories +1 -0']);
  await db.delete(categories).where(eq(categories.id, row!.id));
  expect(await changesSince(db, mark)).toEqual([]);
});

describe.each(ENDPOINTS.map((e) => [e.name, e.endpoint] as const))('%s', (name, endpoint) => {
  it(
    'answers hostile input with a 4xx or a success, never a 5xx, and a refusal changes no table',
    async () => {
      await fc.assert(
        fc.asyncProperty(requestOf(endpoint), async ({ role, request }) => {
          const auth = await sessionOf(role);
          const mark = await ledgerMark(t.database.db);
          const res = await t.app.inject(injectOptions(endpoint, request, auth));
          tally.requests++;
          tally.byStatus.set(res.statusCode, (tally.byStatus.get(res.statusCode) ?? 0) + 1);
          const what = `${describeRequest(endpoint, request, role)} -> ${res.statusCode} ${res.body.slice(0, 300)}`;
          expect(answerProblem(res), what).toBeNull();
          if (role === 'unnamed-distributor') expect([res.statusCode, res.json().message_key], what).toEqual([403, 'not_the_distributor']);
          if (res.statusCode >= 400) {
            tally.refused++;
            expect(await changesSince(t.database.db, mark), `tables changed by a refused ${what}`).toEqual([]);
          } else if (endpoint.method !== 'GET') {
            await restoreCallers();
          }
        }),
        { seed: seedOf(name), numRuns: RUNS },
      );
    },
    30_000 + RUNS * 1_000,
  );
});
