import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq, isNotNull } from 'drizzle-orm';
import { designs, products, signs, surfaces } from '../db/schema';
import { PARAMETER_LIMIT } from '../lib/parse-qs';
import { newPromotion } from './design-fixture';
import { createTestApp, type TestApp } from './test-app';

/**
 * A form body carries at most PARAMETER_LIMIT fields. One with more is refused whole (413) instead of
 * being cut: 1,001 price signs sent as a form were saved as their first 1,000.
 */
let t: TestApp;
let admin: string;
let cm: string;
let url: string;
let productId: number;

beforeAll(async () => {
  t = await createTestApp();
  [admin, cm] = await Promise.all([t.login('admin'), t.login('cm')]);
  const db = t.database.db;
  const [template] = await db.select({ id: designs.id }).from(designs).where(eq(designs.name, 'Prisskilt A4'));
  const [surface] = await db.insert(surfaces).values({ vendor_code: 860_000_000 + (Date.now() % 10_000_000), name: 'Prisskiltlomme A4 (felt)', size_surface: 'H29.7 x W21' }).returning({ id: surfaces.id });
  const { promotionId } = await newPromotion(t, admin);
  expect((await t.form('POST', '/api/promotion-surfaces', { promotion_id: promotionId, surface_id: surface!.id }, admin)).statusCode).toBe(200);
  const added = await t.form('POST', '/api/promotion-surface-design', { promotion_id: promotionId, surface_id: surface!.id, design_id: template!.id }, admin);
  expect(added.statusCode, added.body).toBe(200);
  url = `/api/promotion-surface-design/${added.json().data.id}/signs`;
  productId = (await db.select({ id: products.id }).from(products).where(isNotNull(products.net_unit)).orderBy(asc(products.id)).limit(1))[0]!.id;
});
afterAll(() => t?.close());

/** n signs of two fields each (product_id, price): 2n fields in the form body. */
const signList = (n: number) => Array.from({ length: n }, () => ({ product_id: productId, price: '24,90' }));
const stored = async () => t.database.db.$count(signs, eq(signs.psd_id, Number(url.split('/')[3])));

describe('a form body over the field limit', () => {
  it('of exactly the limit is read whole: 1,000 signs are 2,000 fields, all saved', async () => {
    expect(PARAMETER_LIMIT).toBe(2000);
    const res = await t.form('PUT', url, { signs: signList(1000) }, cm);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.json().data.signs).toHaveLength(1000);
    expect(await stored()).toBe(1000);
  });

  it('is refused with 413 and changes nothing, where it was cut before: 1,001 signs', async () => {
    const res = await t.form('PUT', url, { signs: signList(1001) }, cm);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(413);
    expect(res.json()).toMatchObject({ status: 'error', code: 'TOO_MANY_FIELDS' });
    expect(res.json().message).toContain('2000');
    expect(await stored()).toBe(1000);
    // One empty field more is one field more, as qs counts it.
    const payload = `${'x=1&'.repeat(PARAMETER_LIMIT - 1)}x=1&`;
    const empty = await t.app.inject({ method: 'PUT', url, payload, headers: { authorization: cm, 'content-type': 'application/x-www-form-urlencoded' } });
    expect(empty.statusCode).toBe(413);
  });

  it('as JSON the same list is no form: it reaches the signs rules (the most is 2,000 signs)', async () => {
    const res = await t.app.inject({ method: 'PUT', url, payload: { signs: signList(1001) }, headers: { authorization: cm } });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(await stored()).toBe(1001);
  });
});
