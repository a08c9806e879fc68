import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import { and, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import type { ChatMessage } from '@promo/shared';
import { auditLog, chatMessages, chats, designStatusChanges, files } from '../../db/schema';
import { designFixture, filesWithBytes, uploadFile, userId, type DesignFixture } from '../../test/design-fixture';
import { jpegImage, pngImage, tiffImage } from '../../test/images';
import { createTestApp, type TestApp } from '../../test/test-app';
import { formatFileSize } from './messages';

let t: TestApp;
let admin: string;
let cm: string; // manages Fuel, Food, Food Outside
let designer: string;
let ids: { admin: number; designer: number; cm: number };
beforeAll(async () => {
  t = await createTestApp();
  [admin, cm, designer] = await Promise.all([t.login('admin'), t.login('cm'), t.login('designer')]);
  ids = { admin: await userId(t, admin), designer: await userId(t, designer), cm: await userId(t, cm) };
}, 180_000);
afterAll(() => t?.close());

const send = (d: DesignFixture, body: object, token = admin) => t.form('POST', '/api/design-chat', { chat_id: d.chatId, ...body }, token);
async function sent(d: DesignFixture, body: object, token = admin): Promise<ChatMessage> {
  const res = await send(d, body, token);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.message;
}
async function messages(d: DesignFixture, token = admin): Promise<ChatMessage[]> {
  const res = await t.form('GET', '/api/design-chat', { chat_id: d.chatId }, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.chat.messages;
}
const byNumber = async (d: DesignFixture, n: number, token = admin) => (await messages(d, token)).find((m) => m.message_id === n)!;
const pdf = () => Buffer.from(`%PDF-1.4\n${Math.random()}\n`);

describe('sending', () => {
  it('sends a text that every participant sees, numbered in its chat', async () => {
    const d = await designFixture(t, admin);
    const m = await sent(d, { text: '  Hei, her er briefen  ' });
    expect(m).toMatchObject({ chat_id: d.chatId, message_id: 1, text: 'Hei, her er briefen', sender_id: ids.admin, type_extension: '', type_file: '', url_images: null, url_file: null, file_name: '', file_size: '', update_message: false, delete_message: false, who_read_messages: [], rating_file: null, comment_mess_id: null });
    expect(m.sender_name).toBe('Ingrid Admin');
    const second = await sent(d, { text: 'Svar', comment_mess_id: 1 }, designer);
    expect(second).toMatchObject({ message_id: 2, comment_mess_id: 1 });
    for (const token of [designer, cm, await t.login('cm-admin')]) expect((await messages(d, token)).map((x) => x.text)).toEqual(['Hei, her er briefen', 'Svar']);
  });

  it('refuses an empty message without a file and stores nothing', async () => {
    const d = await designFixture(t, admin);
    for (const body of [{ text: '' }, { text: '   \n ' }, {}]) {
      const res = await send(d, body);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.text).toEqual(['message_empty']);
    }
    expect(await messages(d)).toEqual([]);
    expect((await sent(d, { text: 'Første' })).message_id).toBe(1);
  });

  it('refuses a reply to a message that does not exist, a type without a file and unknown chats', async () => {
    const d = await designFixture(t, admin);
    await sent(d, { text: 'En' });
    const res = await send(d, { text: 'Svar', comment_mess_id: 5 });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.comment_mess_id).toEqual(['not_found']);
    expect((await send(d, { text: 'x', type_file: 'Sketch' })).statusCode).toBe(422);
    expect((await send(d, { text: 'x', type_file: 'Final' })).statusCode).toBe(422);
    expect((await t.form('POST', '/api/design-chat', { chat_id: 99999999, text: 'x' }, admin)).statusCode).toBe(404);
    expect(await messages(d)).toHaveLength(1);
  });

  it('sends an image with original, w_500 and w_200 renditions and its size as text', async () => {
    const d = await designFixture(t, admin);
    const image = await jpegImage(900, 600);
    const m = await sent(d, { file_id: await uploadFile(t, designer, 'skisse.jpg', image, 'image'), type_file: 'Sketch', text: 'Første skisse' }, designer);
    expect(m).toMatchObject({ type_extension: 'image', type_file: 'Sketch', file_name: 'skisse.jpg', text: 'Første skisse', file_size: formatFileSize(image.length) });
    expect(m.file_size).toMatch(/^\d+\.\d{2} (Kb|Mb)$/);
    expect(m.url_images).toEqual({ original: expect.stringMatching(/^\/api\/images\/\d+$/), w_500: expect.stringMatching(/^\/api\/images\/\d+$/), w_200: expect.stringMatching(/^\/api\/images\/\d+$/) });
    const width = async (url: string) => {
      const res = await t.app.inject({ method: 'GET', url, headers: { authorization: cm } });
      expect(res.statusCode).toBe(200);
      return (await sharp(res.rawPayload).metadata()).width;
    };
    expect([await width(m.url_images!.original), await width(m.url_images!.w_500!), await width(m.url_images!.w_200)]).toEqual([900, 500, 200]);
    expect(m.url_file).toBe(`/api/files/download-stream?table_name=design_chats&table_id=${d.chatId}&message_id=${m.message_id}`);
  });

  it('gives a TIFF web renditions and a document no images', async () => {
    const d = await designFixture(t, admin);
    const tiff = await sent(d, { file_id: await uploadFile(t, admin, 'scan.tiff', await tiffImage(), 'image') });
    const original = await t.app.inject({ method: 'GET', url: tiff.url_images!.original, headers: { authorization: admin } });
    expect(original.headers['content-type']).toBe('image/png');
    const doc = await sent(d, { file_id: await uploadFile(t, admin, 'tilbud.pdf', pdf()), type_file: 'Sketch' });
    expect(doc).toMatchObject({ type_extension: 'document', type_file: 'Sketch', url_images: null, file_name: 'tilbud.pdf', file_size: expect.stringMatching(/ Kb$/) });
    expect(doc.url_file).toContain(`message_id=${doc.message_id}`);
  });

  it('formats file sizes like 1.20 Mb', () => {
    expect(formatFileSize(1_258_291)).toBe('1.20 Mb');
    expect(formatFileSize(2048)).toBe('2.00 Kb');
    expect(formatFileSize(0)).toBe('');
  });

  it('refuses HQ and LQ while the design is Created or Brief, and keeps the upload usable', async () => {
    for (const status of ['Created', 'Brief'] as const) {
      const d = await designFixture(t, admin, { status });
      const file_id = await uploadFile(t, designer, 'hq.png', await pngImage(), 'image');
      for (const type_file of ['HQ', 'LQ']) {
        const res = await send(d, { file_id, type_file }, designer);
        expect(res.statusCode, `${status} ${type_file}`).toBe(422);
        expect(res.json().errors.type_file).toEqual(['print_file_not_allowed']);
      }
      expect(await messages(d)).toEqual([]);
      expect((await sent(d, { file_id, type_file: 'Sketch' }, designer)).type_file).toBe('Sketch');
    }
  });

  it('lets only admin, designer and cm-admin choose a file type', async () => {
    const d = await designFixture(t, admin, { status: 'Approved' });
    const file_id = await uploadFile(t, cm, 'a.pdf', pdf());
    for (const type_file of ['Sketch', 'HQ']) {
      const res = await send(d, { file_id, type_file }, cm);
      expect(res.statusCode).toBe(403);
    }
    expect((await sent(d, { file_id }, cm)).type_file).toBe('');
    const cmAdmin = await t.login('cm-admin');
    expect((await sent(d, { file_id: await uploadFile(t, cmAdmin, 'b.pdf', pdf()), type_file: 'LQ' }, cmAdmin)).type_file).toBe('LQ');
  });

  it('refuses someone else\'s upload and an upload already sent', async () => {
    const d = await designFixture(t, admin);
    const theirs = await uploadFile(t, designer, 'x.pdf', pdf());
    expect((await send(d, { file_id: theirs })).statusCode).toBe(422);
    await sent(d, { file_id: theirs }, designer);
    expect((await send(d, { file_id: theirs }, designer)).statusCode).toBe(422);
  });
});

