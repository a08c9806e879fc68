import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import type { FileReview, ReviewStageInput, WaitingItem } from '@promo/shared';
import { auditLog, notifications, promotions, promotionSurfaceDesigns, reviewDecisions } from '../../db/schema';
import { designFixture, newUser, userId, type DesignFixture } from '../../test/design-fixture';
import { pngImage } from '../../test/images';
import { pinned, sendFile } from '../../test/proofing-fixture';
import { createTestApp, type TestApp } from '../../test/test-app';
import { DEMO_PASSWORD } from '../../db/seed/demo';

/** Issue 25, decision 040: review stages drive a design's versions and its status. */

let t: TestApp;
let admin: string;
let cm: string;
let cm2: string;
let cmAdmin: string;
let designer: string;
const ids = { admin: 0, cm: 0, cmAdmin: 0, designer: 0 };
/** A second cm-admin and a second admin: the two reviewers of the marketing stage. */
let lead: { id: number; token: string };
let lead2: { id: number; token: string };

beforeAll(async () => {
  t = await createTestApp();
  [admin, cm, cm2, cmAdmin, designer] = await Promise.all([t.login('admin'), t.login('cm'), t.loginAs('cm2@demo.no', DEMO_PASSWORD), t.login('cm-admin'), t.login('designer')]);
  ids.admin = await userId(t, admin);
  ids.cm = await userId(t, cm);
  ids.cmAdmin = await userId(t, cmAdmin);
  ids.designer = await userId(t, designer);
  lead = await newUser(t, admin, 'cm-admin');
  lead2 = await newUser(t, admin, 'cm-admin');
});
afterAll(() => t.close());

const json = (method: 'PUT' | 'POST', url: string, payload: object, token: string) =>
  t.app.inject({ method, url, payload, headers: { authorization: token, 'content-type': 'application/json' } });

const stage = (name: string, s: Partial<ReviewStageInput>): Partial<ReviewStageInput> => ({ name, rule: 'any', roles: [], user_ids: [], due_milestone: 'designs_complete', due_offset_days: 0, ...s });

/** Kategorisjef (the category's cm) → Markedsleder (two named cm-admins, all) → Admin (any admin). */
const threeStages = () => [
  stage('Kategorisjef', { roles: ['category_manager'], due_offset_days: -7 }),
  stage('Markedsleder', { rule: 'all', user_ids: [lead.id, lead2.id], due_offset_days: -3 }),
  stage('Admin', { roles: ['admin'] }),
];

async function saveFlow(d: DesignFixture, stages: object[], token = admin) {
  return json('PUT', '/api/review-flow', { promotion_id: d.promotionId, stages }, token);
}

async function flowDesign(stages: object[] = threeStages()) {
  const d = await designFixture(t, admin, { status: 'Brief' });
  const saved = await saveFlow(d, stages);
  expect(saved.statusCode, saved.body).toBe(200);
  return d;
}

