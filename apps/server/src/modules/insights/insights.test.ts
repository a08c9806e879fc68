import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { DEFAULT_MILESTONE_DAYS } from '@promo/shared';
import {
  categories,
  chatMessages,
  chats,
  designs,
  designStatusChanges,
  distributorParcelItems,
  distributorParcels,
  filePreflights,
  files,
  placementPhotos,
  printReportAmounts,
  printReports,
  promotionEvents,
  promotions,
  promotionSurfaceDesigns,
  surfaces,
  promotionMilestones,
  systemSettings,
  users,
} from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';

/*
 * A small chain written out by hand (issue 24), in 2020 so nothing of the demo data falls in the
 * range, and every figure the insights answer computed here on paper.
 *
 *   surfaces  S1 100.50 kr, S2 20.00 kr        stations  A (RBA), B (RBA), C (DO)
 *   P1  period from 2020-03-10, created 2020-01-01, sent 2020-02-15 at 10 %, printed 02-27, distributed 03-02
 *       X1 S1 Fuel: A 3, B 4, C 5  → 12 + ⌈1.2⌉ = 14 × 100.50 = 1,407.00
 *       X2 S2 Store: A 2, C 1      →  3 + ⌈0.3⌉ =  4 ×  20.00 =    80.00
 *   P2  period from 2020-06-05, created 2020-03-01, sent 2020-05-20 at 0 %, status Designer completed
 *       X3 S2 Fuel: A 10           → 10 × 20.00 = 200.00
 *   P3  period from 2020-09-01, created 2020-05-01, not sent; X4 S1 Store still Created
 */
let t: TestApp;
let admin: string;
let cm: string; // Fuel, Food, Food Outside
let cm2: string; // Store, Generic
const ids = {} as Record<'A' | 'B' | 'C' | 'S1' | 'S2' | 'P1' | 'P2' | 'P3' | 'X1' | 'X2' | 'X3' | 'X4' | 'designer', number>;
const at = (day: string) => new Date(`${day}T00:00:00Z`);
const RANGE = { from: '2020-01-01', to: '2020-12-31' };