describe('replacement within a type (decision 030)', () => {
  it('a new HQ file replaces the current HQ file whatever its kind, keeps the earlier one as a version, and leaves LQ and Sketch alone', async () => {
    const d = await designFixture(t, admin, { status: 'Approved' });
    const first = await uploadFile(t, designer, 'hq.pdf', pdf());
    const m1 = await sent(d, { file_id: first, type_file: 'HQ', text: 'Trykkfil' }, designer);
    const lq = await sent(d, { file_id: await uploadFile(t, designer, 'lq.png', await pngImage(), 'image'), type_file: 'LQ' }, designer);
    const sketch = await sent(d, { file_id: await uploadFile(t, designer, 'skisse.png', await pngImage(), 'image'), type_file: 'Sketch' }, designer);
    const stored = await filesWithBytes(t, [first]);

    // The PNG replaces the PDF: one current HQ file, not one per kind.
    const m2 = await sent(d, { file_id: await uploadFile(t, designer, 'hq.png', await pngImage(200, 100), 'image'), type_file: 'HQ' }, designer);
    const list = await messages(d, cm);
    const find = (n: number) => list.find((m) => m.message_id === n)!;
    // Issue 33: the chat says it was replaced and keeps what the designer wrote with it; its file is the earlier version's.
    expect(find(m1.message_id)).toMatchObject({ delete_message: true, replaced: true, text: 'Trykkfil', url_images: null, url_file: null, file_name: 'hq.pdf', file_size: '', type_file: 'HQ', preflight: null });
    expect(list.filter((m) => !m.delete_message).map((m) => m.file_name)).toEqual([lq.file_name, sketch.file_name, 'hq.png']);
    // Its file stays, row and bytes, as the earlier version (decision 017).
    expect((await filesWithBytes(t, [first])).map((f) => [f.id, f.onDisk])).toEqual(stored.map((f) => [f.id, true]));
    const [row] = await t.database.db.select().from(chatMessages).where(eq(chatMessages.id, m1.id));
    expect(row).toMatchObject({ delete_message: true, text: 'Trykkfil', file_id: first, replaced_by_id: m2.id });

    // And back: a PDF replaces the PNG.
    const m3 = await sent(d, { file_id: await uploadFile(t, designer, 'hq2.pdf', pdf()), type_file: 'HQ' }, designer);
    const after = await messages(d);
    expect(after.filter((m) => !m.delete_message && m.type_file === 'HQ').map((m) => m.file_name)).toEqual(['hq2.pdf']);
    expect((await t.database.db.select().from(chatMessages).where(eq(chatMessages.id, m2.id)))[0]!.replaced_by_id).toBe(m3.id);
  });

  it('a new Sketch replaces the current Sketch (image or document), and a new LQ the current LQ; a plain attachment replaces nothing', async () => {
    const d = await designFixture(t, admin, { status: 'Correction' });
    const s1 = await sent(d, { file_id: await uploadFile(t, designer, 's1.png', await pngImage(), 'image'), type_file: 'Sketch' }, designer);
    const s2 = await sent(d, { file_id: await uploadFile(t, designer, 's2.pdf', pdf()), type_file: 'Sketch' }, designer);
    const l1 = await sent(d, { file_id: await uploadFile(t, designer, 'l1.pdf', pdf()), type_file: 'LQ' }, designer);
    const l2 = await sent(d, { file_id: await uploadFile(t, designer, 'l2.png', await pngImage(), 'image'), type_file: 'LQ' }, designer);
    await sent(d, { file_id: await uploadFile(t, designer, 'vedlegg.png', await pngImage(), 'image') }, designer);
    await sent(d, { file_id: await uploadFile(t, designer, 'vedlegg2.png', await pngImage(), 'image') }, designer);
    const rows = await t.database.db.select().from(chatMessages).where(eq(chatMessages.chat_id, d.chatId)).orderBy(chatMessages.message_id);
    expect(rows.map((r) => [r.file_name, r.delete_message, r.replaced_by_id])).toEqual([
      ['s1.png', true, s2.id],
      ['s2.pdf', false, null],
      ['l1.pdf', true, l2.id],
      ['l2.png', false, null],
      ['vedlegg.png', false, null],
      ['vedlegg2.png', false, null],
    ]);
    expect([s1.type_file, l1.type_file]).toEqual(['Sketch', 'LQ']);
  });

  it('files of a type left live by the rule before become versions of the newest (migration 0017)', async () => {
    const d = await designFixture(t, admin, { status: 'Approved' });
    await sent(d, { file_id: await uploadFile(t, designer, 'gammel.png', await pngImage(), 'image'), type_file: 'HQ' }, designer);
    const sketch = await sent(d, { file_id: await uploadFile(t, designer, 's1.png', await pngImage(), 'image'), type_file: 'Sketch' }, designer);
    // As the rule before left them: an HQ document beside the HQ image, a second live Sketch.
    const hqDoc = await sent(d, { file_id: await uploadFile(t, designer, 'ny.pdf', pdf()), text: 'PDF' }, designer);
    const sketch2 = await sent(d, { file_id: await uploadFile(t, designer, 's2.png', await pngImage(), 'image') }, designer);
    await t.database.db.update(chatMessages).set({ type_file: 'HQ' }).where(eq(chatMessages.id, hqDoc.id));
    await t.database.db.update(chatMessages).set({ type_file: 'Sketch', rating_file: 3 }).where(eq(chatMessages.id, sketch.id));
    await t.database.db.update(chatMessages).set({ type_file: 'Sketch' }).where(eq(chatMessages.id, sketch2.id));

    const migration = fs.readFileSync(new URL('../../db/migrations/0017_current_file_per_type.sql', import.meta.url), 'utf8');
    await t.database.db.execute(sql.raw(migration));
    const rows = await t.database.db.select().from(chatMessages).where(eq(chatMessages.chat_id, d.chatId)).orderBy(chatMessages.message_id);
    expect(rows.map((r) => [r.file_name, r.delete_message, r.replaced_by_id, r.file_id !== null])).toEqual([
      ['gammel.png', true, hqDoc.id, true],
      ['s1.png', true, sketch2.id, true],
      ['ny.pdf', false, null, true],
      ['s2.png', false, null, true],
    ]);
    // A replaced sketch keeps its rating on record; the chat shows it removed.
    expect(rows[1]!.rating_file).toBe(3);
    expect((await byNumber(d, sketch.message_id)).rating_file).toBeNull();
  });

  it('files replaced before issue 33 get their text back from the audit trail (migration 0032); a deleted one stays empty', async () => {
    const d = await designFixture(t, admin, { status: 'Approved' });
    const first = await sent(d, { file_id: await uploadFile(t, designer, 'v1.png', await pngImage(), 'image'), type_file: 'Sketch', text: 'Utkast' }, designer);
    expect((await t.form('POST', '/api/design-chat/update-message', { chat_id: d.chatId, message_id: first.message_id, text: 'Første skisse, prisen øverst' }, designer)).statusCode).toBe(200);
    const doomed = await sent(d, { text: 'Feil chat' }, designer);
    expect((await t.form('GET', '/api/design-chat/delete-message', { chat_id: d.chatId, message_id: doomed.message_id }, designer)).statusCode).toBe(200);
    await sent(d, { file_id: await uploadFile(t, designer, 'v2.png', await pngImage(), 'image'), type_file: 'Sketch' }, designer);
    // As the replacement before left it: the text emptied.
    await t.database.db.update(chatMessages).set({ text: '' }).where(eq(chatMessages.id, first.id));

    const migration = fs.readFileSync(new URL('../../db/migrations/0032_replaced_messages_keep_text.sql', import.meta.url), 'utf8');
    await t.database.db.execute(sql.raw(migration));
    expect(await byNumber(d, first.message_id)).toMatchObject({ replaced: true, text: 'Første skisse, prisen øverst', file_name: 'v1.png' });
    expect(await byNumber(d, doomed.message_id)).toMatchObject({ delete_message: true, replaced: false, text: '' });
  });
});

