import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isValidEan13 } from '@promo/shared';
import { inArray } from 'drizzle-orm';
import { products } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { productBody } from '../../test/product-body';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
});
afterAll(() => t.close());

const body = productBody;

describe('GET /api/products', () => {
  it('lists seeded products by EAN descending with valid EAN-13 codes and the filter lists', async () => {
    const res = await t.form('GET', '/api/products', { count_show: 25 }, await t.login('cm-admin'));
    expect(res.statusCode).toBe(200);
    const { products, total, categories, sub_categories } = res.json().data;
    expect(total).toBeGreaterThanOrEqual(2000);
    const eans = products.map((p: { ean: number }) => p.ean);
    expect(eans).toEqual([...eans].sort((a, b) => b - a));
    expect(eans.every((e: number) => isValidEan13(String(e).padStart(13, '0')))).toBe(true);
    expect(categories).toContain('Food');
    expect(sub_categories.length).toBeGreaterThan(3);
  });

  it('filters by category and sub-category, searches fields and sorts every column', async () => {
    const food = await t.form('GET', '/api/products', { obj_search: { only_category: 'Food', only_subcategory: 'Meieri' }, count_show: 100 }, admin);
    const { products, sub_categories } = food.json().data;
    expect(products.length).toBeGreaterThan(0);
    expect(products.every((p: { category: string; sub_category: string }) => p.category === 'Food' && p.sub_category === 'Meieri')).toBe(true);
    expect(sub_categories).toEqual(['Brød', 'Frukt', 'Meieri', 'Pålegg']);
    for (const [field, value] of [['name', 'cola'], ['manufacturer', 'tine'], ['provider_name', 'freia'], ['ean', '7040'], ['vendor_code', '5000'], ['price_per_item', '12']]) {
      const res = await t.form('GET', '/api/products', { obj_search: { field, input_value: value } }, admin);
      expect(res.json().data.total, `${field}`).toBeGreaterThan(0);
    }
    for (const sort_by of ['ean', 'vendor_code', 'name', 'category', 'sub_category', 'provider_name', 'manufacturer', 'price_per_item', 'status']) {
      for (const sort_count of [1, 2]) {
        const res = await t.form('GET', '/api/products', { sort_by, sort_count }, admin);
        expect(res.statusCode, sort_by).toBe(200);
      }
    }
    const asc = await t.form('GET', '/api/products', { sort_by: 'price_per_item', sort_count: 2 }, admin);
    const prices = asc.json().data.products.map((p: { price_per_item: string }) => Number(p.price_per_item));
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
  });
});

describe('product changes', () => {
  it('creates with prices kept to 2 decimals, edits and deletes', async () => {
    const created = await t.form('POST', '/api/products', body({ main_last_price: '39.9' }), admin);
    expect(created.statusCode, created.body).toBe(201);
    const p = created.json().data;
    expect(p).toMatchObject({ category: 'Generic', main_last_price: '39.90', price_per_item: '42.50', tax: 15, status: true, url_images: null });
    const edited = await t.form('PUT', `/api/products/${p.id}`, body({ ean: String(p.ean), name: 'Sjokolade 300g', status: 'false' }), admin);
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data).toMatchObject({ name: 'Sjokolade 300g', status: false });
    expect((await t.form('DELETE', `/api/products/${p.id}`, undefined, admin)).statusCode).toBe(200);
    expect((await t.form('DELETE', `/api/products/${p.id}`, undefined, admin)).statusCode).toBe(404);
  });

  it('validates required fields, digits, prices, counts and references', async () => {
    const existing = (await t.form('GET', '/api/products', { count_show: 1 }, admin)).json().data.products[0];
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: 'S' }, 'name', 'name_min_2_chars'],
      [{ manufacturer: '' }, 'manufacturer', 'required_field'],
      [{ selling_type: undefined }, 'selling_type', ''],
      [{ ean: '70400A' }, 'ean', 'digits_only'],
      [{ vendor_code: '-5' }, 'vendor_code', 'digits_only'],
      [{ price_per_item: '1.999' }, 'price_per_item', 'price_format'],
      [{ tax: '-1' }, 'tax', ''],
      [{ provider_item_pack_qty: '1.5' }, 'provider_item_pack_qty', ''],
      [{ category: 'Nope' }, 'category', 'unknown_category'],
      [{ ean: String(existing.ean) }, 'ean', 'ean_taken'],
    ];
    // Other test files add products meanwhile: what counts is that none of these was stored.
    const tried: number[] = [];
    for (const [over, field, key] of cases) {
      const sent = body(over);
      if (!('ean' in over)) tried.push(Number(sent.ean));
      const res = await t.form('POST', '/api/products', sent, admin);
      expect(res.statusCode, JSON.stringify(over)).toBe(422);
      expect(res.json().errors[field], JSON.stringify(res.json().errors)).toBeDefined();
      if (key) expect(res.json().errors[field]).toContain(key);
    }
    expect(await t.database.db.select({ id: products.id }).from(products).where(inArray(products.ean, tried))).toEqual([]);
  });

  it('refuses cm and roles outside the catalogue', async () => {
    expect((await t.form('POST', '/api/products', body(), await t.login('cm'))).statusCode).toBe(403);
    expect((await t.form('DELETE', '/api/products/1', undefined, await t.login('cm'))).statusCode).toBe(403);
    expect((await t.form('GET', '/api/products', {}, await t.login('user'))).statusCode).toBe(403);
  });
});
