import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNotNull, like, sql } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { categories, chatMessages, chats, designs, files, printReports, products, promotions, promotionSurfaceDesigns, signGenerations, signs, signTemplateVersions, surfaces } from '../../db/schema';
import { DEMO_PASSWORD } from '../../db/seed/demo';
import { ean13 } from '../../db/seed/catalogue';
import { newPromotion, uploadFile, userId } from '../../test/design-fixture';
import { productBody } from '../../test/product-body';
import { productImage } from '../../test/sign-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';

// Issue 34, decision 043: templates in versions, a design's signs, and generating its HQ file.

let t: TestApp;
let admin: string;
let cm: string;
let cm2: string;
let designer: string;
let foodId: number;
let a4Surface: number;
let a3Surface: number;
let seq = (Date.now() % 100_000) * 100 + (process.pid % 100);

const layout = (over: object = {}) => ({
  width_mm: 210,
  height_mm: 297,
  bleed_mm: 3,
  safe_mm: 5,
  background_file_id: '',
  fields: [
    { id: 'name', kind: 'name', x: 10, y: 20, width: 190, height: 30, size: 36, min_size: 18, locked: true },
    { id: 'price', kind: 'price', x: 10, y: 60, width: 190, height: 80, size: 120, min_size: 60, locked: true },
    { id: 'unit', kind: 'unit_price', x: 10, y: 150, width: 190, height: 20, size: 14, min_size: 8, locked: true },
    { id: 'ean', kind: 'ean', x: 10, y: 250, width: 80, height: 30, size: 10, min_size: 8, locked: true },
    { id: 'slogan', kind: 'text', x: 10, y: 200, width: 100, height: 20, size: 20, min_size: 10, locked: false, text: 'Ukens tilbud' },
  ],
  ...over,
});

async function newDesign(name: string) {
  const [d] = await t.database.db.insert(designs).values({ name: `${name} ${seq++}`, category_id: foodId }).returning({ id: designs.id });
  return d!.id;
}
async function newTemplate(name = 'Prisskilt A4') {
  const designId = await newDesign(name);
  const res = await t.form('POST', '/api/sign-templates', { design_id: designId, layout: layout() }, admin);
  expect(res.statusCode, res.body).toBe(201);
  return designId;
}
async function newProduct(over: Record<string, unknown> = {}) {
  const res = await t.form('POST', '/api/products', productBody({ category: 'Food', sub_category: 'Meieri', net_quantity: '500', net_unit: 'g', ...over }), admin);
  expect(res.statusCode, res.body).toBe(200 + 1);
  return res.json().data as { id: number; ean: number };
}
async function signDesign(designId: number) {
  const { promotionId } = await newPromotion(t, admin);
  await t.form('POST', '/api/promotion-surfaces', { promotion_id: promotionId, surface_id: a4Surface }, admin);
  const res = await t.form('POST', '/api/promotion-surface-design', { promotion_id: promotionId, surface_id: a4Surface, design_id: designId }, cm);
  expect(res.statusCode, res.body).toBe(200);
  return { promotionId, psdId: res.json().data.id as number };
}

beforeAll(async () => {
  t = await createTestApp();
  [admin, cm, designer] = await Promise.all([t.login('admin'), t.login('cm'), t.login('designer')]);
  cm2 = await t.loginAs('cm2@demo.no', DEMO_PASSWORD);
  foodId = (await t.database.db.select({ id: categories.id }).from(categories).where(eq(categories.name, 'Food')))[0]!.id;
  // The unit of surface sizes is cm (the settings' default): H29.7 x W21 is A4.
  const made = await t.database.db
    .insert(surfaces)
    .values([
      { vendor_code: 880_000_000 + seq++, name: 'Prisskiltlomme A4', size_surface: 'H29.7 x W21' },
      { vendor_code: 880_000_000 + seq++, name: 'Plakat A3', size_surface: 'H42 x W29.7' },
    ])
    .returning({ id: surfaces.id });
  [a4Surface, a3Surface] = made.map((m) => m.id) as [number, number];
});
afterAll(() => t.close());