describe('HQ replacement at the same moment', () => {
  it('four HQ images sent at once leave exactly one live, each replaced by the next, every file kept', async () => {
    const d = await designFixture(t, admin, { status: 'Correction' });
    const uploads = await Promise.all([0, 1, 2, 3].map(async (i) => uploadFile(t, designer, `hq${i}.png`, await pngImage(100 + i, 100), 'image')));
    const results = await Promise.all(uploads.map((file_id) => send(d, { file_id, type_file: 'HQ' }, designer)));
    expect(results.map((r) => r.statusCode)).toEqual([201, 201, 201, 201]);
    const list = await messages(d);
    const live = list.filter((m) => !m.delete_message);
    expect(live).toHaveLength(1);
    expect(live[0]!.message_id).toBe(4);
    const kept = await t.database.db.select().from(files).where(eq(files.owner_table, 'chat_messages'));
    expect(kept.filter((f) => uploads.includes(f.id))).toHaveLength(4);
    const rows = await t.database.db.select().from(chatMessages).where(eq(chatMessages.chat_id, d.chatId)).orderBy(chatMessages.message_id);
    expect(rows.map((r) => r.replaced_by_id)).toEqual([rows[1]!.id, rows[2]!.id, rows[3]!.id, null]);
  });
});

describe('editing and deleting', () => {
  it('the sender edits its own message; others are refused', async () => {
    const d = await designFixture(t, admin);
    await sent(d, { text: 'Opprinnelig' }, designer);
    const res = await t.form('POST', '/api/design-chat/update-message', { chat_id: d.chatId, message_id: 1, text: 'Rettet' }, designer);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.message).toMatchObject({ text: 'Rettet', update_message: true });
    expect(await byNumber(d, 1, cm)).toMatchObject({ text: 'Rettet', update_message: true });
    for (const token of [admin, cm]) {
      expect((await t.form('POST', '/api/design-chat/update-message', { chat_id: d.chatId, message_id: 1, text: 'Kapret' }, token)).statusCode).toBe(403);
    }
    expect((await t.form('POST', '/api/design-chat/update-message', { chat_id: d.chatId, message_id: 1, text: ' ' }, designer)).statusCode).toBe(422);
    expect((await t.form('POST', '/api/design-chat/update-message', { chat_id: d.chatId, message_id: 9, text: 'x' }, designer)).statusCode).toBe(404);
    expect((await byNumber(d, 1)).text).toBe('Rettet');
  });

  it('the sender deletes its own message: removed for everyone, its file gone', async () => {
    const d = await designFixture(t, admin);
    const file_id = await uploadFile(t, designer, 'skisse.png', await pngImage(), 'image');
    await sent(d, { file_id, type_file: 'Sketch', text: 'Se her' }, designer);
    await sent(d, { text: 'Fint' }, admin);
    const stored = await filesWithBytes(t, [file_id]);
    expect((await t.form('GET', '/api/design-chat/delete-message', { chat_id: d.chatId, message_id: 1 }, admin)).statusCode).toBe(403);
    const res = await t.form('GET', '/api/design-chat/delete-message', { chat_id: d.chatId, message_id: 1 }, designer);
    expect(res.statusCode).toBe(200);
    for (const token of [admin, cm, designer]) {
      expect(await byNumber(d, 1, token)).toMatchObject({ delete_message: true, replaced: false, text: '', url_images: null, url_file: null, file_name: '', type_file: '', type_extension: '', rating_file: null });
    }
    expect((await byNumber(d, 2)).text).toBe('Fint');
    expect(await t.database.db.select().from(files).where(eq(files.id, file_id))).toHaveLength(0);
    for (const f of stored) expect(await t.storage.exists(f.storage_key)).toBe(false);
    expect((await t.form('GET', '/api/design-chat/delete-message', { chat_id: d.chatId, message_id: 1 }, designer)).statusCode).toBe(404);
    expect((await t.form('POST', '/api/design-chat/update-message', { chat_id: d.chatId, message_id: 1, text: 'igjen' }, designer)).statusCode).toBe(404);
  });
});

