import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { ReviewStageInput } from '@promo/shared';
import { designStatusChanges, notifications, reviewDecisions } from '../../db/schema';
import { designFixture, newUser, type DesignFixture } from '../../test/design-fixture';
import { pngImage } from '../../test/images';
import { sendFile } from '../../test/proofing-fixture';
import { createTestApp, type TestApp } from '../../test/test-app';

/**
 * Issue 33: review decisions (decision 040) arriving at once: every reviewer of an "all" stage at
 * the same moment, and one reviewer's approval sent twenty times. Two at once, on both engines, are
 * in reviews.test.ts.
 */
describe.skipIf(!inject('testDatabaseUrl'))('review decisions sent at once (needs PostgreSQL)', () => {
  let t: TestApp;
  let admin: string;
  let designer: string;
  beforeAll(async () => {
    t = await createTestApp();
    [admin, designer] = await Promise.all([t.login('admin'), t.login('designer')]);
  });
  afterAll(() => t.close());

  const stage = (user_ids: number[]): ReviewStageInput => ({ name: 'Alle', rule: 'all', roles: [], user_ids, due_milestone: 'designs_complete', due_offset_days: 0 }) as ReviewStageInput;
  async function sketchInReview(user_ids: number[]) {
    const d = await designFixture(t, admin, { status: 'Brief' });
    const saved = await t.app.inject({ method: 'PUT', url: '/api/review-flow', payload: { promotion_id: d.promotionId, stages: [stage(user_ids)] }, headers: { authorization: admin, 'content-type': 'application/json' } });
    expect(saved.statusCode, saved.body).toBe(200);
    const m = await sendFile(t, d, designer, 'skisse.png', await pngImage(40, 30), 'Sketch');
    // The version's number in its chat, and its row (what decisions point at).
    return { d, number: m.message_id, rowId: m.id };
  }
  const approve = (d: DesignFixture, number: number, token: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/design-chat/reviews/decide',
      payload: { chat_id: d.chatId, message_id: number, decision: 'approve' },
      headers: { authorization: token, 'content-type': 'application/json' },
    });

  it('twenty reviewers of an "all" stage approving at once approve the version once', async () => {
    const reviewers = await Promise.all(Array.from({ length: 20 }, () => newUser(t, admin, 'cm-admin')));
    const { d, number, rowId } = await sketchInReview(reviewers.map((r) => r.id));
    const answers = await Promise.all(reviewers.map((r) => approve(d, number, r.token)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    const review = (await t.form('GET', '/api/design-chat/reviews', { chat_id: d.chatId }, admin)).json().data.reviews.find((r: { message_id: number }) => r.message_id === number);
    expect(review.state).toBe('approved');
    expect(await t.database.db.select().from(reviewDecisions).where(eq(reviewDecisions.message_id, rowId))).toHaveLength(20);
    const approvedTo = await t.database.db.select().from(designStatusChanges).where(and(eq(designStatusChanges.psd_id, d.psdId), eq(designStatusChanges.to_status, 'Approved')));
    expect(approvedTo).toHaveLength(1);
    const told = await t.database.db.select().from(notifications).where(and(eq(notifications.promotion_id, d.promotionId), eq(notifications.kind, 'sketch_approved')));
    expect(told).toHaveLength(1);
  });

  it("one reviewer's approval sent twenty times at once is one decision", async () => {
    const [first, second] = await Promise.all([newUser(t, admin, 'cm-admin'), newUser(t, admin, 'cm-admin')]);
    const { d, number, rowId } = await sketchInReview([first.id, second.id]);
    const answers = await Promise.all(Array.from({ length: 20 }, () => approve(d, number, first.token)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    const rows = await t.database.db.select().from(reviewDecisions).where(eq(reviewDecisions.message_id, rowId));
    expect(rows.map((r) => [r.reviewer_id, r.decision])).toEqual([[first.id, 'approve']]);
  });
});
