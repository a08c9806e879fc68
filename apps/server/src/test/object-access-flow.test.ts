import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { distributorParcelItems, distributorParcels, plannerAmounts, plannerHistory, printedParcels, promotions } from '../db/schema';
import { addDesign, newUser } from './design-fixture';
import { expectRefused } from './object-access-fixture';
import { buildPromotion, newStation, newSurface, sendToPrinters, setAmounts, userIdByEmail } from './print-flow-fixture';
import { createTestApp, type TestApp } from './test-app';

/** Printers, the distributor and stations on promotions and data that are not theirs (yet). */
let t: TestApp;
let admin: string;
let cm: string;
let printer: string;
let distributor: string;
let printerId: number;
beforeAll(async () => {
  t = await createTestApp();
  [admin, cm, printer, distributor] = await Promise.all([t.login('admin'), t.login('cm'), t.login('printer'), t.login('distributor')]);
  printerId = await userIdByEmail(t, 'printer@demo.no');
});
afterAll(() => t?.close());

const get = (url: string, query: object, token: string) => t.form('GET', url, query, token);
const parcelsOf = async (promotionId: number) => ({
  printed: await t.database.db.select().from(printedParcels).where(eq(printedParcels.promotion_id, promotionId)),
  distributed: await t.database.db.select().from(distributorParcels).where(eq(distributorParcels.promotion_id, promotionId)),
  promotion: (await t.database.db.select().from(promotions).where(eq(promotions.id, promotionId)))[0],
});

let seq = 0;
/** A name no other promotion has, to find it in lists however many the run has made. */
const uniqueName = (prefix: string) => `${prefix} ${process.pid} ${Date.now()} ${seq++}`;

/** One Fuel design on the surface, Completed and sent when asked; nobody's amounts, so no printer is missing. */
async function promotionOn(surfaceId: number, sent: boolean) {
  const name = uniqueName('Objekttest');
  const p = await buildPromotion(t, { manager: cm }, { name, surfaces: [surfaceId], designs: [{ surface: surfaceId, category: 'Fuel' }], complete: sent });
  if (sent) expect((await sendToPrinters(t, cm, p.id, 0)).statusCode).toBe(200);
  return { id: p.id, name, pair: { surface_id: surfaceId, design_id: p.pairs[0]!.psdId } };
}

const printerCalls = (p: { id: number; pair: { surface_id: number; design_id: number } }, token: string) => ({
  report: () => get('/api/print-promotion-report/get-report', { promotion_id: p.id }, token),
  download: () => get('/api/print-promotion-report/download-file', { promotion_id: p.id, design_id: p.pair.design_id, kind: 'image' }, token),
  setPrinted: () =>
    t.form('POST', '/api/print-promotion-report/set-printed', { promotion_id: p.id, printer_tracker_number: 'X1', sent_surfaces: [p.pair], description: '' }, token),
});

describe('printer', () => {
  it('gets nothing of a promotion not sent to the printers, nor of one sent for another printer\'s surfaces', async () => {
    const other = await newUser(t, admin, 'printer');
    const notSent = await promotionOn(await newSurface(t, admin, { printerId }), false);
    const othersOnly = await promotionOn(await newSurface(t, admin, { printerId: other.id }), true);
    for (const p of [notSent, othersOnly]) await expectRefused(() => parcelsOf(p.id), printerCalls(p, printer), 404);
    // The other printer's own promotion opens for it.
    expect((await printerCalls(othersOnly, other.token).report()).statusCode).toBe(200);
    for (const p of [notSent, othersOnly]) {
      const list = await get('/api/print-promotion-report/get-promotions', { obj_search: { input_value: p.name } }, printer);
      expect(list.json().data).toMatchObject({ promotions: [], total: 0 });
    }
  });
});

describe('distributor', () => {
  it('gets nothing of a promotion sent to the printers but not printed yet, like the report view', async () => {
    const p = await promotionOn(await newSurface(t, admin, { printerId }), true);
    const station = await newStation(t, admin, { group: 'DO+', categories: ['Fuel'] });
    await expectRefused(
      () => parcelsOf(p.id),
      {
        report: () => get('/api/promotions/promotion-report-view', { promotion_id: p.id }, distributor),
        printerParcels: () => get('/api/promotions/get-status-printer-parcels', { promotion_id: p.id }, distributor),
        stationParcels: () => get('/api/promotions/get-status-distributor-parcels', { promotion_id: p.id }, distributor),
        tracker: () =>
          t.form('POST', '/api/promotion-distributor/set-distributor-tracker', { promotion_id: p.id, company_id: station.id, tracker_number: 'D1', sent_surfaces: [p.pair], description: '' }, distributor),
      },
      404,
    );
    // Staff follow the promotion from the moment it is sent.
    for (const url of ['/api/promotions/get-status-printer-parcels', '/api/promotions/get-status-distributor-parcels']) {
      expect((await get(url, { promotion_id: p.id }, cm)).statusCode).toBe(200);
    }
  });
});

