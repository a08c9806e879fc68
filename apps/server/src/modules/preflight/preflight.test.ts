import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import type { ChatEventPayload, ChatMessage } from '@promo/shared';
import { auditLog, filePreflights, files, systemSettings } from '../../db/schema';
import { userId } from '../../test/design-fixture';
import { buildPromotion, newSurface, upload } from '../../test/print-flow-fixture';
import { pdfFile, pixelsAt, rasterAt, rasterFile, SURFACE_50X70 } from '../../test/print-files';
import { zipBytes } from '../../test/images';
import { disconnectAll, listen, next, participant } from '../../test/sockets';
import { createTestApp, type TestApp } from '../../test/test-app';

// A database of its own: these tests change the unit of surface sizes and resume every pending preflight.
let t: TestApp;
let admin: string;
let designer: string;
let url: string;
beforeAll(async () => {
  t = await createTestApp({}, { ownDatabase: true });
  [admin, designer] = await Promise.all([t.login('admin'), t.login('designer')]);
  url = await listen(t.app);
}, 120_000);
afterAll(async () => {
  disconnectAll();
  await t?.close();
});

/** A Completed design on a new surface of this size (HQ files may be sent): its chat. */
async function designOn(size: string = SURFACE_50X70.size) {
  const surface = await newSurface(t, admin, { printerId: null, size });
  const promotion = await buildPromotion(t, { manager: admin }, { surfaces: [surface], designs: [{ surface, category: 'Fuel' }], complete: true });
  return promotion.pairs[0]!.chatId;
}

async function send(chatId: number, name: string, bytes: Buffer, type_file: '' | 'Sketch' | 'HQ' | 'LQ' = 'HQ'): Promise<ChatMessage> {
  const file_id = await upload(t, designer, name, bytes);
  const res = await t.form('POST', '/api/design-chat', { chat_id: chatId, file_id, type_file, text: '' }, designer);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.message as ChatMessage;
}

const listed = async (chatId: number, id: number) =>
  ((await t.form('GET', '/api/design-chat', { chat_id: chatId }, admin)).json().data.chat.messages as ChatMessage[]).find((m) => m.id === id)!;
const fileOf = async (chatId: number, id: number) => (await t.database.db.select({ id: files.id }).from(files).where(eq(files.owner_id, id)))[0]!.id;