describe('templates', () => {
  it('the demo has "Prisskilt A4" of Food, and products with net quantities', async () => {
    const list = await t.form('GET', '/api/sign-templates', { surface_id: a4Surface }, cm);
    expect(list.json().data.templates).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'Prisskilt A4', category: { id: foodId, name: 'Food' }, version: 1, width_mm: 210, height_mm: 297 })]));
    const seeded = list.json().data.templates.find((x: { name: string }) => x.name === 'Prisskilt A4');
    const got = await t.form('GET', `/api/sign-templates/${seeded.design_id}`, undefined, designer);
    expect(got.json().data.layout.fields.map((f: { kind: string }) => f.kind)).toEqual(['name', 'manufacturer', 'price', 'previous_price', 'unit_price', 'deposit', 'validity', 'text', 'ean']);
    // Three of four seeded products (the other test files' products come and go on a shared PostgreSQL).
    expect(await t.database.db.$count(products, isNotNull(products.net_unit))).toBeGreaterThan(1000);
  });

  it('the demo has "Prisskilt uke N": a design from "Prisskilt A4" whose six signs were generated into an HQ PDF in its chat', async () => {
    const [promotion] = await t.database.db.select().from(promotions).where(like(promotions.name, 'Prisskilt uke %'));
    const [psd] = await t.database.db.select().from(promotionSurfaceDesigns).where(eq(promotionSurfaceDesigns.promotion_id, promotion!.id));
    const set = await t.form('GET', `/api/promotion-surface-design/${psd!.id}/signs`, undefined, cm);
    expect(set.statusCode, set.body).toBe(200);
    const data = set.json().data;
    expect(data).toMatchObject({ template: { name: 'Prisskilt A4', version: 1 }, may_edit: true, generated: { template_version: 1, signs: 6 } });
    expect(data.signs).toHaveLength(6);
    for (const sign of data.signs) expect(sign.product.net_unit).not.toBeNull();
    const chat = await t.form('GET', '/api/design-chat', { chat_id: (await t.database.db.select().from(chats).where(eq(chats.psd_id, psd!.id)))[0]!.id }, cm);
    const [hq] = chat.json().data.chat.messages;
    expect(hq).toMatchObject({ type_file: 'HQ', sender_name: 'Lars Kategorisjef', generated: { template_version: 1, signs: 6 } });
    const [row] = await t.database.db.select().from(chatMessages).where(and(eq(chatMessages.chat_id, hq.chat_id), eq(chatMessages.message_id, data.generated.message_id)));
    const [file] = await t.database.db.select().from(files).where(eq(files.id, row!.file_id!));
    expect(file!.original_name).toMatch(/\.pdf$/);
    // The PDF the seed made: six A4 pages with bleed.
    const pdf = await PDFDocument.load(Buffer.concat(await (await t.storage.read(file!.storage_key)).toArray()));
    expect(pdf.getPageCount()).toBe(6);
  });

  it('are made from a catalogue design, read with their versions, and saved as new versions', async () => {
    const designId = await newTemplate();
    const got = await t.form('GET', `/api/sign-templates/${designId}`, undefined, cm);
    expect(got.statusCode, got.body).toBe(200);
    expect(got.json().data).toMatchObject({ design_id: designId, version: 1, category: { name: 'Food' }, layout: { width_mm: 210, height_mm: 297 }, versions: [{ version: 1, author_name: 'Ingrid Admin' }] });

    const saved = await t.form('PUT', `/api/sign-templates/${designId}`, { based_on_version: 1, layout: layout({ safe_mm: 8 }) }, designer);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({ version: 2, layout: { safe_mm: 8 } });
    expect(saved.json().data.versions.map((v: { version: number }) => v.version)).toEqual([2, 1]);
    // Version 1 stays as it was.
    const [v1] = await t.database.db.select().from(signTemplateVersions).where(and(eq(signTemplateVersions.design_id, designId), eq(signTemplateVersions.version, 1)));
    expect(v1!.layout).toMatchObject({ safe_mm: 5 });

    const stale = await t.form('PUT', `/api/sign-templates/${designId}`, { based_on_version: 1, layout: layout({ safe_mm: 9 }) }, admin);
    expect(stale.statusCode, stale.body).toBe(409);
    expect(stale.json().message_key).toBe('template_changed');

    const twice = await t.form('POST', '/api/sign-templates', { design_id: designId, layout: layout() }, admin);
    expect(twice.statusCode).toBe(422);
    expect(twice.json().errors).toEqual({ design_id: ['template_exists'] });

    const list = await t.form('GET', '/api/sign-templates', { surface_id: a4Surface }, admin);
    expect(list.json().data.templates.map((x: { design_id: number }) => x.design_id)).toContain(designId);
    const a3 = await t.form('GET', '/api/sign-templates', { surface_id: a3Surface }, admin);
    expect(a3.json().data.templates.map((x: { design_id: number }) => x.design_id)).not.toContain(designId);
  });

  it('of 20 saves on the same version at once, exactly one makes a new version; the others answer 409', async () => {
    const designId = await newTemplate();
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => t.form('PUT', `/api/sign-templates/${designId}`, { based_on_version: 1, layout: layout({ safe_mm: 6 + i / 10 }) }, admin)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, ...Array(19).fill(409)]);
    expect(await t.database.db.$count(signTemplateVersions, eq(signTemplateVersions.design_id, designId))).toBe(2);
  });

  it('are changed only by admin, cm-admin and designer; a layout with a broken field is refused with its field', async () => {
    const designId = await newTemplate();
    expect((await t.form('PUT', `/api/sign-templates/${designId}`, { based_on_version: 1, layout: layout() }, cm)).statusCode).toBe(403);
    const bad = await t.form('PUT', `/api/sign-templates/${designId}`, { based_on_version: 1, layout: layout({ width_mm: 0 }) }, admin);
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toContain('layout.width_mm');
    const foreign = await t.form('PUT', `/api/sign-templates/${designId}`, { based_on_version: 1, layout: layout({ background_file_id: 999_999 }) }, admin);
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().errors).toEqual({ 'layout.background_file_id': ['unknown_upload'] });
    // Every field starts 10 mm from the left edge: a 12 mm safe margin puts all five past the safe area.
    const unsafe = await t.form('PUT', `/api/sign-templates/${designId}`, { based_on_version: 1, layout: layout({ safe_mm: 12 }) }, admin);
    expect(unsafe.statusCode, unsafe.body).toBe(422);
    expect(unsafe.json().errors).toEqual(Object.fromEntries([0, 1, 2, 3, 4].map((i) => [`layout.fields.${i}`, ['outside_safe_area']])));
    const made = await t.form('POST', '/api/sign-templates', { design_id: await newDesign('Kant'), layout: layout({ safe_mm: 12 }) }, admin);
    expect(made.statusCode).toBe(422);
    // On the line is inside.
    const onLine = await t.form('PUT', `/api/sign-templates/${designId}`, { based_on_version: 1, layout: layout({ safe_mm: 10 }) }, admin);
    expect(onLine.statusCode, onLine.body).toBe(200);
  });
});

