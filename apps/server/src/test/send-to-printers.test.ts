import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { successAnswer } from '@promo/shared';
import { auditLog, notifications, printReports } from '../db/schema';
import { outputJsonSchema } from '../modules/api-docs/json-schema';
import { schemaErrors } from './ajv';
import { createTestApp, type TestApp } from './test-app';
import { buildPromotion, newStation, newSurface, reportView, sendToPrinters, setAmounts, setDesignStatus, userIdByEmail } from './print-flow-fixture';

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

const storedReports = (promotionId: number) => t.database.db.select().from(printReports).where(eq(printReports.promotion_id, promotionId));
const printerNotes = async (promotionId: number) =>
  (await t.database.db.select().from(notifications).where(eq(notifications.promotion_id, promotionId))).filter((n) => n.user_id === printerId);
const history = async (promotionId: number) => (await t.form('GET', `/api/promotions/${promotionId}`, undefined, admin)).json().data.history as Record<string, string>;

/** A station that plans `amount` of each surface and receives Fuel. */
async function plannedStation(surfaceIds: number[], amount = 3) {
  const station = await newStation(t, admin, { group: 'DO', categories: ['Fuel'] });
  await setAmounts(t, surfaceIds.map((surfaceId) => ({ stationId: station.id, surfaceId, amount })));
  return station;
}

