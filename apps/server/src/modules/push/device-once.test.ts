import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { auditLog, pushSubscriptions } from '../../db/schema';
import { newUser } from '../../test/design-fixture';
import { browserKeys } from '../../test/push-crypto';
import { createTestApp, type TestApp } from '../../test/test-app';

/**
 * Issue 33: a device (its push endpoint) is one row with one owner, also when it is registered
 * twenty times at once, by one user or by two (a browser that changed hands).
 */
const ORIGIN = 'https://allowed.invalid';
let t: TestApp;
let admin: string;
const endpoints: string[] = [];
beforeAll(async () => {
  t = await createTestApp({ PUSH_ALLOWED_ORIGINS: ORIGIN });
  admin = await t.login('admin');
});
afterAll(async () => {
  if (endpoints.length) await t.database.db.delete(pushSubscriptions).where(inArray(pushSubscriptions.endpoint, endpoints));
  await t.close();
});

const newEndpoint = () => {
  const endpoint = `${ORIGIN}/push/${randomUUID()}`;
  endpoints.push(endpoint);
  return endpoint;
};
const register = (token: string, endpoint: string) => t.form('POST', '/api/push/subscriptions', { endpoint, keys: browserKeys().json, language: 'no' }, token);
const rowsOf = (endpoint: string) => t.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint));
const devicesOf = async (token: string) => ((await t.form('GET', '/api/push/subscriptions', undefined, token)).json().data.devices as { id: number }[]).map((d) => d.id);
const creates = async (ids: number[]) =>
  (
    await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'push_subscriptions'), eq(auditLog.action, 'create_push_subscription'), inArray(auditLog.entity_id, ids)))
  ).length;

describe('a device registered again', () => {
  it('by its owner stays one device; by another user it becomes theirs and leaves the first', async () => {
    const [a, b] = [await newUser(t, admin, 'designer'), await newUser(t, admin, 'designer')];
    const endpoint = newEndpoint();
    const first = await register(a.token, endpoint);
    expect(first.statusCode, first.body).toBe(200);
    expect((await register(a.token, endpoint)).json().data.id).toBe(first.json().data.id);
    const taken = await register(b.token, endpoint);
    expect(taken.statusCode).toBe(200);
    const [row] = await rowsOf(endpoint);
    expect(row).toMatchObject({ id: taken.json().data.id, user_id: b.id });
    expect(await devicesOf(a.token)).not.toContain(row!.id);
    expect(await devicesOf(b.token)).toContain(row!.id);
  });
});

describe.skipIf(!inject('testDatabaseUrl'))('a device registered twenty times at once (needs PostgreSQL)', () => {
  it('by one user: one device, created once', async () => {
    const a = await newUser(t, admin, 'designer');
    const endpoint = newEndpoint();
    const answers = await Promise.all(Array.from({ length: 20 }, () => register(a.token, endpoint)));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    const rows = await rowsOf(endpoint);
    expect(rows).toHaveLength(1);
    expect(new Set(answers.map((r) => r.json().data.id))).toEqual(new Set([rows[0]!.id]));
    expect(await creates([rows[0]!.id])).toBe(1);
  });

  it('by two users: one device, and nobody was told a device is theirs that belongs to the other', async () => {
    const users = [await newUser(t, admin, 'designer'), await newUser(t, admin, 'designer')];
    const endpoint = newEndpoint();
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => register(users[i % 2]!.token, endpoint).then((res) => ({ res, user: users[i % 2]! }))));
    expect(answers.map((a) => a.res.statusCode)).toEqual(Array(20).fill(200));
    const rows = await rowsOf(endpoint);
    expect(rows).toHaveLength(1);
    const owner = rows[0]!.user_id;
    for (const { res, user } of answers) if (res.json().data.id === rows[0]!.id) expect(user.id).toBe(owner);
    for (const user of users) expect((await devicesOf(user.token)).includes(rows[0]!.id)).toBe(user.id === owner);
  });
});
