import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { products } from '../../db/schema';
import { ean13 } from '../../db/seed/catalogue';
import { createTestApp, multipartBody, type TestApp } from '../../test/test-app';
import { productBody } from '../../test/product-body';

// Issue 34: a product's net quantity and unit, for the unit price of a price sign.

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
});
afterAll(() => t.close());

let seq = (Date.now() % 100_000) * 100 + (process.pid % 100);
const newEan = () => ean13(730_000_000_000 + seq++ * 11);

describe('a product’s net quantity', () => {
  it('is stored from the form with its unit, a comma taken for a point, and can be emptied', async () => {
    const res = await t.form('POST', '/api/products', productBody({ net_quantity: '0,75', net_unit: 'L' }), admin);
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json().data;
    expect(created).toMatchObject({ net_quantity: '0.750', net_unit: 'l' });
    const listed = await t.form('GET', '/api/products', { obj_search: { field: 'ean', input_value: String(created.ean) } }, admin);
    expect(listed.json().data.products[0]).toMatchObject({ net_quantity: '0.750', net_unit: 'l' });
    const emptied = await t.form('PUT', `/api/products/${created.id}`, { net_quantity: '', net_unit: '' }, admin);
    expect(emptied.statusCode, emptied.body).toBe(200);
    expect(emptied.json().data).toMatchObject({ net_quantity: null, net_unit: null });
    // A change of another field keeps them.
    await t.form('PUT', `/api/products/${created.id}`, { net_quantity: '500', net_unit: 'g' }, admin);
    const kept = await t.form('PUT', `/api/products/${created.id}`, { name: 'Annet navn' }, admin);
    expect(kept.json().data).toMatchObject({ name: 'Annet navn', net_quantity: '500.000', net_unit: 'g' });
  });

  it('is refused with the field’s code: a unit alone, a quantity alone, 0, text, an unknown unit', async () => {
    const cases: [Record<string, string>, Record<string, string[]>][] = [
      [{ net_quantity: '', net_unit: 'g' }, { net_quantity: ['net_quantity_required'] }],
      [{ net_quantity: '500', net_unit: '' }, { net_unit: ['net_unit_required'] }],
      [{ net_quantity: '0', net_unit: 'g' }, { net_quantity: ['net_quantity_positive'] }],
      [{ net_quantity: 'mye', net_unit: 'g' }, { net_quantity: ['net_quantity_format'] }],
      [{ net_quantity: '500', net_unit: 'pund' }, { net_unit: ['net_unit_unknown'] }],
    ];
    for (const [over, errors] of cases) {
      const body = productBody(over);
      const res = await t.form('POST', '/api/products', body, admin);
      expect(res.statusCode, JSON.stringify(over)).toBe(422);
      expect(res.json().errors).toEqual(errors);
      expect(await t.database.db.$count(products, eq(products.ean, Number(body.ean)))).toBe(0);
    }
  });
});

describe('the catalogue import of net quantities', () => {
  const header = ['EAN', 'Varenummer', 'Navn', 'Kategori', 'Underkategori', 'Produsent', 'Leverandør', 'Planleggingsgruppe', 'Lokalt eid', 'Salgstype', 'Leverandørens EAN', 'Leverandørens varenavn', 'Leverandørens varenummer'];
  const row = (ean: string) => [ean, '1', 'Juice', 'Food', 'Meieri', 'Tine', 'Tine SA', 'BU', 'Nei', 'Standard', '7040000000017', 'Juice', '800001'];
  const csv = (rows: string[][]) => Buffer.from(`${rows.map((r) => r.join(';')).join('\r\n')}\r\n`);

  async function importFile(rows: string[][]) {
    const { payload, headers } = multipartBody({ name: 'varer.csv', content: csv(rows) });
    const up = await t.app.inject({ method: 'POST', url: '/api/catalogue-import/files?kind=products', payload, headers: { ...headers, authorization: admin } });
    expect(up.statusCode, up.body).toBe(201);
    const { file_id, mapping } = up.json().data;
    const started = await t.form('POST', '/api/catalogue-import/jobs', { kind: 'products', mode: 'apply', file_id, mapping: Object.fromEntries(Object.entries(mapping).map(([k, v]) => [k, v ?? ''])) }, admin);
    expect(started.statusCode, started.body).toBe(201);
    for (let i = 0; i < 300; i++) {
      const job = (await t.form('GET', `/api/catalogue-import/jobs/${started.json().data.id}`, undefined, admin)).json().data;
      if (job.status === 'done' || job.status === 'failed') return { mapping, job };
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('import did not finish');
  }

  it('maps Norwegian and English headers and reads units as lists write them', async () => {
    const eans = [newEan(), newEan(), newEan()];
    const { mapping, job } = await importFile([
      [...header, 'Nettoinnhold', 'Enhet'],
      [...row(eans[0]!), '1,5', 'Liter'],
      [...row(eans[1]!), '500', 'gram'],
      [...row(eans[2]!), '', ''],
    ]);
    expect(mapping).toMatchObject({ net_quantity: 13, net_unit: 14 });
    expect(job, JSON.stringify(job.errors)).toMatchObject({ status: 'done', created: 3, error_count: 0 });
    const stored = await t.database.db.select({ ean: products.ean, q: products.net_quantity, u: products.net_unit }).from(products).where(inArray(products.ean, eans.map(Number)));
    expect(Object.fromEntries(stored.map((s) => [String(s.ean), [s.q, s.u]]))).toEqual({ [eans[0]!]: ['1.500', 'l'], [eans[1]!]: ['500.000', 'g'], [eans[2]!]: [null, null] });
  });

  it('splits a quantity with its unit in one column ("Net content: 330 ml") and refuses a row of a unit it does not know', async () => {
    const eans = [newEan(), newEan()];
    const refused = await importFile([[...header, 'Net content'], [...row(eans[0]!), '330 ml'], [...row(eans[1]!), '3 pund']]);
    expect(refused.mapping).toMatchObject({ net_quantity: 13, net_unit: null });
    // A file with a refused row stores nothing (decision 021).
    expect(refused.job).toMatchObject({ status: 'failed', created: 0, error_count: 1 });
    expect(refused.job.errors).toEqual([{ row: 3, field: 'net_unit', error: 'net_unit_unknown' }]);
    expect(await t.database.db.$count(products, inArray(products.ean, eans.map(Number)))).toBe(0);
    const { job } = await importFile([[...header, 'Net content'], [...row(eans[0]!), '330 ml']]);
    expect(job).toMatchObject({ status: 'done', created: 1, error_count: 0 });
    const [stored] = await t.database.db.select({ q: products.net_quantity, u: products.net_unit }).from(products).where(eq(products.ean, Number(eans[0])));
    expect(stored).toEqual({ q: '330.000', u: 'ml' });
  });
});