async function reviews(d: DesignFixture, token = admin): Promise<FileReview[]> {
  const res = await t.form('GET', '/api/design-chat/reviews', { chat_id: d.chatId }, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.reviews;
}

const reviewOf = async (d: DesignFixture, messageId: number, token = admin) => (await reviews(d, token)).find((r) => r.message_id === messageId)!;
const openStage = (r: FileReview) => r.stages.find((s) => s.state === 'open' || s.state === 'changes_requested');

const decide = (d: DesignFixture, messageId: number, token: string, body: object) =>
  json('POST', '/api/design-chat/reviews/decide', { chat_id: d.chatId, message_id: messageId, ...body }, token);

async function approve(d: DesignFixture, messageId: number, token: string) {
  const res = await decide(d, messageId, token, { decision: 'approve' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.review as FileReview;
}

const statusOf = async (d: DesignFixture) =>
  (await t.database.db.select({ status: promotionSurfaceDesigns.status }).from(promotionSurfaceDesigns).where(eq(promotionSurfaceDesigns.id, d.psdId)))[0]!.status;

/** The notifications of a kind about this design's promotion, by recipient. */
async function told(d: DesignFixture, kind: string): Promise<number[]> {
  const rows = await t.database.db
    .select({ user_id: notifications.user_id })
    .from(notifications)
    .where(and(eq(notifications.kind, kind), eq(notifications.promotion_id, d.promotionId)));
  return rows.map((r) => r.user_id).sort((a, b) => a - b);
}

const sketch = async (d: DesignFixture) => sendFile(t, d, designer, 'skisse.png', await pngImage(40, 30), 'Sketch');

describe('a version through three stages', () => {
  it('opens each stage in turn, needs both reviewers of an "all" stage, and approves the design after the last', async () => {
    const d = await flowDesign();
    const m = await sketch(d);
    let r = await reviewOf(d, m.message_id);
    expect(r.state).toBe('open');
    expect(r.stages.map((s) => s.state)).toEqual(['open', 'waiting', 'waiting']);
    expect(openStage(r)!.pending.map((p) => p.id)).toEqual([ids.cm]);
    // The stage's day: its milestone (designs complete, 28 days before 2031-01-01) moved 7 days earlier.
    expect(openStage(r)!.due_on).toBe('2030-11-27');
    expect(await told(d, 'review_stage_open')).toEqual([ids.cm]);

    r = await approve(d, m.message_id, cm);
    expect(r.stages.map((s) => s.state)).toEqual(['done', 'open', 'waiting']);
    expect(r.stages[0]!.decisions.map((x) => [x.decision, x.reviewer?.id])).toEqual([['approve', ids.cm]]);
    expect(await told(d, 'review_stage_open')).toEqual([ids.cm, lead.id, lead2.id].sort((a, b) => a - b));

    r = await approve(d, m.message_id, lead.token);
    expect(r.stages.map((s) => s.state)).toEqual(['done', 'open', 'waiting']);
    expect(openStage(r)!.pending.map((p) => p.id)).toEqual([lead2.id]);
    expect(await statusOf(d)).toBe('Brief');

    r = await approve(d, m.message_id, lead2.token);
    expect(r.stages.map((s) => s.state)).toEqual(['done', 'done', 'open']);
    r = await approve(d, m.message_id, admin);
    expect(r.state).toBe('approved');
    expect(r.stages.map((s) => s.state)).toEqual(['done', 'done', 'done']);
    expect(await statusOf(d)).toBe('Approved');
    expect(await told(d, 'sketch_approved')).toEqual([ids.designer]);
    // Every decision is an audit row.
    const audits = await t.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'review_decide'), eq(auditLog.entity_id, m.id)));
    expect(audits).toHaveLength(4);
  });

  it('a change request with pins sends the design to Correction, and the next version starts again at that stage', async () => {
    const d = await flowDesign();
    const m = await sketch(d);
    await approve(d, m.message_id, cm);
    await approve(d, m.message_id, lead.token);
    const pin = await pinned(t, d, { message_id: m.message_id, x: 0.5, y: 0.5, text: 'Logoen er for liten' }, lead2.token);
    const asked = await decide(d, m.message_id, lead2.token, { decision: 'changes', comment: 'Større logo, se punkt 1.', pins: [pin.number] });
    expect(asked.statusCode, asked.body).toBe(200);
    const r = asked.json().data.review as FileReview;
    expect(r.state).toBe('changes_requested');
    expect(r.stages[1]!.state).toBe('changes_requested');
    expect(r.stages[1]!.decisions.find((x) => x.decision === 'changes')).toMatchObject({ comment: 'Større logo, se punkt 1.', pins: [pin.number], reviewer: { id: lead2.id } });
    expect(await statusOf(d)).toBe('Correction');
    expect(await told(d, 'review_changes_requested')).toEqual([ids.designer]);

    // The designer's next sketch starts at the stage that asked (the one before stays passed); the old approvals do not count for it.
    const next = await sketch(d);
    const again = await reviewOf(d, next.message_id);
    expect(again.stages.map((s) => s.state)).toEqual(['done', 'open', 'waiting']);
    expect(again.stages[1]!.decisions).toEqual([]);
    expect(openStage(again)!.pending.map((p) => p.id).sort((a, b) => a - b)).toEqual([lead.id, lead2.id].sort((a, b) => a - b));
    expect((await reviews(d)).map((x) => x.message_id)).toEqual([next.message_id]);
    await approve(d, next.message_id, lead.token);
    await approve(d, next.message_id, lead2.token);
    const done = await approve(d, next.message_id, admin);
    expect(done.state).toBe('approved');
    expect(await statusOf(d)).toBe('Approved');
  });

  it('an HQ version approved by the last stage makes the design Approved and tells its designer', async () => {
    const d = await flowDesign([stage('Admin', { roles: ['admin'] })]);
    await t.database.db.update(promotionSurfaceDesigns).set({ status: 'Correction' }).where(eq(promotionSurfaceDesigns.id, d.psdId));
    const hq = await sendFile(t, d, designer, 'trykk.png', await pngImage(60, 40), 'HQ');
    expect((await approve(d, hq.message_id, admin)).state).toBe('approved');
    expect(await statusOf(d)).toBe('Approved');
    expect(await told(d, 'file_approved')).toEqual([ids.designer]);
  });
});