describe('read receipts', () => {
  it('marks only others\' messages read, shows who read them, and reads nothing the second time', async () => {
    const d = await designFixture(t, admin);
    await sent(d, { text: 'En' }, admin);
    await sent(d, { text: 'To' }, admin);
    await sent(d, { text: 'Tre' }, designer);
    const read = await t.form('POST', '/api/design-chat/set-read-status-messages', { chat_id: d.chatId }, designer);
    expect(read.statusCode).toBe(200);
    expect(read.json().data.read).toBe(2);
    const list = await messages(d, admin);
    expect(list.map((m) => m.who_read_messages)).toEqual([[ids.designer], [ids.designer], []]);
    expect((await t.form('POST', '/api/design-chat/set-read-status-messages', { chat_id: d.chatId }, designer)).json().data.read).toBe(0);
    expect((await t.form('POST', '/api/design-chat/set-read-status-messages', { chat_id: d.chatId }, cm)).json().data.read).toBe(3);
    expect((await messages(d)).map((m) => m.who_read_messages)).toEqual([[ids.designer, ids.cm], [ids.designer, ids.cm], [ids.cm]]);
  });
});

describe('sketch ratings', () => {
  const rate = (d: DesignFixture, message_id: number, rating: unknown, token = cm) =>
    t.form('POST', '/api/design-chat/update-switch-rating-image', { chat_id: d.chatId, message_id, rating }, token);

  it('rates Sketch files 1 to 3 (admin, cm, cm-admin), nothing else', async () => {
    const d = await designFixture(t, admin);
    await sent(d, { file_id: await uploadFile(t, designer, 's.png', await pngImage(), 'image'), type_file: 'Sketch' }, designer);
    await sent(d, { text: 'Bare tekst' }, designer);
    await sent(d, { file_id: await uploadFile(t, designer, 'f.pdf', pdf()) }, designer);
    const res = await rate(d, 1, 3);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.message.rating_file).toBe(3);
    expect((await rate(d, 1, 2, admin)).json().data.message.rating_file).toBe(2);
    expect((await byNumber(d, 1, designer)).rating_file).toBe(2);
    for (const n of [2, 3]) {
      const wrong = await rate(d, n, 1);
      expect(wrong.statusCode).toBe(422);
      expect(wrong.json().errors.message_id).toEqual(['not_a_sketch']);
    }
    for (const bad of [4, 0, 'x']) expect((await rate(d, 1, bad)).statusCode).toBe(422);
    expect((await rate(d, 1, 1, designer)).statusCode).toBe(403);
    expect((await rate(d, 42, 1)).statusCode).toBe(404);
    expect((await byNumber(d, 1)).rating_file).toBe(2);
  });
});

