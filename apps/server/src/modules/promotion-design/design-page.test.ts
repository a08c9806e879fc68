import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { briefFiles, chatMessages, files, products } from '../../db/schema';
import { pngImage } from '../../test/images';
import { addDesign, designFixture, filesWithBytes, newPromotion, newUser, uploadFile, userId, type DesignFixture } from '../../test/design-fixture';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let admin: string;
let cm: string; // manages Fuel, Food, Food Outside
let designer: string;
beforeAll(async () => {
  t = await createTestApp();
  [admin, cm, designer] = await Promise.all([t.login('admin'), t.login('cm'), t.login('designer')]);
}, 180_000);
afterAll(() => t?.close());

const PAGE = '/api/promotion-surface-design/get-promotion-surface-design';
const page = (d: DesignFixture, token = admin) => t.form('GET', PAGE, { promotion_id: d.promotionId, surface_id: d.surfaceId, surface_design_id: d.psdId }, token);
const brief = async (d: DesignFixture) => (await page(d)).json().data.data;
const put = (d: DesignFixture, body: object, token = admin) => t.form('PUT', `/api/promotion-surface-design/${d.psdId}`, body, token);
const promotionStatus = async (id: number) => (await t.form('GET', `/api/promotions/${id}`, undefined, admin)).json().data.promotion.status as number;

describe('GET get-promotion-surface-design', () => {
  it('gives the design page: names, chat, category, empty brief, files and products', async () => {
    const d = await designFixture(t, admin);
    const res = await page(d);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ id: d.psdId, chat_id: d.chatId, designer: null, category: { name: 'Fuel' }, promotion: { id: d.promotionId }, surface: { id: d.surfaceId } });
    expect(data.data).toMatchObject({ title: '', promotional_offer: 0, status: 'Created', need_for_price: { value: false }, files: [], products: [] });
    for (const token of [cm, designer, await t.login('cm-admin')]) expect((await page(d, token)).statusCode).toBe(200);
  });

  it('answers 404 when the three ids do not name one design', async () => {
    const a = await designFixture(t, admin);
    const b = await designFixture(t, admin);
    expect((await t.form('GET', PAGE, { promotion_id: b.promotionId, surface_id: a.surfaceId, surface_design_id: a.psdId }, admin)).statusCode).toBe(404);
    expect((await t.form('GET', PAGE, { promotion_id: a.promotionId, surface_id: a.surfaceId + 1, surface_design_id: a.psdId }, admin)).statusCode).toBe(404);
    expect((await t.form('GET', PAGE, { promotion_id: a.promotionId, surface_id: a.surfaceId, surface_design_id: 99999999 }, admin)).statusCode).toBe(404);
    expect((await t.form('GET', PAGE, { promotion_id: 'x', surface_id: a.surfaceId, surface_design_id: a.psdId }, admin)).statusCode).toBe(422);
  });

  it('refuses a cm outside the design\'s category and the printer, company user and distributor', async () => {
    const store = await designFixture(t, admin, { category: 'Store' });
    expect((await page(store, cm)).statusCode).toBe(403);
    expect((await page(store, await t.login('cm-admin'))).statusCode).toBe(200);
    for (const role of ['printer', 'user', 'distributor'] as const) expect((await page(store, await t.login(role))).statusCode, role).toBe(403);
    expect((await t.form('GET', PAGE, { promotion_id: store.promotionId, surface_id: store.surfaceId, surface_design_id: store.psdId })).statusCode).toBe(401);
  });
});

