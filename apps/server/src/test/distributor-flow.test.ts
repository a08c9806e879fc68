import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { distributorParcelItems, distributorParcels, promotions } from '../db/schema';
import { createTestApp, type TestApp } from './test-app';
import { buildPromotion, newStation, newSurface, reportView, sendToPrinters, setAmounts, userIdByEmail } from './print-flow-fixture';

let t: TestApp;
let admin: string;
let cm: string;
let designer: string;
let printer: string;
let distributor: string;
let printerId: number;
beforeAll(async () => {
  t = await createTestApp();
  [admin, cm, designer, printer, distributor] = await Promise.all([t.login('admin'), t.login('cm'), t.login('designer'), t.login('printer'), t.login('distributor')]);
  printerId = await userIdByEmail(t, 'printer@demo.no');
});
afterAll(() => t.close());

type Pair = { surface_id: number; design_id: number; amount?: number | string; name?: string };
const setTracker = (stationId: number, promotionId: number, pairs: Pair[], tracker = 'TRK1', token = distributor) =>
  t.form('POST', '/api/promotion-distributor/set-distributor-tracker', { promotion_id: promotionId, company_id: stationId, tracker_number: tracker, sent_surfaces: pairs, description: 'Levert bakdør' }, token);
const setPrinted = (promotionId: number, pairs: Pair[], tracker: string) =>
  t.form('POST', '/api/print-promotion-report/set-printed', { promotion_id: promotionId, printer_tracker_number: tracker, sent_surfaces: pairs, description: '' }, printer);
const stationStatus = async (promotionId: number, token = distributor) =>
  (await t.form('GET', '/api/promotions/get-status-distributor-parcels', { promotion_id: promotionId }, token)).json().data as { id: number; status: string }[];
const printerStatus = async (promotionId: number) =>
  (await t.form('GET', '/api/promotions/get-status-printer-parcels', { promotion_id: promotionId }, distributor)).json().data as { tracker_number: string; status: string }[];

/**
 * Stations A (DO+, Fuel and Food) and B (RBA, Fuel only); a Fuel design on s1 and a Food design on
 * s2. A is due both, B only the Fuel one. C is an inactive station with amounts.
 */
async function flow(name?: string) {
  const s1 = await newSurface(t, admin, { printerId });
  const s2 = await newSurface(t, admin, { printerId });
  const a = await newStation(t, admin, { group: 'DO+', categories: ['Fuel', 'Food'], name: 'Stasjon A' });
  const b = await newStation(t, admin, { group: 'RBA', categories: ['Fuel'], name: 'Stasjon B' });
  const c = await newStation(t, admin, { group: 'DO+', categories: ['Fuel', 'Food'], active: false, name: 'Stasjon C' });
  await setAmounts(t, [
    { stationId: a.id, surfaceId: s1, amount: 3 },
    { stationId: a.id, surfaceId: s2, amount: 2 },
    { stationId: b.id, surfaceId: s1, amount: 4 },
    { stationId: b.id, surfaceId: s2, amount: 5 },
    { stationId: c.id, surfaceId: s1, amount: 9 },
  ]);
  const promotion = await buildPromotion(t, { manager: cm, designer }, {
    name,
    surfaces: [s1, s2],
    designs: [{ surface: s1, category: 'Fuel' }, { surface: s2, category: 'Food' }],
    complete: true,
    hq: true,
  });
  expect((await sendToPrinters(t, cm, promotion.id, 0)).statusCode).toBe(200);
  const fuel = { surface_id: s1, design_id: promotion.pairs[0]!.psdId };
  const food = { surface_id: s2, design_id: promotion.pairs[1]!.psdId };
  return { ...promotion, a, b, c, fuel, food };
}

