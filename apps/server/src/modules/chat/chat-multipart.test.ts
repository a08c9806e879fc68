import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import sharp from 'sharp';
import type { ChatMessage } from '@promo/shared';
import { chatMessages, files } from '../../db/schema';
import { designFixture, newUser, userId, type DesignFixture } from '../../test/design-fixture';
import { jpegImage, pngImage } from '../../test/images';
import { filesOnDisk, formData, postMultipart, type Part } from '../../test/multipart';
import { disconnectAll, listen, next, participant } from '../../test/sockets';
import { createTestApp, type TestApp } from '../../test/test-app';
import { formatFileSize } from './messages';

// A client built from spec 001 §7 sends chat messages as multipart with these fields.
const UPLOAD_LIMIT = 200_000;
let t: TestApp;
let storageRoot: string;
let admin: string;
let cm: string; // manages Fuel
let designer: { id: number; token: string }; // a designer of this file only: its files rows are ours
let url: string;
beforeAll(async () => {
  t = await createTestApp({ UPLOAD_LIMIT_BYTES: String(UPLOAD_LIMIT) }, { ownStorage: true });
  storageRoot = t.filesDir;
  [admin, cm] = await Promise.all([t.login('admin'), t.login('cm')]);
  designer = await newUser(t, admin, 'designer');
  url = await listen(t.app);
}, 180_000);
afterAll(async () => {
  disconnectAll();
  await t?.close();
});

type SpecFile = { filename: string; content: Buffer };

/** Every field spec 001 §7 lists for POST /api/design-chat, in its order; `omit` leaves fields out. */
function specMessage(d: DesignFixture, m: { text?: string; file?: SpecFile; type_file?: string; comment_mess_id?: string; omit?: string[] }): Part[] {
  const isImage = m.file && /\.(jpe?g|png|tiff)$/i.test(m.file.filename);
  const parts: Part[] = [
    ['chat_id', String(d.chatId)],
    ['message_id', ''],
    ['text', m.text ?? ''],
    ['url_file', m.file ?? ''],
    ['file_name', m.file?.filename ?? ''],
    ['file_size', m.file ? String(m.file.content.length) : ''],
    ['type_file', m.type_file ?? ''],
    ['type_extension', m.file ? (isImage ? 'image' : 'document') : ''],
    ['comment_mess_id', m.comment_mess_id ?? ''],
    ['update_message', 'false'],
    ['make_size[]', 'original'],
    ['make_size[]', 'w_500'],
    ['make_size[]', 'w_200'],
  ];
  return parts.filter(([name]) => !m.omit?.includes(name));
}

const send = (parts: Part[], token = designer.token) => postMultipart(t, '/api/design-chat', parts, token);
const messagesOf = async (d: DesignFixture): Promise<ChatMessage[]> => (await t.form('GET', '/api/design-chat', { chat_id: d.chatId }, admin)).json().data.chat.messages;
const pdf = () => Buffer.from(`%PDF-1.4\n${Math.random()}\n`);
const ownFiles = () => t.database.db.select().from(files).where(eq(files.uploaded_by, designer.id));

/** A participant's socket on its own channel, as the web opens it. */
const listener = async (token: string) => participant(url, token, await userId(t, token));