describe('PUT the brief', () => {
  it('writes only the fields sent: two edits of different fields both survive', async () => {
    const d = await designFixture(t, admin);
    expect((await put(d, { title: 'Sommerkampanje', description: '<p>Tekst</p>' })).statusCode).toBe(200);
    expect((await put(d, { color: 'Gull', need_for_price: 'true', promotional_offer: '49' }, cm)).statusCode).toBe(200);
    expect(await brief(d)).toMatchObject({
      title: 'Sommerkampanje',
      description: '<p>Tekst</p>',
      color: 'Gull',
      need_for_price: { value: true },
      not_for_printing: { value: false },
      promotional_offer: 49,
      sub_title: '',
    });
  });

  it('takes an empty promotional offer as 0 and refuses text and unknown options', async () => {
    const d = await designFixture(t, admin);
    await put(d, { promotional_offer: '25' });
    expect((await put(d, { promotional_offer: '' })).statusCode).toBe(200);
    expect((await brief(d)).promotional_offer).toBe(0);
    await put(d, { promotional_offer: '25', color: 'Spice' });
    for (const [body, field] of [
      [{ promotional_offer: 'abc' }, 'promotional_offer'],
      [{ promotional_offer: '1.5' }, 'promotional_offer'],
      [{ color: 'Purple' }, 'color'],
      [{ supplier_discount: '15%' }, 'supplier_discount'],
      [{ status: 'Done' }, 'status'],
    ] as const) {
      const res = await put(d, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json().errors[field], JSON.stringify(body)).toBeDefined();
    }
    expect(await brief(d)).toMatchObject({ promotional_offer: 25, color: 'Spice', supplier_discount: '', status: 'Created' });
    expect((await put(d, {})).statusCode).toBe(422);
  });

  it('refuses a designer, a cm outside the category and unknown designs', async () => {
    const d = await designFixture(t, admin);
    expect((await put(d, { title: 'x' }, designer)).statusCode).toBe(403);
    const store = await designFixture(t, admin, { category: 'Store' });
    expect((await put(store, { title: 'x' }, cm)).statusCode).toBe(403);
    expect((await t.form('PUT', '/api/promotion-surface-design/99999999', { title: 'x' }, admin)).statusCode).toBe(404);
    expect((await brief(d)).title).toBe('');
    expect((await brief(store)).title).toBe('');
  });

  it('moves the promotion to Designer completed when every design is Completed, and back', async () => {
    const at = await newPromotion(t, admin, 1);
    const a = await addDesign(t, admin, at);
    const b = await addDesign(t, admin, at);
    await put(a, { status: 'Completed' });
    expect(await promotionStatus(at.promotionId)).toBe(1);
    await put(b, { status: 'Completed' }, cm);
    expect(await promotionStatus(at.promotionId)).toBe(2);
    await put(a, { status: 'Correction' });
    expect(await promotionStatus(at.promotionId)).toBe(1);
    // A draft promotion stays a draft.
    const draft = await designFixture(t, admin);
    await put(draft, { status: 'Completed' });
    expect(await promotionStatus(draft.promotionId)).toBe(0);
  });
});

describe('binding a designer', () => {
  const bind = (d: DesignFixture, token: string, bool_action: boolean) =>
    t.form('POST', '/api/promotion-surface-design/bind-design-to-yourself', { design_id: d.psdId, bool_action }, token);

  it('a designer binds itself and detaches; another designer cannot take over; an admin can', async () => {
    const d = await designFixture(t, admin);
    const designerId = await userId(t, designer);
    expect((await bind(d, designer, true)).statusCode).toBe(200);
    expect((await page(d)).json().data.designer).toEqual({ id: designerId, name: expect.any(String) });
    const other = await newUser(t, admin, 'designer');
    for (const action of [true, false]) {
      const res = await bind(d, other.token, action);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.design_id).toEqual(['design_bound_to_other']);
    }
    expect((await page(d)).json().data.designer.id).toBe(designerId);
    expect((await bind(d, admin, true)).statusCode).toBe(200);
    expect((await page(d)).json().data.designer.id).toBe(await userId(t, admin));
    expect((await bind(d, admin, false)).statusCode).toBe(200);
    expect((await page(d)).json().data.designer).toBeNull();
    expect((await bind(d, other.token, true)).statusCode).toBe(200);
    expect((await bind(d, other.token, false)).statusCode).toBe(200);
    expect((await page(d)).json().data.designer).toBeNull();
  });

  it('refuses a cm, a cm-admin and unknown designs', async () => {
    const d = await designFixture(t, admin);
    expect((await bind(d, cm, true)).statusCode).toBe(403);
    expect((await bind(d, await t.login('cm-admin'), true)).statusCode).toBe(403);
    expect((await t.form('POST', '/api/promotion-surface-design/bind-design-to-yourself', { design_id: 99999999, bool_action: true }, designer)).statusCode).toBe(404);
    expect((await page(d)).json().data.designer).toBeNull();
  });
});