describe('a sketch rating drives the design\'s status (decision 030)', () => {
  // With the default review flow the cm's "cancelled" is a change request, which says what to change (decision 040).
  const rate = (d: DesignFixture, message_id: number, rating: number, token = cm) =>
    t.form('POST', '/api/design-chat/update-switch-rating-image', { chat_id: d.chatId, message_id, rating, comment: rating === 2 ? 'Større pris' : '' }, token);
  const statusOf = async (d: DesignFixture) =>
    (await t.form('GET', '/api/promotion-surface-design/get-promotion-surface-design', { promotion_id: d.promotionId, surface_id: d.surfaceId, surface_design_id: d.psdId }, admin)).json().data.data.status as string;
  const approvals = async (d: DesignFixture, token = designer) =>
    ((await t.form('GET', '/api/notifications', undefined, token)).json().data.notifications as { kind: string; link: string }[]).filter(
      (n) => n.kind === 'sketch_approved' && n.link.includes(`prom_sur_des_id=${d.psdId}`),
    );
  const sketch = async (d: DesignFixture) =>
    sent(d, { file_id: await uploadFile(t, designer, 'skisse.png', await pngImage(), 'image'), type_file: 'Sketch' }, designer);

  it('approved moves a Brief design to Approved, tells its designer once, and opens HQ and LQ files', async () => {
    const d = await designFixture(t, admin, { status: 'Brief' });
    const s = await sketch(d);
    const hq = await uploadFile(t, designer, 'hq.png', await pngImage(), 'image');
    expect((await send(d, { file_id: hq, type_file: 'HQ' }, designer)).json().errors.type_file).toEqual(['print_file_not_allowed']);

    const res = await rate(d, s.message_id, 3);
    expect(res.statusCode, res.body).toBe(200);
    expect(await statusOf(d)).toBe('Approved');
    expect(await approvals(d)).toEqual([expect.objectContaining({ kind: 'sketch_approved', link: expect.stringContaining(`prom_sur_des_id=${d.psdId}`) })]);
    // Not the rater, and not twice for the same approval.
    expect(await approvals(d, cm)).toEqual([]);
    expect((await rate(d, s.message_id, 3)).statusCode).toBe(200);
    expect(await approvals(d)).toHaveLength(1);
    expect((await sent(d, { file_id: hq, type_file: 'HQ' }, designer)).type_file).toBe('HQ');
    // The change is on record with the rating, once: the same rating again changed nothing.
    const entries = await t.database.db.select().from(auditLog).where(and(eq(auditLog.entity, 'chat_messages'), eq(auditLog.entity_id, s.id), eq(auditLog.action, 'rate')));
    expect(entries).toEqual([expect.objectContaining({ before: { rating_file: null, status: 'Brief', review_decision: null }, after: { rating_file: 3, status: 'Approved', review_decision: 'approve' } })]);
  });

  it('cancelled moves the design to Correction; a reaction leaves the status; a status set by hand stays possible', async () => {
    const d = await designFixture(t, admin, { status: 'Approved' });
    const s = await sketch(d);
    expect((await rate(d, s.message_id, 2)).statusCode).toBe(200);
    expect(await statusOf(d)).toBe('Correction');
    expect((await rate(d, s.message_id, 1, admin)).statusCode).toBe(200);
    expect(await statusOf(d)).toBe('Correction');
    expect((await rate(d, s.message_id, 3, await t.login('cm-admin'))).statusCode).toBe(200);
    expect(await statusOf(d)).toBe('Approved');
    expect((await t.form('PUT', `/api/promotion-surface-design/${d.psdId}`, { status: 'Brief' }, cm)).statusCode).toBe(200);
    expect(await statusOf(d)).toBe('Brief');
    expect(await approvals(d)).toHaveLength(1);
    // Each move is in the design's status history, in order, with its cause and who made it
    // (issue 24); the reaction (rating 1) moved nothing and is not there.
    const history = await t.database.db
      .select()
      .from(designStatusChanges)
      .where(eq(designStatusChanges.psd_id, d.psdId))
      .orderBy(designStatusChanges.id);
    expect(history.map((h) => [h.from_status, h.to_status, h.cause, h.changed_by_id])).toEqual([
      // With the default review flow a rating is its rater's decision (decision 040).
      ['Approved', 'Correction', 'review', ids.cm],
      ['Correction', 'Approved', 'review', await userId(t, await t.login('cm-admin'))],
      ['Approved', 'Brief', 'edit', ids.cm],
    ]);
  });

  it('leaves a Completed or Cancelled design where it is, and tells nobody', async () => {
    for (const status of ['Completed', 'Cancelled'] as const) {
      const d = await designFixture(t, admin, { status });
      const s = await sketch(d);
      for (const rating of [2, 3]) expect((await rate(d, s.message_id, rating)).statusCode).toBe(200);
      expect(await statusOf(d)).toBe(status);
      expect(await approvals(d)).toEqual([]);
    }
  });
});