describe('station', () => {
  /** A promotion shown to stations with one design of the category on a new surface both stations plan. */
  async function shownPromotion(category: 'Store' | 'Generic') {
    const name = uniqueName('Stasjonstest');
    const created = await t.form('POST', '/api/promotions', { name, period_from: '2031-07-01', period_to: '2031-08-01', show_in_user_promotions: 'true' }, admin);
    const promotionId = created.json().data.promotion.id as number;
    const surfaceId = await newSurface(t, admin, { printerId });
    expect((await t.form('POST', '/api/promotion-surfaces', { promotion_id: promotionId, surface_id: surfaceId }, admin)).statusCode).toBe(200);
    const d = await addDesign(t, admin, { promotionId, surfaceId }, { category });
    return { name, promotionId, surfaceId, psdId: d.psdId };
  }

  it('sees neither another station\'s promotion, nor its parcels, planner amounts or history', async () => {
    const a = await newStation(t, admin, { group: 'DO+', categories: ['Fuel'] });
    const b = await newStation(t, admin, { group: 'DO+', categories: ['Store'] });
    const [tokenA, tokenB] = [await t.loginAs(a.email, 'Secret2026'), await t.loginAs(b.email, 'Secret2026')];
    const storeOnly = await shownPromotion('Store');
    const both = await shownPromotion('Generic');
    await setAmounts(t, [storeOnly.surfaceId, both.surfaceId].flatMap((surfaceId) => [a, b].map((s) => ({ stationId: s.id, surfaceId, amount: 5 }))));
    // B has received a parcel of the promotion both stations see.
    const [parcel] = await t.database.db.insert(distributorParcels).values({ promotion_id: both.promotionId, station_id: b.id, tracker_number: 'B-ONLY', description: 'Til B' }).returning();
    await t.database.db.insert(distributorParcelItems).values({ parcel_id: parcel!.id, station_id: b.id, psd_id: both.psdId, surface_id: both.surfaceId, amount: 5 });

    expect((await get(`/company_api/user-promotion/${storeOnly.promotionId}`, {}, tokenA)).statusCode).toBe(404);
    expect((await get(`/company_api/user-promotion/${storeOnly.promotionId}`, {}, tokenB)).statusCode).toBe(200);
    const listed = async (token: string) => (await get('/company_api/user-promotion', { obj_search: { input_value: storeOnly.name } }, token)).json().data.total;
    expect([await listed(tokenA), await listed(tokenB)]).toEqual([0, 1]);
    const seenByA = (await get(`/company_api/user-promotion/${both.promotionId}`, {}, tokenA)).json().data;
    expect(seenByA.distributor_parcels).toEqual([]);
    expect(seenByA.surfaces.map((s: { sent: unknown }) => s.sent)).toEqual([null]);
    expect((await get(`/company_api/user-promotion/${both.promotionId}`, {}, tokenB)).json().data.distributor_parcels.map((p: { tracker_number: string }) => p.tracker_number)).toEqual(['B-ONLY']);

    const stateOfB = async () => ({
      amounts: await t.database.db.select().from(plannerAmounts).where(eq(plannerAmounts.station_id, b.id)).orderBy(plannerAmounts.id),
      history: await t.database.db.select().from(plannerHistory).where(eq(plannerHistory.station_id, b.id)),
      parcels: await t.database.db.select().from(distributorParcels).where(and(eq(distributorParcels.station_id, b.id))),
    });
    const save = (extra: object) => t.form('POST', '/company_api/company-planner/save-amount-company-planner', { surface_id: both.surfaceId, amount: 9, ...extra }, tokenA);
    await expectRefused(stateOfB, { station: () => save({ station_id: b.id }), company: () => save({ company_id: b.id }), user: () => save({ user_id: b.id }) }, 422);
    // A's own save changes A's amount and history only.
    const before = await stateOfB();
    expect((await save({})).statusCode).toBe(200);
    expect(await stateOfB()).toEqual(before);
    const history = (await get('/company_api/history-planner', { count_show: 100 }, tokenA)).json().data.history;
    expect(history).toHaveLength(1);
    expect((await get('/company_api/company-planner', { count_show: 100, only_quantity: 'true' }, tokenA)).json().data.userSurfacesData[String(both.surfaceId)]).toBe(9);
  });
});
