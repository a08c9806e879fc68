import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, count, desc, eq, gt, sql, type SQL } from 'drizzle-orm';
import { company, plannerListQuery, userPromotionsQuery, type Role } from '@promo/shared';
import { auditLog, distributorParcels, plannerAmounts, plannerHistory, promotions, surfaces, users } from '../../db/schema';
import type { AuthContext } from '../../lib/auth-context';
import { AppError } from '../../lib/errors';
import { loadReport } from '../reports/load';
import { createTestApp, type TestApp } from '../../test/test-app';
import { plannerList, saveAmount } from './planner';
import { listUserPromotions } from './user-promotions';

const SAVE = company.saveAmount.path;
const PLANNER = company.planner.path;
const HISTORY = company.history.path;
const PROMOTIONS = company.userPromotions.path;
const USER_PLANNER = company.userPlanner.path;
const detailPath = (id: number | string) => `/company_api/user-promotion/${id}`;

let t: TestApp;
let station: string;
let other: string;
let stationId: number;
let otherId: number;
let adminId: number;
/** Surfaces by their flags: open for users, and locked for users (flag 1). */
let open: { id: number; name: string }[];
let locked: { id: number; name: string }[];

const db = () => t.database.db;
const idOf = async (email: string) => (await db().select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;
const amountOf = async (stationIdArg: number, surfaceId: number) =>
  (await db().select({ amount: plannerAmounts.amount }).from(plannerAmounts).where(and(eq(plannerAmounts.station_id, stationIdArg), eq(plannerAmounts.surface_id, surfaceId))))[0]?.amount;
const historyCount = async (stationIdArg = stationId) =>
  Number((await db().select({ n: count() }).from(plannerHistory).where(eq(plannerHistory.station_id, stationIdArg)))[0]!.n);
const historyOf = (stationIdArg: number, surfaceId: number) =>
  db().select().from(plannerHistory).where(and(eq(plannerHistory.station_id, stationIdArg), eq(plannerHistory.surface_id, surfaceId))).orderBy(asc(plannerHistory.id));
const promotionIdByName = async (name: string) => (await db().select({ id: promotions.id }).from(promotions).where(eq(promotions.name, name)))[0]!.id;

beforeAll(async () => {
  // A database of its own: these tests change planner amounts that the report tests count.
  t = await createTestApp({}, { ownDatabase: true });
  [station, other] = await Promise.all([t.login('user'), t.loginAs('station02@demo.no', 'Demo2026')]);
  [stationId, otherId, adminId] = await Promise.all([idOf('user@demo.no'), idOf('station02@demo.no'), idOf('admin@demo.no')]);
  const all = await db().select({ id: surfaces.id, name: surfaces.name, status: surfaces.status }).from(surfaces).orderBy(asc(surfaces.id));
  open = all.filter((s) => !s.status.includes(1));
  locked = all.filter((s) => s.status.includes(1));
  expect(locked.length).toBeGreaterThan(0);
}, 120_000);
afterAll(() => t.close());

describe('access', () => {
  const calls: [string, 'GET' | 'POST', string, object | undefined][] = [
    ['user promotions', 'GET', PROMOTIONS, undefined],
    ['user promotion', 'GET', detailPath(1), undefined],
    ['planner', 'GET', PLANNER, undefined],
    ['save amount', 'POST', SAVE, { surface_id: 1, amount: 1 }],
    ['history', 'GET', HISTORY, undefined],
    ['user planner', 'GET', USER_PLANNER, undefined],
  ];

  it('refuses every other role with 403 and anonymous callers with 401, changing nothing', async () => {
    const before = await historyCount();
    for (const role of ['admin', 'cm', 'cm-admin', 'designer', 'printer', 'distributor'] as Role[]) {
      const token = await t.login(role);
      for (const [name, method, url, body] of calls) {
        const res = await t.form(method, url, body, token);
        expect(res.statusCode, `${role} ${name}`).toBe(403);
      }
    }
    for (const [name, method, url, body] of calls) {
      expect((await t.form(method, url, body)).statusCode, `anonymous ${name}`).toBe(401);
    }
    expect(await historyCount()).toBe(before);
  });

  it('refuses a company_id, station_id or user_id in any call (422) and never answers with another station', async () => {
    const before = await amountOf(otherId, open[0]!.id);
    for (const field of ['company_id', 'station_id', 'user_id']) {
      for (const [name, method, url, body] of calls) {
        const res = await t.form(method, url, { ...(body ?? {}), [field]: otherId }, station);
        expect(res.statusCode, `${name} with ${field}`).toBe(422);
        expect(res.json().errors[field], `${name} with ${field}`).toEqual(['own_station_only']);
      }
    }
    expect(await amountOf(otherId, open[0]!.id)).toBe(before);
  });

  it("answers 'There is no such company!' when the station behind a session is gone", async () => {
    const [gone] = await db()
      .insert(users)
      .values({ email: `gone.${process.pid}@example.no`, password_hash: 'x', name: 'Stasjon Borte', role: 'user', deleted_at: new Date() })
      .returning({ id: users.id });
    const auth: AuthContext = { user: { id: gone!.id, name: 'Stasjon Borte', surname: '', email: '', role: 'user' }, sessionId: 0, impersonatorId: null };
    const q = plannerListQuery.parse({});
    for (const run of [
      () => plannerList(db(), auth, q),
      () => saveAmount(db(), auth, { surface_id: open[0]!.id, amount: 3 }),
      () => listUserPromotions(db(), auth, userPromotionsQuery.parse({})),
    ]) {
      const err = await run().catch((e: unknown) => e);
      expect(err).toBeInstanceOf(AppError);
      expect(err).toMatchObject({ statusCode: 404, message: 'There is no such company!', key: 'no_such_company' });
    }
    expect(await amountOf(gone!.id, open[0]!.id)).toBeUndefined();
  });
});

describe('GET /company_api/company-planner', () => {
  it('lists every surface with the station’s amounts, vendor code descending by default, and the locked flag', async () => {
    const res = await t.form('GET', PLANNER, {}, station);
    expect(res.statusCode, res.body).toBe(200);
    const { surfaces: rows, total, userSurfacesData } = res.json().data;
    const [all] = await db().select({ n: count() }).from(surfaces);
    expect(total).toBe(Number(all!.n));
    expect(rows).toHaveLength(10);
    const codes = rows.map((r: { vendor_code: number }) => r.vendor_code);
    expect(codes).toEqual([...codes].sort((a, b) => b - a));
    expect(Object.keys(rows[0]).sort()).toEqual(['description', 'id', 'locked', 'name', 'size_surface', 'type_surface', 'url_images', 'vendor_code']);
    for (const row of rows as { id: number; locked: boolean }[]) {
      expect(userSurfacesData[row.id]).toBe((await amountOf(stationId, row.id)) ?? 0);
      expect(row.locked).toBe(locked.some((l) => l.id === row.id));
    }
  });

  it('keeps only surfaces with a quantity, searches each field and sorts every column, with paging', async () => {
    const onlyQ = (await t.form('GET', PLANNER, { only_quantity: 'true', count_show: 100 }, station)).json().data;
    const [positive] = await db()
      .select({ n: count() })
      .from(plannerAmounts)
      .where(and(eq(plannerAmounts.station_id, stationId), gt(plannerAmounts.amount, 0)));
    expect(onlyQ.total).toBe(Number(positive!.n));
    expect(Object.values(onlyQ.userSurfacesData).every((a) => (a as number) > 0)).toBe(true);

    for (const [field, value] of [['name', 'plakat'], ['type', 'Banner'], ['size', 'H50'], ['description', 'kasse'], ['vendor_code', '1001'], ['categories', 'fuel']]) {
      const res = await t.form('GET', PLANNER, { obj_search: { field, input_value: value }, count_show: 100 }, station);
      expect(res.statusCode).toBe(200);
      expect(res.json().data.total, `${field}=${value}`).toBeGreaterThan(0);
      expect(res.json().data.total).toBeLessThan(200);
    }
    const byName = (await t.form('GET', PLANNER, { sort_by: 'name', sort_count: 2, count_show: 100 }, station)).json().data.surfaces.map((s: { name: string }) => s.name);
    expect(byName).toEqual([...byName].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const byAmount = (await t.form('GET', PLANNER, { sort_by: 'amount', sort_count: 1, count_show: 100 }, station)).json().data;
    const amounts = byAmount.surfaces.map((s: { id: number }) => byAmount.userSurfacesData[s.id]);
    expect(amounts).toEqual([...amounts].sort((a, b) => b - a));
    for (const sort_by of ['vendor_code', 'type_surface', 'size_surface', 'description']) {
      for (const sort_count of [0, 1, 2]) expect((await t.form('GET', PLANNER, { sort_by, sort_count }, station)).statusCode).toBe(200);
    }
    const page2 = (await t.form('GET', PLANNER, { count_show: 10, start_index: 10 }, station)).json().data.surfaces;
    const first20 = (await t.form('GET', PLANNER, { count_show: 20 }, station)).json().data.surfaces;
    expect(page2.map((s: { id: number }) => s.id)).toEqual(first20.slice(10).map((s: { id: number }) => s.id));
    expect((await t.form('GET', PLANNER, { sort_by: 'price' }, station)).statusCode).toBe(422);
    expect((await t.form('GET', PLANNER, { count_show: 1000 }, station)).statusCode).toBe(422);
  });

  it('shows each station its own amounts only', async () => {
    const surfaceId = open[1]!.id;
    await saveAs(other, surfaceId, 41);
    await saveAs(station, surfaceId, 17);
    const mine = (await t.form('GET', PLANNER, { obj_search: { field: 'name', input_value: open[1]!.name }, count_show: 100 }, station)).json().data;
    const theirs = (await t.form('GET', PLANNER, { obj_search: { field: 'name', input_value: open[1]!.name }, count_show: 100 }, other)).json().data;
    expect(mine.userSurfacesData[surfaceId]).toBe(17);
    expect(theirs.userSurfacesData[surfaceId]).toBe(41);
  });
});

async function saveAs(token: string, surface_id: number | string, amount: number | string) {
  return t.form('POST', SAVE, { surface_id, amount }, token);
}

describe('POST save-amount-company-planner', () => {
  it('saves an amount and writes exactly one history row (old, new, who)', async () => {
    const surfaceId = open[2]!.id;
    const old = (await amountOf(stationId, surfaceId)) ?? 0;
    const next = old + 5;
    const before = await historyOf(stationId, surfaceId);
    const res = await saveAs(station, surfaceId, String(next));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'success', message_key: 'amount_saved', data: { surface_id: surfaceId, amount: next, changed: true } });
    expect(await amountOf(stationId, surfaceId)).toBe(next);
    const after = await historyOf(stationId, surfaceId);
    expect(after).toHaveLength(before.length + 1);
    expect(after.at(-1)).toMatchObject({ old_value: old, new_value: next, changed_by: stationId, station_id: stationId });
    const [audit] = await db().select().from(auditLog).where(eq(auditLog.action, 'save_planner_amount')).orderBy(desc(auditLog.id)).limit(1);
    expect(audit).toMatchObject({ actor_id: stationId, entity: 'planner_amounts', before: { amount: old }, after: { amount: next } });
  });

  it('saving the same amount again is a no-op without a history row', async () => {
    const surfaceId = open[2]!.id;
    const current = (await amountOf(stationId, surfaceId))!;
    const before = await historyCount();
    const res = await saveAs(station, surfaceId, current);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message_key: 'amount_unchanged', data: { amount: current, changed: false } });
    expect(await historyCount()).toBe(before);
  });

  it('creates the row for a surface the station had no amount for; 0 is allowed', async () => {
    const surfaceId = open[3]!.id;
    await db().delete(plannerAmounts).where(and(eq(plannerAmounts.station_id, stationId), eq(plannerAmounts.surface_id, surfaceId)));
    expect((await saveAs(station, surfaceId, 4)).statusCode).toBe(200);
    expect(await amountOf(stationId, surfaceId)).toBe(4);
    expect((await historyOf(stationId, surfaceId)).at(-1)).toMatchObject({ old_value: 0, new_value: 4 });
    expect((await saveAs(station, surfaceId, '0')).statusCode).toBe(200);
    expect(await amountOf(stationId, surfaceId)).toBe(0);
  });

  it('refuses bad amounts, unknown and locked surfaces with 422 and changes nothing', async () => {
    const surfaceId = open[4]!.id;
    const amount = await amountOf(stationId, surfaceId);
    const history = await historyCount();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ surface_id: surfaceId, amount: '-1' }, 'amount', 'amount_digits_only'],
      [{ surface_id: surfaceId, amount: '1.5' }, 'amount', 'amount_digits_only'],
      [{ surface_id: surfaceId, amount: 'abc' }, 'amount', 'amount_digits_only'],
      [{ surface_id: surfaceId, amount: '+3' }, 'amount', 'amount_digits_only'],
      [{ surface_id: surfaceId, amount: '1e3' }, 'amount', 'amount_digits_only'],
      [{ surface_id: surfaceId, amount: '' }, 'amount', 'amount_digits_only'],
      [{ surface_id: surfaceId }, 'amount', 'amount_digits_only'],
      [{ surface_id: surfaceId, amount: '99999999' }, 'amount', 'amount_too_large'],
      [{ surface_id: surfaceId, amount: ['1', '2'] }, 'amount', 'amount_digits_only'],
      [{ surface_id: 'abc', amount: 1 }, 'surface_id', ''],
      [{ amount: 1 }, 'surface_id', ''],
      [{ surface_id: 2_000_000_000, amount: 1 }, 'surface_id', 'surface_not_found'],
      [{ surface_id: locked[0]!.id, amount: 1 }, 'surface_id', 'surface_locked_for_users'],
    ];
    for (const [body, field, key] of cases) {
      const res = await t.form('POST', SAVE, body, station);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      const errors = res.json().errors;
      expect(errors?.[field], JSON.stringify(body)).toBeTruthy();
      if (key) expect(errors[field]).toEqual([key]);
    }
    const lockedRes = await saveAs(station, locked[0]!.id, 1);
    expect(lockedRes.json()).toMatchObject({ message: 'The surface is locked for users', message_key: 'surface_locked_for_users' });
    expect(await amountOf(stationId, surfaceId)).toBe(amount);
    expect(await historyCount()).toBe(history);
  });

  it('records the admin who signed in as the station as the one who changed it', async () => {
    const admin = await t.login('admin');
    const as = await t.form('POST', '/api/auth/to-re-login', { user_id: stationId }, admin);
    expect(as.statusCode, as.body).toBe(200);
    const token = `Bearer ${as.json().data.bearerToken}`;
    const surfaceId = open[5]!.id;
    const old = (await amountOf(stationId, surfaceId)) ?? 0;
    expect((await saveAs(token, surfaceId, old + 2)).statusCode).toBe(200);
    expect((await historyOf(stationId, surfaceId)).at(-1)).toMatchObject({ station_id: stationId, changed_by: adminId, old_value: old, new_value: old + 2 });
    const history = (await t.form('GET', HISTORY, {}, station)).json().data.history;
    expect(history[0]).toMatchObject({ user_name: 'Ingrid Admin', old_value: old, new_value: old + 2 });
  });

  it('two simultaneous saves of the same surface leave two history rows, chained, and the later amount', async () => {
    const surfaceId = open[6]!.id;
    const start = (await amountOf(stationId, surfaceId)) ?? 0;
    const before = (await historyOf(stationId, surfaceId)).length;
    const results = await Promise.all([saveAs(station, surfaceId, start + 10), saveAs(station, surfaceId, start + 20)]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
    const rows = (await historyOf(stationId, surfaceId)).slice(before);
    expect(rows).toHaveLength(2);
    expect(rows[0]!.old_value).toBe(start);
    expect(rows[1]!.old_value).toBe(rows[0]!.new_value);
    expect([rows[0]!.new_value, rows[1]!.new_value].sort()).toEqual([start + 10, start + 20].sort());
    expect(await amountOf(stationId, surfaceId)).toBe(rows[1]!.new_value);
  });

  it('many simultaneous saves, also on a surface without a row yet, never lose a history row', async () => {
    const surfaceId = open[7]!.id;
    await db().delete(plannerAmounts).where(and(eq(plannerAmounts.station_id, stationId), eq(plannerAmounts.surface_id, surfaceId)));
    const before = (await historyOf(stationId, surfaceId)).length;
    const values = [11, 12, 13, 14, 15, 16];
    const results = await Promise.all(values.map((v) => saveAs(station, surfaceId, v)));
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    const rows = (await historyOf(stationId, surfaceId)).slice(before);
    expect(rows).toHaveLength(values.length);
    expect(rows[0]!.old_value).toBe(0);
    for (let i = 1; i < rows.length; i++) expect(rows[i]!.old_value).toBe(rows[i - 1]!.new_value);
    expect(rows.map((r) => r.new_value).sort()).toEqual(values);
    expect(await amountOf(stationId, surfaceId)).toBe(rows.at(-1)!.new_value);
  });
});

