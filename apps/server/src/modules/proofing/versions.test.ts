import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import type { ChatMessage } from '@promo/shared';
import { chatMessages, filePinReplies, filePins, filePreflights, files } from '../../db/schema';
import { DEMO_PASSWORD } from '../../db/seed/demo';
import { sweepUnclaimedUploads } from '../../lib/uploads';
import { designFixture, filesWithBytes, type DesignFixture } from '../../test/design-fixture';
import { jpegImage, pngImage } from '../../test/images';
import { listPins, pdf, pinned, placePin, sendFile, versions } from '../../test/proofing-fixture';
import { createTestApp, type TestApp } from '../../test/test-app';
import { newestHqFiles } from '../print/hq-files';

let t: TestApp;
let admin: string;
let cm: string;
let designer: string;
beforeAll(async () => {
  t = await createTestApp();
  [admin, cm, designer] = await Promise.all([t.login('admin'), t.login('cm'), t.login('designer')]);
}, 180_000);
afterAll(() => t?.close());

async function chatMessage(d: DesignFixture, number: number, token = cm): Promise<ChatMessage> {
  const res = await t.form('GET', '/api/design-chat', { chat_id: d.chatId }, token);
  return (res.json().data.chat.messages as ChatMessage[]).find((m) => m.message_id === number)!;
}
const download = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: { authorization: token } });

describe('an HQ file replaced by a newer one', () => {
  it('is shown removed in the chat, and kept as version 1 with its file, renditions and pins', async () => {
    const d = await designFixture(t, admin, { status: 'Approved' });
    const first = await pngImage(300, 200);
    const v1 = await sendFile(t, d, designer, 'hq1.png', first, 'HQ');
    const pin = await pinned(t, d, { message_id: v1.message_id, x: 0.5, y: 0.5, text: 'Skarpere logo' }, cm);
    const v2 = await sendFile(t, d, designer, 'hq2.png', await pngImage(600, 400), 'HQ');

    // The chat's view: replaced (issue 33: its name, type and text stay), with no link to the file.
    expect(await chatMessage(d, v1.message_id)).toMatchObject({ delete_message: true, replaced: true, text: '', url_images: null, url_file: null, file_name: 'hq1.png', file_size: '', type_file: 'HQ', type_extension: '' });
    const [row] = await t.database.db.select().from(chatMessages).where(eq(chatMessages.id, v1.id));
    expect(row).toMatchObject({ delete_message: true, replaced_by_id: v2.id, file_name: 'hq1.png' });
    const kept = await filesWithBytes(t, [row!.file_id!]);
    expect(kept).toHaveLength(3);
    expect(kept.every((f) => f.onDisk)).toBe(true);

    const list = await versions(t, d, cm);
    expect(list.map((v) => [v.message_id, v.type_file, v.type_extension, v.version, v.current, v.open_pins])).toEqual([
      [v1.message_id, 'HQ', 'image', 1, false, 1],
      [v2.message_id, 'HQ', 'image', 2, true, 0],
    ]);
    expect(list[0]).toMatchObject({ id: v1.id, file_name: 'hq1.png', url_images: v1.url_images, url_file: v1.url_file, sender_name: 'Sofie Designer' });

    // The old file downloads, and its rendition shows, for whoever sees the chat; not for others.
    const file = await download(list[0]!.url_file, cm);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(first)).toBe(true);
    expect((await download(list[0]!.url_images!.w_200, admin)).statusCode).toBe(200);
    const cm2 = await t.loginAs('cm2@demo.no', DEMO_PASSWORD);
    expect((await download(list[0]!.url_file, cm2)).statusCode).toBe(403);

    // Its pins stay on it, and it still takes new ones.
    expect((await listPins(t, d, admin)).map((p) => [p.id, p.message_id])).toEqual([[pin.id, v1.message_id]]);
    expect((await pinned(t, d, { message_id: v1.message_id, x: 0.1, y: 0.1 }, admin)).number).toBe(2);

    // The printer's file is the live one only.
    const [hq] = await newestHqFiles(t.database.db, [d.psdId]);
    expect(hq).toMatchObject({ message_id: v2.message_id, kind: 'image' });

    // The hourly sweep leaves a kept version alone, however old.
    await t.database.db.update(files).set({ created_at: new Date(Date.now() - 3 * 24 * 3600_000) }).where(inArray(files.id, kept.map((f) => f.id)));
    await sweepUnclaimedUploads(t.database.db, t.storage);
    expect((await filesWithBytes(t, [row!.file_id!])).map((f) => f.onDisk)).toEqual([true, true, true]);
  });
});

