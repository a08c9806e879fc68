import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { auditLog, distributorParcels, notifications, promotions, systemSettings } from '../db/schema';
import { newUser, uploadFile } from './design-fixture';
import { pngImage } from './images';
import { postMultipart } from './multipart';
import { expectRefused } from './object-access-fixture';
import { buildPromotion, newStation, newSurface, reportView, sendToPrinters, setAmounts, userIdByEmail } from './print-flow-fixture';
import { createTestApp, type TestApp } from './test-app';

/**
 * Which distributor account acts (decision 026): the one system settings name. A database of its
 * own, since one test names another distributor there and every other file relies on the demo one.
 */
let t: TestApp;
let admin: string;
let cm: string;
let designer: string;
let printer: string;
let distributor: string;
beforeAll(async () => {
  t = await createTestApp({}, { ownDatabase: true });
  [admin, cm, designer, printer, distributor] = await Promise.all([t.login('admin'), t.login('cm'), t.login('designer'), t.login('printer'), t.login('distributor')]);
}, 120_000);
afterAll(() => t?.close());

type Pair = { surface_id: number; design_id: number };

/** Stations A and B due a printed pair; the named distributor has sent A its parcel and A has a placement photo. */
async function printedFlow() {
  const surface = await newSurface(t, admin, { printerId: await userIdByEmail(t, 'printer@demo.no') });
  const a = await newStation(t, admin, { group: 'DO+', categories: ['Fuel'] });
  const b = await newStation(t, admin, { group: 'DO+', categories: ['Fuel'] });
  await setAmounts(t, [
    { stationId: a.id, surfaceId: surface, amount: 2 },
    { stationId: b.id, surfaceId: surface, amount: 3 },
  ]);
  const promotion = await buildPromotion(t, { manager: cm, designer }, { surfaces: [surface], designs: [{ surface, category: 'Fuel' }], complete: true, hq: true });
  // Shown to stations, so A may photograph what it received.
  await t.database.db.update(promotions).set({ show_in_user_promotions: true }).where(eq(promotions.id, promotion.id));
  expect((await sendToPrinters(t, cm, promotion.id, 0)).statusCode).toBe(200);
  const pair: Pair = { surface_id: surface, design_id: promotion.pairs[0]!.psdId };
  const printed = await t.form('POST', '/api/print-promotion-report/set-printed', { promotion_id: promotion.id, printer_tracker_number: 'P1', sent_surfaces: [pair], description: '' }, printer);
  expect(printed.statusCode, printed.body).toBe(200);
  expect((await parcelTo(promotion.id, a.id, pair, 'TRK-A', distributor)).statusCode).toBe(200);
  const tokenA = await t.loginAs(a.email, 'Secret2026');
  const image = await uploadFile(t, tokenA, 'oppe.png', await pngImage(300, 200), 'image');
  const photo = await t.form('POST', '/company_api/placement-photos', { promotion_id: promotion.id, surface_id: surface, file_id: image }, tokenA);
  expect(photo.statusCode, photo.body).toBe(201);
  return { promotion, a, b, pair, tokenA, photoUrl: photo.json().data.url_images.w_200 as string };
}
type Flow = Awaited<ReturnType<typeof printedFlow>>;

const parcelTo = (promotionId: number, stationId: number, pair: Pair, tracker: string, token: string) =>
  t.form('POST', '/api/promotion-distributor/set-distributor-tracker', { promotion_id: promotionId, company_id: stationId, tracker_number: tracker, sent_surfaces: [pair], description: '' }, token);
const trackerImport = (f: Flow, token: string, apply: boolean) =>
  postMultipart(t, `/api/promotion-distributor/import-trackers?promotion_id=${f.promotion.id}&apply=${apply}&plan=`, [['file', { filename: 'sporing.csv', content: Buffer.from(`${f.b.id};TRK-B\n`) }]], token);