async function build() {
  const db = t.database.db;
  const cat = async (name: string) => (await db.select().from(categories).where(eq(categories.name, name)))[0]!.id;
  const design = async (categoryId: number) => (await db.insert(designs).values({ name: `Innsikt ${categoryId}`, category_id: categoryId }).returning())[0]!.id;
  const fuel = await design(await cat('Fuel'));
  const store = await design(await cat('Store'));
  const surface = async (name: string, price: string, code: number) => (await db.insert(surfaces).values({ name, price, vendor_code: code }).returning())[0]!.id;
  ids.S1 = await surface('Innsikt flate 1', '100.50', 990_001);
  ids.S2 = await surface('Innsikt flate 2', '20.00', 990_002);
  const station = async (name: string, group: string) =>
    (await db.insert(users).values({ email: `innsikt-${name.toLowerCase()}@example.no`, name, company_name: `Stasjon ${name}`, role: 'user', group }).returning())[0]!.id;
  ids.A = await station('A', 'RBA');
  ids.B = await station('B', 'RBA');
  ids.C = await station('C', 'DO');
  ids.designer = (await db.select().from(users).where(eq(users.email, 'designer@demo.no')))[0]!.id;

  const promotion = async (name: string, from: string, created: string, status: number) =>
    (await db.insert(promotions).values({ name, period_from: from, period_to: '2020-12-31', status, created_at: at(created) }).returning())[0]!.id;
  ids.P1 = await promotion('Innsikt P1', '2020-03-10', '2020-01-01', 4);
  ids.P2 = await promotion('Innsikt P2', '2020-06-05', '2020-03-01', 2);
  ids.P3 = await promotion('Innsikt P3', '2020-09-01', '2020-05-01', 0);
  const psd = async (promotionId: number, surfaceId: number, designId: number, status: string) => {
    const [row] = await db.insert(promotionSurfaceDesigns).values({ promotion_id: promotionId, surface_id: surfaceId, design_id: designId, status, designer_id: ids.designer }).returning();
    await db.insert(chats).values({ psd_id: row!.id });
    return row!.id;
  };
  ids.X1 = await psd(ids.P1, ids.S1, fuel, 'Completed');
  ids.X2 = await psd(ids.P1, ids.S2, store, 'Completed');
  ids.X3 = await psd(ids.P2, ids.S2, fuel, 'Completed');
  ids.X4 = await psd(ids.P3, ids.S1, store, 'Created');

  await db.insert(printReports).values([
    { promotion_id: ids.P1, percent: 10, created_at: at('2020-02-15') },
    { promotion_id: ids.P2, percent: 0, created_at: at('2020-05-20') },
  ]);
  const amount = (promotionId: number, psdId: number, stationId: number, n: number) => ({ promotion_id: promotionId, psd_id: psdId, station_id: stationId, amount: n });
  await db.insert(printReportAmounts).values([
    amount(ids.P1, ids.X1, ids.A, 3),
    amount(ids.P1, ids.X1, ids.B, 4),
    amount(ids.P1, ids.X1, ids.C, 5),
    amount(ids.P1, ids.X2, ids.A, 2),
    amount(ids.P1, ids.X2, ids.C, 1),
    amount(ids.P2, ids.X3, ids.A, 10),
  ]);
  await db.insert(promotionEvents).values([
    { promotion_id: ids.P1, event: 'printed', created_at: at('2020-02-27') },
    { promotion_id: ids.P1, event: 'distributed', created_at: at('2020-03-02') },
  ]);

  const moves: [number, string | null, string, string][] = [
    [ids.X1, 'Created', 'Brief', '2020-01-20'],
    [ids.X1, 'Brief', 'Approved', '2020-02-01'],
    [ids.X1, 'Approved', 'Completed', '2020-02-05'],
    [ids.X2, 'Created', 'Brief', '2020-01-30'],
    [ids.X2, 'Brief', 'Correction', '2020-02-03'],
    [ids.X2, 'Correction', 'Approved', '2020-02-07'],
    [ids.X2, 'Approved', 'Completed', '2020-02-10'],
    [ids.X3, 'Created', 'Brief', '2020-04-20'],
    [ids.X3, 'Brief', 'Approved', '2020-04-28'],
    [ids.X3, 'Approved', 'Completed', '2020-05-05'],
  ];
  await db.insert(designStatusChanges).values(
    moves.map(([psd_id, from_status, to_status, day]) => ({ psd_id, from_status, to_status, cause: 'edit', created_at: at(day) })),
  );

  let fileNo = 0;
  const file = async () =>
    (await db.insert(files).values({ storage_key: `innsikt/${++fileNo}-${Date.now()}`, original_name: `f${fileNo}.png`, size: 1, content_type: 'image/png', sha256: 'x' }).returning())[0]!.id;
  const chatOf = async (psdId: number) => (await db.select().from(chats).where(eq(chats.psd_id, psdId)))[0]!.id;
  const message = async (psdId: number, type: 'Sketch' | 'HQ', day: string, n: number) => {
    const fileId = await file();
    await db.insert(chatMessages).values({ chat_id: await chatOf(psdId), message_id: n, sender_id: ids.designer, type_file: type, type_extension: 'image', file_id: fileId, created_at: at(day) });
    return fileId;
  };
  await message(ids.X1, 'Sketch', '2020-01-25', 1);
  await message(ids.X2, 'Sketch', '2020-02-01', 1);
  await message(ids.X2, 'Sketch', '2020-02-05', 2);
  await message(ids.X3, 'Sketch', '2020-04-25', 1);
  const hq1 = await message(ids.X1, 'HQ', '2020-02-03', 2);
  const hq2 = await message(ids.X2, 'HQ', '2020-02-08', 3);
  const hq3 = await message(ids.X3, 'HQ', '2020-05-01', 2);
  await db.insert(filePreflights).values([
    { file_id: hq1, status: 'errors', checks: [{ check: 'resolution', level: 'error', values: {} }, { check: 'bleed', level: 'warning', values: {} }, { check: 'colour', level: 'ok', values: {} }] },
    { file_id: hq2, status: 'ok', checks: [{ check: 'resolution', level: 'ok', values: {} }] },
    { file_id: hq3, status: 'warnings', checks: [{ check: 'bleed', level: 'warning', values: {} }] },
  ]);

  const parcel = async (promotionId: number, stationId: number, psds: [number, number][], receipt?: { day: string; status: 'ok' | 'problem' }) => {
    const [p] = await db
      .insert(distributorParcels)
      .values({ promotion_id: promotionId, station_id: stationId, received_at: receipt ? at(receipt.day) : null, receipt_status: receipt?.status ?? null })
      .returning();
    await db.insert(distributorParcelItems).values(psds.map(([psd_id, surface_id]) => ({ parcel_id: p!.id, station_id: stationId, psd_id, surface_id, amount: 1 })));
  };
  await parcel(ids.P1, ids.A, [[ids.X1, ids.S1], [ids.X2, ids.S2]], { day: '2020-03-02', status: 'ok' });
  await parcel(ids.P1, ids.B, [[ids.X1, ids.S1]], { day: '2020-03-05', status: 'problem' });
  await parcel(ids.P1, ids.C, [[ids.X1, ids.S1], [ids.X2, ids.S2]]);
  await parcel(ids.P2, ids.A, [[ids.X3, ids.S2]]);
  await db.insert(placementPhotos).values({ promotion_id: ids.P1, station_id: ids.A, surface_id: ids.S1, file_id: await file() });
}