describe('brief files', () => {
  const setFiles = (d: DesignFixture, file_ids: number[], token = admin) =>
    t.form('POST', '/api/promotion-surface-design/set-files-brief-design', { promotion_surface_design_id: d.psdId, file_ids }, token);

  it('claims the caller\'s uploads, lists them with a download link, deletes row and bytes', async () => {
    const d = await designFixture(t, admin);
    const pdf = Buffer.from('%PDF-1.4\nbrief\n');
    const ids = [await uploadFile(t, cm, 'brief.pdf', pdf), await uploadFile(t, cm, 'skisse.png', await pngImage())];
    const res = await setFiles(d, ids, cm);
    expect(res.statusCode, res.body).toBe(200);
    const listed = (await brief(d)).files;
    expect(listed.map((f: { name: string; extension: string; size: number }) => [f.name, f.extension, f.size])).toEqual([
      ['brief.pdf', 'pdf', pdf.length],
      ['skisse.png', 'png', expect.any(Number)],
    ]);
    const download = await t.app.inject({ method: 'GET', url: listed[0].url, headers: { authorization: designer } });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload).toEqual(pdf);

    const [before] = await filesWithBytes(t, [ids[0]!]);
    expect(before!.onDisk).toBe(true);
    const del = await t.form('POST', '/api/promotion-surface-design/delete-file-brief-design', { promotion_surface_design_id: d.psdId, file_id: listed[0].id }, admin);
    expect(del.statusCode).toBe(200);
    expect(await t.database.db.select().from(files).where(eq(files.id, ids[0]!))).toHaveLength(0);
    expect(await t.storage.exists(before!.storage_key)).toBe(false);
    expect((await brief(d)).files.map((f: { name: string }) => f.name)).toEqual(['skisse.png']);
    const again = await t.form('POST', '/api/promotion-surface-design/delete-file-brief-design', { promotion_surface_design_id: d.psdId, file_id: listed[0].id }, admin);
    expect(again.statusCode).toBe(404);
  });

  it('refuses someone else\'s upload, an upload already used, a designer and a cm outside the category', async () => {
    const d = await designFixture(t, admin);
    const theirs = await uploadFile(t, await t.login('cm-admin'), 'theirs.pdf', Buffer.from('%PDF-1.4\n'));
    const stolen = await setFiles(d, [theirs]);
    expect(stolen.statusCode).toBe(422);
    expect(stolen.json().errors.file_ids).toEqual(['unknown_upload']);
    const mine = await uploadFile(t, admin, 'mine.pdf', Buffer.from('%PDF-1.4\n'));
    expect((await setFiles(d, [mine])).statusCode).toBe(200);
    expect((await setFiles(d, [mine])).statusCode).toBe(422);
    const next = await uploadFile(t, designer, 'd.pdf', Buffer.from('%PDF-1.4\n'));
    expect((await setFiles(d, [next], designer)).statusCode).toBe(403);
    const store = await designFixture(t, admin, { category: 'Store' });
    const cmFile = await uploadFile(t, cm, 'c.pdf', Buffer.from('%PDF-1.4\n'));
    expect((await setFiles(store, [cmFile], cm)).statusCode).toBe(403);
    expect((await setFiles(d, [])).statusCode).toBe(422);
    expect((await brief(d)).files).toHaveLength(1);
    expect(await t.database.db.select().from(briefFiles).where(eq(briefFiles.psd_id, store.psdId))).toHaveLength(0);
  });

  it('deleting the design or the promotion leaves no files or bytes of its brief and chat', async () => {
    for (const how of ['design', 'promotion'] as const) {
      const d = await designFixture(t, admin, { status: 'Approved' });
      const briefId = await uploadFile(t, admin, 'brief.pdf', Buffer.from('%PDF-1.4\n'));
      await setFiles(d, [briefId]);
      const image = await uploadFile(t, designer, 'hq.png', await pngImage(), 'image');
      const doc = await uploadFile(t, designer, 'hq.pdf', Buffer.from('%PDF-1.4\n'));
      for (const [file_id, type_file] of [[image, 'HQ'], [doc, 'HQ']] as const) {
        expect((await t.form('POST', '/api/design-chat', { chat_id: d.chatId, file_id, type_file }, designer)).statusCode).toBe(201);
      }
      const stored = await filesWithBytes(t, [briefId, image, doc]);
      expect(stored.length).toBeGreaterThanOrEqual(5); // brief, image + w_500 + w_200, document
      expect(stored.every((f) => f.onDisk)).toBe(true);
      const res =
        how === 'design'
          ? await t.form('DELETE', `/api/promotion-surface-design/${d.psdId}`, undefined, admin)
          : await t.form('DELETE', `/api/promotions/${d.promotionId}`, undefined, admin);
      expect(res.statusCode, res.body).toBe(200);
      expect(await t.database.db.select().from(files).where(inArray(files.id, stored.map((f) => f.id))), how).toHaveLength(0);
      for (const f of stored) expect(await t.storage.exists(f.storage_key), `${how} ${f.original_name} ${f.variant}`).toBe(false);
      expect(await t.database.db.select().from(chatMessages).where(eq(chatMessages.chat_id, d.chatId))).toHaveLength(0);
    }
  });
});

