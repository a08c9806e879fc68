import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { sessions, users } from '../../db/schema';
import { hashToken } from '../../lib/tokens';
import { createTestApp, uniqueEmail, type TestApp } from '../../test/test-app';

/** A station session opened by sign-in-as ends when the admin who opened it loses its rights. */
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
});
afterAll(() => t.close());

async function newUser(role: string) {
  const email = uniqueEmail(role);
  const res = await t.form('POST', '/api/users', { email, password: 'Passord123', name: `Test ${role}`, role }, admin);
  expect(res.statusCode, res.body).toBe(201);
  return { id: res.json().data.id as number, email };
}

/** A fresh cm-admin signs in as a fresh station: the station session's header. */
async function impersonation() {
  const cmAdmin = await newUser('cm-admin');
  const station = await newUser('user');
  const own = await t.loginAs(cmAdmin.email, 'Passord123');
  const res = await t.form('POST', '/api/auth/to-re-login', { user_id: station.id }, own);
  expect(res.statusCode, res.body).toBe(200);
  const token = res.json().data.bearerToken as string;
  const asStation = `Bearer ${token}`;
  expect((await t.form('GET', '/company_api/history-planner', undefined, asStation)).statusCode).toBe(200);
  return { cmAdmin, asStation, token };
}

async function expectEnded(asStation: string, token: string) {
  expect((await t.form('GET', '/company_api/history-planner', undefined, asStation)).statusCode).toBe(401);
  expect((await t.form('POST', '/api/auth/back-re-login', undefined, asStation)).statusCode).toBe(401);
  const [row] = await t.database.db.select().from(sessions).where(eq(sessions.token_hash, hashToken(token)));
  expect(row!.revoked_at).not.toBeNull();
}

describe('sign-in-as ends with its admin', () => {
  it('when the admin is deactivated', async () => {
    const { cmAdmin, asStation, token } = await impersonation();
    expect((await t.form('PUT', `/api/users/${cmAdmin.id}`, { status: 'false' }, admin)).statusCode).toBe(200);
    await expectEnded(asStation, token);
  });

  it('when the admin is deleted', async () => {
    const { cmAdmin, asStation, token } = await impersonation();
    expect((await t.form('DELETE', `/api/users/${cmAdmin.id}`, undefined, admin)).statusCode).toBe(200);
    await expectEnded(asStation, token);
  });

  it('when the admin is demoted', async () => {
    const { cmAdmin, asStation, token } = await impersonation();
    expect((await t.form('PUT', `/api/users/${cmAdmin.id}`, { role: 'designer' }, admin)).statusCode).toBe(200);
    await expectEnded(asStation, token);
  });

  it("when the admin's password is changed", async () => {
    const { cmAdmin, asStation, token } = await impersonation();
    const res = await t.form('POST', '/api/users/update-password', { user_id: cmAdmin.id, new_password: 'Nytt1234passord' }, admin);
    expect(res.statusCode).toBe(200);
    await expectEnded(asStation, token);
  });

  it('when the admin is changed behind the API: the session is refused, and back-re-login revokes it for good', async () => {
    const { cmAdmin, asStation, token } = await impersonation();
    // Straight in the database: no revocation runs, and the server still remembers the session.
    await t.database.db.update(users).set({ role: 'designer' }).where(eq(users.id, cmAdmin.id));
    const back = await t.form('POST', '/api/auth/back-re-login', undefined, asStation);
    expect(back.statusCode).toBe(401);
    expect(back.json().data).toBeUndefined();
    const [row] = await t.database.db.select().from(sessions).where(eq(sessions.token_hash, hashToken(token)));
    expect(row!.revoked_at).not.toBeNull();
  });
});
