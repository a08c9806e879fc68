import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { promotions } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';

// A period is a pair of calendar days in Oslo (decision 012), whatever zone the client or the
// server runs in: what is sent as an ISO time names the day it is in Oslo at that instant.
let t: TestApp;
let admin: string;
let dataDir: string;
beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'promo-period-days-'));
  t = await createTestApp({ DATA_DIR: dataDir });
  admin = await t.login('admin');
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** The day on an Oslo calendar at an instant, written out here rather than taken from the code under test. */
const osloDay = (at: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Oslo', year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
const uniqueName = () => `Periodedager ${Date.now()}${Math.floor(Math.random() * 1000)}`;
type Answered = { id: number; name: string; period: { from: string; to: string } };

async function create(period_from: string, period_to: string): Promise<Answered> {
  const res = await t.form('POST', '/api/promotions', { name: uniqueName(), period_from, period_to }, admin);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.promotion;
}

const listed = async (date_picker: { from?: string; to?: string }, id: number) => {
  const res = await t.form('GET', '/api/promotions', { obj_search: { date_picker }, count_show: 100, sort_by: 'created_at' }, admin);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.promotions.some((p: { id: number }) => p.id === id) as boolean;
};

describe('a promotion period is two Oslo calendar days', () => {
  it('stores and answers an ISO time at 23:00Z as the next day, which it is in Oslo', async () => {
    // Midnight in Oslo on 1 and 23 December is 23:00 UTC the evening before.
    const p = await create('2026-11-30T23:00:00.000Z', '2026-12-22T23:00:00.000Z');
    expect(p.period).toEqual({ from: '2026-12-01', to: '2026-12-23' });
    const [row] = await t.database.db.select().from(promotions).where(eq(promotions.id, p.id));
    expect([row!.period_from, row!.period_to]).toEqual(['2026-12-01', '2026-12-23']);
    // Read back, it names the same days.
    const read = await t.form('GET', `/api/promotions/${p.id}`, {}, admin);
    expect(read.json().data.promotion.period).toEqual({ from: '2026-12-01', to: '2026-12-23' });
  });

  it('answers a day sent as a day unchanged, and the last moment of an Oslo day as that day', async () => {
    expect((await create('2026-12-01', '2026-12-23')).period).toEqual({ from: '2026-12-01', to: '2026-12-23' });
    // 23:59:59.999 in Oslo (summer time, UTC+2) and in Los Angeles' evening are still the Oslo day.
    expect((await create('2027-06-01T00:00:00+02:00', '2027-06-30T21:59:59.999Z')).period).toEqual({ from: '2027-06-01', to: '2027-06-30' });
    expect((await create('2026-12-01T10:00:00-08:00', '2026-12-23T14:59:59.999-08:00')).period).toEqual({ from: '2026-12-01', to: '2026-12-23' });
  });

  it('changes one end by its Oslo day, and compares the merged ends as days', async () => {
    const p = await create('2026-12-01', '2026-12-23');
    const moved = await t.form('PUT', `/api/promotions/${p.id}`, { period_to: '2026-12-30T23:00:00.000Z' }, admin);
    expect(moved.json().data.promotion.period).toEqual({ from: '2026-12-01', to: '2026-12-31' });
    // An end on the start's own day is a one-day period; the day before is refused.
    const sameDay = await t.form('PUT', `/api/promotions/${p.id}`, { period_to: '2026-11-30T23:30:00.000Z' }, admin);
    expect(sameDay.json().data.promotion.period).toEqual({ from: '2026-12-01', to: '2026-12-01' });
    const before = await t.form('PUT', `/api/promotions/${p.id}`, { period_to: '2026-11-30T22:59:59.999Z' }, admin);
    expect(before.statusCode).toBe(422);
    expect(before.json().errors).toEqual({ period_to: ['period_valid_dates'] });
  });
});

describe('the date range of the lists, at the edges of the period', () => {
  it('keeps a period from its first Oslo day to 23:59:59.999 Oslo time of its last', async () => {
    const p = await create('2026-12-01', '2026-12-23');
    // The range starting on the last day, as a day or as the last moment of that day in Oslo.
    expect(await listed({ from: '2026-12-23' }, p.id)).toBe(true);
    expect(await listed({ from: '2026-12-23T22:59:59.999Z' }, p.id)).toBe(true);
    // One moment later it is 24 December in Oslo: the period has ended.
    expect(await listed({ from: '2026-12-24' }, p.id)).toBe(false);
    expect(await listed({ from: '2026-12-23T23:00:00.000Z' }, p.id)).toBe(false);
    // A range ending on the first day keeps it, the day before does not.
    expect(await listed({ from: '2026-11-01', to: '2026-12-01' }, p.id)).toBe(true);
    expect(await listed({ from: '2026-11-01', to: '2026-11-30T22:59:59.999Z' }, p.id)).toBe(false);
    expect(await listed({ from: '2026-11-01', to: '2026-11-30T23:00:00.000Z' }, p.id)).toBe(true);
  });

  it('counts a promotion ending today in Oslo as active all day, and one that ended yesterday not', async () => {
    const today = osloDay(new Date());
    const yesterday = osloDay(new Date(Date.now() - 24 * 3600_000));
    const lastDayToday = await create(yesterday, today);
    const ended = await create(yesterday, yesterday);
    const res = await t.form('GET', '/api/promotions', { obj_search: { only_active: 'true' }, count_show: 100, sort_by: 'created_at' }, admin);
    const ids = res.json().data.promotions.map((p: { id: number }) => p.id);
    expect(ids).toContain(lastDayToday.id);
    expect(ids).not.toContain(ended.id);
  });
});

describe('the period row of the Excel report', () => {
  it('writes the Oslo days as dd.mm.yyyy', async () => {
    const p = await create('2026-11-30T23:00:00.000Z', '2026-12-23');
    const made = await t.form('POST', '/api/xl-file/make-file', { promotion_id: p.id, promotion_name: p.name }, admin);
    expect(made.statusCode, made.body).toBe(200);
    const res = await t.app.inject({ method: 'GET', url: made.json().data.file, headers: { authorization: admin } });
    expect(res.statusCode).toBe(200);
    const file = path.join(dataDir, 'period.xlsx');
    fs.writeFileSync(file, res.rawPayload);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(file);
    expect(wb.worksheets[0]!.getRow(2).getCell(1).value).toBe('01.12.2026 – 23.12.2026');
  });
});
