import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { addDays, osloDay, type WaitingItem } from '@promo/shared';
import { auditLog, distributorParcels, promotions, promotionSurfaceDesigns, users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { buildPromotion, newStation, newSurface, sendToPrinters, setAmounts, setDesignStatus, userIdByEmail } from '../../test/print-flow-fixture';
import { addDesign, newPromotion, newUser, uploadFile } from '../../test/design-fixture';
import { pngImage } from '../../test/images';

let t: TestApp;
let admin: string;
let cmAdmin: string;
let cm: string;
let designer: string;
let printer: string;
let distributor: string;
let printerId: number;
const today = osloDay(new Date());

beforeAll(async () => {
  t = await createTestApp();
  const tokens = await Promise.all((['admin', 'cm-admin', 'cm', 'designer', 'printer', 'distributor'] as const).map((r) => t.login(r)));
  [admin, cmAdmin, cm, designer, printer, distributor] = tokens as [string, string, string, string, string, string];
  printerId = await userIdByEmail(t, 'printer@demo.no');
});
afterAll(() => t.close());

const waiting = async (token: string) => {
  const res = await t.form('GET', '/api/waiting-for-me', undefined, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { items: WaitingItem[]; digest_opt_out: boolean };
};
const itemsOf = async (token: string, promotionId: number) => (await waiting(token)).items.filter((i) => i.promotion.id === promotionId);

/** A promotion starting in `days` days, made by the admin through the API. */
async function promotionIn(days: number, name = `Frister ${Date.now()} ${Math.random()}`) {
  const res = await t.form('POST', '/api/promotions', { name, period_from: addDays(today, days), period_to: addDays(today, days + 14) }, admin);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.promotion.id as number;
}

/** A promotion planned `days` ago, before its milestones (one created inside them shows none of the passed ones, decision 031). */
async function plannedDaysAgo(id: number, days: number) {
  await t.database.db.update(promotions).set({ created_at: new Date(Date.now() - days * 86_400_000) }).where(eq(promotions.id, id));
}

const listRow = async (name: string) =>
  (await t.form('GET', '/api/promotions', { count_show: 10, obj_search: { input_value: name } }, cm)).json().data.promotions[0] as { id: number; deadline: unknown };

/** The deadline the station's own promotion list shows for a promotion (issue 21): only amounts due and delivery. */
async function stationDeadline(token: string, promotionId: number) {
  const res = await t.form('GET', '/company_api/user-promotion', { count_show: 100, start_index: 0, sort_by: 'name', sort_count: 1 }, token);
  expect(res.statusCode, res.body).toBe(200);
  const rows = res.json().data.promotions as { id: number; deadline: { milestone: string } | null }[];
  return rows.find((r) => r.id === promotionId)?.deadline?.milestone ?? null;
}

const milestonesOf = async (id: number, token = admin) => t.form('GET', `/api/promotions/${id}/milestones`, undefined, token);

describe('promotion milestones', () => {
  it('fall before the first day by the defaults of system settings, and are moved by admin and cm-admin only', async () => {
    const id = await promotionIn(60);
    const got = await milestonesOf(id, designer);
    expect(got.statusCode).toBe(200);
    const brief = got.json().data.milestones[0];
    expect(brief).toMatchObject({ milestone: 'brief', due_on: addDays(today, 60 - 42), default_on: addDays(today, 60 - 42), moved: false, done: false, state: 'on_time' });

    for (const token of [cm, designer, printer, distributor]) {
      const refused = await t.form('PUT', `/api/promotions/${id}/milestones`, { printed: addDays(today, 50) }, token);
      expect(refused.statusCode).toBe(403);
    }
    const moved = await t.form('PUT', `/api/promotions/${id}/milestones`, { printed: addDays(today, 50) }, cmAdmin);
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data.milestones.find((m: { milestone: string }) => m.milestone === 'printed')).toMatchObject({ due_on: addDays(today, 50), moved: true });
    const [audit] = await t.database.db.select().from(auditLog).where(and(eq(auditLog.entity, 'promotions'), eq(auditLog.entity_id, id), eq(auditLog.action, 'update_milestones'))).orderBy(desc(auditLog.id));
    expect(audit).toMatchObject({ before: { printed: null }, after: { printed: addDays(today, 50) } });

    // '' goes back to the default.
    const reset = await t.form('PUT', `/api/promotions/${id}/milestones`, { printed: '' }, admin);
    expect(reset.json().data.milestones.find((m: { milestone: string }) => m.milestone === 'printed')).toMatchObject({ due_on: addDays(today, 60 - 14), moved: false });
  });

  it('refuses a day that is no date or breaks the order, naming the field and changing nothing', async () => {
    const id = await promotionIn(60);
    const bad = await t.form('PUT', `/api/promotions/${id}/milestones`, { brief: '31.02.2027', printed: addDays(today, 50) }, admin);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.brief).toEqual(['invalid_date']);
    const late = await t.form('PUT', `/api/promotions/${id}/milestones`, { brief: addDays(today, 59) }, admin);
    expect(late.statusCode).toBe(422);
    expect(late.json().errors).toEqual({ brief: ['milestone_order'] });
    const early = await t.form('PUT', `/api/promotions/${id}/milestones`, { printed: addDays(today, 1) }, admin);
    expect(early.json().errors).toEqual({ printed: ['milestone_order'] });
    expect((await milestonesOf(id)).json().data.milestones.every((m: { moved: boolean }) => !m.moved)).toBe(true);
    expect((await t.form('PUT', '/api/promotions/999999999/milestones', { brief: today }, admin)).statusCode).toBe(404);
  });

  it('give every promotion list its next open milestone, overdue, due soon or on time', async () => {
    const name = `Badge ${Date.now()}`;
    const id = await promotionIn(10, name);
    await plannedDaysAgo(id, 60);
    const row = () => listRow(name);
    expect((await row()).deadline).toEqual({ milestone: 'brief', due_on: addDays(today, 10 - 42), state: 'overdue' });
    await t.form('PUT', `/api/promotions/${id}/milestones`, { brief: addDays(today, 2), designs_complete: addDays(today, 3), sent_to_printers: addDays(today, 4), printed: addDays(today, 5), delivered: addDays(today, 6) }, admin);
    expect((await row()).deadline).toEqual({ milestone: 'brief', due_on: addDays(today, 2), state: 'due_soon' });
    const later = await t.form('PUT', `/api/promotions/${id}/milestones`, { brief: addDays(today, 4), designs_complete: addDays(today, 5), sent_to_printers: addDays(today, 6), printed: addDays(today, 7), delivered: addDays(today, 8) }, admin);
    expect(later.statusCode, later.body).toBe(200);
    expect((await row()).deadline).toMatchObject({ state: 'on_time' });
  });

  it('created inside its milestones: the create answer lists the passed ones, once, and they never show overdue (issue 22)', async () => {
    const name = `Sen start ${Date.now()}`;
    const res = await t.form('POST', '/api/promotions', { name, period_from: addDays(today, 10), period_to: addDays(today, 24) }, admin);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.passed_milestones).toEqual([
      { milestone: 'brief', due_on: addDays(today, 10 - 42) },
      { milestone: 'designs_complete', due_on: addDays(today, 10 - 28) },
      { milestone: 'sent_to_printers', due_on: addDays(today, 10 - 21) },
      { milestone: 'printed', due_on: addDays(today, 10 - 14) },
    ]);
    const id = res.json().data.promotion.id as number;
    expect((await t.form('GET', `/api/promotions/${id}`, undefined, admin)).json().data).not.toHaveProperty('passed_milestones');
    // The list shows the first milestone that could still be met, not four red badges.
    expect((await listRow(name)).deadline).toEqual({ milestone: 'delivered', due_on: addDays(today, 3), state: 'due_soon' });
    const rows = (await milestonesOf(id)).json().data.milestones as { milestone: string; passed_at_creation: boolean; state: string | null }[];
    expect(rows.map((r) => [r.milestone, r.passed_at_creation, r.state])).toEqual([
      ['brief', true, null],
      ['designs_complete', true, null],
      ['sent_to_printers', true, null],
      ['printed', true, null],
      ['delivered', false, 'due_soon'],
    ]);
    // Moved to a day after its creation, a milestone counts again.
    expect((await t.form('PUT', `/api/promotions/${id}/milestones`, { printed: addDays(today, 1) }, admin)).statusCode).toBe(200);
    expect((await listRow(name)).deadline).toEqual({ milestone: 'printed', due_on: addDays(today, 1), state: 'due_soon' });
  });

  it('no badge once the period has ended, though steps were left undone', async () => {
    const name = `Over ${Date.now()}`;
    const id = await promotionIn(-30, name);
    await plannedDaysAgo(id, 120);
    expect((await listRow(name)).deadline).toBeNull();
    const rows = (await milestonesOf(id)).json().data.milestones as { done: boolean; state: string | null }[];
    expect(rows.map((r) => [r.done, r.state])).toEqual(Array(5).fill([false, null]));
  });

  it('show on the design page, and the brief is done once no design waits for its brief', async () => {
    const at = await newPromotion(t, admin);
    const d = await addDesign(t, admin, at, { category: 'Fuel' });
    const page = async () =>
      (await t.form('GET', '/api/promotion-surface-design/get-promotion-surface-design', { promotion_id: at.promotionId, surface_id: at.surfaceId, surface_design_id: d.psdId }, cm)).json().data.promotion;
    expect((await page()).deadline).toMatchObject({ milestone: 'brief', due_on: '2030-11-20', state: 'on_time' });
    await setDesignStatus(t, cm, d.psdId, 'Brief');
    expect((await page()).deadline).toMatchObject({ milestone: 'designs_complete', due_on: '2030-12-04' });
  });
});

