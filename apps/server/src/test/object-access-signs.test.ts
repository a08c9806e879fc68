import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, like } from 'drizzle-orm';
import { chatMessages, chats, designs, files, products, promotionSurfaceDesigns, signs, surfaces } from '../db/schema';
import { DEMO_PASSWORD } from '../db/seed/demo';
import { newPromotion, userId } from './design-fixture';
import { expectRefused } from './object-access-fixture';
import { createTestApp, type TestApp } from './test-app';

/**
 * A design's price signs (decision 043) against users outside it: a cm of other categories, a
 * designer who does not hold it, and the roles with no part in signs. Each refusal is a 403 that
 * changes neither the signs, the design nor its chat.
 */
let t: TestApp;
let admin: string;
let cm: string; // Fuel, Food, Food Outside
let cm2: string; // Store, Generic, Loyalty / Trumf
let designer: string;
let templateId: number;
let a4Surface: number;
let productIds: number[];

beforeAll(async () => {
  t = await createTestApp();
  [admin, cm, cm2, designer] = await Promise.all([t.login('admin'), t.login('cm'), t.loginAs('cm2@demo.no', DEMO_PASSWORD), t.login('designer')]);
  const db = t.database.db;
  templateId = (await db.select({ id: designs.id }).from(designs).where(eq(designs.name, 'Prisskilt A4')))[0]!.id;
  // The surface unit is cm (the settings' default): H29.7 x W21 is A4, the seeded template's size.
  const [surface] = await db.insert(surfaces).values({ vendor_code: 870_000_000 + (Date.now() % 10_000_000), name: 'Prisskiltlomme A4 (tilgang)', size_surface: 'H29.7 x W21' }).returning({ id: surfaces.id });
  a4Surface = surface!.id;
  // Seeded products that state a net quantity: the template prints a unit price.
  productIds = (await db.select({ id: products.id }).from(products).where(eq(products.net_unit, 'g')).orderBy(products.id).limit(2)).map((p) => p.id);
});
afterAll(() => t?.close());

/** A Food design from the seeded template, with two signs its cm saved. */
async function signDesign() {
  const { promotionId } = await newPromotion(t, admin);
  expect((await t.form('POST', '/api/promotion-surfaces', { promotion_id: promotionId, surface_id: a4Surface }, admin)).statusCode).toBe(200);
  const added = await t.form('POST', '/api/promotion-surface-design', { promotion_id: promotionId, surface_id: a4Surface, design_id: templateId }, admin);
  expect(added.statusCode, added.body).toBe(200);
  const psdId = added.json().data.id as number;
  const saved = await t.form('PUT', `/api/promotion-surface-design/${psdId}/signs`, { signs: productIds.map((product_id, i) => ({ product_id, price: `${19 + i},90` })) }, cm);
  expect(saved.statusCode, saved.body).toBe(200);
  return psdId;
}

/** Everything of the design a refused call could touch: its row, signs, chat and generated files. */
async function signState(psdId: number) {
  const db = t.database.db;
  const [chat] = await db.select({ id: chats.id }).from(chats).where(eq(chats.psd_id, psdId));
  return {
    psd: await db.select().from(promotionSurfaceDesigns).where(eq(promotionSurfaceDesigns.id, psdId)),
    signs: await db.select().from(signs).where(eq(signs.psd_id, psdId)).orderBy(signs.position),
    messages: await db.select().from(chatMessages).where(eq(chatMessages.chat_id, chat!.id)).orderBy(chatMessages.id),
    files: await db.select().from(files).where(like(files.original_name, `signs-${psdId}-%`)),
  };
}

/** The four calls on a design's signs, as the caller; a save would empty the list and change a price. */
function signCalls(psdId: number, token: string) {
  const url = `/api/promotion-surface-design/${psdId}/signs`;
  const sign = { product_id: productIds[0], price: '1', previous_price: '', valid_to: '', texts: { slogan: 'Kapret' } };
  return {
    get: () => t.form('GET', url, undefined, token),
    save: () => t.form('PUT', url, { signs: [sign] }, token),
    preview: () => t.form('POST', `${url}/preview`, { sign }, token),
    generate: () => t.form('POST', `${url}/generate`, {}, token),
  };
}

describe('a cm on signs of another cm\'s category', () => {
  it('cannot read, save, preview or generate them: 403, nothing changes; the design\'s own cm can', async () => {
    const psdId = await signDesign();
    await expectRefused(() => signState(psdId), signCalls(psdId, cm2), 403);
    const read = await signCalls(psdId, cm).get();
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().data).toMatchObject({ may_edit: true, signs: [{ price: 1990 }, { price: 2090 }] });
  });
});

describe('a designer on signs', () => {
  it('that it does not hold: no read or preview, and no designer saves or generates', async () => {
    const psdId = await signDesign();
    await expectRefused(() => signState(psdId), signCalls(psdId, designer), 403);
  });

  it('that it holds: reads and previews them, and still may not save or generate', async () => {
    const psdId = await signDesign();
    await t.database.db.update(promotionSurfaceDesigns).set({ designer_id: await userId(t, designer) }).where(eq(promotionSurfaceDesigns.id, psdId));
    const calls = signCalls(psdId, designer);
    const read = await calls.get();
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().data).toMatchObject({ may_edit: false, signs: [{ product: { id: productIds[0] } }, { product: { id: productIds[1] } }] });
    const preview = await calls.preview();
    expect(preview.statusCode, preview.body.slice(0, 200)).toBe(200);
    expect(preview.json().data.image).toMatch(/^data:image\/png;base64,/);
    await expectRefused(() => signState(psdId), { save: calls.save, generate: calls.generate }, 403);
  });
});

describe('a station, a printer and a distributor', () => {
  it('get 403 for every call on a design\'s signs and change nothing', async () => {
    const psdId = await signDesign();
    for (const role of ['user', 'printer', 'distributor'] as const) {
      const token = await t.login(role);
      const calls = Object.fromEntries(Object.entries(signCalls(psdId, token)).map(([name, call]) => [`${role} ${name}`, call]));
      await expectRefused(() => signState(psdId), calls, 403);
    }
    // The signs are still the cm's two, and no HQ file was generated.
    const state = await signState(psdId);
    expect(state.signs.map((s) => s.price_ore)).toEqual([1990, 2090]);
    expect(state.messages.filter((m) => m.sign_count !== null)).toEqual([]);
    expect(await t.database.db.$count(signs, and(eq(signs.psd_id, psdId), eq(signs.price_ore, 100)))).toBe(0);
  });
});