describe('POST /api/design-chat as multipart', () => {
  it('stores a text-only message and answers it exactly as the form-encoded call does', async () => {
    const d = await designFixture(t, admin);
    const res = await send(specMessage(d, { text: '  Hei fra klienten  ' }));
    expect(res.statusCode, res.body).toBe(201);
    const m: ChatMessage = res.json().data.message;
    expect(m).toMatchObject({ chat_id: d.chatId, message_id: 1, text: 'Hei fra klienten', sender_id: designer.id, url_file: null, url_images: null, file_name: '', file_size: '', type_extension: '', type_file: '', update_message: false });
    const reply = await send(specMessage(d, { text: 'Svar', comment_mess_id: '1' }));
    expect(reply.json().data.message).toMatchObject({ message_id: 2, comment_mess_id: 1 });

    const form = await t.form('POST', '/api/design-chat', { chat_id: d.chatId, text: 'Hei fra klienten' }, designer.token);
    const same = (x: ChatMessage) => ({ ...x, id: 0, message_id: 0, create_date: '' });
    expect(same(m)).toEqual(same(form.json().data.message));
    const [row] = await t.database.db.select().from(chatMessages).where(eq(chatMessages.id, m.id));
    expect(row).toMatchObject({ text: 'Hei fra klienten', file_id: null, sender_id: designer.id });
  });

  it('streams an image part (url_file) into a message with original, w_500 and w_200, and every participant hears of it', async () => {
    const d = await designFixture(t, admin);
    const heard = next(await listener(cm), 'AddNewMessageEvent', (p) => p.chat_id === d.chatId, 5000);
    const image = await jpegImage(900, 600);
    const res = await send(specMessage(d, { text: 'Første skisse', file: { filename: 'skisse.jpg', content: image }, type_file: 'Sketch' }));
    expect(res.statusCode, res.body).toBe(201);
    const m: ChatMessage = res.json().data.message;
    expect(m).toMatchObject({ text: 'Første skisse', type_extension: 'image', type_file: 'Sketch', file_name: 'skisse.jpg', file_size: formatFileSize(image.length) });
    expect(m.url_file).toBe(`/api/files/download-stream?table_name=design_chats&table_id=${d.chatId}&message_id=1`);
    const width = async (u: string) => (await sharp((await t.app.inject({ method: 'GET', url: u, headers: { authorization: cm } })).rawPayload).metadata()).width;
    expect([await width(m.url_images!.original), await width(m.url_images!.w_500!), await width(m.url_images!.w_200)]).toEqual([900, 500, 200]);
    expect((await heard).message).toEqual(m);
    expect((await messagesOf(d)).find((x) => x.id === m.id)).toEqual(m);

    const [upload] = await t.database.db.select().from(files).where(and(eq(files.original_name, 'skisse.jpg'), eq(files.uploaded_by, designer.id), isNull(files.parent_id)));
    expect(upload).toMatchObject({ owner_table: 'chat_messages', owner_id: m.id, variant: 'original', size: image.length, content_type: 'image/jpeg' });
    const renditions = await t.database.db.select().from(files).where(eq(files.parent_id, upload!.id));
    expect(renditions.map((r) => r.variant).sort()).toEqual(['w_200', 'w_500']);
    const download = await t.app.inject({ method: 'GET', url: m.url_file!, headers: { authorization: admin } });
    expect(download.rawPayload).toEqual(image);
  });

  it('stores a document part whole, with no renditions', async () => {
    const d = await designFixture(t, admin);
    const doc = pdf();
    const res = await send(specMessage(d, { file: { filename: 'tilbud.pdf', content: doc } }));
    expect(res.statusCode, res.body).toBe(201);
    const m: ChatMessage = res.json().data.message;
    expect(m).toMatchObject({ text: '', type_extension: 'document', type_file: '', url_images: null, file_name: 'tilbud.pdf', file_size: formatFileSize(doc.length) });
    const download = await t.app.inject({ method: 'GET', url: m.url_file!, headers: { authorization: cm } });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload).toEqual(doc);
  });
});

describe('POST /api/design-chat/update-message as multipart', () => {
  it('takes the same fields and changes only the text; a file part there is refused', async () => {
    const d = await designFixture(t, admin);
    const sent: ChatMessage = (await send(specMessage(d, { text: 'Utkast', file: { filename: 'skisse.png', content: await pngImage() }, type_file: 'Sketch' }))).json().data.message;
    const heard = next(await listener(admin), 'UpdateMessageEvent', (p) => p.message.id === sent.id, 5000);
    // The spec's edit sends the message's fields back: url_file is then its link, not a file.
    const edit = (text: string, file?: SpecFile, omit: string[] = []): Part[] =>
      [
        ['chat_id', String(d.chatId)],
        ['message_id', String(sent.message_id)],
        ['text', text],
        ['url_file', file ?? sent.url_file!],
        ['file_name', sent.file_name],
        ['file_size', sent.file_size],
        ['type_file', sent.type_file],
        ['type_extension', sent.type_extension],
        ['comment_mess_id', ''],
        ['update_message', 'true'],
        ['make_size[]', 'original'],
        ['make_size[]', 'w_500'],
        ['make_size[]', 'w_200'],
      ].filter(([name]) => !omit.includes(name as string)) as Part[];
    const res = await postMultipart(t, '/api/design-chat/update-message', edit('Rettet'), designer.token);
    expect(res.statusCode, res.body).toBe(200);
    const updated: ChatMessage = res.json().data.message;
    expect(updated).toEqual({ ...sent, text: 'Rettet', update_message: true });
    expect((await heard).message).toEqual(updated);

    const before = filesOnDisk(storageRoot);
    const withFile = await postMultipart(t, '/api/design-chat/update-message', edit('Igjen', { filename: 'ny.png', content: await pngImage() }), designer.token);
    expect(withFile.statusCode).toBe(422);
    expect(withFile.json().errors).toEqual({ url_file: ['file_not_expected'] });
    const noNumber = await postMultipart(t, '/api/design-chat/update-message', edit('Igjen', undefined, ['message_id']), designer.token);
    expect(noNumber.statusCode).toBe(422);
    expect(Object.keys(noNumber.json().errors)).toEqual(['message_id']);
    expect((await messagesOf(d))[0]).toMatchObject({ text: 'Rettet' });
    expect(filesOnDisk(storageRoot)).toEqual(before);
  });
});