describe('what the template editor picks from, without the catalogue', () => {
  it('a designer finds products by name or EAN, with only what a sign shows of them; a cm is refused', async () => {
    const name = `Skiltost ${seq++}`;
    const product = await newProduct({ name });
    const byName = await t.form('GET', '/api/sign-templates/products', { search: name.toLowerCase() }, designer);
    expect(byName.statusCode, byName.body).toBe(200);
    expect(byName.json().data.products).toEqual([{ id: product.id, name, ean: String(product.ean).padStart(13, '0'), net_quantity: 500, net_unit: 'g' }]);
    const byEan = await t.form('GET', '/api/sign-templates/products', { search: String(product.ean).slice(0, 12) }, designer);
    expect(byEan.json().data.products.map((p: { id: number }) => p.id)).toContain(product.id);
    expect((await t.form('GET', '/api/sign-templates/products', { search: name }, cm)).statusCode).toBe(403);
    expect((await t.form('GET', '/api/sign-templates/products', { search: 'x'.repeat(101) }, designer)).statusCode).toBe(422);
  });

  it('lists the catalogue designs that are no template yet; a cm is refused', async () => {
    const designId = await newDesign('Skiltkandidat');
    const [row] = await t.database.db.select({ name: designs.name }).from(designs).where(eq(designs.id, designId));
    const before = await t.form('GET', '/api/sign-templates/candidates', { search: row!.name }, designer);
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json().data.designs).toEqual([{ id: designId, name: row!.name, category: { id: foodId, name: 'Food' } }]);
    expect((await t.form('POST', '/api/sign-templates', { design_id: designId, layout: layout() }, designer)).statusCode).toBe(201);
    const after = await t.form('GET', '/api/sign-templates/candidates', { search: row!.name }, designer);
    expect(after.json().data.designs).toEqual([]);
    expect((await t.form('GET', '/api/sign-templates/candidates', { search: '' }, cm)).statusCode).toBe(403);
  });

  it("the preview draws the caller's own upload as background, never another's file", async () => {
    const designId = await newTemplate();
    const product = await newProduct();
    const png = await productImage('png', 300, 420);
    const own = await uploadFile(t, designer, 'bakgrunn.png', png);
    const others = await uploadFile(t, admin, 'annen.png', png);
    const sign = { product_id: product.id, price: '24,90', previous_price: '', valid_to: '', texts: {} };
    const drawn = await t.form('POST', `/api/sign-templates/${designId}/preview`, { layout: layout({ background_file_id: own }), sign }, designer);
    expect(drawn.statusCode, drawn.body).toBe(200);
    expect(drawn.json().data.image).toMatch(/^data:image\/png;base64,/);
    const foreign = await t.form('POST', `/api/sign-templates/${designId}/preview`, { layout: layout({ background_file_id: others }), sign }, designer);
    expect(foreign.statusCode, foreign.body).toBe(422);
    expect(foreign.json().errors).toEqual({ 'layout.background_file_id': ['unknown_upload'] });
  });

  it('a background below the preflight\'s resolution is refused on save with its checks, and nothing is saved', async () => {
    const designId = await newTemplate();
    const low = await uploadFile(t, designer, 'lav.png', await productImage('png', 200, 280));
    const res = await t.form('PUT', `/api/sign-templates/${designId}`, { based_on_version: 1, layout: layout({ background_file_id: low }) }, designer);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors).toEqual({ 'layout.background_file_id': ['background_preflight'] });
    expect(res.json().data.checks).toContainEqual(expect.objectContaining({ check: 'resolution', level: 'error' }));
    expect(await t.database.db.$count(signTemplateVersions, eq(signTemplateVersions.design_id, designId))).toBe(1);
  });

  it('a background is checked when it is picked, as a save would check it, and stays unclaimed', async () => {
    const designId = await newTemplate();
    const low = await uploadFile(t, designer, 'lav.png', await productImage('png', 200, 280));
    const url = `/api/sign-templates/${designId}/check-background`;
    const refused = await t.form('POST', url, { layout: layout({ background_file_id: low }) }, designer);
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json().errors).toEqual({ 'layout.background_file_id': ['background_preflight'] });
    expect(refused.json().data.checks).toContainEqual(expect.objectContaining({ check: 'resolution', level: 'error' }));
    // 216 × 303 mm (the page with bleed) at 300 dpi.
    const sharp = await uploadFile(t, designer, 'skarp.png', await productImage('png', 2551, 3579));
    const fine = await t.form('POST', url, { layout: layout({ background_file_id: sharp }) }, designer);
    expect(fine.statusCode, fine.body).toBe(200);
    expect(fine.json().message_key).toBe('sign_background_ok');
    const [row] = await t.database.db.select().from(files).where(eq(files.id, sharp));
    expect(row!.owner_table).toBeNull();
    expect(await t.database.db.$count(signTemplateVersions, eq(signTemplateVersions.design_id, designId))).toBe(1);
    // Only who may change templates, and only with their own upload.
    expect((await t.form('POST', url, { layout: layout({ background_file_id: sharp }) }, cm)).statusCode).toBe(403);
    expect((await t.form('POST', url, { layout: layout({ background_file_id: sharp }) }, admin)).json().errors).toEqual({ 'layout.background_file_id': ['unknown_upload'] });
    expect((await t.form('POST', `/api/sign-templates/999999/check-background`, { layout: layout({ background_file_id: sharp }) }, designer)).statusCode).toBe(404);
  });
});