describe('a file deleted by its sender', () => {
  it('is no version, its pins and replies are gone, and it takes no new pin', async () => {
    const d = await designFixture(t, admin, { status: 'Approved' });
    const sketch = await sendFile(t, d, designer, 'skisse.png', await pngImage(), 'Sketch');
    const kept = await sendFile(t, d, designer, 'lq.png', await pngImage(), 'LQ');
    const pin = await pinned(t, d, { message_id: sketch.message_id, x: 0.5, y: 0.5 }, cm);
    await pinned(t, d, { message_id: kept.message_id, x: 0.5, y: 0.5 }, cm);
    expect((await t.form('POST', `/api/design-chat/pins/${pin.id}/replies`, { text: 'Ok' }, designer)).statusCode).toBe(201);

    expect((await t.form('GET', '/api/design-chat/delete-message', { chat_id: d.chatId, message_id: sketch.message_id }, designer)).statusCode).toBe(200);
    expect((await versions(t, d, cm)).map((v) => [v.message_id, v.version, v.current])).toEqual([[kept.message_id, 1, true]]);
    expect((await listPins(t, d, cm)).map((p) => p.message_id)).toEqual([kept.message_id]);
    expect(await t.database.db.select().from(filePins).where(eq(filePins.id, pin.id))).toEqual([]);
    expect(await t.database.db.select().from(filePinReplies).where(eq(filePinReplies.pin_id, pin.id))).toEqual([]);
    expect((await placePin(t, d, { message_id: sketch.message_id, x: 0.5, y: 0.5, text: 'x' }, cm)).statusCode).toBe(404);
    expect((await download(sketch.url_file!, cm)).statusCode).toBe(404);
  });
});

describe('the versions of a chat', () => {
  it('numbers each type from 1 whatever the kind, oldest first, marks the one live file current and shows its preflight', async () => {
    const d = await designFixture(t, admin, { status: 'Correction' });
    const s1 = await sendFile(t, d, designer, 's1.png', await pngImage(), 'Sketch');
    const hqPdf = await sendFile(t, d, designer, 'trykk.pdf', pdf(), 'HQ');
    const s2 = await sendFile(t, d, designer, 's2.jpg', await jpegImage(), 'Sketch');
    const sPdf = await sendFile(t, d, designer, 'skisse.pdf', pdf(), 'Sketch');
    const lq1 = await sendFile(t, d, designer, 'lq1.png', await pngImage(), 'LQ');
    const hq1 = await sendFile(t, d, designer, 'hq1.png', await pngImage(), 'HQ');
    const lq2 = await sendFile(t, d, designer, 'lq2.png', await pngImage(), 'LQ');
    await sendFile(t, d, designer, 'vedlegg.png', await pngImage());
    await t.form('POST', '/api/design-chat', { chat_id: d.chatId, text: 'Bare tekst' }, designer);
    // What the preflight stored is shown as it is: once its checks are done, a result of our own.
    await t.app.preflight.drained();
    const [hqPdfRow] = await t.database.db.select().from(chatMessages).where(eq(chatMessages.id, hqPdf.id));
    const checks = [{ check: 'resolution', level: 'warning', values: { dpi: 120, min: 150 } }];
    const result = { status: 'warnings', checks, surface_size: 'H50 x W70 cm' };
    await t.database.db.insert(filePreflights).values({ file_id: hqPdfRow!.file_id!, ...result }).onConflictDoUpdate({ target: filePreflights.file_id, set: result });

    const list = await versions(t, d, designer);
    expect(list.map((v) => [v.file_name, v.type_file, v.type_extension, v.version, v.current])).toEqual([
      [s1.file_name, 'Sketch', 'image', 1, false],
      [s2.file_name, 'Sketch', 'image', 2, false],
      [sPdf.file_name, 'Sketch', 'document', 3, true],
      [hqPdf.file_name, 'HQ', 'document', 1, false],
      [hq1.file_name, 'HQ', 'image', 2, true],
      [lq1.file_name, 'LQ', 'image', 1, false],
      [lq2.file_name, 'LQ', 'image', 2, true],
    ]);
    const hqDoc = list.find((v) => v.id === hqPdf.id)!;
    expect(hqDoc).toMatchObject({ url_images: null, url_file: hqPdf.url_file, file_size: hqPdf.file_size, preflight: result });
    // Only HQ files are preflighted; the HQ image's own result is whatever the check found.
    expect(list.filter((v) => v.preflight !== null).map((v) => v.id)).toEqual([hqPdf.id, hq1.id]);
    expect(list.find((v) => v.id === lq1.id)!.url_images).toEqual(lq1.url_images);
    expect(await versions(t, await designFixture(t, admin), admin)).toEqual([]);
  });
});