describe('POST save-amount-company-planner with an Idempotency-Key (the offline queue)', () => {
  const saveWithKey = (token: string, surface_id: number, amount: number, key: string) =>
    t.app.inject({
      method: 'POST',
      url: SAVE,
      headers: { authorization: token, 'content-type': 'application/x-www-form-urlencoded', 'idempotency-key': key },
      payload: new URLSearchParams({ surface_id: String(surface_id), amount: String(amount) }).toString(),
    });

  it('a repeat gets the first answer and writes no second history row, even after the amount was changed since', async () => {
    const surfaceId = open[8]!.id;
    const start = (await amountOf(stationId, surfaceId)) ?? 0;
    const before = (await historyOf(stationId, surfaceId)).length;
    const key = randomUUID();
    const first = await saveWithKey(station, surfaceId, start + 5, key);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    // The desk changes it meanwhile; then the phone, which never saw its answer, sends its amount again.
    expect((await saveAs(station, surfaceId, start + 9)).statusCode).toBe(200);
    const again = await saveWithKey(station, surfaceId, start + 5, key);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await amountOf(stationId, surfaceId)).toBe(start + 9);
    const rows = (await historyOf(stationId, surfaceId)).slice(before);
    expect(rows.map((r) => [r.old_value, r.new_value])).toEqual([
      [start, start + 5],
      [start + 5, start + 9],
    ]);
  });

  it('20 parallel sends of one key save once: one history row, one audit row, the others replay or wait (409)', async () => {
    const surfaceId = open[9]!.id;
    const start = (await amountOf(stationId, surfaceId)) ?? 0;
    const before = (await historyOf(stationId, surfaceId)).length;
    const audits = async () => Number((await db().select({ n: count() }).from(auditLog).where(eq(auditLog.action, 'save_planner_amount')))[0]!.n);
    const auditsBefore = await audits();
    const key = randomUUID();
    const results = await Promise.all(Array.from({ length: 20 }, () => saveWithKey(station, surfaceId, start + 3, key)));
    expect(results.every((r) => r.statusCode === 200 || r.statusCode === 409), results.map((r) => r.statusCode).join()).toBe(true);
    expect(results.filter((r) => r.statusCode === 200 && r.headers['idempotent-replayed'] === undefined)).toHaveLength(1);
    expect(await historyOf(stationId, surfaceId)).toHaveLength(before + 1);
    expect(await audits()).toBe(auditsBefore + 1);
    expect(await amountOf(stationId, surfaceId)).toBe(start + 3);
  });

  it('a refused save frees its key: the same key may act once the surface can be saved', async () => {
    const key = randomUUID();
    const refused = await saveWithKey(station, locked[0]!.id, 5, key);
    expect(refused.statusCode).toBe(422);
    const surfaceId = open[10]!.id;
    const start = (await amountOf(stationId, surfaceId)) ?? 0;
    // The same key on another body of the same call is the device's retry of a refused action: it acts.
    const res = await saveWithKey(station, surfaceId, start + 2, key);
    expect(res.statusCode).toBe(200);
    expect(res.headers['idempotent-replayed']).toBeUndefined();
    expect(await amountOf(stationId, surfaceId)).toBe(start + 2);
  });

  it('one station’s key is not another’s: the same key from another station saves for that station', async () => {
    const surfaceId = open[11]!.id;
    const key = randomUUID();
    const mine = await saveWithKey(station, surfaceId, 21, key);
    const theirs = await saveWithKey(other, surfaceId, 22, key);
    expect([mine.statusCode, theirs.statusCode]).toEqual([200, 200]);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
    expect(await amountOf(stationId, surfaceId)).toBe(21);
    expect(await amountOf(otherId, surfaceId)).toBe(22);
  });
});

