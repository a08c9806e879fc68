import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, or } from 'drizzle-orm';
import { briefFiles, briefProducts, chatMessages, files, messageReads, products, promotionSurfaceDesigns } from '../db/schema';
import { DEMO_PASSWORD } from '../db/seed/demo';
import { designFixture, newUser, uploadFile, userId, type DesignFixture } from './design-fixture';
import { pngImage } from './images';
import { expectRefused } from './object-access-fixture';
import { createTestApp, multipartBody, type TestApp } from './test-app';

/** A design (PSD), its brief and its chat, against users outside it: a cm of other categories, designers, non-senders. */
let t: TestApp;
let admin: string;
let cm: string; // Fuel, Food, Food Outside
let cm2: string; // Store, Generic, Loyalty / Trumf
let designer: string;
let productIds: number[];
beforeAll(async () => {
  t = await createTestApp();
  [admin, cm, cm2, designer] = await Promise.all([t.login('admin'), t.login('cm'), t.loginAs('cm2@demo.no', DEMO_PASSWORD), t.login('designer')]);
  productIds = (await t.database.db.select({ id: products.id }).from(products).limit(2)).map((p) => p.id);
});
afterAll(() => t?.close());

const post = (url: string, body: object, token: string) => t.form('POST', url, body, token);
const get = (url: string, query: object, token: string) => t.form('GET', url, query, token);
const pdf = () => Buffer.from(`%PDF-1.4\n${Math.random()}\n`);

/** Everything of the design a refused call could touch. */
async function designState(d: DesignFixture) {
  const db = t.database.db;
  const messages = await db.select().from(chatMessages).where(eq(chatMessages.chat_id, d.chatId)).orderBy(chatMessages.id);
  const brief = await db.select().from(briefFiles).where(eq(briefFiles.psd_id, d.psdId)).orderBy(briefFiles.id);
  const fileIds = [...messages.map((m) => m.file_id), ...brief.map((b) => b.file_id)].filter((id): id is number => id !== null);
  return {
    psd: await db.select().from(promotionSurfaceDesigns).where(eq(promotionSurfaceDesigns.id, d.psdId)),
    brief,
    products: await db.select().from(briefProducts).where(eq(briefProducts.psd_id, d.psdId)),
    messages,
    reads: messages.length ? await db.select().from(messageReads).where(inArray(messageReads.message_id, messages.map((m) => m.id))) : [],
    files: fileIds.length ? await db.select().from(files).where(or(inArray(files.id, fileIds), inArray(files.parent_id, fileIds))).orderBy(files.id) : [],
  };
}

/** A Store design (cm2's) with a brief file, a product, and a designer's Sketch image in its chat. */
async function storeDesign() {
  const d = await designFixture(t, admin, { category: 'Store' });
  const brief = await uploadFile(t, admin, 'brief.pdf', pdf());
  expect((await post('/api/promotion-surface-design/set-files-brief-design', { promotion_surface_design_id: d.psdId, file_ids: [brief] }, admin)).statusCode).toBe(200);
  expect((await post('/api/promotion-surface-design/add-product-brief-design', { promotion_surface_design_id: d.psdId, product_id: productIds[0] }, admin)).statusCode).toBe(200);
  const sketch = await uploadFile(t, designer, 'skisse.png', await pngImage(60, 40), 'image');
  const sent = await post('/api/design-chat', { chat_id: d.chatId, file_id: sketch, type_file: 'Sketch', text: 'Første skisse' }, designer);
  expect(sent.statusCode, sent.body).toBe(201);
  const [briefFile] = await t.database.db.select().from(briefFiles).where(eq(briefFiles.psd_id, d.psdId));
  return { ...d, briefFileId: briefFile!.id, imageUrl: sent.json().data.message.url_images.w_200 as string };
}

