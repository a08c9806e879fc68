import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { productBody } from '../../test/product-body';

// Issue 12: a text search on a number field found the whole list, and '12,5' found 125.20.

let t: TestApp;
let admin: string;
const created: Record<string, { id: number; ean: number }> = {};
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  for (const price of ['12.5', '125.2', '12.59', '12']) {
    const res = await t.form('POST', '/api/products', productBody({ price_per_item: price, name: `Søk ${price}` }), admin);
    expect(res.statusCode, res.body).toBe(201);
    created[price] = res.json().data;
  }
});
afterAll(() => t.close());

type Found = { total: number; products: { id: number; ean: number; price_per_item: string }[] };
async function search(field: string, input_value: string): Promise<Found> {
  const res = await t.form('GET', '/api/products', { obj_search: { field, input_value }, count_show: 100 }, admin);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

describe('product search on a number field', () => {
  it('finds nothing for text in the EAN, vendor code or price search', async () => {
    for (const field of ['ean', 'vendor_code', 'price_per_item']) {
      for (const text of ['qqqqq', '12a', '-', '1e3', '12,5,0', '12.505']) {
        expect(await search(field, text), `${field} ${text}`).toMatchObject({ total: 0, products: [] });
      }
    }
  });

  it("finds 12.50 for '12,5' and '12.5', never 125.20", async () => {
    for (const text of ['12,5', '12.5', ' 12,5 ']) {
      const found = await search('price_per_item', text);
      const ids = found.products.map((p) => p.id);
      expect(ids, text).toContain(created['12.5']!.id);
      expect(ids, text).toContain(created['12.59']!.id);
      expect(ids, text).not.toContain(created['125.2']!.id);
      expect(ids, text).not.toContain(created['12']!.id);
      expect(found.products.every((p) => Number(p.price_per_item) >= 12.5 && Number(p.price_per_item) < 12.6)).toBe(true);
    }
  });

  it("'12' finds the prices from 12.00 to 12.99, and '12,50' only 12.50", async () => {
    const whole = (await search('price_per_item', '12')).products;
    expect(whole.map((p) => p.id)).toEqual(expect.arrayContaining([created['12']!.id, created['12.5']!.id, created['12.59']!.id]));
    expect(whole.map((p) => p.id)).not.toContain(created['125.2']!.id);
    expect(whole.every((p) => Number(p.price_per_item) >= 12 && Number(p.price_per_item) < 13)).toBe(true);
    const exact = (await search('price_per_item', '12,50')).products;
    expect(exact.map((p) => p.id)).toContain(created['12.5']!.id);
    expect(exact.every((p) => p.price_per_item === '12.50')).toBe(true);
  });

  it('finds an EAN by its first digits, spaces allowed', async () => {
    const ean = String(created['12.5']!.ean);
    const spaced = `${ean.slice(0, 1)} ${ean.slice(1, 7)} ${ean.slice(7)}`;
    for (const text of [ean, ean.slice(0, 9), spaced]) {
      expect((await search('ean', text)).products.map((p) => p.id), text).toContain(created['12.5']!.id);
    }
  });
});
