import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { BASE64_DOWNLOAD_LIMIT, type ChatMessage } from '@promo/shared';
import { files } from '../../db/schema';
import { designFixture, uploadFile, type DesignFixture } from '../../test/design-fixture';
import { pngImage } from '../../test/images';
import { createTestApp, type TestApp } from '../../test/test-app';
import { dispositionName } from './service';

let t: TestApp;
let admin: string;
let cm: string; // manages Fuel, Food, Food Outside
let designer: string;
let fuel: DesignFixture;
let store: DesignFixture;
const pdf = Buffer.from('%PDF-1.4\nTilbud på pølser\n%%EOF\n');
let image: Buffer;
let imageMessage: ChatMessage;
let briefFileId: number;

async function chatFile(d: DesignFixture, name: string, content: Buffer, kind?: 'image'): Promise<ChatMessage> {
  const res = await t.form('POST', '/api/design-chat', { chat_id: d.chatId, file_id: await uploadFile(t, designer, name, content, kind) }, designer);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.message;
}

beforeAll(async () => {
  t = await createTestApp();
  [admin, cm, designer] = await Promise.all([t.login('admin'), t.login('cm'), t.login('designer')]);
  fuel = await designFixture(t, admin);
  store = await designFixture(t, admin, { category: 'Store' });
  image = await pngImage(640, 480);
  await chatFile(fuel, 'Tilbud pølser æøå.pdf', pdf);
  imageMessage = await chatFile(fuel, 'skisse.png', image, 'image');
  await chatFile(store, 'store.pdf', pdf);
  const res = await t.form('POST', '/api/promotion-surface-design/set-files-brief-design', { promotion_surface_design_id: fuel.psdId, file_ids: [await uploadFile(t, admin, 'brief.pdf', pdf)] }, admin);
  briefFileId = res.json().data.files[0].id;
}, 180_000);
afterAll(() => t?.close());

const base64 = (q: object, token = admin) => t.form('GET', '/api/files/download-file', q, token);
const stream = (q: object, token = admin) => t.form('GET', '/api/files/download-stream', q, token);
const chatQ = (d: DesignFixture, message_id: number) => ({ table_name: 'design_chats', table_id: d.chatId, message_id });

describe('GET /api/files/download-file', () => {
  it('gives a chat file as base64 of the exact bytes with its type and name', async () => {
    const res = await base64(chatQ(fuel, 1), cm);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toEqual({ success: true, file: pdf.toString('base64'), contentType: 'application/pdf', fileName: 'Tilbud pølser æøå.pdf' });
    const img = (await base64(chatQ(fuel, 2), designer)).json();
    expect(Buffer.from(img.file, 'base64')).toEqual(image);
    expect(img.contentType).toBe('image/png');
  });

  it('gives a brief file by design id and brief file id', async () => {
    const res = await base64({ table_name: 'promotion_surface_designs', table_id: fuel.psdId, message_id: briefFileId }, designer);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, fileName: 'brief.pdf', contentType: 'application/pdf' });
    expect(Buffer.from(res.json().file, 'base64')).toEqual(pdf);
    expect((await base64({ table_name: 'promotion_surface_designs', table_id: store.psdId, message_id: briefFileId })).statusCode).toBe(404);
  });

  it('answers 404 for a message without a file or that does not exist, 422 for an unknown table', async () => {
    await t.form('POST', '/api/design-chat', { chat_id: fuel.chatId, text: 'Bare tekst' }, admin);
    const textOnly = (await t.form('GET', '/api/design-chat', { chat_id: fuel.chatId }, admin)).json().data.chat.messages.find((m: ChatMessage) => m.text === 'Bare tekst');
    expect((await base64(chatQ(fuel, textOnly.message_id))).statusCode).toBe(404);
    expect((await base64(chatQ(fuel, 999))).statusCode).toBe(404);
    expect((await base64({ table_name: 'users', table_id: 1, message_id: 1 })).statusCode).toBe(422);
    expect((await base64({ ...chatQ(fuel, 1), table_id: 99999999 })).statusCode).toBe(404);
  });

  it('refuses a cm outside the category, the printer and the company user', async () => {
    expect((await base64(chatQ(store, 1), cm)).statusCode).toBe(403);
    expect((await base64(chatQ(store, 1), admin)).statusCode).toBe(200);
    for (const role of ['printer', 'user', 'distributor'] as const) expect((await base64(chatQ(fuel, 1), await t.login(role))).statusCode, role).toBe(403);
    expect((await base64(chatQ(fuel, 1), '')).statusCode).toBe(401);
  });

  it('refuses a file above the base64 limit with 413 and serves one at the limit', async () => {
    const msg = await chatFile(fuel, 'stor.pdf', pdf);
    const [row] = await t.database.db.select().from(files).where(eq(files.original_name, 'stor.pdf'));
    // Only the recorded size matters to the check: no need to write 8 MB in a test.
    await t.database.db.update(files).set({ size: BASE64_DOWNLOAD_LIMIT + 1 }).where(eq(files.id, row!.id));
    const res = await base64(chatQ(fuel, msg.message_id));
    expect(res.statusCode).toBe(413);
    expect(res.json().message_key).toBe('download_too_large');
    await t.database.db.update(files).set({ size: BASE64_DOWNLOAD_LIMIT }).where(eq(files.id, row!.id));
    expect((await base64(chatQ(fuel, msg.message_id))).statusCode).toBe(200);
    await t.database.db.update(files).set({ size: pdf.length }).where(eq(files.id, row!.id));
  });
});

