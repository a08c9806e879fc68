import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog, sessions, users } from '../../db/schema';
import { DEMO_PASSWORD } from '../../db/seed/demo';
import { hashToken } from '../../lib/tokens';
import { createTestApp, uniqueEmail, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function newStation(password = 'Station2026') {
  const admin = await t.login('admin');
  const email = uniqueEmail('station');
  const res = await t.form('POST', '/api/users', { email, password, name: 'Test Station', role: 'user' }, admin);
  expect(res.statusCode).toBe(201);
  return { id: res.json().data.id as number, email, password };
}

describe('POST /api/auth/login', () => {
  it('returns the merged user data and a bearer token for valid credentials', async () => {
    const res = await t.form('POST', '/api/auth/login', { email: 'ADMIN@demo.no', password: DEMO_PASSWORD });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status).toBe('success');
    expect(body.data.mergedUserData).toMatchObject({ email: 'admin@demo.no', role: 'admin', re_login: null });
    expect(body.data.bearerToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('stores only a hash of the token, expiring in 7 days', async () => {
    const res = await t.form('POST', '/api/auth/login', { email: 'cm@demo.no', password: DEMO_PASSWORD });
    const token = res.json().data.bearerToken as string;
    const rows = await t.database.db.select().from(sessions).where(eq(sessions.token_hash, hashToken(token)));
    expect(rows).toHaveLength(1);
    const days = (rows[0]!.expires_at.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);
    const anyPlain = await t.database.db.select().from(sessions).where(eq(sessions.token_hash, token));
    expect(anyPlain).toHaveLength(0);
  });

  it('gives a cm its managed categories', async () => {
    const res = await t.form('POST', '/api/auth/login', { email: 'cm@demo.no', password: DEMO_PASSWORD });
    expect(res.json().data.mergedUserData.categories.length).toBeGreaterThan(0);
  });

  it('refuses a wrong password with 401 and no token', async () => {
    const res = await t.form('POST', '/api/auth/login', { email: 'designer@demo.no', password: 'Wrong1234' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ message_key: 'invalid_credentials' });
    expect(res.json().data).toBeUndefined();
  });

  it('validates email and password with the keys of the specification', async () => {
    const res = await t.form('POST', '/api/auth/login', { email: 'not-an-email', password: '12345678' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ email: ['valid_email'], password: ['password_latin_letters'] });
    const empty = await t.form('POST', '/api/auth/login', {});
    expect(empty.statusCode).toBe(422);
    expect(Object.keys(empty.json().errors).sort()).toEqual(['email', 'password']);
  });

  it('answers a short wrong password as any other wrong password: the length rule is for setting one', async () => {
    const station = await newStation();
    const short = await t.form('POST', '/api/auth/login', { email: station.email, password: 'abc' });
    expect(short.statusCode).toBe(401);
    expect(short.json()).toMatchObject({ message_key: 'invalid_credentials' });
    expect(short.json().errors).toBeUndefined();
  });

  it('answers a malformed body with 4xx, never 500', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(res.statusCode).toBe(400);
    const arr = await t.form('POST', '/api/auth/login', { email: ['a@b.no', 'c@d.no'], password: 'x'.repeat(5000) });
    expect(arr.statusCode).toBe(422);
  });

  it('refuses a deactivated user', async () => {
    const station = await newStation();
    const admin = await t.login('admin');
    await t.form('PUT', `/api/users/${station.id}`, { status: 'false' }, admin);
    const res = await t.form('POST', '/api/auth/login', { email: station.email, password: station.password });
    expect(res.statusCode).toBe(403);
  });
});

describe('sessions', () => {
  it('answers 401 Unauthenticated without, with a bad, or with a revoked token', async () => {
    const none = await t.form('GET', '/api/users');
    expect(none.statusCode).toBe(401);
    expect(none.json().message).toBe('Unauthenticated');
    const bad = await t.form('GET', '/api/users', undefined, 'Bearer nope');
    expect(bad.statusCode).toBe(401);

    const token = await t.login('designer');
    expect((await t.form('GET', '/api/users', undefined, token)).statusCode).toBe(200);
    const out = await t.form('POST', '/api/auth/logout', undefined, token);
    expect(out.statusCode).toBe(200);
    expect((await t.form('GET', '/api/users', undefined, token)).statusCode).toBe(401);
  });

  it('answers 401 for an expired token', async () => {
    const token = await t.login('cm');
    await t.database.db
      .update(sessions)
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where(eq(sessions.token_hash, hashToken(token.slice(7))));
    expect((await t.form('GET', '/api/users', undefined, token)).statusCode).toBe(401);
  });

  it('answers 403 No access for a role that is not allowed', async () => {
    const token = await t.login('printer');
    const res = await t.form('GET', '/api/users', undefined, token);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('No access');
  });

  it('revokes the sessions of a user who is deactivated or deleted', async () => {
    const admin = await t.login('admin');
    const a = await newStation();
    const b = await newStation();
    const tokenA = await t.loginAs(a.email, a.password);
    const tokenB = await t.loginAs(b.email, b.password);
    // A station may call its own edit route: proves the token works before the change.
    expect((await t.form('PUT', `/api/users/${a.id}`, { phone: '123' }, tokenA)).statusCode).toBe(200);
    await t.form('PUT', `/api/users/${a.id}`, { status: 'false' }, admin);
    await t.form('DELETE', `/api/users/${b.id}`, undefined, admin);
    expect((await t.form('PUT', `/api/users/${a.id}`, { phone: '1' }, tokenA)).statusCode).toBe(401);
    expect((await t.form('PUT', `/api/users/${b.id}`, { phone: '1' }, tokenB)).statusCode).toBe(401);
    await t.form('PUT', `/api/users/${a.id}`, { status: 'true' }, admin);
    expect((await t.form('PUT', `/api/users/${a.id}`, { phone: '1' }, tokenA)).statusCode).toBe(401);
  });
});

describe('impersonation', () => {
  it('lets an admin sign in as a station and come back, with both steps in the audit log', async () => {
    const station = await newStation();
    const admin = await t.login('admin');
    const to = await t.form('POST', '/api/auth/to-re-login', { user_id: station.id }, admin);
    expect(to.statusCode).toBe(200);
    const as = to.json().data;
    expect(as.mergedUserData).toMatchObject({ id: station.id, role: 'user', re_login: { to_user_id: station.id } });
    const asToken = `Bearer ${as.bearerToken}`;
    // The admin's previous token was swapped out.
    expect((await t.form('GET', '/api/users', undefined, admin)).statusCode).toBe(401);

    const back = await t.form('POST', '/api/auth/back-re-login', undefined, asToken);
    expect(back.statusCode).toBe(200);
    expect(back.json().data.mergedUserData).toMatchObject({ email: 'admin@demo.no', role: 'admin', re_login: null });
    expect((await t.form('GET', '/api/users', undefined, asToken)).statusCode).toBe(401);
    const newAdmin = `Bearer ${back.json().data.bearerToken}`;
    expect((await t.form('GET', '/api/users', undefined, newAdmin)).statusCode).toBe(200);

    const entries = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'users'), eq(auditLog.entity_id, station.id)));
    expect(entries.map((e) => e.action)).toEqual(expect.arrayContaining(['impersonation_start', 'impersonation_end']));
  });

  it('refuses to sign in as a non-station, and refuses roles other than admin and cm-admin', async () => {
    const admin = await t.login('admin');
    const [designer] = await t.database.db.select().from(users).where(eq(users.email, 'designer@demo.no'));
    const res = await t.form('POST', '/api/auth/to-re-login', { user_id: designer!.id }, admin);
    expect(res.statusCode).toBe(403);
    const station = await newStation();
    const cm = await t.login('cm');
    expect((await t.form('POST', '/api/auth/to-re-login', { user_id: station.id }, cm)).statusCode).toBe(403);
    const cmAdmin = await t.login('cm-admin');
    expect((await t.form('POST', '/api/auth/to-re-login', { user_id: station.id }, cmAdmin)).statusCode).toBe(200);
  });

  it('validates user_id and answers 404 for an unknown user', async () => {
    const admin = await t.login('admin');
    expect((await t.form('POST', '/api/auth/to-re-login', { user_id: 'abc' }, admin)).statusCode).toBe(422);
    expect((await t.form('POST', '/api/auth/to-re-login', { user_id: 99999999 }, admin)).statusCode).toBe(404);
  });

  it('refuses back-re-login from a session that is not impersonating', async () => {
    const admin = await t.login('admin');
    expect((await t.form('POST', '/api/auth/back-re-login', undefined, admin)).statusCode).toBe(403);
  });
});