describe('preflight of HQ files sent to a design chat', () => {
  it('is pending in the answer and the new-message event, then the worker checks it and the chat hears the result', async () => {
    const chatId = await designOn();
    const socket = await participant(url, designer, await userId(t, designer));
    const isOurs = (p: ChatEventPayload) => p.message.file_name === 'plakat-72.png';
    const added = next(socket, 'AddNewMessageEvent', isOurs, 10_000);
    const checked = next(socket, 'UpdateMessageEvent', (p) => isOurs(p) && p.message.preflight?.status !== 'pending', 30_000);

    const sent = await send(chatId, 'plakat-72.png', await rasterAt(72, 'png'));
    expect(sent.preflight).toEqual({ status: 'pending', checks: [], surface_size: 'H50 x W70 cm' });
    expect((await added).message.preflight).toEqual(sent.preflight);

    const { message } = await checked;
    expect(message.id).toBe(sent.id);
    expect(message.preflight).toMatchObject({ status: 'errors', surface_size: 'H50 x W70 cm' });
    expect(message.preflight!.checks).toEqual([
      { check: 'resolution', level: 'error', values: { dpi: 71, width_px: 1984, height_px: 1417, width_mm: 700, height_mm: 500, min_dpi: 100, recommended_dpi: 150 } },
      { check: 'aspect', level: 'ok', values: expect.objectContaining({ ratio: 1.4, expected_ratio: 1.4 }) },
      { check: 'colour_space', level: 'warning', values: { space: 'rgb', channels: 3 } },
    ]);
    // The chat lists the same, and the row is stored with the file.
    expect((await listed(chatId, sent.id)).preflight).toEqual(message.preflight);
    const [row] = await t.database.db.select().from(filePreflights).where(eq(filePreflights.file_id, await fileOf(chatId, sent.id)));
    expect(row).toMatchObject({ status: 'errors', surface_size: 'H50 x W70 cm' });
  });

  it('a PDF and a CMYK TIFF are checked too; a newer HQ file is checked on its own', async () => {
    const chatId = await designOn();
    const pdf = await send(chatId, 'plakat.pdf', await pdfFile({ widthMm: 700, heightMm: 500, bleedMm: 3 }));
    // An A4 surface keeps the CMYK TIFF small: 160 dpi across 29.7 cm.
    const a4 = await designOn('H21 x W29.7');
    const tiff = await send(a4, 'plakat.tiff', await rasterFile({ width: pixelsAt(160, 297), height: pixelsAt(160, 210), format: 'tiff', space: 'cmyk' }));
    await t.app.preflight.drained();
    expect((await listed(chatId, pdf.id)).preflight).toMatchObject({ status: 'ok', checks: expect.arrayContaining([expect.objectContaining({ check: 'page_size', level: 'ok' })]) });
    expect((await listed(a4, tiff.id)).preflight).toMatchObject({ status: 'ok', surface_size: 'H21 x W29.7 cm' });

    const wrong = await send(chatId, 'plakat-a4.pdf', await pdfFile({ widthMm: 297, heightMm: 210 }));
    await t.app.preflight.drained();
    expect((await listed(chatId, wrong.id)).preflight).toMatchObject({ status: 'errors', checks: expect.arrayContaining([expect.objectContaining({ check: 'page_size', level: 'error' })]) });
    // The replaced PDF shows nothing in the chat; its file keeps its own preflight.
    expect((await listed(chatId, pdf.id)).preflight).toBeNull();
    const [kept] = await t.database.db.select().from(filePreflights).where(eq(filePreflights.file_id, await fileOf(chatId, pdf.id)));
    expect(kept?.status).toBe('ok');
  });

  it('other messages carry none: text, Sketch, LQ, and HQ files the preflight does not read', async () => {
    const chatId = await designOn();
    const text = (await t.form('POST', '/api/design-chat', { chat_id: chatId, text: 'Hei' }, designer)).json().data.message as ChatMessage;
    const sketch = await send(chatId, 'skisse.png', await rasterAt(20, 'png'), 'Sketch');
    const lq = await send(chatId, 'lq.png', await rasterAt(20, 'png'), 'LQ');
    const zip = await send(chatId, 'trykk.zip', zipBytes(), 'HQ');
    for (const m of [text, sketch, lq, zip]) {
      expect(m.preflight, m.file_name).toBeNull();
      expect((await listed(chatId, m.id)).preflight, m.file_name).toBeNull();
    }
    const ids = await Promise.all([sketch, lq, zip].map((m) => fileOf(chatId, m.id)));
    expect(await t.database.db.select().from(filePreflights).where(inArray(filePreflights.file_id, ids))).toEqual([]);
  });

  it('checks left pending by a stop are checked at the next start; a file whose bytes are gone fails', async () => {
    // Two designs: a newer HQ file would replace the other (decision 030).
    const [chatId, other] = [await designOn(), await designOn()];
    const pdf = await send(chatId, 'plakat.pdf', await pdfFile({ widthMm: 700, heightMm: 500 }));
    const png = await send(other, 'plakat.png', await rasterAt(40, 'png'));
    await t.app.preflight.drained();
    const [pdfFileId, pngFileId] = await Promise.all([fileOf(chatId, pdf.id), fileOf(other, png.id)]);
    // As a crash between the commit and the check would leave them.
    await t.database.db.update(filePreflights).set({ status: 'pending', checks: [] }).where(inArray(filePreflights.file_id, [pdfFileId, pngFileId]));
    const [gone] = await t.database.db.select().from(files).where(eq(files.id, pngFileId));
    await t.storage.remove(gone!.storage_key);

    expect(await t.app.preflight.resumePending()).toBeGreaterThanOrEqual(2);
    await t.app.preflight.drained();
    expect((await listed(chatId, pdf.id)).preflight).toMatchObject({ status: 'warnings', checks: expect.arrayContaining([expect.objectContaining({ check: 'bleed', level: 'warning' })]) });
    expect((await listed(other, png.id)).preflight).toMatchObject({ status: 'failed', checks: [{ check: 'unreadable', level: 'error', values: { format: 'png' } }] });
  });

  it('measures in millimetres when the system settings say so, and stores the unit with the result', async () => {
    const [settings] = await t.database.db.select().from(systemSettings);
    const put = (unit: string) => t.form('PUT', `/api/system-setting/${settings!.id}`, { surface_size_unit: unit }, admin);
    const saved = await put('mm');
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.settings).toMatchObject({ surface_size_unit: 'mm', percent_promotion_report: settings!.percent_promotion_report });
    try {
      const chatId = await designOn();
      const sent = await send(chatId, 'liten.png', await rasterAt(72, 'png'));
      expect(sent.preflight).toMatchObject({ status: 'pending', surface_size: 'H50 x W70 mm' });
      await t.app.preflight.drained();
      // 1984 pixels across 7 cm.
      expect((await listed(chatId, sent.id)).preflight!.checks[0]).toEqual({
        check: 'resolution',
        level: 'ok',
        values: { dpi: 719, width_px: 1984, height_px: 1417, width_mm: 70, height_mm: 50, min_dpi: 100, recommended_dpi: 150 },
      });
    } finally {
      expect((await put('cm')).statusCode).toBe(200);
    }
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.entity, 'system_settings'));
    expect(audit.some((a) => (a.after as { surface_size_unit?: string } | null)?.surface_size_unit === 'mm')).toBe(true);
  });
});