/** Every call a distributor makes about a printed promotion. */
const distributorCalls = (f: Flow, token: string) => ({
  list: () => t.form('GET', '/api/promotion-distributor/get-promotions', { obj_search: { input_value: f.promotion.name } }, token),
  report: () => reportView(t, token, f.promotion.id),
  printerParcels: () => t.form('GET', '/api/promotions/get-status-printer-parcels', { promotion_id: f.promotion.id }, token),
  stationParcels: () => t.form('GET', '/api/promotions/get-status-distributor-parcels', { promotion_id: f.promotion.id }, token),
  parcel: () => parcelTo(f.promotion.id, f.b.id, f.pair, 'TRK-B', token),
  importPreview: () => trackerImport(f, token, false),
  importApply: () => trackerImport(f, token, true),
  photo: () => t.form('GET', f.photoUrl, undefined, token),
});
const flowState = async (promotionId: number) => ({
  parcels: await t.database.db.select().from(distributorParcels).where(eq(distributorParcels.promotion_id, promotionId)).orderBy(distributorParcels.id),
  promotion: (await t.database.db.select().from(promotions).where(eq(promotions.id, promotionId)))[0],
  audit: await t.database.db.select().from(auditLog).where(eq(auditLog.entity_id, promotionId)).orderBy(auditLog.id),
});
const waitingParcels = async (token: string) =>
  ((await t.form('GET', '/api/waiting-for-me', undefined, token)).json().data.items as { kind: string }[]).filter((i) => i.kind === 'parcels_to_send');

describe('a distributor account that system settings do not name', () => {
  it('gets 403 on every distributor call, changes nothing, and has no parcels waiting', async () => {
    const f = await printedFlow();
    const other = await newUser(t, admin, 'distributor');
    await expectRefused(() => flowState(f.promotion.id), distributorCalls(f, other.token), 403);
    const refused = await distributorCalls(f, other.token).list();
    expect(refused.json()).toMatchObject({ status: 'error', message_key: 'not_the_distributor' });
    expect(await waitingParcels(other.token)).toEqual([]);

    // The named one does all of it.
    const named = distributorCalls(f, distributor);
    expect((await named.list()).json().data.total).toBe(1);
    for (const call of [named.report, named.printerParcels, named.stationParcels, named.importPreview, named.photo]) expect((await call()).statusCode).toBe(200);
    expect(await waitingParcels(distributor)).not.toEqual([]);
    expect((await named.parcel()).statusCode).toBe(200);
  });

  it('acts once an admin names it in system settings; the former one is refused, and a problem reported by a station goes to the one named', async () => {
    const f = await printedFlow();
    const other = await newUser(t, admin, 'distributor');
    const [settings] = await t.database.db.select().from(systemSettings);
    const named = await t.form('PUT', `/api/system-setting/${settings!.id}`, { distributor_id: other.id, admin_id: settings!.admin_id!, percent_promotion_report: settings!.percent_promotion_report }, admin);
    expect(named.statusCode, named.body).toBe(200);

    expect((await distributorCalls(f, distributor).list()).statusCode).toBe(403);
    expect((await distributorCalls(f, other.token).list()).json().data.total).toBe(1);
    expect((await distributorCalls(f, other.token).parcel()).statusCode).toBe(200);

    // A's parcel was registered by the former distributor; its problem goes to the one who acts now.
    const [parcel] = await t.database.db.select().from(distributorParcels).where(eq(distributorParcels.station_id, f.a.id));
    const answer = await t.form('POST', '/company_api/parcel-receipt', { parcel_id: parcel!.id, receipt_status: 'problem', receipt_note: 'Mangler en plakat' }, f.tokenA);
    expect(answer.statusCode, answer.body).toBe(200);
    const told = await t.database.db.select({ user_id: notifications.user_id, kind: notifications.kind }).from(notifications).where(eq(notifications.promotion_id, f.promotion.id));
    const problemFor = told.filter((n) => n.kind === 'receipt_problem').map((n) => n.user_id);
    expect(problemFor).toContain(other.id);
    expect(problemFor).not.toContain(await userIdByEmail(t, 'distributor@demo.no'));
  });
});