describe('distributor', () => {
  it('lists only promotions with a printed parcel', async () => {
    const tag = `Distliste ${Date.now()}`;
    const printed = await flow(`${tag} trykket`);
    const waiting = await flow(`${tag} venter`);
    const list = async () =>
      (await t.form('GET', '/api/promotion-distributor/get-promotions', { count_show: 100, obj_search: { input_value: tag } }, distributor)).json().data.promotions.map((p: { id: number }) => p.id);
    expect(await list()).toEqual([]);
    expect((await setPrinted(printed.id, [printed.fuel], 'P1')).statusCode).toBe(200);
    expect(await list()).toEqual([printed.id]);
    expect((await setTracker(waiting.a.id, waiting.id, [waiting.fuel])).statusCode).toBe(404);
    for (const token of [admin, cm, printer]) {
      expect((await t.form('GET', '/api/promotion-distributor/get-promotions', undefined, token)).statusCode).toBe(403);
      expect((await setTracker(printed.a.id, printed.id, [printed.fuel], 'X', token)).statusCode).toBe(403);
    }
  });

  it('sends printed pairs a station is due, once, with the report amounts; status 4 when every station has everything', async () => {
    const p = await flow();
    expect((await setPrinted(p.id, [p.fuel], 'P-FUEL')).statusCode).toBe(200);
    expect(await printerStatus(p.id)).toEqual([expect.objectContaining({ tracker_number: 'P-FUEL', status: 'at_distributor' })]);
    expect((await stationStatus(p.id)).sort((x, y) => x.id - y.id)).toEqual([
      { id: p.a.id, status: 'not_sent' },
      { id: p.b.id, status: 'not_sent' },
    ]);

    // Not printed yet; not due to B (Food is for RBA and DO+, but B has no Food); C inactive; unknown.
    const unprinted = await setTracker(p.a.id, p.id, [p.food]);
    expect(unprinted.statusCode).toBe(422);
    expect(unprinted.json().errors.sent_surfaces).toEqual(['not_sent_to_printer']);
    expect((await setTracker(p.b.id, p.id, [p.food])).json().errors.sent_surfaces).toEqual(['not_due_to_station']);
    expect((await setTracker(p.a.id, p.id, [{ surface_id: p.fuel.surface_id, design_id: p.food.design_id }])).json().errors.sent_surfaces).toEqual(['not_due_to_station']);
    for (const station of [p.c.id, 2_000_000_000, printerId]) {
      const res = await setTracker(station, p.id, [p.fuel]);
      expect(res.statusCode, `station ${station}`).toBe(422);
      expect(res.json().errors).toHaveProperty('company_id');
    }
    expect((await setTracker(p.a.id, p.id, [])).statusCode).toBe(422);
    expect(await t.database.db.select().from(distributorParcels).where(eq(distributorParcels.promotion_id, p.id))).toHaveLength(0);

    // The client's amount is ignored: A planned 3.
    const sent = await setTracker(p.a.id, p.id, [{ ...p.fuel, amount: 999, name: 'x' }], 'TRK-A1');
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().message_key).toBe('parcel_sent');
    const [item] = await t.database.db.select().from(distributorParcelItems).where(eq(distributorParcelItems.station_id, p.a.id));
    expect(item).toMatchObject({ psd_id: p.fuel.design_id, amount: 3 });
    const again = await setTracker(p.a.id, p.id, [p.fuel], 'TRK-A2');
    expect(again.statusCode).toBe(409);
    expect(again.json().message_key).toBe('already_sent_to_station');
    expect((await stationStatus(p.id)).find((s) => s.id === p.a.id)?.status).toBe('partly_sent');
    expect((await printerStatus(p.id))[0]!.status).toBe('at_distributor'); // B still waits for the Fuel pair

    // Two identical submissions at once: one parcel.
    const both = await Promise.all([setTracker(p.b.id, p.id, [p.fuel], 'TRK-B'), setTracker(p.b.id, p.id, [p.fuel], 'TRK-B')]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await t.database.db.select().from(distributorParcels).where(eq(distributorParcels.station_id, p.b.id))).toHaveLength(1);
    expect((await printerStatus(p.id))[0]!.status).toBe('distributed');
    expect((await stationStatus(p.id)).find((s) => s.id === p.b.id)?.status).toBe('sent');

    // Food printed -> 3; delivered to A -> 4.
    expect((await setPrinted(p.id, [p.food], 'P-FOOD')).statusCode).toBe(200);
    const status = async () => (await t.database.db.select({ status: promotions.status }).from(promotions).where(eq(promotions.id, p.id)))[0]!.status;
    expect(await status()).toBe(3);
    expect((await setTracker(p.a.id, p.id, [p.food], '')).statusCode).toBe(200); // a parcel without a tracker number is allowed
    expect(await status()).toBe(4);
    const page = (await t.form('GET', `/api/promotions/${p.id}`, undefined, admin)).json().data;
    expect(page.history).toHaveProperty('printed');
    expect(page.history).toHaveProperty('distributed');
    expect(page.history).toHaveProperty('status_Sent by the distributor');
    expect((await stationStatus(p.id)).every((s) => s.status === 'sent')).toBe(true);
    expect((await printerStatus(p.id)).map((s) => s.status)).toEqual(['distributed', 'distributed']);

    // What the report view shows about it.
    const view = (await reportView(t, distributor, p.id)).json().data;
    const countA = view.arr_users_count_surfaces.find((c: { id: number }) => c.id === p.a.id);
    expect(countA).toMatchObject({ sent_surfaces: 2, total_surfaces: 2, tracker_number: ['TRK-A1'] });
    expect(view.user_obj.find((r: { id: number }) => r.id === p.a.id).all_sent).toBe(true);
    const parcelsA = view.distributor_parcels.filter((d: { company_id: number }) => d.company_id === p.a.id);
    expect(parcelsA.flatMap((d: { sent_surfaces: { amount: number }[] }) => d.sent_surfaces.map((s) => s.amount))).toEqual([3, 2]);
    expect(view.user_obj.map((r: { id: number }) => r.id)).not.toContain(p.c.id);
    // The station hears about its parcels.
    const station = await t.loginAs(p.a.email, 'Secret2026');
    const notes = (await t.form('GET', '/api/notifications', undefined, station)).json().data;
    expect(notes.notifications.filter((n: { promotion_id: number; kind: string }) => n.promotion_id === p.id && n.kind === 'distributed')).toHaveLength(2);
  });

  it('status lists need a known promotion and the report role', async () => {
    expect((await t.form('GET', '/api/promotions/get-status-distributor-parcels', { promotion_id: 2_000_000_000 }, distributor)).statusCode).toBe(404);
    expect((await t.form('GET', '/api/promotions/get-status-printer-parcels', { promotion_id: 'abc' }, distributor)).statusCode).toBe(422);
    expect((await t.form('GET', '/api/promotions/get-status-printer-parcels', { promotion_id: 1 }, printer)).statusCode).toBe(403);
  });
});
