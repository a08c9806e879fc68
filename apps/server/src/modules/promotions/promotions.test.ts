import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { osloDay } from '@promo/shared';
import { promotionEvents, promotions, users } from '../../db/schema';
import { pngImage } from '../../test/images';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let admin: string;
let cmId: number;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  cmId = (await t.database.db.select().from(users).where(eq(users.email, 'cm@demo.no')))[0]!.id;
});
afterAll(() => t.close());

const body = (over: Record<string, unknown> = {}) => ({
  name: `Kampanje ${Date.now()}${Math.floor(Math.random() * 1000)}`,
  period_from: '2027-03-01',
  period_to: '2027-03-31T23:59:59.999Z',
  description: '<p>Brief</p>',
  manager_id: cmId,
  show_in_user_promotions: 'true',
  ...over,
});

async function create(over: Record<string, unknown> = {}, token = admin) {
  const res = await t.form('POST', '/api/promotions', body(over), token);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.promotion as { id: number; name: string; status: number };
}

describe('GET /api/promotions', () => {
  it('lists promotions by name descending with the status names', async () => {
    const res = await t.form('GET', '/api/promotions', {}, await t.login('designer'));
    expect(res.statusCode).toBe(200);
    const { promotions: rows, total, config_promotion_status } = res.json().data;
    expect(config_promotion_status).toEqual(['Draft', 'Designer working', 'Designer completed', 'Printed by the printer', 'Sent by the distributor']);
    expect(total).toBeGreaterThanOrEqual(4);
    const names = rows.map((r: { name: string }) => r.name);
    expect(names).toEqual([...names].sort((a: string, b: string) => (a < b ? 1 : a > b ? -1 : 0)));
    expect(rows[0]).toHaveProperty('period.from');
  });

  it('filters by name, only active and an overlapping date range', async () => {
    const p = await create({ name: `Vinterkaffe ${Date.now()}`, period_from: '2031-01-10', period_to: '2031-01-20' });
    const byName = await t.form('GET', '/api/promotions', { obj_search: { input_value: 'vinterkaffe' } }, admin);
    expect(byName.json().data.promotions.map((r: { id: number }) => r.id)).toContain(p.id);
    const inRange = await t.form('GET', '/api/promotions', { obj_search: { date_picker: { from: '2031-01-15', to: '2031-02-01T23:59:59.999Z' } }, count_show: 100 }, admin);
    expect(inRange.json().data.promotions.map((r: { id: number }) => r.id)).toContain(p.id);
    const outside = await t.form('GET', '/api/promotions', { obj_search: { date_picker: { from: '2031-02-01', to: '2031-03-01' } }, count_show: 100 }, admin);
    expect(outside.json().data.promotions.map((r: { id: number }) => r.id)).not.toContain(p.id);
    const active = await t.form('GET', '/api/promotions', { obj_search: { only_active: 'true' }, count_show: 100 }, admin);
    const ended = active.json().data.promotions.filter((r: { period: { to: string } }) => r.period.to < osloDay(new Date()));
    expect(ended).toEqual([]);
    const bad = await t.form('GET', '/api/promotions', { obj_search: { date_picker: { from: 'soon' } } }, admin);
    expect(bad.statusCode).toBe(422);
  });

  it('refuses printer, distributor and station', async () => {
    for (const role of ['printer', 'distributor', 'user'] as const) {
      expect((await t.form('GET', '/api/promotions', {}, await t.login(role))).statusCode).toBe(403);
    }
  });
});

