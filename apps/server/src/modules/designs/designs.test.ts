import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { categories } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let admin: string;
let fuel: number;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  fuel = (await t.database.db.select().from(categories).where(eq(categories.name, 'Fuel')))[0]!.id;
});
afterAll(() => t.close());

describe('designs catalogue', () => {
  it('lists designs by name descending with their category and the categories for the filter', async () => {
    const res = await t.form('GET', '/api/designs', {}, await t.login('cm'));
    expect(res.statusCode).toBe(200);
    const { designs, total, arr_categories } = res.json().data;
    expect(total).toBeGreaterThanOrEqual(6);
    const names = designs.map((d: { name: string }) => d.name);
    expect(names).toEqual([...names].sort().reverse());
    expect(designs[0].category).toHaveProperty('name');
    expect(arr_categories.length).toBeGreaterThanOrEqual(6);
  });

  it('filters by category and searches by name', async () => {
    const res = await t.form('GET', '/api/designs', { obj_search: { only_category: fuel, input_value: 'plakat' } }, admin);
    const { designs } = res.json().data;
    expect(designs.length).toBeGreaterThan(0);
    expect(designs.every((d: { category_id: number; name: string }) => d.category_id === fuel && /plakat/i.test(d.name))).toBe(true);
  });

  it('creates, edits and deletes a design; validates name and category', async () => {
    const created = await t.form('POST', '/api/designs', { name: `Sommerplakat ${Date.now()}`, category_id: fuel }, admin);
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id;
    const edited = await t.form('PUT', `/api/designs/${id}`, { name: 'Vinterplakat ny', category_id: fuel }, admin);
    expect(edited.json().data.name).toBe('Vinterplakat ny');
    expect((await t.form('DELETE', `/api/designs/${id}`, undefined, admin)).statusCode).toBe(200);
    expect((await t.form('DELETE', `/api/designs/${id}`, undefined, admin)).statusCode).toBe(404);
    const bad = await t.form('POST', '/api/designs', { name: 'A' }, admin);
    expect(bad.json().errors).toMatchObject({ name: ['name_min_2_chars'], category_id: ['category_required'] });
    const unknown = await t.form('POST', '/api/designs', { name: 'Abc', category_id: 99999999 }, admin);
    expect(unknown.json().errors.category_id).toEqual(['unknown_category']);
  });

  it('refuses changes from cm and everyone outside the catalogue roles', async () => {
    expect((await t.form('POST', '/api/designs', { name: 'Abc', category_id: fuel }, await t.login('cm'))).statusCode).toBe(403);
    expect((await t.form('GET', '/api/designs', {}, await t.login('printer'))).statusCode).toBe(403);
  });
});
