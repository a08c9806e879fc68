import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { PreflightDesign, PrintReportData } from '@promo/shared';
import { auditLog, filePreflights, printReports } from '../../db/schema';
import { buildPromotion, newStation, newSurface, setAmounts, upload, userIdByEmail } from '../../test/print-flow-fixture';
import { pdfFile, rasterAt, SURFACE_50X70 } from '../../test/print-files';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let admin: string;
let cm: string;
let designer: string;
let printerId: number;
beforeAll(async () => {
  t = await createTestApp();
  [admin, cm, designer] = await Promise.all([t.login('admin'), t.login('cm'), t.login('designer')]);
  printerId = await userIdByEmail(t, 'printer@demo.no');
});
afterAll(() => t.close());

/** A promotion of two Completed designs on one 70 × 50 cm surface that a station receives, with these HQ files. */
async function promotionWith(hq: [{ name: string; bytes: Buffer }, { name: string; bytes: Buffer }]) {
  const surface = await newSurface(t, admin, { printerId, size: SURFACE_50X70.size, name: `Plakat 50x70 ${Date.now()}` });
  const station = await newStation(t, admin, { group: 'DO', categories: ['Fuel'] });
  await setAmounts(t, [{ stationId: station.id, surfaceId: surface, amount: 3 }]);
  const promotion = await buildPromotion(t, { manager: cm }, { surfaces: [surface], designs: [{ surface, category: 'Fuel' }, { surface, category: 'Fuel' }], complete: true });
  const messages = [];
  for (const [i, pair] of promotion.pairs.entries()) {
    const file_id = await upload(t, designer, hq[i]!.name, hq[i]!.bytes);
    const res = await t.form('POST', '/api/design-chat', { chat_id: pair.chatId, file_id, type_file: 'HQ', text: '' }, designer);
    expect(res.statusCode, res.body).toBe(201);
    messages.push({ ...pair, message_id: res.json().data.message.message_id as number, file_id });
  }
  await t.app.preflight.drained();
  return { ...promotion, surface, messages };
}

const send = (token: string, promotionId: number, extra: object = {}) =>
  t.form('POST', '/api/promotion-surface-design/sending-notification-printers', { promotion_id: promotionId, percent_report: 10, description_cm: '', ...extra }, token);
const history = async (promotionId: number) => (await t.form('GET', `/api/promotions/${promotionId}`, undefined, admin)).json().data.history as Record<string, string>;
const stored = (promotionId: number) => t.database.db.select().from(printReports).where(eq(printReports.promotion_id, promotionId));

describe('sending to printers with preflight errors', () => {
  it('lists the designs whose HQ file has errors; a cm cannot confirm; an admin can, and it is recorded', async () => {
    const p = await promotionWith([
      { name: 'plakat-72.png', bytes: await rasterAt(72, 'png') },
      { name: 'plakat.pdf', bytes: await pdfFile({ widthMm: 700, heightMm: 500, bleedMm: 3 }) },
    ]);
    const [bad, good] = p.messages;

    const refused = await send(cm, p.id);
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json()).toMatchObject({ status: 'error', message_key: 'preflight_errors', message_params: { count: 1 } });
    const { preflight_errors, preflight_pending, preflight_failed } = refused.json().data as Record<string, PreflightDesign[]>;
    expect(preflight_errors).toEqual([
      {
        psd_id: bad!.psdId,
        surface_name: expect.stringContaining('Plakat 50x70'),
        design_name: expect.any(String),
        file_name: 'plakat-72.png',
        kind: 'image',
        chat_id: bad!.chatId,
        message_id: bad!.message_id,
        status: 'errors',
        checks: [{ check: 'resolution', level: 'error', values: expect.objectContaining({ dpi: 71, min_dpi: 100 }) }],
      },
    ]);
    expect([preflight_pending, preflight_failed]).toEqual([[], []]);
    expect(await stored(p.id)).toEqual([]);

    // Only an admin may send anyway.
    for (const token of [cm, await t.login('cm-admin')]) {
      const confirmed = await send(token, p.id, { confirm_preflight: 'true' });
      expect(confirmed.statusCode, confirmed.body).toBe(403);
      expect(confirmed.json().message_key).toBe('admin_override_only');
    }
    expect(await stored(p.id)).toEqual([]);
    expect(await history(p.id)).not.toHaveProperty('preflight_override');

    const sent = await send(admin, p.id, { confirm_preflight: 'true' });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({ status: 'success', message_key: 'sent_to_printers', data: [], preflight: { preflight_pending: [], preflight_failed: [] } });
    expect(await stored(p.id)).toHaveLength(1);
    expect(await history(p.id)).toMatchObject({ sent_to_printers: expect.any(String), preflight_override: expect.any(String) });
    const [audit] = await t.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'preflight_override'), eq(auditLog.entity_id, p.id)));
    expect(audit).toMatchObject({ entity: 'promotions', actor_id: await userIdByEmail(t, 'admin@demo.no') });
    expect(audit!.after).toEqual({ designs: [{ psd_id: bad!.psdId, file_name: 'plakat-72.png', kind: 'image', message_id: bad!.message_id, checks: ['resolution'] }] });

    // The printer's report shows each file's preflight.
    const report = await t.form('GET', '/api/print-promotion-report/get-report', { promotion_id: p.id }, await t.login('printer'));
    expect(report.statusCode, report.body).toBe(200);
    const rows = (report.json().data as PrintReportData).rows;
    const row = (psdId: number) => rows.find((r) => r.design.id === psdId)!;
    expect(row(bad!.psdId).image).toMatchObject({ message_id: bad!.message_id, preflight: { status: 'errors', surface_size: 'H50 x W70 cm' } });
    expect(row(bad!.psdId).document).toBeNull();
    expect(row(good!.psdId).document).toMatchObject({ preflight: { status: 'ok', checks: expect.arrayContaining([expect.objectContaining({ check: 'bleed', level: 'ok' })]) } });
  });

  it('a confirmation without errors records nothing; files not checked yet or unreadable do not block and are named', async () => {
    const p = await promotionWith([
      { name: 'plakat.pdf', bytes: await pdfFile({ widthMm: 700, heightMm: 500, bleedMm: 3 }) },
      { name: 'skadet.pdf', bytes: Buffer.from('%PDF-1.7 avbrutt opplasting') },
    ]);
    const [waiting, broken] = p.messages;
    // As if the worker had not got to it yet.
    await t.database.db.update(filePreflights).set({ status: 'pending', checks: [] }).where(eq(filePreflights.file_id, waiting!.file_id));
    const [brokenRow] = await t.database.db.select().from(filePreflights).where(eq(filePreflights.file_id, broken!.file_id));
    expect(brokenRow?.status).toBe('failed');

    const sent = await send(cm, p.id, { confirm_preflight: 'true' });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().data).toEqual([]);
    const data = sent.json().preflight as Record<string, PreflightDesign[]>;
    expect(data.preflight_pending).toEqual([expect.objectContaining({ psd_id: waiting!.psdId, file_name: 'plakat.pdf', kind: 'document', status: 'pending', checks: [] })]);
    expect(data.preflight_failed).toEqual([expect.objectContaining({ psd_id: broken!.psdId, file_name: 'skadet.pdf', status: 'failed', checks: [] })]);
    expect(await history(p.id)).not.toHaveProperty('preflight_override');
  });
});