describe('GET /company_api/history-planner', () => {
  it('pages the station’s own history, newest first by default, sortable by time, user_name and surface_name', async () => {
    // One change of the other station, which must not show.
    await saveAs(other, open[8]!.id, ((await amountOf(otherId, open[8]!.id)) ?? 0) + 1);
    const res = await t.form('GET', HISTORY, { count_show: 100 }, station);
    expect(res.statusCode).toBe(200);
    const { history, total } = res.json().data;
    expect(total).toBe(await historyCount());
    expect(history.length).toBe(Math.min(total, 100));
    expect(Object.keys(history[0]).sort()).toEqual(['id', 'new_value', 'old_value', 'surface_name', 'updated_at', 'user_name']);
    const times = history.map((h: { updated_at: string }) => h.updated_at);
    expect(times).toEqual([...times].sort().reverse());
    const own = await db().select({ id: plannerHistory.id }).from(plannerHistory).where(eq(plannerHistory.station_id, stationId));
    expect(history.map((h: { id: number }) => h.id).sort()).toEqual(own.map((r) => r.id).sort());
    expect(history.map((h: { user_name: string }) => h.user_name)).toContain('Stasjon Majorstuen');

    const asc2 = (await t.form('GET', HISTORY, { sort_by: 'time', sort_count: 2, count_show: 100 }, station)).json().data.history;
    expect(asc2.map((h: { id: number }) => h.id)).toEqual(history.map((h: { id: number }) => h.id).reverse());
    // The database's own collation decides the order: compare with the same ORDER BY.
    const expectedOrder = async (column: SQL) =>
      (
        await db()
          .select({ id: plannerHistory.id })
          .from(plannerHistory)
          .innerJoin(surfaces, eq(surfaces.id, plannerHistory.surface_id))
          .leftJoin(users, eq(users.id, plannerHistory.changed_by))
          .where(eq(plannerHistory.station_id, stationId))
          .orderBy(asc(column), asc(plannerHistory.id))
      ).map((r) => r.id);
    const byUser = (await t.form('GET', HISTORY, { sort_by: 'user_name', sort_count: 2, count_show: 100 }, station)).json().data.history;
    expect(byUser.map((h: { id: number }) => h.id)).toEqual(await expectedOrder(sql`trim(concat_ws(' ', ${users.name}, nullif(${users.surname}, '')))`));
    const bySurface = (await t.form('GET', HISTORY, { sort_by: 'surface_name', sort_count: 2, count_show: 100 }, station)).json().data.history;
    expect(bySurface.map((h: { id: number }) => h.id)).toEqual(await expectedOrder(sql`${surfaces.name}`));
    const bySurfaceDesc = (await t.form('GET', HISTORY, { sort_by: 'surface_name', sort_count: 1, count_show: 100 }, station)).json().data.history;
    expect(bySurfaceDesc.map((h: { surface_name: string }) => h.surface_name)).toEqual(bySurface.map((h: { surface_name: string }) => h.surface_name).reverse());
    const paged = (await t.form('GET', HISTORY, { count_show: 2, start_index: 1 }, station)).json().data;
    expect(paged.total).toBe(total);
    expect(paged.history.map((h: { id: number }) => h.id)).toEqual(history.slice(1, 3).map((h: { id: number }) => h.id));
    expect((await t.form('GET', HISTORY, { sort_by: 'old_value' }, station)).statusCode).toBe(422);
  });

  it('is empty for a station without changes', async () => {
    const fresh = await t.loginAs('station05@demo.no', 'Demo2026');
    expect((await t.form('GET', HISTORY, {}, fresh)).json().data).toEqual({ history: [], total: 0 });
  });
});

