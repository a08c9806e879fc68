import { afterAll, beforeAll, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import type { FileReview, ReviewFlowData } from '@promo/shared';
import { auditLog } from '../../db/schema';
import { designFixture, userId } from '../../test/design-fixture';
import { pngImage } from '../../test/images';
import { sendFile } from '../../test/proofing-fixture';
import { createTestApp, type TestApp } from '../../test/test-app';

/** The default review flow of system settings (decision 040): a database of its own, as it changes what every new promotion starts with. */

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp({}, { ownDatabase: true });
  admin = await t.login('admin');
});
afterAll(() => t.close());

const put = (stages: object[], token = admin) =>
  t.app.inject({ method: 'PUT', url: '/api/system-settings/review-flow', payload: { stages }, headers: { authorization: token, 'content-type': 'application/json' } });

it('starts as the category’s cm or a cm-admin; an admin changes it, new promotions take it and those with a flow keep theirs', async () => {
  const first = await t.form('GET', '/api/system-settings/review-flow', {}, admin);
  expect(first.statusCode).toBe(200);
  expect((first.json().data.flow as ReviewFlowData).stages.map((s) => [s.name, s.rule, s.roles])).toEqual([['Kategorisjef', 'any', ['category_manager', 'cm-admin']]]);

  // A promotion whose first file entered review has its own flow from then on.
  const before = await designFixture(t, admin, { status: 'Brief' });
  await sendFile(t, before, await t.login('designer'), 'skisse.png', await pngImage(30, 20), 'Sketch');

  expect((await put([{ name: 'Admin', rule: 'any', roles: ['admin'], due_milestone: 'brief', due_offset_days: 2 }], await t.login('cm-admin'))).statusCode).toBe(403);
  const refused = await put([{ name: '', rule: 'some', roles: ['designer'], due_milestone: 'later', due_offset_days: '1.5' }]);
  expect(refused.statusCode).toBe(422);
  expect(refused.json().errors).toMatchObject({
    'stages.0.name': ['required_field'],
    'stages.0.rule': ['invalid_rule'],
    'stages.0.due_milestone': ['invalid_milestone'],
    'stages.0.due_offset_days': ['digits_only'],
  });
  const saved = await put([{ name: 'Admin', rule: 'any', roles: ['admin'], due_milestone: 'brief', due_offset_days: 2 }]);
  expect(saved.statusCode, saved.body).toBe(200);
  expect((saved.json().data.flow as ReviewFlowData).stages.map((s) => [s.name, s.roles, s.due_milestone, s.due_offset_days])).toEqual([['Admin', ['admin'], 'brief', 2]]);
  const [audit] = await t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, 'update'), eq(auditLog.entity, 'system_settings'), eq(auditLog.actor_id, await userId(t, admin))))
    .orderBy(desc(auditLog.id))
    .limit(1);
  expect(audit?.after).toEqual({ review_flow: ['Admin (any; admin; brief+2)'] });

  const flowOf = async (promotionId: number) => ((await t.form('GET', '/api/review-flow', { promotion_id: promotionId }, admin)).json().data.flow as ReviewFlowData).stages.map((s) => s.name);
  expect(await flowOf(before.promotionId)).toEqual(['Kategorisjef']);
  const after = await designFixture(t, admin, { status: 'Brief' });
  expect(await flowOf(after.promotionId)).toEqual(['Admin']);
  const sketch = await sendFile(t, after, await t.login('designer'), 'skisse.png', await pngImage(30, 20), 'Sketch');
  const reviews = (await t.form('GET', '/api/design-chat/reviews', { chat_id: after.chatId }, admin)).json().data.reviews as FileReview[];
  expect(reviews.find((r) => r.message_id === sketch.message_id)?.stages.map((s) => [s.name, s.state])).toEqual([['Admin', 'open']]);
});
