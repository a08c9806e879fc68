import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { ChatEventPayload, ChatMessage, FileReview, ReviewEventPayload, WaitingItem } from '@promo/shared';
import { auditLog, notifications, promotionSurfaceDesigns, reviewDecisions } from '../../db/schema';
import { designFixture, userId, type DesignFixture } from '../../test/design-fixture';
import { pngImage } from '../../test/images';
import { sendFile } from '../../test/proofing-fixture';
import { disconnectAll, listen, next, participant } from '../../test/sockets';
import { createTestApp, type TestApp } from '../../test/test-app';

/**
 * Issue 33 point 10, decision 040: rating a sketch and the review panel are one way to decide. With
 * the default flow (one stage, "Kategorisjef": the category's cm and the cm-admins) the cm's rating
 * is its decision, an admin's is only a reaction.
 */

let t: TestApp;
let admin: string;
let cm: string;
let designer: string;
const ids = { admin: 0, cm: 0, designer: 0 };

beforeAll(async () => {
  t = await createTestApp();
  [admin, cm, designer] = await Promise.all([t.login('admin'), t.login('cm'), t.login('designer')]);
  [ids.admin, ids.cm, ids.designer] = await Promise.all([userId(t, admin), userId(t, cm), userId(t, designer)]);
}, 180_000);
afterAll(async () => {
  disconnectAll();
  await t?.close();
});

const rate = (d: DesignFixture, messageId: number, rating: number, token: string, comment?: string) =>
  t.form('POST', '/api/design-chat/update-switch-rating-image', { chat_id: d.chatId, message_id: messageId, rating, ...(comment === undefined ? {} : { comment }) }, token);

const decide = (d: DesignFixture, messageId: number, token: string, body: object) =>
  t.app.inject({
    method: 'POST',
    url: '/api/design-chat/reviews/decide',
    payload: { chat_id: d.chatId, message_id: messageId, ...body },
    headers: { authorization: token, 'content-type': 'application/json' },
  });

async function reviewOf(d: DesignFixture, messageId: number, token = admin): Promise<FileReview> {
  const res = await t.form('GET', '/api/design-chat/reviews', { chat_id: d.chatId }, token);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data.reviews as FileReview[]).find((r) => r.message_id === messageId)!;
}

async function chatMessage(d: DesignFixture, messageId: number): Promise<ChatMessage> {
  const res = await t.form('GET', '/api/design-chat', { chat_id: d.chatId }, admin);
  return (res.json().data.chat.messages as ChatMessage[]).find((m) => m.message_id === messageId)!;
}

const statusOf = async (d: DesignFixture) =>
  (await t.database.db.select({ status: promotionSurfaceDesigns.status }).from(promotionSurfaceDesigns).where(eq(promotionSurfaceDesigns.id, d.psdId)))[0]!.status;

const sketch = async (d: DesignFixture) => sendFile(t, d, designer, 'skisse.png', await pngImage(40, 30), 'Sketch');

describe('a reviewer’s rating is the panel’s decision', () => {
  it('"Rejected" without a comment is refused with the field error and changes nothing; with one it asks for changes', async () => {
    const d = await designFixture(t, admin, { status: 'Brief' });
    const m = await sketch(d);

    const bare = await rate(d, m.message_id, 2, cm);
    expect(bare.statusCode).toBe(422);
    expect(bare.json().errors).toEqual({ comment: ['comment_required'] });
    expect((await chatMessage(d, m.message_id)).rating_file).toBeNull();
    expect(await statusOf(d)).toBe('Brief');
    const untouched = await reviewOf(d, m.message_id);
    expect(untouched.state).toBe('open');
    expect(untouched.stages[0]!.decisions).toEqual([]);
    expect(await t.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'rate'), eq(auditLog.entity_id, m.id)))).toEqual([]);

    const asked = await rate(d, m.message_id, 2, cm, 'Prisen må stå større.');
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json()).toMatchObject({ message_key: 'rating_decided', data: { effect: 'decision', review_stage: null, message: { rating_file: 2 } } });
    const r = await reviewOf(d, m.message_id);
    expect(r.state).toBe('changes_requested');
    expect(r.stages[0]).toMatchObject({ state: 'changes_requested', decisions: [{ decision: 'changes', comment: 'Prisen må stå større.', reviewer: { id: ids.cm } }] });
    expect(await statusOf(d)).toBe('Correction');
  });

  it('a decision in the panel is the sketch’s rating, so the chat’s mark says what the panel says', async () => {
    const d = await designFixture(t, admin, { status: 'Brief' });
    const m = await sketch(d);
    expect((await decide(d, m.message_id, cm, { decision: 'changes', comment: 'Større logo' })).statusCode).toBe(200);
    expect((await chatMessage(d, m.message_id)).rating_file).toBe(2);
    expect((await decide(d, m.message_id, cm, { decision: 'approve' })).statusCode).toBe(200);
    expect((await chatMessage(d, m.message_id)).rating_file).toBe(3);
    expect((await reviewOf(d, m.message_id)).state).toBe('approved');
    expect(await statusOf(d)).toBe('Approved');
  });
});