describe('refusals', () => {
  it('a change request needs a comment, and a refusal stores nothing', async () => {
    const d = await flowDesign();
    const m = await sketch(d);
    const res = await decide(d, m.message_id, cm, { decision: 'changes', comment: '  ' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ comment: ['comment_required'] });
    const pinMissing = await decide(d, m.message_id, cm, { decision: 'changes', comment: 'Se punkt 9', pins: [9] });
    expect(pinMissing.statusCode).toBe(422);
    expect(pinMissing.json().errors).toEqual({ pins: ['unknown_pin'] });
    expect(await t.database.db.select().from(reviewDecisions).where(eq(reviewDecisions.message_id, m.id))).toHaveLength(0);
    expect(await statusOf(d)).toBe('Brief');
  });

  it('only the open stage’s reviewers decide: not the designer, not a cm outside the category, not a reviewer of a later stage', async () => {
    const d = await flowDesign();
    const m = await sketch(d);
    const designerTry = await decide(d, m.message_id, designer, { decision: 'approve' });
    expect(designerTry.statusCode).toBe(403);
    expect(designerTry.json().message_key).toBe('not_a_reviewer');
    const outside = await decide(d, m.message_id, cm2, { decision: 'approve' });
    expect(outside.statusCode).toBe(403);
    expect(outside.json().message_key).toBe('outside_categories');
    const later = await decide(d, m.message_id, lead.token, { decision: 'approve' });
    expect(later.statusCode).toBe(403);
    expect(later.json().message_key).toBe('not_a_reviewer');
    const cmAdminTry = await decide(d, m.message_id, cmAdmin, { decision: 'approve' });
    expect(cmAdminTry.statusCode).toBe(403);
    expect(await t.database.db.select().from(reviewDecisions).where(eq(reviewDecisions.message_id, m.id))).toHaveLength(0);
    expect((await reviewOf(d, m.message_id)).stages[0]!.state).toBe('open');
  });

  it('a version that is replaced or approved takes no more decisions (409)', async () => {
    const d = await flowDesign([stage('Admin', { roles: ['admin'] })]);
    const first = await sketch(d);
    await sketch(d);
    const replaced = await decide(d, first.message_id, admin, { decision: 'approve' });
    expect(replaced.statusCode).toBe(409);
    expect(replaced.json().message_key).toBe('review_closed');
  });

  it('a cm cannot change a promotion’s flow, and a designer cannot be named a reviewer', async () => {
    const d = await flowDesign();
    expect((await saveFlow(d, threeStages(), cm)).statusCode).toBe(403);
    const named = await saveFlow(d, [stage('Feil', { user_ids: [ids.designer] })]);
    expect(named.statusCode).toBe(422);
    expect(named.json().errors).toEqual({ 'stages.0.user_ids': ['not_a_reviewer'] });
    const empty = await saveFlow(d, [stage('Tom', {})]);
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toEqual({ 'stages.0.user_ids': ['stage_needs_reviewers'] });
  });
});

