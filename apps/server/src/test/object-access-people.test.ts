import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { ROLES, type Role } from '@promo/shared';
import { feedbackMessages, feedbackReads, feedbacks } from '../db/schema';
import { DEMO_USERS } from '../db/seed/demo';
import { newUser } from './design-fixture';
import { expectRefused } from './object-access-fixture';
import { createTestApp, type TestApp } from './test-app';

/** Who learns whose name and e-mail, and who takes part in whose feedback thread. */
let t: TestApp;
let admin: string;
let cm: string;
beforeAll(async () => {
  t = await createTestApp();
  [admin, cm] = await Promise.all([t.login('admin'), t.login('cm')]);
});
afterAll(() => t?.close());

type Listed = { id: number; name: string; email: string };
const byRole = async (token: string, value: Role): Promise<Listed[]> => {
  const res = await t.form('POST', '/api/users/get-users-by-field', { field: 'role', value }, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.users;
};

describe('users by field', () => {
  it('gives a cm only the users its users list shows: no admin, designer, printer or distributor', async () => {
    for (const role of ['admin', 'designer', 'printer', 'distributor'] as const) {
      const found = await byRole(cm, role);
      expect(found, role).toEqual([]);
    }
    // The same rule as the users list: the rows it shows a cm are the rows this call gives it.
    const listed = (await t.form('GET', '/api/users', { count_show: 100, obj_search: { field: 'email', input_value: '@demo.no' } }, cm)).json().data.users as { email: string; role: Role }[];
    expect(listed.some((u) => u.role === 'admin' || u.role === 'designer')).toBe(false);
    expect((await byRole(cm, 'cm')).map((u) => u.email)).toContain('cm@demo.no');
    expect((await byRole(cm, 'cm-admin')).map((u) => u.email)).toContain('cm-admin@demo.no');
    expect((await byRole(cm, 'user')).length).toBeGreaterThan(0);
  });

  it('gives admin and cm-admin every role', async () => {
    const cmAdmin = await t.login('cm-admin');
    for (const token of [admin, cmAdmin]) {
      for (const role of ROLES) {
        const demo = DEMO_USERS.find((u) => u.role === role)!;
        expect((await byRole(token, role)).map((u) => u.email), role).toContain(demo.email);
      }
    }
  });
});

describe('feedback threads', () => {
  it('are closed to everyone but their two participants: reading, replying and read marks', async () => {
    const [from, to, outsider] = await Promise.all([newUser(t, admin, 'user'), newUser(t, admin, 'printer'), newUser(t, admin, 'designer')]);
    const created = await t.form('POST', '/api/feedback-messages', { title: 'Privat tråd', to_user_id: to.id, message: '<p>Bare for oss to</p>' }, from.token);
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id as number;
    const state = async () => {
      const messages = await t.database.db.select().from(feedbackMessages).where(eq(feedbackMessages.feedback_id, id));
      return {
        thread: await t.database.db.select().from(feedbacks).where(eq(feedbacks.id, id)),
        messages,
        reads: await t.database.db.select().from(feedbackReads).where(inArray(feedbackReads.message_id, messages.map((m) => m.id))),
      };
    };
    await expectRefused(
      state,
      {
        read: () => t.form('GET', '/api/feedback-messages/get-feedback-data', { feedback_id: id }, outsider.token),
        reply: () => t.form('POST', '/api/feedback-messages/add-message', { feedback_id: id, message: '<p>Inn fra siden</p>' }, outsider.token),
        cmReply: () => t.form('POST', '/api/feedback-messages/add-message', { feedback_id: id, message: '<p>Inn fra siden</p>' }, cm),
        // An admin moderates: reads (checked below) but never writes into the thread.
        adminReply: () => t.form('POST', '/api/feedback-messages/add-message', { feedback_id: id, message: '<p>Admin</p>' }, admin),
      },
      403,
    );
    const outsiderList = (await t.form('GET', '/api/feedback-messages', { count_show: 100 }, outsider.token)).json().data.feedbacks as { id: number }[];
    expect(outsiderList.map((f) => f.id)).not.toContain(id);
    const before = await state();
    expect((await t.form('GET', '/api/feedback-messages/get-feedback-data', { feedback_id: id }, admin)).statusCode).toBe(200);
    expect(await state()).toEqual(before);
    expect((await t.form('GET', '/api/feedback-messages/get-feedback-data', { feedback_id: id }, to.token)).statusCode).toBe(200);
  });
});