describe('a design from a template', () => {
  it('records the template version; a template of another size is refused for the surface', async () => {
    const designId = await newTemplate();
    const { psdId } = await signDesign(designId);
    const [psd] = await t.database.db.select().from(promotionSurfaceDesigns).where(eq(promotionSurfaceDesigns.id, psdId));
    expect(psd!.template_version).toBe(1);

    const { promotionId } = await newPromotion(t, admin);
    await t.form('POST', '/api/promotion-surfaces', { promotion_id: promotionId, surface_id: a3Surface }, admin);
    const refused = await t.form('POST', '/api/promotion-surface-design', { promotion_id: promotionId, surface_id: a3Surface, design_id: designId }, cm);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ design_id: ['template_size_mismatch'] });
  });

  it('stores its signs; each rule refuses with its field and stores nothing', async () => {
    const designId = await newTemplate();
    const { psdId } = await signDesign(designId);
    const good = await newProduct();
    const noQuantity = await newProduct({ net_quantity: '', net_unit: '' });
    const valid = ean13(100_000_000_000 + seq++ * 3);
    const badEan = await newProduct({ ean: valid.slice(0, 12) + String((Number(valid[12]) + 1) % 10) });
    const url = `/api/promotion-surface-design/${psdId}/signs`;
    const sign = (over: object = {}) => ({ product_id: good.id, price: '24,90', previous_price: '29,90', valid_to: '2031-01-31', texts: { slogan: 'Bare nå' }, ...over });

    const saved = await t.form('PUT', url, { signs: [sign()] }, cm);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.signs).toMatchObject([{ position: 0, product: { id: good.id, net_quantity: 500, net_unit: 'g' }, price: 2490, previous_price: 2990, valid_to: '2031-01-31', texts: { slogan: 'Bare nå' } }]);

    const cases: [object[], Record<string, string[]>][] = [
      [[sign(), sign({ price: '' })], { 'signs.1.price': ['price_required'] }],
      [[sign({ price: '0' })], { 'signs.0.price': ['price_positive'] }],
      [[sign({ price: '-3' })], { 'signs.0.price': ['price_positive'] }],
      [[sign({ product_id: badEan.id })], { 'signs.0.product_id': ['ean_check_digit'] }],
      [[sign({ product_id: noQuantity.id })], { 'signs.0.product_id': ['net_quantity_missing'] }],
      [[sign({ texts: { slogan: 'Bare nå, ukens beste tilbud! '.repeat(17) } })], { 'signs.0.fields.slogan': ['does_not_fit'] }],
      [[sign({ texts: { name: 'Annet navn' } })], { 'signs.0.texts.name': ['field_not_editable'] }],
      [Array.from({ length: 2001 }, () => sign()), { signs: ['too_many_signs'] }],
    ];
    for (const [list, errors] of cases) {
      // As JSON: 2,001 signs are more fields than a form body carries.
      const res = await t.app.inject({ method: 'PUT', url, payload: { signs: list }, headers: { authorization: cm } });
      expect(res.statusCode, JSON.stringify(errors)).toBe(422);
      expect(res.json().errors).toEqual(errors);
      const stored = await t.database.db.select().from(signs).where(eq(signs.psd_id, psdId));
      expect(stored.map((s) => [s.product_id, s.price_ore])).toEqual([[good.id, 2490]]);
    }
  });

  it('follows the design page’s rules: a cm of another category, a designer who does not hold it; nothing once sent to printers', async () => {
    const designId = await newTemplate();
    const { promotionId, psdId } = await signDesign(designId);
    const product = await newProduct();
    const url = `/api/promotion-surface-design/${psdId}/signs`;
    const body = { signs: [{ product_id: product.id, price: '10' }] };
    expect((await t.form('GET', url, undefined, cm2)).statusCode).toBe(403);
    expect((await t.form('PUT', url, body, cm2)).statusCode).toBe(403);
    expect((await t.form('GET', url, undefined, designer)).statusCode).toBe(403);
    expect((await t.form('PUT', url, body, designer)).statusCode).toBe(403);
    // The designer who holds the design reads its signs, and may not change them.
    await t.database.db.update(promotionSurfaceDesigns).set({ designer_id: await userId(t, designer) }).where(eq(promotionSurfaceDesigns.id, psdId));
    const read = await t.form('GET', url, undefined, designer);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().data.may_edit).toBe(false);
    expect((await t.form('PUT', url, body, designer)).statusCode).toBe(403);
    expect((await t.form('PUT', url, body, cm)).statusCode).toBe(200);
    await t.database.db.insert(printReports).values({ promotion_id: promotionId, percent: 0 });
    const after = await t.form('PUT', url, { signs: [] }, cm);
    expect(after.statusCode).toBe(409);
    expect(await t.database.db.$count(signs, eq(signs.psd_id, psdId))).toBe(1);
    expect((await t.form('POST', `${url}/generate`, {}, cm)).statusCode).toBe(409);
  });
});