describe('send to printers', () => {
  it('is refused while a design is not Completed, and stores nothing', async () => {
    const surface = await newSurface(t, admin, { printerId });
    await plannedStation([surface]);
    const promotion = await buildPromotion(t, { manager: cm }, { surfaces: [surface], designs: [{ surface, category: 'Fuel' }, { surface, category: 'Fuel' }] });
    await setDesignStatus(t, cm, promotion.pairs[0]!.psdId, 'Completed');
    await setDesignStatus(t, cm, promotion.pairs[1]!.psdId, 'Approved');
    const res = await sendToPrinters(t, cm, promotion.id, 10);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ status: 'error', message_key: 'not_all_designs_complete', message: 'Not all designs in this Promotion have Complete status' });
    expect(await storedReports(promotion.id)).toHaveLength(0);
    expect(await history(promotion.id)).not.toHaveProperty('sent_to_printers');
    expect(await printerNotes(promotion.id)).toHaveLength(0);
    expect((await reportView(t, cm, promotion.id)).json().data.print_report).toBeNull();

    // A promotion without any design has nothing to send either.
    const bare = await buildPromotion(t, { manager: cm }, { surfaces: [surface], designs: [] });
    expect((await sendToPrinters(t, cm, bare.id)).json().message_key).toBe('not_all_designs_complete');
  });

  it('lists the surfaces without a printer and stores nothing; a surface nobody receives does not count', async () => {
    const printed = await newSurface(t, admin, { printerId, name: 'Plakat med trykkeri' });
    const orphan = await newSurface(t, admin, { printerId: null, name: 'Plakat uten trykkeri' });
    const unplanned = await newSurface(t, admin, { printerId: null, name: 'Plakat uten mengde' });
    await plannedStation([printed, orphan]);
    const promotion = await buildPromotion(t, { manager: cm }, {
      surfaces: [printed, orphan, unplanned],
      designs: [
        { surface: printed, category: 'Fuel' },
        { surface: orphan, category: 'Fuel' },
        { surface: orphan, category: 'Food' },
        { surface: unplanned, category: 'Fuel' },
      ],
      complete: true,
    });
    const res = await sendToPrinters(t, cm, promotion.id, 10);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ message_key: 'surfaces_without_printer', message: 'Surfaces do not have Printer' });
    expect(res.json().data).toEqual([{ id: orphan, name: 'Plakat uten trykkeri' }]);
    expect(await storedReports(promotion.id)).toHaveLength(0);
    expect(await history(promotion.id)).not.toHaveProperty('sent_to_printers');
    expect(await printerNotes(promotion.id)).toHaveLength(0);
  });

  it('stores the print report, records the event, notifies the printer, and only once', async () => {
    const surface = await newSurface(t, admin, { printerId });
    const unplanned = await newSurface(t, admin, { printerId: null }); // total 0: no printer needed
    await plannedStation([surface], 4);
    const promotion = await buildPromotion(t, { manager: cm }, {
      surfaces: [surface, unplanned],
      designs: [{ surface, category: 'Fuel' }, { surface: unplanned, category: 'Fuel' }],
      complete: true,
    });
    const res = await sendToPrinters(t, cm, promotion.id, 25, '  Bruk matt papir  ');
    expect(res.statusCode, res.body).toBe(200);
    // `data` is what the specification says (the surfaces without a printer: none); the preflight notes stand beside it.
    expect(res.json()).toEqual({
      status: 'success',
      message: 'The promotion has been sent to the printers',
      message_key: 'sent_to_printers',
      data: [],
      preflight: { preflight_pending: [], preflight_failed: [] },
    });
    expect(schemaErrors(outputJsonSchema(successAnswer), res.json())).toBe('');

    const [stored] = await storedReports(promotion.id);
    expect(stored).toMatchObject({ percent: 25, description_cm: 'Bruk matt papir' });
    expect(await history(promotion.id)).toHaveProperty('sent_to_printers');
    const audit = await t.database.db.select().from(auditLog).where(and(eq(auditLog.entity, 'promotions'), eq(auditLog.entity_id, promotion.id), eq(auditLog.action, 'send_to_printers')));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.after).toMatchObject({ percent: 25, description_cm: 'Bruk matt papir', printers: [printerId] });
    const notes = await printerNotes(promotion.id);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ kind: 'sent_to_printers', link: `/print-promotion-report?prom_id=${promotion.id}` });
    expect(notes[0]!.title).toContain(promotion.name);
    // The printer sees it in its list of notifications.
    const printer = await t.login('printer');
    const listed = (await t.form('GET', '/api/notifications', undefined, printer)).json().data.notifications;
    expect(listed.some((n: { promotion_id: number; kind: string }) => n.promotion_id === promotion.id && n.kind === 'sent_to_printers')).toBe(true);
    // The view shows the report as sent with the stored percent: 4 + ceil(1) = 5.
    expect((await reportView(t, cm, promotion.id)).json().data).toMatchObject({ percent: 25, print_report: { percent: 25, description_cm: 'Bruk matt papir' } });

    const again = await sendToPrinters(t, admin, promotion.id, 5);
    expect(again.statusCode).toBe(409);
    expect(again.json().message_key).toBe('already_sent_to_printers');
    expect(await storedReports(promotion.id)).toHaveLength(1);
    expect(await printerNotes(promotion.id)).toHaveLength(1);
  });

  it('refuses a negative or non-numeric percent, and roles that may not send', async () => {
    const surface = await newSurface(t, admin, { printerId });
    await plannedStation([surface]);
    const promotion = await buildPromotion(t, { manager: admin }, { surfaces: [surface], designs: [{ surface, category: 'Fuel' }], complete: true });
    for (const percent of ['-1', 'ti', '1.5', '']) {
      const res = await sendToPrinters(t, admin, promotion.id, percent);
      expect(res.statusCode, `percent ${percent}`).toBe(422);
      expect(res.json().errors).toHaveProperty('percent_report');
    }
    expect((await t.form('POST', '/api/promotion-surface-design/sending-notification-printers', { promotion_id: 'x', percent_report: 1 }, admin)).statusCode).toBe(422);
    expect((await sendToPrinters(t, admin, 2_000_000_000)).statusCode).toBe(404);
    for (const token of [designer, await t.login('printer'), await t.login('distributor'), await t.login('user')]) {
      expect((await sendToPrinters(t, token, promotion.id)).statusCode).toBe(403);
    }
    expect(await storedReports(promotion.id)).toHaveLength(0);
    expect((await sendToPrinters(t, admin, promotion.id, '0')).statusCode).toBe(200);
  });
});
