import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { categories, products } from '../../db/schema';
import { EXACT_TOTAL_LIMIT } from '../../lib/estimated-total';
import { createTestApp, type TestApp } from '../../test/test-app';

// The list's total: counted exactly up to EXACT_TOTAL_LIMIT matches, the database's estimate
// beyond (issue 13). On a database of its own: 1,100 products named 'Estimat 0' … 'Estimat 1099'.

const MANY = 1100;
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp({}, { ownDatabase: true });
  admin = await t.login('admin');
  const [generic] = await t.database.db.select({ id: categories.id }).from(categories).where(sql`${categories.name} = 'Generic'`);
  await t.database.db.insert(products).values(
    Array.from({ length: MANY }, (_, i) => ({
      name: `Estimat ${i}`,
      vendor_code: 900_000 + i,
      ean: 9_900_000_000_000 + i,
      category_id: generic!.id,
      sub_category: 'Estimat',
      manufacturer: 'Test',
      provider_name: 'Test',
      price_per_item: String(MANY - i),
      item_plan_bu_grp: 'BU',
      locally_owned: 'Nei',
      selling_type: 'Standard',
      provider_item_ean: '1',
      provider_item_name: 'Test',
      provider_item_vendor_code: '1',
    })),
  );
  await t.database.db.execute(sql`analyze products`);
}, 120_000);
afterAll(() => t?.close());

const list = async (input_value: string, start_index = 0, count_show = 25) => {
  const res = await t.form('GET', '/api/products', { count_show, start_index, obj_search: { field: 'name', input_value }, sort_by: 'price_per_item', sort_count: 2 }, admin);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { products: { name: string }[]; total: number; total_estimated: boolean };
};

describe('the total of a products search', () => {
  it('is counted exactly up to the limit', async () => {
    // 'Estimat 10', 'Estimat 100'…'109', 'Estimat 1000'…'1099'
    const page = await list('Estimat 10');
    expect(page).toMatchObject({ total: 111, total_estimated: false });
    expect(page.products.map((p) => p.name).slice(0, 3)).toEqual(['Estimat 1099', 'Estimat 1098', 'Estimat 1097']);
    expect((await list('Estimat 10', 100)).products).toHaveLength(11);
  });

  it('is the database estimate beyond it, flagged, never below what the page proves', async () => {
    const page = await list('Estimat');
    expect(page.total_estimated).toBe(true);
    expect(page.total).toBeGreaterThan(EXACT_TOTAL_LIMIT);
    // After ANALYZE the estimate is close (it reads no row).
    expect(page.total).toBeGreaterThan(MANY * 0.5);
    expect(page.total).toBeLessThan(MANY * 2);
    // Cheapest first: price is 1100 - i.
    expect(page.products.map((p) => p.name).slice(0, 2)).toEqual(['Estimat 1099', 'Estimat 1098']);
  });

  it('is exact again on a page past the limit that is not full, and on a page past the end', async () => {
    const deepFull = await list('Estimat', 1050);
    expect(deepFull.products).toHaveLength(25);
    expect(deepFull.total_estimated).toBe(true);
    expect(deepFull.total).toBeGreaterThanOrEqual(1076);
    expect(await list('Estimat', 1090)).toMatchObject({ total: MANY, total_estimated: false });
    expect(await list('Estimat', 1200)).toMatchObject({ products: [], total: MANY, total_estimated: false });
    expect(await list('Estimat 10', 200)).toMatchObject({ products: [], total: 111, total_estimated: false });
  });

  it('is counted exactly when browsing without a search text, however many', async () => {
    const stored = await t.database.db.$count(products);
    expect(stored).toBeGreaterThan(EXACT_TOTAL_LIMIT);
    expect(await list('')).toMatchObject({ total: stored, total_estimated: false });
    expect(await list('', 1050)).toMatchObject({ total: stored, total_estimated: false });
  });

  it('is 0 for a search nothing matches', async () => {
    expect(await list('Ingen slik vare')).toMatchObject({ products: [], total: 0, total_estimated: false });
  });
});