describe('system settings of deadlines', () => {
  it('validate milestone days and the digest hour (4xx, nothing saved) and move every default', async () => {
    const current = (await t.form('GET', '/api/system-setting', undefined, admin)).json().data.settings;
    const put = (body: object, token = admin) => t.form('PUT', `/api/system-setting/${current.id}`, body, token);
    const bad = await put({ digest_hour: 24, milestone_days: { brief: 'x', designs_complete: 28, sent_to_printers: 21, printed: 14, delivered: 7 } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toMatchObject({ digest_hour: ['digest_hour_range'], 'milestone_days.brief': ['digits_only'] });
    expect((await put({ digest_hour: 5 }, cmAdmin)).statusCode).toBe(403);
    const id = await promotionIn(100);
    try {
      const saved = await put({ digest_hour: 6, milestone_days: { brief: 50, designs_complete: 40, sent_to_printers: 30, printed: 20, delivered: 10 } });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json().data.settings).toMatchObject({ digest_hour: 6, milestone_days: { brief: 50, delivered: 10 } });
      expect((await milestonesOf(id)).json().data.milestones[0]).toMatchObject({ due_on: addDays(today, 50), default_on: addDays(today, 50) });
    } finally {
      await put({ digest_hour: current.digest_hour, milestone_days: current.milestone_days });
    }
  });
});

describe('waiting for me', () => {
  it('designer: designs to start (Brief, free or its own) and to answer (Correction), with the designs-complete deadline', async () => {
    const me = await newUser(t, admin, 'designer');
    const other = await newUser(t, admin, 'designer');
    const at = await newPromotion(t, admin);
    const start = await addDesign(t, admin, at, { status: 'Brief' });
    const answer = await addDesign(t, admin, at, { status: 'Correction' });
    const taken = await addDesign(t, admin, at, { status: 'Correction' });
    const created = await addDesign(t, admin, at, { status: 'Created' });
    await t.database.db.update(promotionSurfaceDesigns).set({ designer_id: me.id }).where(eq(promotionSurfaceDesigns.id, answer.psdId));
    await t.database.db.update(promotionSurfaceDesigns).set({ designer_id: other.id }).where(eq(promotionSurfaceDesigns.id, taken.psdId));
    const items = await itemsOf(me.token, at.promotionId);
    expect(items.map((i) => [i.kind, i.link])).toEqual([
      ['design_to_start', `/promotion-design?prom_id=${at.promotionId}&sur_id=${at.surfaceId}&prom_sur_des_id=${start.psdId}`],
      ['design_to_answer', `/promotion-design?prom_id=${at.promotionId}&sur_id=${at.surfaceId}&prom_sur_des_id=${answer.psdId}`],
    ]);
    expect(items[0]!.deadline).toEqual({ milestone: 'designs_complete', due_on: '2030-12-04', state: 'on_time' });
    expect((await itemsOf(other.token, at.promotionId)).map((i) => i.link)).not.toContain(expect.stringContaining(`=${created.psdId}`));
  });

  it('cm: briefs to send, sketches to rate and designs to complete, only of its own categories; cm-admin all', async () => {
    const at = await newPromotion(t, admin);
    // Without review stages a sketch waits to be rated (decision 018); with them, for its stage's reviewers (reviews.test.ts).
    const noFlow = await t.app.inject({ method: 'PUT', url: '/api/review-flow', payload: { promotion_id: at.promotionId, stages: [] }, headers: { authorization: admin } });
    expect(noFlow.statusCode, noFlow.body).toBe(200);
    const brief = await addDesign(t, admin, at, { category: 'Fuel', status: 'Created' });
    const rate = await addDesign(t, admin, at, { category: 'Food', status: 'Brief' });
    const complete = await addDesign(t, admin, at, { category: 'Fuel', status: 'Approved' });
    const foreign = await addDesign(t, admin, at, { category: 'Store', status: 'Created' });
    const fileId = await uploadFile(t, designer, 'skisse.png', await pngImage(40, 30), 'image');
    const sketch = await t.form('POST', '/api/design-chat', { chat_id: rate.chatId, file_id: fileId, type_file: 'Sketch', text: '' }, designer);
    expect(sketch.statusCode, sketch.body).toBe(201);
    const mine = await itemsOf(cm, at.promotionId);
    expect(mine.map((i) => [i.kind, i.count, i.link.split('prom_sur_des_id=')[1]]).sort()).toEqual(
      [
        ['brief_to_send', 1, String(brief.psdId)],
        ['design_to_complete', 1, String(complete.psdId)],
        ['sketch_to_rate', 1, String(rate.psdId)],
      ].sort(),
    );
    expect(mine.find((i) => i.kind === 'brief_to_send')!.deadline).toMatchObject({ milestone: 'brief', due_on: '2030-11-20' });
    const all = await itemsOf(cmAdmin, at.promotionId);
    expect(all.some((i) => i.link.endsWith(`=${foreign.psdId}`))).toBe(true);
    // Rated: no longer waiting.
    const messageId = sketch.json().data.message.message_id as number;
    const rated = await t.form('POST', '/api/design-chat/update-switch-rating-image', { chat_id: rate.chatId, message_id: messageId, rating: 1 }, cm);
    expect(rated.statusCode, rated.body).toBe(200);
    expect((await itemsOf(cm, at.promotionId)).some((i) => i.kind === 'sketch_to_rate')).toBe(false);
  });

  it('admin: promotions ready to send; printer: pairs to print; distributor: parcels to send; station: amounts and deliveries, each only its own', async () => {
    const surface = await newSurface(t, admin, { printerId });
    const otherPrinter = await newUser(t, admin, 'printer');
    const station = await newStation(t, admin, { group: 'DO', categories: ['Fuel'] });
    const stranger = await newStation(t, admin, { group: 'DO', categories: ['Fuel'] });
    const stationToken = await t.loginAs(station.email, 'Secret2026');
    const strangerToken = await t.loginAs(stranger.email, 'Secret2026');
    const promotion = await buildPromotion(t, { manager: cm, designer }, { surfaces: [surface], designs: [{ surface, category: 'Fuel' }], complete: true, hq: true, period: { from: addDays(today, 20), to: addDays(today, 40) } });
    await t.form('PUT', `/api/promotions/${promotion.id}`, { show_in_user_promotions: true }, admin);
    await plannedDaysAgo(promotion.id, 60);

    expect(await itemsOf(admin, promotion.id)).toEqual([
      { kind: 'promotion_to_send', promotion: { id: promotion.id, name: promotion.name }, subject: null, count: 1, deadline: { milestone: 'sent_to_printers', due_on: addDays(today, -1), state: 'overdue' }, link: `/promotion-report-view?prom_id=${promotion.id}` },
    ]);
    expect((await itemsOf(stationToken, promotion.id)).map((i) => [i.kind, i.count, i.link])).toEqual([['amounts_to_enter', 1, '/company-planner?sort=amount&order=asc']]);
    await setAmounts(t, [{ stationId: station.id, surfaceId: surface, amount: 3 }, { stationId: stranger.id, surfaceId: surface, amount: 2 }]);
    expect(await itemsOf(stationToken, promotion.id)).toEqual([]);
    // Its list shows when its amounts are due, never the designers' milestones.
    expect(await stationDeadline(stationToken, promotion.id)).toBe('sent_to_printers');

    expect((await sendToPrinters(t, admin, promotion.id, 0)).statusCode).toBe(200);
    expect(await stationDeadline(stationToken, promotion.id)).toBe('delivered');
    expect(await itemsOf(admin, promotion.id)).toEqual([]);
    expect((await itemsOf(printer, promotion.id)).map((i) => [i.kind, i.count, i.deadline?.milestone, i.link])).toEqual([
      ['pairs_to_print', 1, 'printed', `/print-promotion-report?prom_id=${promotion.id}`],
    ]);
    expect(await itemsOf(otherPrinter.token, promotion.id)).toEqual([]);
    expect(await itemsOf(distributor, promotion.id)).toEqual([]);

    const pair = { surface_id: surface, design_id: promotion.pairs[0]!.psdId };
    const printed = await t.form('POST', '/api/print-promotion-report/set-printed', { promotion_id: promotion.id, printer_tracker_number: 'P1', sent_surfaces: [pair], description: '' }, printer);
    expect(printed.statusCode, printed.body).toBe(200);
    expect(await itemsOf(printer, promotion.id)).toEqual([]);
    expect((await itemsOf(distributor, promotion.id)).map((i) => [i.kind, i.count, i.deadline?.milestone])).toEqual([['parcels_to_send', 2, 'delivered']]);

    const sentParcel = await t.form('POST', '/api/promotion-distributor/set-distributor-tracker', { promotion_id: promotion.id, company_id: station.id, tracker_number: 'D1', sent_surfaces: [pair], description: '' }, distributor);
    expect(sentParcel.statusCode, sentParcel.body).toBe(200);
    expect((await itemsOf(distributor, promotion.id)).map((i) => i.count)).toEqual([1]);
    const [parcel] = await t.database.db.select({ id: distributorParcels.id }).from(distributorParcels).where(eq(distributorParcels.station_id, station.id));
    // Each parcel links to itself in the promotion's sheet, the surface to photograph to itself.
    expect((await itemsOf(stationToken, promotion.id)).map((i) => [i.kind, i.count, i.subject, i.deadline?.milestone, i.link])).toEqual([
      ['delivery_to_confirm', 1, 'D1', 'delivered', `/user-promotions/${promotion.id}?parcel=${parcel!.id}`],
    ]);
    expect(await itemsOf(strangerToken, promotion.id)).toEqual([]);
    const confirmed = await t.form('POST', '/company_api/parcel-receipt', { parcel_id: parcel!.id, receipt_status: 'ok' }, stationToken);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect((await itemsOf(stationToken, promotion.id)).map((i) => [i.kind, i.link])).toEqual([['placement_to_photograph', `/user-promotions/${promotion.id}?surface=${surface}`]]);
    const photo = await uploadFile(t, stationToken, 'hylle.png', await pngImage(40, 30), 'image');
    const added = await t.form('POST', '/company_api/placement-photos', { promotion_id: promotion.id, surface_id: surface, file_id: photo }, stationToken);
    expect(added.statusCode, added.body).toBe(201);
    expect(await itemsOf(stationToken, promotion.id)).toEqual([]);
    expect(await stationDeadline(stationToken, promotion.id)).toBeNull();
  });

  it('needs a session', async () => {
    expect((await t.form('GET', '/api/waiting-for-me')).statusCode).toBe(401);
  });
});

describe('digest opt-out', () => {
  it('a user changes its own, an admin anyone’s; others get 403; the change is audited', async () => {
    const me = await newUser(t, admin, 'designer');
    const other = await newUser(t, admin, 'printer');
    const put = (id: number, value: boolean | string, token: string) => t.form('PUT', `/api/users/${id}/digest-opt-out`, { digest_opt_out: value }, token);
    expect((await put(me.id, true, me.token)).statusCode).toBe(200);
    expect((await waiting(me.token)).digest_opt_out).toBe(true);
    expect((await put(me.id, false, other.token)).statusCode).toBe(403);
    expect((await put(me.id, false, cmAdmin)).statusCode).toBe(403);
    expect((await put(me.id, 'maybe', me.token)).statusCode).toBe(422);
    expect((await put(me.id, false, admin)).statusCode).toBe(200);
    const [row] = await t.database.db.select({ v: users.digest_opt_out }).from(users).where(eq(users.id, me.id));
    expect(row!.v).toBe(false);
    const audits = await t.database.db.select().from(auditLog).where(and(eq(auditLog.entity, 'users'), eq(auditLog.entity_id, me.id)));
    expect(audits.filter((a) => (a.after as { digest_opt_out?: boolean } | null)?.digest_opt_out !== undefined)).toHaveLength(2);
    expect((await put(999999999, true, admin)).statusCode).toBe(404);
  });
});
