import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog } from '../db/schema';
import { createTestApp, type TestApp } from './test-app';
import { pngImage } from './images';
import { buildPromotion, newStation, newSurface, sendHq, sendToPrinters, setAmounts, upload, userIdByEmail } from './print-flow-fixture';

/** What printers download cannot change behind their back (issue 12, decision 011). */

let t: TestApp;
let admin: string;
let cmAdmin: string;
let cm: string;
let designer: string;
let printer: string;
let printerId: number;
beforeAll(async () => {
  t = await createTestApp();
  [admin, cmAdmin, cm, designer, printer] = await Promise.all([t.login('admin'), t.login('cm-admin'), t.login('cm'), t.login('designer'), t.login('printer')]);
  printerId = await userIdByEmail(t, 'printer@demo.no');
});
afterAll(() => t.close());

/** One Fuel design on one surface of printer@demo.no that a new station plans 3 of, with an HQ image; sent unless `send` is false. */
async function promotionWithHq(opts: { send?: boolean } = {}) {
  const surface = await newSurface(t, admin, { printerId });
  const station = await newStation(t, admin, { group: 'DO', categories: ['Fuel'] });
  await setAmounts(t, [{ stationId: station.id, surfaceId: surface, amount: 3 }]);
  const promotion = await buildPromotion(t, { manager: cm, designer }, { surfaces: [surface], designs: [{ surface, category: 'Fuel' }], complete: true, hq: true });
  if (opts.send !== false) expect((await sendToPrinters(t, cm, promotion.id, 0)).statusCode).toBe(200);
  const pair = promotion.pairs[0]!;
  return { promotion, surface, chatId: pair.chatId, psdId: pair.psdId };
}

const messages = async (token: string, chatId: number) =>
  (await t.form('GET', '/api/design-chat', { chat_id: chatId }, token)).json().data.chat.messages as { message_id: number; type_file: string; delete_message: boolean }[];
const liveHq = async (chatId: number) => (await messages(admin, chatId)).filter((m) => m.type_file === 'HQ' && !m.delete_message);

async function sendFile(token: string, chatId: number, type: string) {
  const fileId = await upload(t, token, 'trykk.png', await pngImage(70, 40));
  return t.form('POST', '/api/design-chat', { chat_id: chatId, file_id: fileId, type_file: type, text: '' }, token);
}

const takeBack = (token: string, promotionId: number) => t.form('POST', '/api/promotion-surface-design/take-back-from-printers', { promotion_id: promotionId }, token);
const printerList = async () =>
  ((await t.form('GET', '/api/print-promotion-report/get-promotions', { count_show: 100, start_index: 0 }, printer)).json().data.promotions as { id: number }[]).map((p) => p.id);

describe('HQ files once sent to printers', () => {
  it('are fixed for every role: no new HQ file, no replacement, no removal', async () => {
    const { chatId } = await promotionWithHq();
    const [hq] = await liveHq(chatId);
    for (const token of [designer, admin, cmAdmin]) {
      const res = await sendFile(token, chatId, 'HQ');
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().errors).toEqual({ type_file: ['print_files_fixed'] });
    }
    const removed = await t.form('GET', '/api/design-chat/delete-message', { chat_id: chatId, message_id: hq!.message_id }, designer);
    expect(removed.statusCode, removed.body).toBe(422);
    expect(removed.json().errors).toEqual({ message_id: ['print_files_fixed'] });
    expect(await liveHq(chatId)).toEqual([hq]);
    // What does not reach the printers stays open: text, LQ and Sketch files.
    expect((await t.form('POST', '/api/design-chat', { chat_id: chatId, text: 'Trykkfilen er låst' }, designer)).statusCode).toBe(201);
    expect((await sendFile(designer, chatId, 'LQ')).statusCode).toBe(201);
  });

  it('can still be replaced before the promotion is sent', async () => {
    const { chatId } = await promotionWithHq({ send: false });
    const [first] = await liveHq(chatId);
    expect((await sendFile(designer, chatId, 'HQ')).statusCode).toBe(201);
    const [now] = await liveHq(chatId);
    expect(now!.message_id).toBeGreaterThan(first!.message_id);
  });
});

describe('take back from printers', () => {
  it('is for the admin only; it ends the print order, is recorded, and the HQ file may change again', async () => {
    const { promotion, chatId } = await promotionWithHq();
    expect(await printerList()).toContain(promotion.id);
    for (const token of [cm, cmAdmin]) expect((await takeBack(token, promotion.id)).statusCode).toBe(403);

    const res = await takeBack(admin, promotion.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message_key).toBe('taken_back_from_printers');
    const page = (await t.form('GET', `/api/promotions/${promotion.id}`, undefined, cm)).json().data;
    expect(page.promotion.sent_to_printers_at).toBeNull();
    expect(Object.keys(page.history)).toContain('taken_back_from_printers');
    const adminId = await userIdByEmail(t, 'admin@demo.no');
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'take_back_from_printers'), eq(auditLog.entity_id, promotion.id)));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.actor_id).toBe(adminId);
    expect(await printerList()).not.toContain(promotion.id);

    await sendHq(t, designer, chatId);
    expect(await liveHq(chatId)).toHaveLength(1);
    // Sent again, the new file is fixed in its turn.
    expect((await sendToPrinters(t, cm, promotion.id, 0)).statusCode).toBe(200);
    expect((await sendFile(designer, chatId, 'HQ')).statusCode).toBe(422);
  });

  it('is refused once a printer has sent a parcel, and for a promotion not sent', async () => {
    const { promotion, surface, psdId } = await promotionWithHq();
    const printed = await t.form(
      'POST',
      '/api/print-promotion-report/set-printed',
      { promotion_id: promotion.id, printer_tracker_number: 'TB1', sent_surfaces: [{ surface_id: surface, design_id: psdId }], description: '' },
      printer,
    );
    expect(printed.statusCode, printed.body).toBe(200);
    const late = await takeBack(admin, promotion.id);
    expect(late.statusCode).toBe(422);
    expect(late.json().errors).toEqual({ promotion_id: ['printing_started'] });
    expect(await printerList()).toContain(promotion.id);

    const draft = await promotionWithHq({ send: false });
    const none = await takeBack(admin, draft.promotion.id);
    expect(none.statusCode).toBe(422);
    expect(none.json().errors).toEqual({ promotion_id: ['not_sent_to_printers'] });
    expect((await takeBack(admin, 2_000_000_000)).statusCode).toBe(404);
  });
});

describe('status and Notify admin of a sent promotion', () => {
  it('a promotion sent without ever being notified is no longer a Draft, and notify admin is refused', async () => {
    const { promotion } = await promotionWithHq();
    const before = (await t.form('GET', `/api/promotions/${promotion.id}`, undefined, cm)).json().data.promotion;
    expect(before.status).toBe(2);
    expect(before.sent_to_printers_at).toEqual(expect.any(String));
    const res = await t.form('POST', '/api/promotions/notify-admin-about-promotion', { promotion_id: promotion.id }, cm);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors).toEqual({ promotion_id: ['already_sent_to_printers'] });
    const after = (await t.form('GET', `/api/promotions/${promotion.id}`, undefined, cm)).json().data.promotion;
    expect([after.status, after.notify_admin]).toEqual([2, null]);
  });
});