describe('an admin overrides', () => {
  it('skips a stage with a reason, and decides for a reviewer with a reason; a cm-admin may do neither', async () => {
    const d = await flowDesign();
    const m = await sketch(d);
    const noRight = await json('POST', '/api/design-chat/reviews/skip', { chat_id: d.chatId, message_id: m.message_id, reason: 'Ferie' }, cmAdmin);
    expect(noRight.statusCode).toBe(403);
    const noReason = await json('POST', '/api/design-chat/reviews/skip', { chat_id: d.chatId, message_id: m.message_id, reason: '' }, admin);
    expect(noReason.statusCode).toBe(422);
    const skipped = await json('POST', '/api/design-chat/reviews/skip', { chat_id: d.chatId, message_id: m.message_id, reason: 'Kategorisjefen er på ferie' }, admin);
    expect(skipped.statusCode, skipped.body).toBe(200);
    let r = skipped.json().data.review as FileReview;
    expect(r.stages.map((s) => s.state)).toEqual(['skipped', 'open', 'waiting']);
    expect(r.stages[0]!.decisions[0]).toMatchObject({ decision: 'skip', reviewer: null, decided_by: { id: ids.admin }, reason: 'Kategorisjefen er på ferie' });

    expect((await decide(d, m.message_id, cmAdmin, { decision: 'approve', on_behalf_of: lead.id, reason: 'Ja på telefon' })).statusCode).toBe(403);
    const withoutReason = await decide(d, m.message_id, admin, { decision: 'approve', on_behalf_of: lead.id });
    expect(withoutReason.statusCode).toBe(422);
    expect(withoutReason.json().errors).toEqual({ reason: ['reason_required'] });
    const notReviewer = await decide(d, m.message_id, admin, { decision: 'approve', on_behalf_of: ids.cm, reason: 'Ja' });
    expect(notReviewer.statusCode).toBe(422);
    expect(notReviewer.json().errors).toEqual({ on_behalf_of: ['not_a_reviewer'] });
    const forLead = await decide(d, m.message_id, admin, { decision: 'approve', on_behalf_of: lead.id, reason: 'Godkjent på telefon' });
    expect(forLead.statusCode, forLead.body).toBe(200);
    r = forLead.json().data.review;
    expect(r.stages[1]!.decisions[0]).toMatchObject({ decision: 'approve', reviewer: { id: lead.id }, decided_by: { id: ids.admin }, reason: 'Godkjent på telefon' });
    expect(r.stages[1]!.pending.map((p) => p.id)).toEqual([lead2.id]);
    const audits = await t.database.db.select().from(auditLog).where(and(eq(auditLog.entity, 'file_reviews'), eq(auditLog.entity_id, m.id)));
    expect(audits.map((a) => a.action).sort()).toEqual(['review_decide', 'review_skip']);
  });
});

describe('at the same moment', () => {
  it('two reviewers approving at once complete an "any" stage once and open the next once', async () => {
    // The admin named, not by role: other files add admins to the same database meanwhile.
    const d = await flowDesign([stage('To', { user_ids: [lead.id, lead2.id] }), stage('Admin', { user_ids: [ids.admin] })]);
    const m = await sketch(d);
    const answers = await Promise.all([decide(d, m.message_id, lead.token, { decision: 'approve' }), decide(d, m.message_id, lead2.token, { decision: 'approve' })]);
    // The second may find the stage closed already; neither fails with a 5xx.
    for (const a of answers) expect([200, 403, 409]).toContain(a.statusCode);
    expect(answers.some((a) => a.statusCode === 200)).toBe(true);
    const r = await reviewOf(d, m.message_id);
    expect(r.stages.map((s) => s.state)).toEqual(['done', 'open']);
    expect(await told(d, 'review_stage_open')).toEqual([lead.id, lead2.id, ids.admin].sort((a, b) => a - b));
  });

  it('the two last approvals of an "all" stage at once approve the version once', async () => {
    const d = await flowDesign([stage('Begge', { rule: 'all', user_ids: [lead.id, lead2.id] })]);
    const m = await sketch(d);
    const answers = await Promise.all([decide(d, m.message_id, lead.token, { decision: 'approve' }), decide(d, m.message_id, lead2.token, { decision: 'approve' })]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    expect((await reviewOf(d, m.message_id)).state).toBe('approved');
    expect(await told(d, 'sketch_approved')).toEqual([ids.designer]);
  });
});

describe('the flow changes while versions wait', () => {
  it('a flow saved while the promotion’s first file is sent: both answer, and the version waits in the new flow’s first stage', async () => {
    const d = await designFixture(t, admin, { status: 'Brief' });
    const [saved, sent] = await Promise.all([saveFlow(d, threeStages()), sketch(d)]);
    expect(saved.statusCode, saved.body).toBe(200);
    const r = await reviewOf(d, sent.message_id);
    expect(r.state).toBe('open');
    expect(r.stages.map((s) => [s.name, s.state])).toEqual([
      ['Kategorisjef', 'open'],
      ['Markedsleder', 'waiting'],
      ['Admin', 'waiting'],
    ]);
  });

  it('a stage whose remaining reviewers have all approved completes; a version in a removed stage moves to the next', async () => {
    const d = await flowDesign();
    const m = await sketch(d);
    await approve(d, m.message_id, cm);
    await approve(d, m.message_id, lead.token);
    const flow = (await t.form('GET', '/api/review-flow', { promotion_id: d.promotionId }, admin)).json().data.flow;
    const [first, marketing, last] = flow.stages as { id: number }[];
    // lead2 leaves the marketing stage: lead's approval is now every approval it needs.
    const saved = await saveFlow(d, [
      { ...stage('Kategorisjef', { roles: ['category_manager'] }), id: first!.id },
      { ...stage('Markedsleder', { rule: 'all', user_ids: [lead.id] }), id: marketing!.id },
      { ...stage('Admin', { roles: ['admin'] }), id: last!.id },
    ]);
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await reviewOf(d, m.message_id)).stages.map((s) => s.state)).toEqual(['done', 'done', 'open']);
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'update_review_flow'), eq(auditLog.entity_id, d.promotionId)))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(audit?.after).toEqual({ stages: ['Kategorisjef (any; category_manager; designs_complete+0)', `Markedsleder (all; #${lead.id}; designs_complete+0)`, 'Admin (any; admin; designs_complete+0)'] });

    const second = await flowDesign();
    const m2 = await sketch(second);
    const stages2 = (await t.form('GET', '/api/review-flow', { promotion_id: second.promotionId }, admin)).json().data.flow.stages as { id: number }[];
    // The first stage goes: the version waiting in it moves on to the marketing stage.
    expect(
      (
        await saveFlow(second, [
          { ...stage('Markedsleder', { rule: 'all', user_ids: [lead.id, lead2.id] }), id: stages2[1]!.id },
          { ...stage('Admin', { roles: ['admin'] }), id: stages2[2]!.id },
        ])
      ).statusCode,
    ).toBe(200);
    const moved = await reviewOf(second, m2.message_id);
    expect(moved.stages.map((s) => [s.name, s.state])).toEqual([
      ['Markedsleder', 'open'],
      ['Admin', 'waiting'],
    ]);
  });
});