describe('promotion changes', () => {
  it('creates a draft with a created event, reads it back, edits and deletes it', async () => {
    const p = await create();
    expect(p.status).toBe(0);
    const read = await t.form('GET', `/api/promotions/${p.id}`, undefined, admin);
    expect(read.json().data.history).toHaveProperty('created');
    expect(read.json().data.promotion).toMatchObject({ manager_id: cmId, show_in_user_promotions: true, notify_admin: null });
    const edited = await t.form('PUT', `/api/promotions/${p.id}`, body({ name: 'Nytt kampanjenavn', show_in_user_promotions: 'false' }), admin);
    expect(edited.json().data.promotion).toMatchObject({ name: 'Nytt kampanjenavn', show_in_user_promotions: false });
    expect((await t.form('DELETE', `/api/promotions/${p.id}`, undefined, admin)).statusCode).toBe(200);
    expect((await t.form('GET', `/api/promotions/${p.id}`, undefined, admin)).statusCode).toBe(404);
  });

  it('validates name, dates and manager', async () => {
    const designer = (await t.database.db.select().from(users).where(eq(users.email, 'designer@demo.no')))[0]!.id;
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: 'A' }, 'name', 'name_min_2_chars'],
      [{ period_from: '' }, 'period_from', 'start_date_required'],
      [{ period_to: undefined }, 'period_to', 'end_date_required'],
      [{ period_from: 'not a date' }, 'period_from', 'period_valid_dates'],
      [{ period_from: '2027-04-01', period_to: '2027-03-01' }, 'period_to', 'period_valid_dates'],
      [{ manager_id: designer }, 'manager_id', 'manager_not_cm'],
    ];
    for (const [over, field, key] of cases) {
      const res = await t.form('POST', '/api/promotions', body(over), admin);
      expect(res.statusCode, JSON.stringify(over)).toBe(422);
      expect(res.json().errors[field], JSON.stringify(res.json().errors)).toContain(key);
    }
  });

  it('lets a cm create but only admin and cm-admin edit and delete', async () => {
    const cm = await t.login('cm');
    const p = await create({}, cm);
    expect((await t.form('PUT', `/api/promotions/${p.id}`, body(), cm)).statusCode).toBe(403);
    expect((await t.form('DELETE', `/api/promotions/${p.id}`, undefined, cm)).statusCode).toBe(403);
    expect((await t.form('POST', '/api/promotions', body(), await t.login('designer'))).statusCode).toBe(403);
    expect((await t.form('PUT', `/api/promotions/${p.id}`, body(), await t.login('cm-admin'))).statusCode).toBe(200);
  });

  it('notifies the admin once: status 1 and the event in the history; simultaneous calls succeed once', async () => {
    const p = await create();
    const answers = await Promise.all(Array.from({ length: 20 }, () => t.form('POST', '/api/promotions/notify-admin-about-promotion', { promotion_id: p.id }, admin)));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    for (const again of answers.filter((a) => a.statusCode !== 200)) expect(again.json()).toMatchObject({ errors: { promotion_id: ['admin_already_notified'] } });
    const [row] = await t.database.db.select().from(promotions).where(eq(promotions.id, p.id));
    expect(row).toMatchObject({ status: 1, notify_admin: 1 });
    const events = await t.database.db
      .select()
      .from(promotionEvents)
      .where(and(eq(promotionEvents.promotion_id, p.id), eq(promotionEvents.event, 'notify_admin')));
    expect(events).toHaveLength(1);
    expect((await t.form('POST', '/api/promotions/notify-admin-about-promotion', { promotion_id: 99999999 }, admin)).statusCode).toBe(422);
  });

  it('get-all-cm-i lists cm and cm-admin users', async () => {
    const res = await t.form('GET', '/api/promotions/get-all-cm-i', undefined, admin);
    const roles = new Set(res.json().data.cm_users.map((u: { role: string }) => u.role));
    expect([...roles].sort()).toEqual(['cm', 'cm-admin']);
  });

  it('sets a promotion image that every signed-in user can see', async () => {
    const p = await create();
    const res = await t.form('POST', `/api/files/promotions/${p.id}/set-image`, { img_url: (await pngImage()).toString('base64'), img_name: 'kampanje.png' }, admin);
    expect(res.statusCode, res.body).toBe(200);
    const station = await t.login('user');
    const img = await t.app.inject({ method: 'GET', url: res.json().data.url_images.w_200, headers: { authorization: station } });
    expect(img.statusCode).toBe(200);
    const list = await t.form('GET', `/api/promotions/${p.id}`, undefined, admin);
    expect(list.json().data.promotion.img_url).toBe(res.json().data.url_images.original);
  });
});