describe('who may use a chat', () => {
  it('refuses a cm outside the category, the printer and the company user', async () => {
    const d = await designFixture(t, admin, { category: 'Store' });
    await sent(d, { text: 'Hemmelig' });
    const calls = (token: string) => [
      t.form('GET', '/api/design-chat', { chat_id: d.chatId }, token),
      t.form('POST', '/api/design-chat', { chat_id: d.chatId, text: 'Hei' }, token),
      t.form('POST', '/api/design-chat/set-read-status-messages', { chat_id: d.chatId }, token),
      t.form('POST', '/api/design-chat/update-message', { chat_id: d.chatId, message_id: 1, text: 'x' }, token),
      t.form('GET', '/api/design-chat/delete-message', { chat_id: d.chatId, message_id: 1 }, token),
    ];
    for (const token of [cm, await t.login('printer'), await t.login('user'), await t.login('distributor')]) {
      for (const res of await Promise.all(calls(token))) expect(res.statusCode, res.body).toBe(403);
    }
    expect(await messages(d)).toHaveLength(1);
    expect((await t.form('GET', '/api/design-chat', { chat_id: d.chatId })).statusCode).toBe(401);
  });
});

describe('message numbers', () => {
  it('stay 1, 2, 3 … with ten sends at once', async () => {
    const d = await designFixture(t, admin);
    const tokens = [admin, designer, cm];
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => send(d, { text: `Melding ${i}` }, tokens[i % 3])));
    expect(results.map((r) => r.statusCode)).toEqual(Array(10).fill(201));
    const numbers = results.map((r) => r.json().data.message.message_id as number).sort((a, b) => a - b);
    expect(numbers).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect((await messages(d)).map((m) => m.message_id)).toEqual(numbers);
    const [chat] = await t.database.db.select().from(chats).where(eq(chats.id, d.chatId));
    expect(chat!.last_message_id).toBe(10);
  });
});