describe('a rating outside the flow', () => {
  it('an admin’s rating is only a reaction: the answer says so, the stage and status stay, and the admin may decide for the reviewer', async () => {
    const d = await designFixture(t, admin, { status: 'Brief' });
    const m = await sketch(d);
    const res = await rate(d, m.message_id, 3, admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ message_key: 'rating_reaction_only', data: { effect: 'reaction', review_stage: 'Kategorisjef', message: { rating_file: 3 } } });
    const r = await reviewOf(d, m.message_id);
    expect(r.stages[0]).toMatchObject({ state: 'open', decisions: [] });
    expect(await statusOf(d)).toBe('Brief');
    // What the web offers the admin: decide for one of the stage's reviewers.
    expect(r.can_override).toBe(true);
    expect(r.reviewers.map((p) => p.id)).toContain(ids.cm);
    const forCm = await decide(d, m.message_id, admin, { decision: 'approve', on_behalf_of: ids.cm, reason: 'Godkjent på telefon' });
    expect(forCm.statusCode, forCm.body).toBe(200);
    expect(await statusOf(d)).toBe('Approved');

    // "Reaction set" (1) by the stage's reviewer decides nothing either.
    const other = await designFixture(t, admin, { status: 'Brief' });
    const s = await sketch(other);
    const seen = await rate(other, s.message_id, 1, cm);
    expect(seen.json()).toMatchObject({ message_key: 'rating_reaction_only', data: { effect: 'reaction', review_stage: 'Kategorisjef' } });
    expect((await reviewOf(other, s.message_id)).stages[0]!.decisions).toEqual([]);
  });

  it('without review stages the rating moves the status itself, and says just that', async () => {
    const d = await designFixture(t, admin, { status: 'Brief' });
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/review-flow',
      payload: { promotion_id: d.promotionId, stages: [] },
      headers: { authorization: admin, 'content-type': 'application/json' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const m = await sketch(d);
    const res = await rate(d, m.message_id, 2, cm);
    expect(res.json()).toMatchObject({ message_key: 'rating_saved', data: { effect: 'status', review_stage: null } });
    expect(await statusOf(d)).toBe('Correction');
    expect(await t.database.db.select().from(reviewDecisions).where(eq(reviewDecisions.message_id, m.id))).toEqual([]);
  });
});

describe('every open page hears of a decision', () => {
  it('a rating and a panel decision reach the designer’s page: the panel (ReviewEvent) and the chat’s mark (UpdateMessageEvent)', async () => {
    const url = await listen(t.app);
    const d = await designFixture(t, admin, { status: 'Brief' });
    const m = await sketch(d);
    const page = await participant(url, designer, ids.designer);
    const ofSketch = (p: ChatEventPayload) => p.message.id === m.id;

    let panel = next<ReviewEventPayload>(page, 'ReviewEvent', (p) => p.chat_id === d.chatId);
    let mark = next(page, 'UpdateMessageEvent', (p) => ofSketch(p) && p.message.rating_file === 2);
    expect((await rate(d, m.message_id, 2, cm, 'Mer kontrast')).statusCode).toBe(200);
    expect(await panel).toEqual({ chat_id: d.chatId, promotion_id: d.promotionId, promotion_surface_design_id: d.psdId, message_id: m.message_id });
    await mark;

    panel = next<ReviewEventPayload>(page, 'ReviewEvent', (p) => p.chat_id === d.chatId);
    mark = next(page, 'UpdateMessageEvent', (p) => ofSketch(p) && p.message.rating_file === 3);
    expect((await decide(d, m.message_id, cm, { decision: 'approve' })).statusCode).toBe(200);
    expect((await panel).promotion_id).toBe(d.promotionId);
    await mark;
  });
});

describe('the texts the server writes name the file type as the product does', () => {
  it('the reviewer’s notification and "waiting for me" item say "Skisse", not the API’s "Sketch"', async () => {
    const d = await designFixture(t, admin, { status: 'Brief' });
    await sketch(d);
    const [told] = await t.database.db
      .select({ body: notifications.body })
      .from(notifications)
      .where(and(eq(notifications.kind, 'review_stage_open'), eq(notifications.promotion_id, d.promotionId), eq(notifications.user_id, ids.cm)));
    expect(told?.body).toMatch(/ · Skisse · Kategorisjef$/);
    const items = (await t.form('GET', '/api/waiting-for-me', {}, cm)).json().data.items as WaitingItem[];
    const mine = items.find((i) => i.kind === 'review_to_decide' && i.promotion.id === d.promotionId);
    expect(mine?.subject).toMatch(/ · Skisse · Kategorisjef$/);
  });
});