describe('ratings and what waits', () => {
  it('with the default flow a sketch rating is the rater’s decision: cancelled → Correction, approved → Approved', async () => {
    const d = await designFixture(t, admin, { status: 'Brief' });
    const m = await sketch(d);
    const rate = (rating: number) => t.form('POST', '/api/design-chat/update-switch-rating-image', { chat_id: d.chatId, message_id: m.message_id, rating, comment: rating === 2 ? 'Større pris' : '' }, cm);
    expect((await rate(2)).statusCode).toBe(200);
    expect(await statusOf(d)).toBe('Correction');
    expect((await reviewOf(d, m.message_id)).state).toBe('changes_requested');
    expect((await rate(3)).statusCode).toBe(200);
    expect(await statusOf(d)).toBe('Approved');
    expect((await reviewOf(d, m.message_id)).state).toBe('approved');
  });

  it('the version waits for the reviewers of its open stage who have not approved, with the stage’s day', async () => {
    const d = await flowDesign();
    const m = await sketch(d);
    const waiting = async (token: string) =>
      ((await t.form('GET', '/api/waiting-for-me', {}, token)).json().data.items as WaitingItem[]).filter((i) => i.kind === 'review_to_decide' && i.promotion.id === d.promotionId);
    const mine = await waiting(cm);
    expect(mine).toHaveLength(1);
    expect(mine[0]!.deadline).toMatchObject({ milestone: 'designs_complete', due_on: '2030-11-27' });
    expect(mine[0]!.link).toContain(`prom_sur_des_id=${d.psdId}`);
    expect(await waiting(lead.token)).toHaveLength(0);
    await approve(d, m.message_id, cm);
    expect(await waiting(cm)).toHaveLength(0);
    expect(await waiting(lead.token)).toHaveLength(1);
    expect(await waiting(cm2)).toHaveLength(0);
    // The promotion's design list shows the stage the design waits in.
    const list = await t.form('GET', '/api/promotion-surface-design', { promotion_id: d.promotionId }, admin);
    const design = list.json().data.surfaces.flatMap((s: { designs: unknown[] }) => s.designs).find((x: { id: number }) => x.id === d.psdId);
    expect(design.review).toMatchObject({ type_file: 'Sketch', stage: 'Markedsleder', due_on: '2030-12-01', overdue: false });
    // A promotion whose stage's day has passed: the list and the reviewer's item say overdue.
    await t.database.db.update(promotions).set({ period_from: '2026-01-01', period_to: '2026-02-01' }).where(eq(promotions.id, d.promotionId));
    const late = await t.form('GET', '/api/promotion-surface-design', { promotion_id: d.promotionId }, admin);
    expect(late.json().data.surfaces[0].designs[0].review).toMatchObject({ due_on: '2025-12-01', overdue: true });
    expect((await waiting(lead.token))[0]!.deadline).toMatchObject({ due_on: '2025-12-01', state: 'overdue' });
    expect((await reviewOf(d, m.message_id)).stages[1]).toMatchObject({ state: 'open', overdue: true });
  });
});
