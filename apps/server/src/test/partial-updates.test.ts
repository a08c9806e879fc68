import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { categories, designs, products, promotions, sessions, surfaces, systemSettings, userCategories, users } from '../db/schema';
import { productBody } from './product-body';
import { createTestApp, uniqueEmail, type TestApp } from './test-app';

/**
 * Every update endpoint changes only the fields it is sent: a field left out keeps its stored
 * value (a default in the update schema would silently reset it).
 */
let t: TestApp;
let admin: string;
let code = 880_000_000 + (Date.now() % 1_000_000);
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
});
afterAll(() => t.close());

const rowOf = async (table: PgTable & { id: never }, id: number) => {
  const [row] = await t.database.db.select().from(table).where(eq((table as unknown as typeof users).id, id));
  const { updated_at: _u, ...rest } = row as Record<string, unknown>;
  return rest;
};

/** PUT one field; the row afterwards equals the row before but for that field. */
async function expectOnlyChanged(table: PgTable, path: string, id: number, sent: Record<string, unknown>, changed: Record<string, unknown>, token = admin) {
  const before = await rowOf(table as never, id);
  const res = await t.form('PUT', `${path}/${id}`, sent, token);
  expect(res.statusCode, res.body).toBe(200);
  expect(await rowOf(table as never, id)).toEqual({ ...before, ...changed });
}

describe('updates change only what is sent', () => {
  it('a blocked station whose phone is edited stays blocked, a station, with its categories', async () => {
    const [generic] = await t.database.db.select().from(categories).where(eq(categories.name, 'Generic'));
    const created = await t.form(
      'POST',
      '/api/users',
      { email: uniqueEmail('blocked'), password: 'Passord123', name: 'Blokkert', role: 'user', status: 'false', group: 'DO', category_ids: [generic!.id] },
      admin,
    );
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id as number;
    await expectOnlyChanged(users, '/api/users', id, { phone: '90000001' }, { phone: '90000001' });
    const links = await t.database.db.select().from(userCategories).where(eq(userCategories.user_id, id));
    expect(links.map((l) => l.category_id)).toEqual([generic!.id]);
  });

  it('an admin whose phone is edited stays an admin and keeps its sessions', async () => {
    const email = uniqueEmail('admin');
    const created = await t.form('POST', '/api/users', { email, password: 'Passord123', name: 'Annen admin', role: 'admin' }, admin);
    const id = created.json().data.id as number;
    const own = await t.loginAs(email, 'Passord123');
    await expectOnlyChanged(users, '/api/users', id, { phone: '90000002' }, { phone: '90000002' });
    expect((await t.form('GET', '/api/users', { count_show: 10 }, own)).statusCode).toBe(200);
    const live = await t.database.db.select().from(sessions).where(eq(sessions.user_id, id));
    expect(live.every((s) => s.revoked_at === null)).toBe(true);
  });

  it('anyone editing their own phone keeps their role and status', async () => {
    const designer = await t.login('designer');
    const me = (await t.form('GET', '/api/users', { count_show: 10 }, designer)).json().data.users[0];
    await expectOnlyChanged(users, '/api/users', me.id, { phone: '90000003' }, { phone: '90000003' }, designer);
  });

  it('a category renamed keeps its manager, groups and required flag', async () => {
    const [cm] = await t.database.db.select().from(users).where(eq(users.email, 'cm@demo.no'));
    const created = await t.form('POST', '/api/categories', { name: `Kat ${code++}`, manager_id: cm!.id, groups: ['DO'], required: 'true' }, admin);
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id as number;
    await expectOnlyChanged(categories, '/api/categories', id, { name: `Omdøpt ${code++}` }, { name: expect.stringMatching(/^Omdøpt/) });
  });

  it('a design renamed keeps its category', async () => {
    const [food] = await t.database.db.select().from(categories).where(eq(categories.name, 'Food'));
    const created = await t.form('POST', '/api/designs', { name: `Design ${code++}`, category_id: food!.id }, admin);
    const id = created.json().data.id as number;
    await expectOnlyChanged(designs, '/api/designs', id, { name: `Nytt design ${code}` }, { name: `Nytt design ${code}` });
  });

  it('a surface renamed keeps its price, printer, flags and categories', async () => {
    const [printer] = await t.database.db.select().from(users).where(eq(users.email, 'printer@demo.no'));
    const created = await t.form(
      'POST',
      '/api/surfaces',
      { vendor_code: String(code++), name: 'Delvis', type_surface: 'Plakat', size_surface: 'H50 x W70', price: '149.50', description: 'Ved døra', divided_bool: 'false', status: [1, 2], printer_id: printer!.id },
      admin,
    );
    expect(created.statusCode, created.body).toBe(201);
    await expectOnlyChanged(surfaces, '/api/surfaces', created.json().data.id, { name: 'Delvis endret' }, { name: 'Delvis endret' });
  });

  it('a product whose price is edited keeps its counts, status and texts', async () => {
    const created = await t.form('POST', '/api/products', productBody({ status: 'false', tax: '25' }), admin);
    expect(created.statusCode, created.body).toBe(201);
    await expectOnlyChanged(products, '/api/products', created.json().data.id, { price_per_item: '10.50' }, { price_per_item: '10.50' });
  });

  it('a promotion renamed keeps its manager, period and switch; a new end before the stored start is refused', async () => {
    const [cm] = await t.database.db.select().from(users).where(eq(users.email, 'cm@demo.no'));
    const created = await t.form(
      'POST',
      '/api/promotions',
      { name: `Kampanje ${code++}`, period_from: '2027-03-01', period_to: '2027-03-31', description: 'Tekst', manager_id: cm!.id, show_in_user_promotions: 'true' },
      admin,
    );
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.promotion.id as number;
    await expectOnlyChanged(promotions, '/api/promotions', id, { name: 'Bare navnet' }, { name: 'Bare navnet' });
    const before = await rowOf(promotions as never, id);
    const early = await t.form('PUT', `/api/promotions/${id}`, { period_to: '2027-02-01' }, admin);
    expect(early.statusCode).toBe(422);
    expect(early.json().errors.period_to).toContain('period_valid_dates');
    expect(await rowOf(promotions as never, id)).toEqual(before);
  });

  it('system settings: the percent alone is saved and the distributor and admin stay', async () => {
    const [row] = await t.database.db.select().from(systemSettings).limit(1);
    expect(row).toBeDefined();
    await expectOnlyChanged(systemSettings, '/api/system-setting', row!.id, { percent_promotion_report: String(row!.percent_promotion_report) }, {});
  });
});