describe('GET /api/files/download-stream', () => {
  it('streams the bytes as an attachment with a safe file name', async () => {
    const res = await stream(chatQ(fuel, 1), cm);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload).toEqual(pdf);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-length']).toBe(String(pdf.length));
    const disposition = res.headers['content-disposition'] as string;
    expect(disposition).toMatch(/^attachment; filename="Tilbud p_lser ___\.pdf"; filename\*=UTF-8''/);
    expect(decodeURIComponent(disposition.split("UTF-8''")[1]!)).toBe('Tilbud pølser æøå.pdf');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('keeps quotes, backslashes and line breaks of a name out of the header', () => {
    expect(dispositionName('a"b\\c\r\nSet-Cookie: x.pdf')).toBe(`filename="a_b_c__Set-Cookie: x.pdf"; filename*=UTF-8''a%22b%5Cc%0D%0ASet-Cookie%3A%20x.pdf`);
    expect(dispositionName("Kari's (ny)*.pdf")).toBe(`filename="Kari's (ny)*.pdf"; filename*=UTF-8''Kari%27s%20%28ny%29%2A.pdf`);
  });

  it('signs a plain link with the cookie and refuses others like download-file', async () => {
    const res = await t.app.inject({ method: 'GET', url: imageMessage.url_file!, headers: { cookie: `BEARER_TOKEN=${encodeURIComponent(designer)}` } });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload).toEqual(image);
    expect((await stream(chatQ(store, 1), cm)).statusCode).toBe(403);
    expect((await stream(chatQ(fuel, 1), await t.login('printer'))).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: imageMessage.url_file! })).statusCode).toBe(401);
  });
});

describe('chat image renditions at /api/images/{id}', () => {
  it('serve participants and refuse a cm outside the category and the printer', async () => {
    const storeImage = await chatFile(store, 'store.png', await pngImage(), 'image');
    for (const url of Object.values(storeImage.url_images!)) {
      expect((await t.app.inject({ method: 'GET', url, headers: { authorization: admin } })).statusCode).toBe(200);
      expect((await t.app.inject({ method: 'GET', url, headers: { authorization: cm } })).statusCode).toBe(403);
      expect((await t.app.inject({ method: 'GET', url, headers: { authorization: await t.login('printer') } })).statusCode).toBe(403);
      expect((await t.app.inject({ method: 'GET', url, headers: { authorization: await t.login('user') } })).statusCode).toBe(403);
    }
    for (const url of Object.values(imageMessage.url_images!)) {
      expect((await t.app.inject({ method: 'GET', url, headers: { authorization: cm } })).statusCode).toBe(200);
    }
  });
});