describe('refused multipart messages leave nothing behind', () => {
  it('a bad extension, a wrong signature, an empty or too large file, a missing chat_id, a refused type, an unexpected part, a cut-off body, a foreign chat', async () => {
    const d = await designFixture(t, admin); // status Created: HQ is refused there
    const png = await pngImage();
    const formMissing = await t.form('POST', '/api/design-chat', { text: 'x' }, designer.token);
    const rowsBefore = (await ownFiles()).length;
    const diskBefore = filesOnDisk(storageRoot);
    const cases: { parts: Part[]; status: number; errors?: object; token?: string }[] = [
      { parts: specMessage(d, { file: { filename: 'virus.exe', content: Buffer.from('MZ\x90\x00binary') } }), status: 422, errors: { url_file: ['unsupported_file_type'] } },
      { parts: specMessage(d, { file: { filename: 'skisse.png', content: pdf() } }), status: 422, errors: { url_file: ['unsupported_file_type'] } },
      { parts: specMessage(d, { file: { filename: 'tom.pdf', content: Buffer.alloc(0) } }), status: 422, errors: { url_file: ['file_empty'] } },
      { parts: specMessage(d, { file: { filename: 'stor.pdf', content: Buffer.concat([pdf(), Buffer.alloc(UPLOAD_LIMIT)]) } }), status: 413, errors: { url_file: ['file_too_large'] } },
      // The file is streamed before the fields after it are read: it goes again when they fail.
      { parts: specMessage(d, { text: 'x', file: { filename: 'skisse.png', content: png }, omit: ['chat_id'] }), status: 422, errors: formMissing.json().errors },
      { parts: specMessage(d, { file: { filename: 'hq.png', content: png }, type_file: 'HQ' }), status: 422, errors: { type_file: ['print_file_not_allowed'] } },
      { parts: [...specMessage(d, { text: 'x' }), ['photo', { filename: 'a.png', content: png }]], status: 422, errors: { photo: ['file_not_expected'] } },
      { parts: specMessage(d, { text: 'x'.repeat(70_000), file: { filename: 'a.png', content: png } }), status: 422, errors: { text: ['max_length'] } },
      { parts: specMessage(d, { file: { filename: 'a.png', content: png }, type_file: 'Tegning' }), status: 422 },
      { parts: specMessage(d, { file: { filename: 'a.png', content: png } }).map(([k, v]) => (k === 'make_size[]' ? [k, 'w_9000'] : [k, v])) as Part[], status: 422 },
    ];
    expect(formMissing.statusCode).toBe(422);
    expect(Object.keys(formMissing.json().errors)).toEqual(['chat_id']);
    for (const [i, c] of cases.entries()) {
      const res = await send(c.parts, c.token);
      expect(res.statusCode, `case ${i}: ${res.body}`).toBe(c.status);
      if (c.errors) expect(res.json().errors, `case ${i}`).toEqual(c.errors);
    }
    // A body cut off inside the file part, and one that is not multipart at all: the request's fault.
    const whole = formData(specMessage(d, { file: { filename: 'skisse.png', content: png } }));
    for (const payload of [whole.payload.subarray(0, whole.payload.indexOf(png) + 100), Buffer.from('garbage')]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/design-chat', payload, headers: { ...whole.headers, authorization: designer.token } });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message_key).toBe('malformed_multipart');
    }
    // A cm outside the design's category is refused after its file has streamed.
    const outsider = await newUser(t, admin, 'cm');
    const foreign = await send(specMessage(d, { file: { filename: 'a.png', content: png } }), outsider.token);
    expect(foreign.statusCode).toBe(403);
    expect(await t.database.db.select().from(files).where(eq(files.uploaded_by, outsider.id))).toEqual([]);

    expect((await ownFiles()).length).toBe(rowsBefore);
    expect(filesOnDisk(storageRoot)).toEqual(diskBefore);
    expect(await messagesOf(d)).toEqual([]);
  });
});