describe('generate', () => {
  it('sends the PDF to the chat as the cm’s HQ file with its preflight; after a price change a second version, the first kept', async () => {
    const designId = await newTemplate();
    const { psdId } = await signDesign(designId);
    const [p1, p2] = [await newProduct(), await newProduct({ name: 'Brunost 500 g' })];
    const url = `/api/promotion-surface-design/${psdId}/signs`;
    await t.form('PUT', url, { signs: [{ product_id: p1.id, price: '24,90' }, { product_id: p2.id, price: '89' }] }, cm);

    const first = await t.form('POST', `${url}/generate`, {}, cm);
    expect(first.statusCode, first.body).toBe(200);
    const m1 = first.json().data.message;
    expect(m1).toMatchObject({ type_file: 'HQ', sender_name: 'Lars Kategorisjef', generated: { template_version: 1, signs: 2 }, preflight: { status: 'pending' } });
    await t.app.preflight.drained();

    await t.form('PUT', url, { signs: [{ product_id: p1.id, price: '19,90' }, { product_id: p2.id, price: '79' }] }, cm);
    const second = await t.form('POST', `${url}/generate`, {}, cm);
    expect(second.statusCode, second.body).toBe(200);
    await t.app.preflight.drained();

    const [psd] = await t.database.db.select().from(promotionSurfaceDesigns).where(eq(promotionSurfaceDesigns.id, psdId));
    const chat = await t.form('GET', '/api/design-chat', { chat_id: m1.chat_id }, cm);
    const messages = chat.json().data.chat.messages as { message_id: number; type_file: string; replaced: boolean; delete_message: boolean; generated: unknown; preflight: { status: string } | null }[];
    const hq = messages.filter((m) => m.type_file === 'HQ');
    expect(hq).toHaveLength(2);
    expect(hq[0]).toMatchObject({ replaced: true, generated: { template_version: 1, signs: 2 } });
    expect(hq[1]).toMatchObject({ replaced: false, delete_message: false, generated: { template_version: 1, signs: 2 } });
    // The preflight has read the new file (what it finds is the renderer's matter).
    expect(hq[1]!.preflight!.status).not.toBe('pending');
    // The first version keeps its file.
    const [kept] = await t.database.db.select().from(chatMessages).where(and(eq(chatMessages.chat_id, m1.chat_id), eq(chatMessages.message_id, m1.message_id)));
    expect(kept!.file_id).not.toBeNull();
    expect(psd!.id).toBe(psdId);
    const set = await t.form('GET', url, undefined, cm);
    expect(set.json().data.generated).toMatchObject({ message_id: hq[1]!.message_id, template_version: 1, signs: 2 });
  });
  async function hqMessages(chatId: number) {
    const chat = await t.form('GET', '/api/design-chat', { chat_id: chatId }, cm);
    return (chat.json().data.chat.messages as { message_id: number; type_file: string; replaced: boolean }[]).filter((m) => m.type_file === 'HQ');
  }

  it('a second generate with nothing changed answers with the file already in the chat: no second version', async () => {
    const { psdId } = await signDesign(await newTemplate());
    const product = await newProduct();
    const url = `/api/promotion-surface-design/${psdId}/signs`;
    await t.form('PUT', url, { signs: [{ product_id: product.id, price: '24,90' }] }, cm);
    const first = await t.form('POST', `${url}/generate`, {}, cm);
    expect(first.json().message_key).toBe('signs_generated');
    const again = await t.form('POST', `${url}/generate`, {}, cm);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().message_key).toBe('signs_unchanged');
    expect(again.json().data.message.message_id).toBe(first.json().data.message.message_id);
    expect(await hqMessages(first.json().data.message.chat_id)).toHaveLength(1);

    // A product's data is part of what is drawn: its name changed, the next generate draws anew.
    await t.database.db.update(products).set({ name: 'Gulost skivet 400 g' }).where(eq(products.id, product.id));
    const renamed = await t.form('POST', `${url}/generate`, {}, cm);
    expect(renamed.json().message_key).toBe('signs_generated');
    expect(await hqMessages(first.json().data.message.chat_id)).toHaveLength(2);
  });

  it('20 generates of one design at once make one file: the others are told it is under way or unchanged', async () => {
    const { psdId } = await signDesign(await newTemplate());
    const products3 = [await newProduct(), await newProduct(), await newProduct()];
    const url = `/api/promotion-surface-design/${psdId}/signs`;
    await t.form('PUT', url, { signs: products3.map((p) => ({ product_id: p.id, price: '24,90' })) }, cm);
    const answers = await Promise.all(Array.from({ length: 20 }, () => t.form('POST', `${url}/generate`, {}, cm)));
    const keys = answers.map((a) => `${a.statusCode} ${a.json().message_key}`);
    expect(keys.filter((k) => k === '200 signs_generated'), keys.join(', ')).toHaveLength(1);
    expect(keys.filter((k) => k !== '200 signs_generated' && k !== '409 signs_generating' && k !== '200 signs_unchanged'), keys.join(', ')).toEqual([]);
    const chatId = answers.find((a) => a.json().message_key === 'signs_generated')!.json().data.message.chat_id as number;
    expect(await hqMessages(chatId)).toHaveLength(1);
    // The claim is gone with the generate.
    expect(await t.database.db.$count(signGenerations, eq(signGenerations.psd_id, psdId))).toBe(0);
  });

  it('a claim left by a process that died is taken over once it is older than a generate can take', async () => {
    const { psdId } = await signDesign(await newTemplate());
    const product = await newProduct();
    const url = `/api/promotion-surface-design/${psdId}/signs`;
    await t.form('PUT', url, { signs: [{ product_id: product.id, price: '24,90' }] }, cm);
    await t.database.db.insert(signGenerations).values({ psd_id: psdId, claim: 'running elsewhere' });
    const busy = await t.form('POST', `${url}/generate`, {}, cm);
    expect(busy.statusCode, busy.body).toBe(409);
    expect(busy.json().message_key).toBe('signs_generating');
    await t.database.db.update(signGenerations).set({ claimed_at: sql`now() - interval '16 minutes'` }).where(eq(signGenerations.psd_id, psdId));
    const taken = await t.form('POST', `${url}/generate`, {}, cm);
    expect(taken.statusCode, taken.body).toBe(200);
    expect(taken.json().message_key).toBe('signs_generated');
  });
});