describe('GET /company_api/users/get-user-company-planner', () => {
  it('returns every amount of the station and the distributor of system settings', async () => {
    const res = await t.form('GET', USER_PLANNER, undefined, station);
    expect(res.statusCode).toBe(200);
    const { surfacesArr, distributor } = res.json().data;
    const rows = await db().select({ surface_id: plannerAmounts.surface_id, amount: plannerAmounts.amount }).from(plannerAmounts).where(eq(plannerAmounts.station_id, stationId)).orderBy(asc(plannerAmounts.surface_id));
    expect(surfacesArr).toEqual(rows);
    expect(distributor).toMatchObject({ name: expect.any(String), address: expect.any(String), phone: expect.any(String) });
    expect(distributor.name.length).toBeGreaterThan(0);
  });
});

describe('user promotions', () => {
  /** Promotions shown to users with a design the station receives with an amount above 0, or delivered to it. */
  async function expectedIds(id: number) {
    const rows = await db().select({ id: promotions.id, show: promotions.show_in_user_promotions }).from(promotions);
    const delivered = await db().select({ promotion_id: distributorParcels.promotion_id }).from(distributorParcels).where(eq(distributorParcels.station_id, id));
    const ids: number[] = [];
    for (const p of rows) {
      if (!p.show) continue;
      const report = await loadReport(db(), p.id);
      if (report.cells.get(id)?.size || delivered.some((d) => d.promotion_id === p.id)) ids.push(p.id);
    }
    return ids.sort((a, b) => a - b);
  }

  it('lists only promotions shown to users that hold a design the station receives (same shape as /api/promotions)', async () => {
    for (const [token, id] of [[station, stationId], [other, otherId]] as const) {
      const res = await t.form('GET', PROMOTIONS, { count_show: 100 }, token);
      expect(res.statusCode, res.body).toBe(200);
      const data = res.json().data;
      expect(data.config_promotion_status).toHaveLength(5);
      expect(data.total).toBe(data.promotions.length);
      const ids = data.promotions.map((p: { id: number }) => p.id).sort((a: number, b: number) => a - b);
      expect(ids).toEqual(await expectedIds(id));
      expect(ids.length).toBeGreaterThan(0);
    }
    const names = (await t.form('GET', PROMOTIONS, { count_show: 100 }, station)).json().data.promotions.map((p: { name: string }) => p.name);
    expect(names).toContain('Nyttårskampanje');
    expect(names).not.toContain('Sommerkampanje'); // a draft, not shown to users
    const search = (await t.form('GET', PROMOTIONS, { obj_search: { field: 'name', input_value: 'nyttår' } }, station)).json().data;
    expect(search.promotions.map((p: { name: string }) => p.name)).toEqual(['Nyttårskampanje']);
  });

  it('hides a promotion once it is no longer shown to users, and answers 404 for its detail', async () => {
    const id = await promotionIdByName('Vinterkampanje');
    expect((await t.form('GET', detailPath(id), undefined, station)).statusCode).toBe(200);
    await db().update(promotions).set({ show_in_user_promotions: false }).where(eq(promotions.id, id));
    try {
      const ids = (await t.form('GET', PROMOTIONS, { count_show: 100 }, station)).json().data.promotions.map((p: { id: number }) => p.id);
      expect(ids).not.toContain(id);
      expect((await t.form('GET', detailPath(id), undefined, station)).statusCode).toBe(404);
    } finally {
      await db().update(promotions).set({ show_in_user_promotions: true }).where(eq(promotions.id, id));
    }
    expect((await t.form('GET', detailPath(2_000_000_000), undefined, station)).statusCode).toBe(404);
    expect((await t.form('GET', detailPath('abc'), undefined, station)).statusCode).toBe(422);
    const draft = await promotionIdByName('Sommerkampanje');
    expect((await t.form('GET', detailPath(draft), undefined, station)).statusCode).toBe(404);
  });

  it('shows a delivered promotion with amounts, tracker links and only the station’s own parcels', async () => {
    const id = await promotionIdByName('Nyttårskampanje');
    const mine = (await t.form('GET', detailPath(id), undefined, station)).json().data;
    const theirs = (await t.form('GET', detailPath(id), undefined, other)).json().data;
    expect(mine.promotion).toMatchObject({ id, name: 'Nyttårskampanje' });
    expect(mine.surfaces.length).toBeGreaterThan(0);
    const parcels = await db().select().from(distributorParcels).where(and(eq(distributorParcels.promotion_id, id), eq(distributorParcels.station_id, stationId)));
    expect(mine.distributor_parcels.map((p: { id: number }) => p.id).sort()).toEqual(parcels.map((p) => p.id).sort());
    for (const row of mine.surfaces) {
      expect(row.design.data.status).toBe('Completed');
      expect(row.sent).not.toBeNull();
      expect(row.sent.amount).toBeGreaterThan(0);
      expect(parcels.map((p) => p.tracker_number)).toContain(row.sent.tracker_number);
      expect(row.sent.tracker_url).toBe(`https://sporing.posten.no/sporing/${row.sent.tracker_number}`);
    }
    const myTrackers = new Set(mine.distributor_parcels.map((p: { tracker_number: string }) => p.tracker_number));
    expect(theirs.distributor_parcels.length).toBeGreaterThan(0);
    for (const p of theirs.distributor_parcels) expect(myTrackers.has(p.tracker_number)).toBe(false);
  });

  it('shows a partly delivered promotion: design status for every row, parcel details only once sent', async () => {
    const id = await promotionIdByName('Kaffekampanje');
    const report = await loadReport(db(), id);
    const due = [...report.cells.keys()];
    const reached = new Set((await db().select({ s: distributorParcels.station_id }).from(distributorParcels).where(eq(distributorParcels.promotion_id, id))).map((r) => r.s));
    const waiting = due.find((s) => !reached.has(s));
    expect(waiting).toBeDefined();
    const [who] = await db().select({ email: users.email }).from(users).where(eq(users.id, waiting!));
    const token = await t.loginAs(who!.email, 'Demo2026');
    const data = (await t.form('GET', detailPath(id), undefined, token)).json().data;
    expect(data.surfaces.map((r: { id: number }) => r.id).sort()).toEqual([...report.cells.get(waiting!)!.keys()].sort());
    for (const row of data.surfaces) {
      expect(row.sent).toBeNull();
      expect(row.planned_amount).toBe(report.cells.get(waiting!)!.get(row.id));
    }
    expect(data.distributor_parcels).toEqual([]);
  });

  it('a planned amount shows in the admin’s report of a promotion whose design the station receives', async () => {
    const id = await promotionIdByName('Vinterkampanje');
    const detail = (await t.form('GET', detailPath(id), undefined, station)).json().data;
    const row = detail.surfaces.find((r: { surface: { id: number } }) => !locked.some((l) => l.id === r.surface.id));
    expect(row).toBeDefined();
    expect((await saveAs(station, row.surface.id, 37)).statusCode).toBe(200);
    const admin = await t.login('admin');
    const report = (await t.form('GET', '/api/promotions/promotion-report-view', { promotion_id: id }, admin)).json().data;
    const cell = report.user_obj.find((r: { id: number }) => r.id === stationId).surfaces.find((c: { id: number }) => c.id === row.id);
    expect(cell.amount).toBe(37);
  });
});
