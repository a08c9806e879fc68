import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { categories, users } from '../../db/schema';
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

const unique = (p: string) => `${p} ${Date.now()}${Math.floor(Math.random() * 1000)}`;

describe('categories', () => {
  it('lists the seeded categories with manager and groups', async () => {
    const res = await t.form('GET', '/api/categories', undefined, await t.login('cm'));
    expect(res.statusCode).toBe(200);
    const food = res.json().data.categories.find((c: { name: string }) => c.name === 'Food');
    expect(food).toMatchObject({ groups: ['RBA', 'DO+'], required: false, manager: { id: cmId, name: 'Lars' } });
  });

  it('creates, edits and deletes a category', async () => {
    const name = unique('Kiosk');
    const created = await t.form('POST', '/api/categories', { name, manager_id: cmId, groups: ['DO', 'RBA'], required: 'true' }, admin);
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id;
    expect(created.json().data).toMatchObject({ name, manager_id: cmId, groups: ['DO', 'RBA'], required: true });
    const edited = await t.form('PUT', `/api/categories/${id}`, { name: `${name} 2`, manager_id: '', groups: '', required: 'false' }, admin);
    expect(edited.json().data).toMatchObject({ manager_id: null, groups: [], required: false });
    expect((await t.form('DELETE', `/api/categories/${id}`, undefined, admin)).statusCode).toBe(200);
    expect(await t.database.db.select().from(categories).where(eq(categories.id, id))).toHaveLength(0);
  });

  it('validates name, manager and groups', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: 'K' }, 'name', 'name_min_2_chars'],
      [{ name: '' }, 'name', 'required_field'],
      [{ name: 'Food' }, 'name', 'name_taken'],
      [{ name: unique('X'), groups: ['XX'] }, 'groups.0', ''],
      [{ name: unique('X'), manager_id: (await t.database.db.select().from(users).where(eq(users.email, 'designer@demo.no')))[0]!.id }, 'manager_id', 'manager_not_cm'],
      [{ name: unique('X'), manager_id: 'abc' }, 'manager_id', ''],
    ];
    for (const [body, field, key] of cases) {
      const res = await t.form('POST', '/api/categories', body, admin);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json().errors[field], JSON.stringify(res.json().errors)).toBeDefined();
      if (key) expect(res.json().errors[field]).toContain(key);
    }
  });

  it('keeps a category that products or designs use', async () => {
    const [food] = await t.database.db.select().from(categories).where(eq(categories.name, 'Food'));
    const res = await t.form('DELETE', `/api/categories/${food!.id}`, undefined, admin);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.id).toEqual(['category_in_use']);
    expect((await t.form('PUT', '/api/categories/99999999', { name: 'Nope' }, admin)).statusCode).toBe(404);
  });

  it('lets only admin and cm-admin change categories, and only staff read them', async () => {
    for (const role of ['cm', 'designer', 'user'] as const) {
      const res = await t.form('POST', '/api/categories', { name: unique('Y') }, await t.login(role));
      expect(res.statusCode).toBe(403);
    }
    for (const role of ['printer', 'distributor', 'user', 'designer'] as const) {
      expect((await t.form('GET', '/api/categories', undefined, await t.login(role))).statusCode).toBe(403);
    }
    expect((await t.form('POST', '/api/categories', { name: unique('Z') }, await t.login('cm-admin'))).statusCode).toBe(201);
  });
});
