import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import { sessions } from '../db/schema';
import { newUser } from '../test/design-fixture';
import { createTestApp, type TestApp } from '../test/test-app';

/**
 * Issue 33: signing in as a station replaces the admin's session, and going back replaces the
 * station session; each session is replaced once, also when the call comes twenty times at once.
 */
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
});
afterAll(() => t.close());

/** A fresh cm-admin, signed in, and a fresh station it may sign in as. */
async function pair() {
  const cmAdmin = await newUser(t, admin, 'cm-admin');
  const station = await newUser(t, admin, 'user');
  return { cmAdmin, station, own: cmAdmin.token };
}

const signInAs = (token: string, userId: number) => t.form('POST', '/api/auth/to-re-login', { user_id: userId }, token);
const back = (token: string) => t.form('POST', '/api/auth/back-re-login', undefined, token);
/** Sessions opened by signing in as someone, and the admin's own sessions. */
const openedAs = async (adminId: number) => (await t.database.db.select().from(sessions).where(eq(sessions.impersonator_id, adminId))).length;
const ownSessions = async (adminId: number) =>
  (await t.database.db.select().from(sessions).where(and(eq(sessions.user_id, adminId), isNull(sessions.impersonator_id)))).length;

describe('sign-in-as and back replace their session once', () => {
  it('a second sign-in-as from the same session, or a second way back, is 401 and opens nothing', async () => {
    const { cmAdmin, station, own } = await pair();
    const first = await signInAs(own, station.id);
    expect(first.statusCode, first.body).toBe(200);
    expect((await signInAs(own, station.id)).statusCode).toBe(401);
    expect(await openedAs(cmAdmin.id)).toBe(1);

    const asStation = `Bearer ${first.json().data.bearerToken}`;
    const own2 = await ownSessions(cmAdmin.id);
    expect((await back(asStation)).statusCode).toBe(200);
    expect((await back(asStation)).statusCode).toBe(401);
    expect(await ownSessions(cmAdmin.id)).toBe(own2 + 1);
  });
});

describe.skipIf(!inject('testDatabaseUrl'))('sign-in-as and back sent twenty times at once (needs PostgreSQL)', () => {
  it('one station session from one admin session, and one admin session back from it; the others are 401', async () => {
    const { cmAdmin, station, own } = await pair();
    const answers = await Promise.all(Array.from({ length: 20 }, () => signInAs(own, station.id)));
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s !== 200)).toEqual(Array(19).fill(401));
    expect(await openedAs(cmAdmin.id)).toBe(1);

    const asStation = `Bearer ${answers.find((a) => a.statusCode === 200)!.json().data.bearerToken}`;
    const before = await ownSessions(cmAdmin.id);
    const backs = (await Promise.all(Array.from({ length: 20 }, () => back(asStation)))).map((a) => a.statusCode);
    expect(backs.filter((s) => s === 200)).toHaveLength(1);
    expect(backs.filter((s) => s !== 200)).toEqual(Array(19).fill(401));
    expect(await ownSessions(cmAdmin.id)).toBe(before + 1);
  });
});
