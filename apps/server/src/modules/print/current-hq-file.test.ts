import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PrintReportData } from '@promo/shared';
import { buildPromotion, newStation, newSurface, sendToPrinters, setAmounts, upload, userIdByEmail } from '../../test/print-flow-fixture';
import { pdfFile, rasterAt, SURFACE_50X70 } from '../../test/print-files';
import { createTestApp, type TestApp } from '../../test/test-app';

/** Issue 22 point 9 (decision 030): a design has one current HQ file, whatever its kind, and that is what is checked and printed. */
let t: TestApp;
let admin: string;
let cmAdmin: string;
let designer: string;
let printer: string;
let printerId: number;
beforeAll(async () => {
  t = await createTestApp();
  [admin, cmAdmin, designer, printer] = await Promise.all([t.login('admin'), t.login('cm-admin'), t.login('designer'), t.login('printer')]);
  printerId = await userIdByEmail(t, 'printer@demo.no');
}, 180_000);
afterAll(() => t?.close());

async function sendHqFile(chatId: number, name: string, bytes: Buffer) {
  const file_id = await upload(t, designer, name, bytes);
  const res = await t.form('POST', '/api/design-chat', { chat_id: chatId, file_id, type_file: 'HQ', text: '' }, designer);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.message as { id: number; message_id: number };
}

describe('the current HQ file of a design', () => {
  it('a PDF with preflight errors replaced by a correct PNG no longer blocks the send, and the printer gets only the PNG', async () => {
    const surface = await newSurface(t, admin, { printerId, size: SURFACE_50X70.size, name: `Plakat 50x70 ${Date.now()}` });
    const station = await newStation(t, admin, { group: 'DO', categories: ['Fuel'] });
    await setAmounts(t, [{ stationId: station.id, surfaceId: surface, amount: 4 }]);
    const p = await buildPromotion(t, { manager: cmAdmin }, { surfaces: [surface], designs: [{ surface, category: 'Fuel' }], complete: true });
    const chatId = p.pairs[0]!.chatId;

    // A portrait PDF for a landscape surface: an aspect error.
    const pdf = await sendHqFile(chatId, 'hq.pdf', await pdfFile({ widthMm: 500, heightMm: 700, bleedMm: 3 }));
    await t.app.preflight.drained();
    const refused = await sendToPrinters(t, cmAdmin, p.id);
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json().message_key).toBe('preflight_errors');

    const png = await sendHqFile(chatId, 'hq.png', await rasterAt(150, 'png'));
    await t.app.preflight.drained();
    const sent = await sendToPrinters(t, cmAdmin, p.id);
    expect(sent.statusCode, sent.body).toBe(200);

    const report = await t.form('GET', '/api/print-promotion-report/get-report', { promotion_id: p.id }, printer);
    expect(report.statusCode, report.body).toBe(200);
    const [row] = (report.json().data as PrintReportData).rows;
    expect(row!.image).toMatchObject({ message_id: png.message_id });
    expect(row!.document).toBeNull();
    const download = (kind: string) =>
      t.app.inject({ method: 'GET', url: `/api/print-promotion-report/download-file?promotion_id=${p.id}&design_id=${p.pairs[0]!.psdId}&kind=${kind}`, headers: { authorization: printer } });
    expect((await download('image')).statusCode).toBe(200);
    expect((await download('document')).statusCode).toBe(404);
    // The PDF stays an earlier version of the HQ file, with its preflight.
    const versions = (await t.form('GET', '/api/design-chat/versions', { chat_id: chatId }, admin)).json().data.versions as { message_id: number; version: number; current: boolean; preflight: { status: string } | null }[];
    expect(versions.map((v) => [v.message_id, v.version, v.current, v.preflight?.status])).toEqual([
      [pdf.message_id, 1, false, 'errors'],
      [png.message_id, 2, true, expect.stringMatching(/^(ok|warnings)$/)],
    ]);
  });
});
