import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { auditLog, idempotencyKeys } from '../db/schema';
import { createTestApp, type TestApp } from '../test/test-app';
import { userIdByEmail } from '../test/print-flow-fixture';
import { registerErrorHandler } from './error-handler';
import { AppError } from './errors';
import { ABANDONED_CLAIM_MS, idempotent, IDEMPOTENCY_KEEP_MS, sweepIdempotencyKeys } from './idempotency';

// A bare server with two actions that write an audit row each in their own transaction, so what
// the helper lets through is counted in a real table on the run's database (PGlite or PostgreSQL).
let t: TestApp;
let app: FastifyInstance;
let userId: number;
/** Per request id: a promise the action waits on before it commits (to hold it "running"). */
const gates = new Map<string, Promise<void>>();
/** Per request id: fail the action after (`after`) or before (`before`) its transaction. */
const failures = new Map<string, 'before' | 'after'>();
const entity = `idempotency_test_${Date.now()}`;

beforeAll(async () => {
  t = await createTestApp();
  userId = await userIdByEmail(t, 'user@demo.no');
  app = Fastify();
  registerErrorHandler(app);
  for (const path of ['/act', '/other']) {
    app.post(path, async (req, reply) => {
      const tag = String(req.headers['x-tag'] ?? '');
      return idempotent(t.database.db, req, reply, userId, async (keep) => {
        await gates.get(tag);
        if (failures.get(tag) === 'before') throw new AppError(422, 'Refused', 'refused');
        const answer = await t.database.db.transaction(async (tx) => {
          const [row] = await tx.insert(auditLog).values({ actor_id: userId, action: 'test', entity, entity_id: null }).returning();
          const body = { status: 'success', data: { id: row!.id } };
          await keep(tx, body);
          return body;
        });
        if (failures.get(tag) === 'after') throw new Error('lost after commit');
        return answer;
      });
    });
  }
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await t.close();
});

const post = (key: string | undefined, opts: { path?: string; tag?: string } = {}) =>
  app.inject({ method: 'POST', url: opts.path ?? '/act', headers: { ...(key ? { 'idempotency-key': key } : {}), 'x-tag': opts.tag ?? '' } });
const actions = async () => (await t.database.db.select().from(auditLog).where(eq(auditLog.entity, entity))).length;
const keyRow = async (key: string) => (await t.database.db.select().from(idempotencyKeys).where(and(eq(idempotencyKeys.user_id, userId), eq(idempotencyKeys.key, key))))[0];

describe('idempotent()', () => {
  it('acts once per key: a retry after a lost answer gets the stored answer and acts no more', async () => {
    const before = await actions();
    const key = randomUUID();
    const first = await post(key);
    expect(first.statusCode).toBe(200);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    // The device never saw that answer and sends the same action again.
    const again = await post(key);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await actions()).toBe(before + 1);
    expect(await keyRow(key)).toMatchObject({ request: 'POST /act', status_code: 200, response: first.json() });
    // Another key is another action; no key at all always acts.
    await post(randomUUID());
    await post(undefined);
    await post(undefined);
    expect(await actions()).toBe(before + 4);
  });

  it('an answer lost after the commit is still kept: the retry does not act again', async () => {
    const before = await actions();
    const key = randomUUID();
    failures.set('lost', 'after');
    expect((await post(key, { tag: 'lost' })).statusCode).toBe(500);
    failures.delete('lost');
    const retry = await post(key, { tag: 'lost' });
    expect(retry.statusCode).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(await actions()).toBe(before + 1);
  });

  it('a request that failed frees its key, so the retry acts', async () => {
    const before = await actions();
    const key = randomUUID();
    failures.set('refused', 'before');
    expect((await post(key, { tag: 'refused' })).statusCode).toBe(422);
    expect(await keyRow(key)).toBeUndefined();
    failures.delete('refused');
    expect((await post(key, { tag: 'refused' })).statusCode).toBe(200);
    expect(await actions()).toBe(before + 1);
  });

  it('two concurrent requests with one key: the second is 409 while the first runs, and one action is done', async () => {
    const before = await actions();
    const key = randomUUID();
    let open!: () => void;
    gates.set('slow', new Promise<void>((resolve) => (open = resolve)));
    const first = post(key, { tag: 'slow' });
    // The claim is committed before the action starts; wait until it is visible.
    while (!(await keyRow(key))) await new Promise((r) => setTimeout(r, 5));
    const second = await post(key, { tag: 'slow' });
    expect(second.statusCode).toBe(409);
    expect(second.json().message_key).toBe('idempotency_key_in_use');
    open();
    expect((await first).statusCode).toBe(200);
    gates.delete('slow');
    expect((await post(key)).headers['idempotent-replayed']).toBe('true');
    expect(await actions()).toBe(before + 1);
  });

  it('twenty at once without a gate: one acts, each other one gets its answer or is told it runs', async () => {
    const before = await actions();
    const key = randomUUID();
    const answers = await Promise.all(Array.from({ length: 20 }, () => post(key)));
    for (const a of answers) expect([200, 409]).toContain(a.statusCode);
    const acted = answers.filter((a) => a.statusCode === 200 && a.headers['idempotent-replayed'] === undefined);
    expect(acted).toHaveLength(1);
    for (const replay of answers.filter((a) => a.headers['idempotent-replayed'] === 'true')) expect(replay.json()).toEqual(acted[0]!.json());
    expect(await actions()).toBe(before + 1);
  });

  it('refuses a key that is not a UUID, and a key used for another call', async () => {
    const bad = await post('not-a-uuid');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ idempotency_key: ['invalid_idempotency_key'] });
    const key = randomUUID();
    expect((await post(key)).statusCode).toBe(200);
    const elsewhere = await post(key, { path: '/other' });
    expect(elsewhere.statusCode).toBe(422);
    expect(elsewhere.json().message_key).toBe('idempotency_key_reused');
  });

  it('a claim left by a request that died before committing is taken over after a while', async () => {
    const before = await actions();
    const key = randomUUID();
    await t.database.db.insert(idempotencyKeys).values({ user_id: userId, key, request: 'POST /act', created_at: new Date(Date.now() - ABANDONED_CLAIM_MS - 1000) });
    expect((await post(key)).statusCode).toBe(200);
    expect(await actions()).toBe(before + 1);
    const fresh = randomUUID();
    await t.database.db.insert(idempotencyKeys).values({ user_id: userId, key: fresh, request: 'POST /act' });
    expect((await post(fresh)).statusCode).toBe(409);
  });

  it('the sweep removes keys older than 7 days only', async () => {
    const old = randomUUID();
    const recent = randomUUID();
    const now = new Date();
    await t.database.db.insert(idempotencyKeys).values([
      { user_id: userId, key: old, request: 'POST /act', status_code: 200, response: sql`'{}'::jsonb`, created_at: new Date(now.getTime() - IDEMPOTENCY_KEEP_MS - 60_000) },
      { user_id: userId, key: recent, request: 'POST /act', status_code: 200, response: sql`'{}'::jsonb`, created_at: new Date(now.getTime() - IDEMPOTENCY_KEEP_MS + 60_000) },
    ]);
    expect(await sweepIdempotencyKeys(t.database.db, now)).toBeGreaterThanOrEqual(1);
    expect(await keyRow(old)).toBeUndefined();
    expect(await keyRow(recent)).toBeDefined();
  });
});