beforeAll(async () => {
  t = await createTestApp({}, { ownDatabase: true });
  [admin, cm, cm2] = await Promise.all([t.login('admin'), t.login('cm'), t.loginAs('cm2@demo.no', 'Demo2026')]);
  await build();
});
afterAll(() => t.close());

const get = async (section: string, query: Record<string, string | number> = {}, token = admin) => {
  const res = await t.form('GET', `/api/insights/${section}`, { ...RANGE, ...query }, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};

describe('cost', () => {
  it('adds up what each promotion, category, month, surface, group and station cost', async () => {
    const d = await get('cost');
    expect(d.range).toEqual(RANGE);
    expect(d.by_promotion).toEqual([
      { promotion_id: ids.P1, name: 'Innsikt P1', period_from: '2020-03-10', total: '1487.00' },
      { promotion_id: ids.P2, name: 'Innsikt P2', period_from: '2020-06-05', total: '200.00' },
    ]);
    expect(d.by_category.map((r: { category: string; total: string }) => [r.category, r.total])).toEqual([['Fuel', '1607.00'], ['Store', '80.00']]);
    expect(d.by_month.map((r: { month: string; category: string; total: string }) => [r.month, r.category, r.total])).toEqual([
      ['2020-03', 'Fuel', '1407.00'],
      ['2020-03', 'Store', '80.00'],
      ['2020-06', 'Fuel', '200.00'],
    ]);
    expect(d.top_surfaces).toEqual([
      { surface_id: ids.S1, name: 'Innsikt flate 1', total: '1407.00' },
      { surface_id: ids.S2, name: 'Innsikt flate 2', total: '280.00' },
    ]);
    // Stations: their own amounts × price, without the report's percent extra.
    expect(d.by_group).toEqual([
      { group: 'DO', total: '522.50', stations: 1 },
      { group: 'RBA', total: '943.50', stations: 2 },
    ]);
    expect(d.top_stations).toEqual([
      { station_id: ids.A, name: 'Stasjon A', group: 'RBA', total: '541.50' },
      { station_id: ids.C, name: 'Stasjon C', group: 'DO', total: '522.50' },
      { station_id: ids.B, name: 'Stasjon B', group: 'RBA', total: '402.00' },
    ]);
    expect(d.per_station_mean).toBe('488.67');
    expect(d.total).toBe('1687.00');
  });

  it('keeps to a station group: each design priced over that group’s amounts, percent extra included', async () => {
    const d = await get('cost', { group: 'RBA' });
    // X1: A 3 + B 4 = 7 + ⌈0.7⌉ = 8 × 100.50; X2: A 2 + ⌈0.2⌉ = 3 × 20; X3: 10 × 20.
    expect(d.by_promotion.map((r: { total: string }) => r.total)).toEqual(['864.00', '200.00']);
    expect(d.total).toBe('1064.00');
    expect(d.by_group).toEqual([{ group: 'RBA', total: '943.50', stations: 2 }]);
  });

  it('gives a cm only its categories, whatever category it asks for', async () => {
    const own = await get('cost', {}, cm);
    expect(own.by_category.map((r: { category: string }) => r.category)).toEqual(['Fuel']);
    expect(own.total).toBe('1607.00');
    // Fuel only: C 5 × 100.50; A 3 × 100.50 + 10 × 20; B 4 × 100.50.
    expect(own.top_stations.map((r: { station_id: number; total: string }) => [r.station_id, r.total])).toEqual([
      [ids.C, '502.50'],
      [ids.A, '501.50'],
      [ids.B, '402.00'],
    ]);
    const other = await get('cost', { category_id: (await t.database.db.select().from(categories).where(eq(categories.name, 'Store')))[0]!.id }, cm);
    expect(other.by_promotion).toEqual([]);
    expect(other.total).toBe('0.00');
    expect((await get('cost', {}, cm2)).total).toBe('80.00');
  });

  it('gives the same station costs when the range cuts months at its ends as over whole months', async () => {
    // Whole months from a station's month sums, the days at the ends from its figures (migration 0030).
    for (const token of [admin, cm]) {
      const whole = await get('cost', {}, token);
      for (const range of [{ from: '2020-03-10', to: '2020-06-05' }, { from: '2020-02-15', to: '2020-07-31' }]) {
        const cut = await get('cost', range, token);
        expect([cut.by_group, cut.top_stations, cut.per_station_mean]).toEqual([whole.by_group, whole.top_stations, whole.per_station_mean]);
      }
    }
    // Only P1's days: C 5 × 100.50 + 1 × 20.00, B 4 × 100.50, A 3 × 100.50 + 2 × 20.00.
    expect((await get('cost', { from: '2020-03-01', to: '2020-03-10' })).top_stations.map((r: { station_id: number; total: string }) => [r.station_id, r.total])).toEqual([
      [ids.C, '522.50'],
      [ids.B, '402.00'],
      [ids.A, '341.50'],
    ]);
  });
});

describe('deadlines', () => {
  it('counts each milestone on time, late, or past its day and not done', async () => {
    const [settings] = await t.database.db.select().from(systemSettings);
    expect({ ...DEFAULT_MILESTONE_DAYS, ...(settings!.milestone_days as object) }).toEqual(DEFAULT_MILESTONE_DAYS);
    const d = await get('deadlines');
    // P1 due: brief 01-28 (done 01-30: late), designs 02-11 (02-10), sent 02-18 (02-15), printed 02-25 (02-27: late), delivered 03-03 (03-02).
    // P2 due: brief 04-24 (04-20), designs 05-08 (05-05), sent 05-15 (05-20: late), printed and delivered not done.
    // P3: nothing done, every day past.
    expect(d.milestones).toEqual([
      { milestone: 'brief', on_time: 1, late: 1, open_late: 1 },
      { milestone: 'designs_complete', on_time: 2, late: 0, open_late: 1 },
      { milestone: 'sent_to_printers', on_time: 1, late: 1, open_late: 1 },
      { milestone: 'printed', on_time: 0, late: 1, open_late: 2 },
      { milestone: 'delivered', on_time: 1, late: 0, open_late: 2 },
    ]);
    expect(d.by_month.filter((r: { month: string }) => r.month === '2020-02')).toEqual([
      { month: '2020-02', milestone: 'designs_complete', on_time: 1, late: 0, open_late: 0 },
      { month: '2020-02', milestone: 'sent_to_printers', on_time: 1, late: 0, open_late: 0 },
      { month: '2020-02', milestone: 'printed', on_time: 0, late: 1, open_late: 0 },
    ]);
    const late = d.late.filter((r: { promotion_id: number }) => r.promotion_id !== ids.P3);
    expect(late).toEqual([
      expect.objectContaining({ promotion_id: ids.P2, milestone: 'delivered', due_on: '2020-05-29', done_on: null }),
      expect.objectContaining({ promotion_id: ids.P2, milestone: 'printed', due_on: '2020-05-22', done_on: null }),
      expect.objectContaining({ promotion_id: ids.P2, milestone: 'sent_to_printers', due_on: '2020-05-15', done_on: '2020-05-20', days_late: 5 }),
      expect.objectContaining({ promotion_id: ids.P1, milestone: 'printed', due_on: '2020-02-25', done_on: '2020-02-27', days_late: 2 }),
      expect.objectContaining({ promotion_id: ids.P1, milestone: 'brief', due_on: '2020-01-28', done_on: '2020-01-30', days_late: 2 }),
    ]);
  });

  it('gives a cm the promotions holding designs of its categories', async () => {
    const fuel = await get('deadlines', {}, cm);
    expect(fuel.milestones[0]).toEqual({ milestone: 'brief', on_time: 1, late: 1, open_late: 0 });
    const store = await get('deadlines', {}, cm2);
    expect(store.milestones[0]).toEqual({ milestone: 'brief', on_time: 0, late: 1, open_late: 1 });
  });
});

describe('delivery and placement', () => {
  it('counts parcels confirmed by the delivered milestone, problems and photographed surfaces per group and station', async () => {
    const d = await get('delivery');
    expect(d.by_group).toEqual([
      { group: 'DO', stations: 1, parcels: 1, confirmed_in_time: 0, problems: 0, surfaces: 2, photographed: 0 },
      { group: 'RBA', stations: 2, parcels: 3, confirmed_in_time: 1, problems: 1, surfaces: 4, photographed: 1 },
    ]);
    const row = (id: number, parcels: number, inTime: number, problems: number, surfaces: number, photographed: number, followUp: number) =>
      expect.objectContaining({ station_id: id, parcels, confirmed_in_time: inTime, problems, surfaces, photographed, follow_up_promotion_id: followUp });
    expect(d.late_stations).toEqual([row(ids.B, 1, 0, 1, 1, 0, ids.P1), row(ids.C, 1, 0, 0, 2, 0, ids.P1), row(ids.A, 2, 1, 0, 3, 1, ids.P2)]);
    expect(d.without_photos).toEqual([row(ids.C, 1, 0, 0, 2, 0, ids.P1), row(ids.A, 2, 1, 0, 3, 1, ids.P2), row(ids.B, 1, 0, 1, 1, 0, ids.P1)]);
    expect((await get('delivery', { group: 'DO' })).by_group).toEqual([expect.objectContaining({ group: 'DO', stations: 1 })]);
  });

  it("counts a receipt in time until the end of the delivered day in Oslo, not in UTC", async () => {
    const db = t.database.db;
    // Group RBA: A's parcel in time, and B's.
    const inTime = async () => ((await get('delivery')).by_group as { group: string; confirmed_in_time: number }[]).find((r) => r.group === 'RBA')?.confirmed_in_time;
    const [b] = await db.select().from(distributorParcels).where(and(eq(distributorParcels.promotion_id, ids.P1), eq(distributorParcels.station_id, ids.B)));
    try {
      // P1's delivered day is 2020-03-03: 23:30 in Oslo (22:30 UTC) is on it, 00:30 the next day (23:30 UTC) is not.
      await db.update(distributorParcels).set({ received_at: new Date('2020-03-03T22:30:00Z') }).where(eq(distributorParcels.id, b!.id));
      expect(await inTime()).toBe(2);
      await db.update(distributorParcels).set({ received_at: new Date('2020-03-03T23:30:00Z') }).where(eq(distributorParcels.id, b!.id));
      expect(await inTime()).toBe(1);
    } finally {
      await db.update(distributorParcels).set({ received_at: b!.received_at }).where(eq(distributorParcels.id, b!.id));
    }
  });
  it('gives the same figures when the range cuts months at its ends as over whole months', async () => {
    // Whole months come from a station's month sums, the days at the ends from the parcels (migration 0030).
    for (const token of [admin, cm]) {
      const { range: _whole, ...whole } = await get('delivery', {}, token);
      for (const range of [
        { from: '2020-03-05', to: '2020-06-10' },
        { from: '2020-02-15', to: '2020-07-31' },
        { from: '2020-03-10', to: '2020-06-05' },
        { from: '2020-03-01', to: '2020-06-30' },
      ]) {
        expect(await get('delivery', range, token)).toEqual({ range, ...whole });
      }
    }
    // Only the days at an end: P1 (03-10) alone, its three stations' parcels.
    expect((await get('delivery', { from: '2020-03-10', to: '2020-03-20' })).by_group).toEqual([
      { group: 'DO', stations: 1, parcels: 1, confirmed_in_time: 0, problems: 0, surfaces: 2, photographed: 0 },
      { group: 'RBA', stations: 2, parcels: 2, confirmed_in_time: 1, problems: 1, surfaces: 3, photographed: 1 },
    ]);
  });

  it("follows a promotion's moved delivered day and the settings' days", async () => {
    const db = t.database.db;
    const rbaInTime = async (range = {}) =>
      ((await get('delivery', range)).by_group as { group: string; confirmed_in_time: number }[]).find((r) => r.group === 'RBA')?.confirmed_in_time;
    const [settings] = await db.select().from(systemSettings);
    const cutting = { from: '2020-03-02', to: '2020-11-15' };
    try {
      // A confirmed P1 on 03-02: late once P1 is to be delivered by 03-01.
      await db.insert(promotionMilestones).values({ promotion_id: ids.P1, milestone: 'delivered', due_on: '2020-03-01' });
      expect(await rbaInTime()).toBe(0);
      expect(await rbaInTime(cutting)).toBe(0);
      await db.update(promotionMilestones).set({ due_on: '2020-03-05' }).where(eq(promotionMilestones.promotion_id, ids.P1));
      // B's receipt of 03-05 (a problem) is on the day now.
      expect(await rbaInTime()).toBe(2);
      await db.delete(promotionMilestones).where(eq(promotionMilestones.promotion_id, ids.P1));
      expect(await rbaInTime()).toBe(1);
      // Four days before the first day instead of seven: P1's delivered day is 03-06.
      await db.update(systemSettings).set({ milestone_days: { ...DEFAULT_MILESTONE_DAYS, delivered: 4 } }).where(eq(systemSettings.id, settings!.id));
      expect(await rbaInTime()).toBe(2);
      expect(await rbaInTime(cutting)).toBe(2);
    } finally {
      await db.delete(promotionMilestones).where(eq(promotionMilestones.promotion_id, ids.P1));
      await db.update(systemSettings).set({ milestone_days: settings!.milestone_days }).where(eq(systemSettings.id, settings!.id));
    }
    expect(await rbaInTime()).toBe(1);
  });
});

describe('design turnaround', () => {
  it('gives median and 90th percentile days per step, correction rounds and whose turn it was', async () => {
    const d = await get('turnaround');
    const fuel = d.by_category.find((r: { category: string }) => r.category === 'Fuel');
    // X1: brief→sketch 5, sketch→approved 7, approved→completed 4, brief→completed 16; X3: 5, 3, 7, 15.
    expect(fuel).toMatchObject({
      designs: 2,
      brief_to_sketch: { median: 5, p90: 5 },
      sketch_to_approved: { median: 5, p90: 6.6 },
      approved_to_completed: { median: 5.5, p90: 6.7 },
      brief_to_completed: { median: 15.5, p90: 15.9 },
      correction_rounds: 0,
    });
    // Whose turn: X1 Brief 01-20 → sketch 01-25 (designer 5) → Approved 02-01 (manager 7) → HQ 02-03 (designer 2)
    // → Completed 02-05 (manager 2); X3 Brief 04-20 → sketch 04-25 (5) → Approved 04-28 (3) → HQ 05-01 (3) → Completed 05-05 (4).
    expect(fuel.waiting_on_designer).toBe(15);
    expect(fuel.waiting_on_manager).toBe(16);
    const store = d.by_category.find((r: { category: string }) => r.category === 'Store');
    // X2 (X4 has no steps): brief→sketch 2, sketch→approved 6, approved→completed 3, brief→completed 11; one correction over two designs.
    expect(store).toMatchObject({ designs: 2, brief_to_sketch: { median: 2, p90: 2 }, brief_to_completed: { median: 11, p90: 11 }, correction_rounds: 0.5 });
    expect(d.by_designer).toEqual([expect.objectContaining({ designer_id: ids.designer, designs: 4 })]);
  });
});

describe('print quality', () => {
  it('counts preflight errors and warnings per designer and per check', async () => {
    const d = await get('print-quality');
    expect(d.by_designer).toEqual([expect.objectContaining({ designer_id: ids.designer, files: 3, errors: 1, warnings: 1 })]);
    expect(d.by_check).toEqual([
      { check: 'resolution', errors: 1, warnings: 0 },
      { check: 'bleed', errors: 0, warnings: 2 },
    ]);
    expect((await get('print-quality', {}, cm2)).by_designer).toEqual([expect.objectContaining({ files: 1, errors: 0, warnings: 0 })]);
  });
});

describe('who may ask', () => {
  it('refuses station, printer, distributor and designer, and bad filters with the field’s error', async () => {
    for (const role of ['user', 'printer', 'distributor', 'designer'] as const) {
      const token = await t.login(role);
      for (const section of ['cost', 'deadlines', 'delivery', 'turnaround', 'print-quality']) {
        expect((await t.form('GET', `/api/insights/${section}`, RANGE, token)).statusCode).toBe(403);
      }
    }
    const backwards = await t.form('GET', '/api/insights/cost', { from: '2020-12-31', to: '2020-01-01' }, admin);
    expect(backwards.statusCode).toBe(422);
    expect(backwards.json().errors.to).toEqual(['to_before_from']);
    const group = await t.form('GET', '/api/insights/cost', { group: 'XX' }, admin);
    expect(group.statusCode).toBe(422);
    expect(Object.keys(group.json().errors)).toEqual(['group']);
  });

  it('covers the last 12 months up to today when no range is given', async () => {
    const res = await t.form('GET', '/api/insights/cost', {}, admin);
    const { from, to } = res.json().data.range;
    expect(to).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(Number(to.slice(0, 4)) - Number(from.slice(0, 4))).toBe(1);
  });
});

describe('the read model (decision 039)', () => {
  // Last: it changes the chain. Each change goes in as a plain statement, as an import or a script would.
  it('follows a surface’s price, a station’s group, a photo removed and a design’s category', async () => {
    const db = t.database.db;
    await db.update(surfaces).set({ price: '30.00' }).where(eq(surfaces.id, ids.S2));
    // X2: 4 × 30.00; X3: 10 × 30.00; station A: 3 × 100.50 + 2 × 30.00 + 10 × 30.00.
    let cost = await get('cost');
    expect(cost.by_promotion.map((r: { total: string }) => r.total)).toEqual(['1527.00', '300.00']);
    expect(cost.top_stations[0]).toEqual({ station_id: ids.A, name: 'Stasjon A', group: 'RBA', total: '661.50' });

    await db.update(users).set({ group: 'RBA' }).where(eq(users.id, ids.C));
    // C: 5 × 100.50 + 1 × 30.00 joins A 661.50 and B 402.00.
    cost = await get('cost');
    expect(cost.by_group).toEqual([{ group: 'RBA', total: '1596.00', stations: 3 }]);
    expect((await get('cost', { group: 'DO' })).total).toBe('0.00');

    await db.delete(placementPhotos).where(eq(placementPhotos.station_id, ids.A));
    expect((await get('delivery')).by_group).toEqual([
      { group: 'RBA', stations: 3, parcels: 4, confirmed_in_time: 1, problems: 1, surfaces: 6, photographed: 0 },
    ]);

    const storeDesign = (await db.select().from(promotionSurfaceDesigns).where(eq(promotionSurfaceDesigns.id, ids.X2)))[0]!.design_id;
    await db.update(designs).set({ category_id: (await db.select().from(categories).where(eq(categories.name, 'Fuel')))[0]!.id }).where(eq(designs.id, storeDesign));
    expect((await get('cost', {}, cm2)).top_stations).toEqual([]);
    expect((await get('cost', {}, cm)).total).toBe('1827.00');
    expect((await get('delivery', {}, cm2)).by_group).toEqual([]);
    // X2's HQ file (ok) was the Store category's only checked file.
    expect((await get('print-quality', {}, cm2)).by_designer).toEqual([]);
    expect((await get('print-quality', {}, cm)).by_designer).toEqual([expect.objectContaining({ files: 3, errors: 1, warnings: 1 })]);
  });

  it('follows the status history and the chat’s files of a design', async () => {
    const db = t.database.db;
    // Fuel holds all four designs since the test above; X2's one round of Correction gives 0.25.
    // A round for X1 as well: two over four.
    await db.insert(designStatusChanges).values({ psd_id: ids.X1, from_status: 'Completed', to_status: 'Correction', cause: 'edit', created_at: at('2020-02-06') });
    const fuel = (await get('turnaround')).by_category.find((r: { category: string }) => r.category === 'Fuel');
    expect(fuel).toMatchObject({ designs: 4, correction_rounds: 0.5 });
    // X2's first sketch (02-01) removed: brief 01-30 → sketch 02-05 is 6 days, not 2; brief → sketch
    // over X1 5, X2 6, X3 5 has its 90th percentile at 5.8 (it was 5 over 2, 5, 5).
    const chat = (await db.select().from(chats).where(eq(chats.psd_id, ids.X2)))[0]!.id;
    await db.delete(chatMessages).where(and(eq(chatMessages.chat_id, chat), eq(chatMessages.message_id, 1)));
    const x2 = (await get('turnaround')).by_category.find((r: { category: string }) => r.category === 'Fuel');
    expect(x2.brief_to_sketch.p90).toBe(5.8);
  });

  it('follows a sent promotion’s percent and a promotion moved to another period', async () => {
    const db = t.database.db;
    // P2: X3 on S2 (30.00 since the first test), 10 at station A; 10 % more is ⌈1⌉: 11 × 30.00.
    await db.update(printReports).set({ percent: 10 }).where(eq(printReports.promotion_id, ids.P2));
    expect((await get('cost')).by_promotion.map((r: { promotion_id: number; total: string }) => [r.promotion_id, r.total])).toEqual([
      [ids.P1, '1527.00'],
      [ids.P2, '330.00'],
    ]);
    // Moved before the range: its costs, its parcel and its surface leave 2020 and are found in 2019.
    await db.update(promotions).set({ period_from: '2019-12-01' }).where(eq(promotions.id, ids.P2));
    const cost = await get('cost');
    expect(cost.by_promotion.map((r: { promotion_id: number }) => r.promotion_id)).toEqual([ids.P1]);
    expect(cost.total).toBe('1527.00');
    expect((await get('delivery')).by_group).toEqual([
      { group: 'RBA', stations: 3, parcels: 3, confirmed_in_time: 1, problems: 1, surfaces: 5, photographed: 0 },
    ]);
    const before = { from: '2019-12-01', to: '2019-12-31' };
    expect((await get('cost', before)).by_month).toEqual([{ month: '2019-12', category_id: expect.any(Number), category: 'Fuel', total: '330.00' }]);
    expect((await get('delivery', before)).late_stations).toEqual([
      expect.objectContaining({ station_id: ids.A, parcels: 1, confirmed_in_time: 0, surfaces: 1, follow_up_promotion_id: ids.P2 }),
    ]);
    expect((await get('turnaround', before)).by_category).toEqual([expect.objectContaining({ category: 'Fuel', designs: 1 })]);
    // X3's HQ file (one bleed warning) went with it.
    expect((await get('print-quality')).by_designer).toEqual([expect.objectContaining({ files: 2, errors: 1, warnings: 0 })]);
    expect((await get('print-quality', before)).by_check).toEqual([{ check: 'bleed', errors: 0, warnings: 1 }]);
  });

  it('follows a design line’s designer and status, also when no status history row is written', async () => {
    const db = t.database.db;
    const p3Brief = (d: { late: { promotion_id: number; milestone: string }[] }) => d.late.some((r) => r.promotion_id === ids.P3 && r.milestone === 'brief');
    expect(p3Brief(await get('deadlines'))).toBe(true);
    // A script moves X4 out of Created without a history row: P3's brief is done, at an unknown moment.
    await db.update(promotionSurfaceDesigns).set({ status: 'Brief' }).where(eq(promotionSurfaceDesigns.id, ids.X4));
    expect(p3Brief(await get('deadlines'))).toBe(false);

    const other = (await db.select().from(users).where(eq(users.email, 'cm-admin@demo.no')))[0]!.id;
    await db.update(promotionSurfaceDesigns).set({ designer_id: other }).where(eq(promotionSurfaceDesigns.id, ids.X1));
    const byDesigner = (await get('turnaround')).by_designer.map((r: { designer_id: number; designs: number }) => [r.designer_id, r.designs]);
    expect(byDesigner.sort()).toEqual([[ids.designer, 2], [other, 1]].sort());
  });

  it('counts an HQ file once its preflight has finished, by the checks it failed, and not after the check is gone', async () => {
    const db = t.database.db;
    const chat = (await db.select().from(chats).where(eq(chats.psd_id, ids.X4)))[0]!.id;
    const [file] = await db.insert(files).values({ storage_key: `innsikt/late-${Date.now()}`, original_name: 'late.pdf', size: 1, content_type: 'application/pdf', sha256: 'x' }).returning();
    await db.insert(filePreflights).values({ file_id: file!.id, status: 'pending' });
    await db.insert(chatMessages).values({ chat_id: chat, message_id: 1, sender_id: ids.designer, type_file: 'HQ', type_extension: 'document', file_id: file!.id, created_at: at('2020-08-01') });
    const p3 = { from: '2020-09-01', to: '2020-09-01' };
    expect((await get('print-quality', p3)).by_designer).toEqual([]);

    const checks = [{ check: 'fonts', level: 'error', values: {} }, { check: 'fonts', level: 'error', values: {} }, { check: 'bleed', level: 'warning', values: {} }];
    await db.update(filePreflights).set({ status: 'errors', checks }).where(eq(filePreflights.file_id, file!.id));
    const d = await get('print-quality', p3);
    expect(d.by_designer).toEqual([expect.objectContaining({ designer_id: ids.designer, files: 1, errors: 1, warnings: 0 })]);
    expect(d.by_check).toEqual([
      { check: 'fonts', errors: 2, warnings: 0 },
      { check: 'bleed', errors: 0, warnings: 1 },
    ]);

    await db.delete(filePreflights).where(eq(filePreflights.file_id, file!.id));
    expect((await get('print-quality', p3)).by_check).toEqual([]);
  });

  it('refreshes 20,000 keys in one statement without filling the lock table', async () => {
    // A surface's new price or the milestone days refresh every promotion at once (migration 0029).
    for (const refresh of ['insight_refresh', 'insight_refresh_steps', 'insight_refresh_hq_checks']) {
      await t.database.db.transaction(async (tx) => {
        await tx.execute(sql`select ${sql.raw(refresh)}(array(select generate_series(1000000, 1020000)))`);
      });
    }
  });
});