describe('a cm on a design of another cm\'s category', () => {
  it('gets nothing of the design page, brief, files, products or chat, and changes nothing', async () => {
    const d = await storeDesign();
    const upload = await uploadFile(t, cm, 'min.pdf', pdf());
    const ids = { promotion_surface_design_id: d.psdId };
    const state = async () => ({ design: await designState(d), upload: await t.database.db.select().from(files).where(eq(files.id, upload)) });
    await expectRefused(
      state,
      {
        page: () => get('/api/promotion-surface-design/get-promotion-surface-design', { promotion_id: d.promotionId, surface_id: d.surfaceId, surface_design_id: d.psdId }, cm),
        brief: () => t.form('PUT', `/api/promotion-surface-design/${d.psdId}`, { title: 'Kapret', status: 'Completed' }, cm),
        addFiles: () => post('/api/promotion-surface-design/set-files-brief-design', { ...ids, file_ids: [upload] }, cm),
        deleteFile: () => post('/api/promotion-surface-design/delete-file-brief-design', { ...ids, file_id: d.briefFileId }, cm),
        addProduct: () => post('/api/promotion-surface-design/add-product-brief-design', { ...ids, product_id: productIds[1] }, cm),
        deleteProduct: () => post('/api/promotion-surface-design/delete-product-brief-design', { ...ids, product_id: productIds[0] }, cm),
        chat: () => get('/api/design-chat', { chat_id: d.chatId }, cm),
        send: () => post('/api/design-chat', { chat_id: d.chatId, text: 'Hei fra siden' }, cm),
        read: () => post('/api/design-chat/set-read-status-messages', { chat_id: d.chatId }, cm),
        rate: () => post('/api/design-chat/update-switch-rating-image', { chat_id: d.chatId, message_id: 1, rating: 3 }, cm),
        chatFile: () => get('/api/files/download-file', { table_name: 'design_chats', table_id: d.chatId, message_id: 1 }, cm),
        briefFile: () => get('/api/files/download-stream', { table_name: 'promotion_surface_designs', table_id: d.psdId, message_id: d.briefFileId }, cm),
        image: () => t.app.inject({ method: 'GET', url: d.imageUrl, headers: { authorization: cm } }),
      },
      403,
    );
    // Its own category manager works on it.
    expect((await t.form('PUT', `/api/promotion-surface-design/${d.psdId}`, { title: 'Ny tittel' }, cm2)).statusCode).toBe(200);
    expect((await get('/api/design-chat', { chat_id: d.chatId }, cm2)).statusCode).toBe(200);
  });
});

describe('a designer on a design it is not bound to', () => {
  it('cannot take it over or detach its designer, nor edit the brief or delete it; it may still talk in the chat', async () => {
    const d = await designFixture(t, admin, { category: 'Fuel' });
    const holder = await newUser(t, admin, 'designer');
    expect((await post('/api/promotion-surface-design/bind-design-to-yourself', { design_id: d.psdId, bool_action: 'true' }, holder.token)).statusCode).toBe(200);
    const upload = await uploadFile(t, designer, 'brief.pdf', pdf());
    await expectRefused(
      () => designState(d),
      {
        bind: () => post('/api/promotion-surface-design/bind-design-to-yourself', { design_id: d.psdId, bool_action: 'true' }, designer),
        detach: () => post('/api/promotion-surface-design/bind-design-to-yourself', { design_id: d.psdId, bool_action: 'false' }, designer),
      },
      422,
    );
    await expectRefused(
      () => designState(d),
      {
        brief: () => t.form('PUT', `/api/promotion-surface-design/${d.psdId}`, { status: 'Completed' }, designer),
        addFiles: () => post('/api/promotion-surface-design/set-files-brief-design', { promotion_surface_design_id: d.psdId, file_ids: [upload] }, designer),
        remove: () => t.form('DELETE', `/api/promotion-surface-design/${d.psdId}`, undefined, designer),
      },
      403,
    );
    expect((await designState(d)).psd[0]!.designer_id).toBe(holder.id);
    // DOMAIN.md: every designer takes part in every design's chat.
    expect((await post('/api/design-chat', { chat_id: d.chatId, text: 'Jeg kan hjelpe' }, designer)).statusCode).toBe(201);
  });

  it('cannot send a Sketch, HQ or LQ file into its chat, form-encoded or multipart: 403, the holder\'s print file stays current', async () => {
    const d = await designFixture(t, admin, { category: 'Fuel', status: 'Approved' });
    const holder = await newUser(t, admin, 'designer');
    expect((await post('/api/promotion-surface-design/bind-design-to-yourself', { design_id: d.psdId, bool_action: 'true' }, holder.token)).statusCode).toBe(200);
    const hq = await uploadFile(t, holder.token, 'trykk.png', await pngImage(80, 60), 'image');
    expect((await post('/api/design-chat', { chat_id: d.chatId, file_id: hq, type_file: 'HQ' }, holder.token)).statusCode).toBe(201);
    const uploads = await Promise.all(['Sketch', 'HQ', 'LQ'].map(async (type) => ({ type, id: await uploadFile(t, designer, `${type}.png`, await pngImage(90, 60), 'image') })));
    const calls = Object.fromEntries(uploads.map(({ type, id }) => [type, () => post('/api/design-chat', { chat_id: d.chatId, file_id: id, type_file: type }, designer)]));
    const partName = `del-${Date.now()}.png`;
    const { payload, headers } = multipartBody({ name: partName, content: await pngImage(70, 50), field: 'url_file' }, { chat_id: String(d.chatId), type_file: 'HQ', text: '' });
    calls.multipart = () => t.app.inject({ method: 'POST', url: '/api/design-chat', payload, headers: { ...headers, authorization: designer } });
    const unclaimed = () => t.database.db.select().from(files).where(inArray(files.id, uploads.map((u) => u.id)));
    await expectRefused(async () => ({ design: await designState(d), uploads: await unclaimed() }), calls, 403);
    const refused = await calls.HQ!();
    expect(refused.json()).toMatchObject({ message_key: 'design_bound_to_other', errors: { type_file: ['design_bound_to_other'] } });
    // The multipart part was stored for the request and deleted with its refusal.
    expect(await t.database.db.select().from(files).where(eq(files.original_name, partName))).toEqual([]);
    // Those who manage the design may: an admin and the cm-admin send an LQ file.
    for (const token of [admin, await t.login('cm-admin')]) {
      const file_id = await uploadFile(t, token, 'lq.png', await pngImage(60, 40), 'image');
      expect((await post('/api/design-chat', { chat_id: d.chatId, file_id, type_file: 'LQ' }, token)).statusCode).toBe(201);
    }
    expect((await designState(d)).psd[0]!.designer_id).toBe(holder.id);
  });
});