describe('brief products', () => {
  const body = (d: DesignFixture, product_id: number) => ({ promotion_surface_design_id: d.psdId, product_id });

  it('adds a product once, lists it, removes it', async () => {
    const d = await designFixture(t, admin);
    const [product] = await t.database.db.select().from(products).limit(1);
    const add = await t.form('POST', '/api/promotion-surface-design/add-product-brief-design', body(d, product!.id), cm);
    expect(add.statusCode).toBe(200);
    const listed = (await brief(d)).products;
    expect(listed).toEqual([{ product_id: product!.id, product: expect.objectContaining({ id: product!.id, name: product!.name, ean: product!.ean }) }]);
    const twice = await t.form('POST', '/api/promotion-surface-design/add-product-brief-design', body(d, product!.id), cm);
    expect(twice.statusCode).toBe(422);
    expect(twice.json().errors.product_id).toEqual(['product_already_added']);
    expect((await t.form('POST', '/api/promotion-surface-design/add-product-brief-design', body(d, 99999999), admin)).statusCode).toBe(422);
    expect((await t.form('POST', '/api/promotion-surface-design/add-product-brief-design', body(d, product!.id), designer)).statusCode).toBe(403);
    expect((await t.form('POST', '/api/promotion-surface-design/delete-product-brief-design', body(d, product!.id), admin)).statusCode).toBe(200);
    expect((await brief(d)).products).toEqual([]);
    expect((await t.form('POST', '/api/promotion-surface-design/delete-product-brief-design', body(d, product!.id), admin)).statusCode).toBe(404);
  });

  it('searches the catalogue by name, EAN and vendor code for the picker', async () => {
    const [product] = await t.database.db.select().from(products).where(eq(products.status, true)).limit(1);
    const search = async (s: string, token = admin) => t.form('GET', '/api/products/get-all-products', { search: s }, token);
    const byName = (await search(product!.name.slice(0, 5).toUpperCase())).json().data.products as { id: number; name: string }[];
    expect(byName.length).toBeGreaterThan(0);
    expect(byName.length).toBeLessThanOrEqual(20);
    expect(byName.every((p) => p.name.toLowerCase().includes(product!.name.slice(0, 5).toLowerCase()))).toBe(true);
    expect((await search(String(product!.ean))).json().data.products.map((p: { id: number }) => p.id)).toContain(product!.id);
    expect((await search(String(product!.vendor_code))).json().data.products.map((p: { id: number }) => p.id)).toContain(product!.id);
    expect((await search('%_')).json().data.products).toEqual([]);
    expect((await search('zzzz-no-such-product')).json().data.products).toEqual([]);
    expect((await search('', cm)).json().data.products).toHaveLength(20);
    expect((await search('a', designer)).statusCode).toBe(403);
  });
});
