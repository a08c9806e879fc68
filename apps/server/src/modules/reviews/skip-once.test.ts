import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { ReviewStageInput } from '@promo/shared';
import { reviewDecisions } from '../../db/schema';
import { designFixture, newUser } from '../../test/design-fixture';
import { pngImage } from '../../test/images';
import { sendFile } from '../../test/proofing-fixture';
import { createTestApp, type TestApp } from '../../test/test-app';

/*
 * An admin's skip names the stage the admin saw open (issue 33, decision 041): a second skip of the
 * same stage, sent twice on a slow line or at once, must not close the stage after it as well.
 */
let t: TestApp;
let admin: string;
let designer: string;
beforeAll(async () => {
  t = await createTestApp();
  [admin, designer] = await Promise.all([t.login('admin'), t.login('designer')]);
});
afterAll(() => t.close());

const stage = (name: string, user_ids: number[]): ReviewStageInput => ({ name, rule: 'any', roles: [], user_ids, due_milestone: 'designs_complete', due_offset_days: 0 }) as ReviewStageInput;

/** A sketch waiting in the first of three stages; the stages' ids. */
async function sketchInThreeStages() {
  const reviewer = await newUser(t, admin, 'cm-admin');
  const d = await designFixture(t, admin, { status: 'Brief' });
  const payload = { promotion_id: d.promotionId, stages: ['Én', 'To', 'Tre'].map((n) => stage(n, [reviewer.id])) };
  const saved = await t.app.inject({ method: 'PUT', url: '/api/review-flow', payload, headers: { authorization: admin, 'content-type': 'application/json' } });
  expect(saved.statusCode, saved.body).toBe(200);
  const m = await sendFile(t, d, designer, 'skisse.png', await pngImage(40, 30), 'Sketch');
  const review = await reviewOf(d.chatId, m.message_id);
  return { d, number: m.message_id, rowId: m.id, stageIds: review.stages.map((s: { id: number }) => s.id) as number[] };
}
const reviewOf = async (chatId: number, number: number) =>
  (await t.form('GET', '/api/design-chat/reviews', { chat_id: chatId }, admin)).json().data.reviews.find((r: { message_id: number }) => r.message_id === number);
const skip = (chatId: number, number: number, stageId?: number) =>
  t.form('POST', '/api/design-chat/reviews/skip', { chat_id: chatId, message_id: number, reason: 'Ferie', ...(stageId ? { stage_id: stageId } : {}) }, admin);

describe('skipping a named stage', () => {
  it('skips it once: the same skip again is refused and the next stage stays open', async () => {
    const { d, number, stageIds } = await sketchInThreeStages();
    const first = await skip(d.chatId, number, stageIds[0]);
    expect(first.statusCode, first.body).toBe(200);
    const again = await skip(d.chatId, number, stageIds[0]);
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json()).toMatchObject({ message_key: 'review_stage_moved', errors: { stage_id: ['review_stage_moved'] } });
    expect((await reviewOf(d.chatId, number)).stage_id).toBe(stageIds[1]);
  });

  it('without a stage (an older client) skips whatever stage is open, as before', async () => {
    const { d, number, stageIds } = await sketchInThreeStages();
    expect((await skip(d.chatId, number)).statusCode).toBe(200);
    expect((await skip(d.chatId, number)).statusCode).toBe(200);
    expect((await reviewOf(d.chatId, number)).stage_id).toBe(stageIds[2]);
  });
});

describe.skipIf(!inject('testDatabaseUrl'))('twenty skips of one stage at once (needs PostgreSQL)', () => {
  it('close that stage only', async () => {
    const { d, number, rowId, stageIds } = await sketchInThreeStages();
    const answers = await Promise.all(Array.from({ length: 20 }, () => skip(d.chatId, number, stageIds[0])));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(19);
    const skips = await t.database.db.select().from(reviewDecisions).where(and(eq(reviewDecisions.message_id, rowId), eq(reviewDecisions.decision, 'skip')));
    expect(skips.map((s) => s.stage_id)).toEqual([stageIds[0]]);
    expect((await reviewOf(d.chatId, number)).stage_id).toBe(stageIds[1]);
  });
});