describe('a design no designer holds', () => {
  it('is taken by the first designer who sends it a file of a type; the next designer is refused', async () => {
    const d = await designFixture(t, admin, { category: 'Fuel' });
    const other = await newUser(t, admin, 'designer');
    // Text and a plain attachment take nothing.
    expect((await post('/api/design-chat', { chat_id: d.chatId, text: 'Hvem tar denne?' }, other.token)).statusCode).toBe(201);
    const plain = await uploadFile(t, other.token, 'ref.pdf', pdf());
    expect((await post('/api/design-chat', { chat_id: d.chatId, file_id: plain }, other.token)).statusCode).toBe(201);
    expect((await designState(d)).psd[0]!.designer_id).toBeNull();

    const sketch = await uploadFile(t, designer, 'skisse.png', await pngImage(60, 40), 'image');
    const sent = await post('/api/design-chat', { chat_id: d.chatId, file_id: sketch, type_file: 'Sketch' }, designer);
    expect(sent.statusCode, sent.body).toBe(201);
    expect((await designState(d)).psd[0]!.designer_id).toBe(await userId(t, designer));
    const page = await get('/api/promotion-surface-design/get-promotion-surface-design', { promotion_id: d.promotionId, surface_id: d.surfaceId, surface_design_id: d.psdId }, designer);
    expect(page.json().data.designer).toMatchObject({ id: await userId(t, designer) });

    const late = await uploadFile(t, other.token, 'skisse2.png', await pngImage(60, 40), 'image');
    await expectRefused(() => designState(d), { late: () => post('/api/design-chat', { chat_id: d.chatId, file_id: late, type_file: 'Sketch' }, other.token) }, 403);
  });

  it('goes to one of two designers who send at the same moment; the other is refused and stores nothing', async () => {
    const d = await designFixture(t, admin, { category: 'Fuel', status: 'Correction' });
    const other = await newUser(t, admin, 'designer');
    const tokens = [designer, other.token];
    const uploads = await Promise.all(tokens.map(async (token, i) => uploadFile(t, token, `hq${i}.png`, await pngImage(60 + i, 40), 'image')));
    const results = await Promise.all(tokens.map((token, i) => post('/api/design-chat', { chat_id: d.chatId, file_id: uploads[i], type_file: 'HQ' }, token)));
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 403]);
    const winner = results.findIndex((r) => r.statusCode === 201);
    const state = await designState(d);
    expect(state.psd[0]!.designer_id).toBe(await userId(t, tokens[winner]!));
    expect(state.messages.map((m) => m.file_id)).toEqual([uploads[winner]]);
  });
});

describe('a chat message of someone else', () => {
  it('is neither edited nor deleted by anyone but its sender, whatever their role', async () => {
    const d = await designFixture(t, admin, { category: 'Fuel' });
    const file_id = await uploadFile(t, designer, 'skisse.png', await pngImage(50, 30), 'image');
    expect((await post('/api/design-chat', { chat_id: d.chatId, file_id, type_file: 'Sketch', text: 'Min skisse' }, designer)).statusCode).toBe(201);
    const others = { admin, cm, cmAdmin: await t.login('cm-admin'), designer2: (await newUser(t, admin, 'designer')).token };
    const calls = Object.fromEntries(
      Object.entries(others).flatMap(([who, token]) => [
        [`${who} edit`, () => post('/api/design-chat/update-message', { chat_id: d.chatId, message_id: 1, text: 'Omskrevet' }, token)],
        [`${who} delete`, () => get('/api/design-chat/delete-message', { chat_id: d.chatId, message_id: 1 }, token)],
      ]),
    );
    await expectRefused(() => designState(d), calls, 403);
    const [message] = (await designState(d)).messages;
    expect(message).toMatchObject({ sender_id: await userId(t, designer), text: 'Min skisse', delete_message: false, file_id });
  });
});
