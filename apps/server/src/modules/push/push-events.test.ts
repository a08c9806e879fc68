import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, like } from 'drizzle-orm';
import { addDays, osloDay } from '@promo/shared';
import { distributorParcels, promotions, pushMessages, pushSubscriptions } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { startPushService, type PushService } from '../../test/push-service';
import { buildPromotion, newStation, newSurface, sendToPrinters, setAmounts, setDesignStatus, upload, userIdByEmail } from '../../test/print-flow-fixture';
import { pngImage } from '../../test/images';
import { runPushReminders } from './reminders';

/**
 * What each role is pushed, end to end through the real calls of the print flow (decision 022),
 * to a stand-in push service that checks each push's VAPID signature and decrypts it.
 */
let svc: PushService;
let t: TestApp;
const tokens: Record<'admin' | 'cm' | 'cm-admin' | 'designer' | 'printer' | 'distributor', string> = {} as never;
let printerId: number;
const made: number[] = [];

beforeAll(async () => {
  svc = await startPushService();
  // A database of its own: another file's app would claim these pushes and refuse this file's stand-in origin.
  t = await createTestApp({ PUSH_ALLOWED_ORIGINS: svc.origin }, { ownDatabase: true });
  for (const role of Object.keys({ admin: 0, cm: 0, 'cm-admin': 0, designer: 0, printer: 0, distributor: 0 }) as (keyof typeof tokens)[]) tokens[role] = await t.login(role);
  printerId = await userIdByEmail(t, 'printer@demo.no');
});
afterAll(async () => {
  if (made.length) await t.database.db.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, made));
  await t.close();
  await svc.close();
});

let seq = 0;
/** A device of the token's user at the stand-in service; returns its name. */
async function device(token: string, language: 'no' | 'en' = 'no') {
  const name = `events-${seq++}`;
  const res = await t.form('POST', '/api/push/subscriptions', { ...svc.device(name), language }, token);
  expect(res.statusCode, res.body).toBe(200);
  made.push(res.json().data.id);
  return name;
}
const pushesTo = (name: string, link: string) => svc.received.filter((r) => r.device === name && r.payload.link === link).map((r) => r.payload);
async function waitForPush(name: string, link: string) {
  for (let i = 0; i < 100 && !pushesTo(name, link).length; i++) await new Promise((r) => setTimeout(r, 100));
  return pushesTo(name, link);
}

/** The reminders queued for the named device about one promotion. */
async function remindersQueued(name: string, kind: 'delivery_reminder' | 'amounts_reminder' | 'review_reminder', promotionId: number) {
  const rows = await t.database.db
    .select({ key: pushMessages.dedupe_key })
    .from(pushMessages)
    .innerJoin(pushSubscriptions, eq(pushSubscriptions.id, pushMessages.subscription_id))
    .where(and(eq(pushSubscriptions.endpoint, `${svc.origin}/push/${name}`), like(pushMessages.dedupe_key, `${kind}:${promotionId}:%`)));
  return rows.length;
}

/** A station due a Fuel design, the promotion sent to the printers. */
async function sentPromotion() {
  const surface = await newSurface(t, tokens.admin, { printerId });
  const station = await newStation(t, tokens.admin, { group: 'DO+', categories: ['Fuel'], name: `Push-stasjon ${seq}` });
  await setAmounts(t, [{ stationId: station.id, surfaceId: surface, amount: 3 }]);
  const promotion = await buildPromotion(t, { manager: tokens.cm, designer: tokens.designer }, { surfaces: [surface], designs: [{ surface, category: 'Fuel' }], complete: true, hq: true });
  return { surface, station, promotion, pair: { surface_id: surface, design_id: promotion.pairs[0]!.psdId } };
}

describe('pushes of the print flow', () => {
  it("printer, distributor, then the station's parcel with its tracker number, through the distributor's real call", async () => {
    const f = await sentPromotion();
    const stationToken = await t.loginAs(f.station.email, 'Secret2026');
    const [printer, distributor, station] = [await device(tokens.printer, 'en'), await device(tokens.distributor), await device(stationToken)];

    expect((await sendToPrinters(t, tokens.cm, f.promotion.id, 0)).statusCode).toBe(200);
    expect(await waitForPush(printer, `/print-promotion-report?prom_id=${f.promotion.id}`)).toEqual([
      { title: 'New promotion to print', body: f.promotion.name, link: `/print-promotion-report?prom_id=${f.promotion.id}`, tag: `to_print:/print-promotion-report?prom_id=${f.promotion.id}` },
    ]);

    const printed = await t.form('POST', '/api/print-promotion-report/set-printed', { promotion_id: f.promotion.id, printer_tracker_number: 'P1', sent_surfaces: [f.pair], description: '' }, tokens.printer);
    expect(printed.statusCode, printed.body).toBe(200);
    expect(await waitForPush(distributor, `/promotion-report-view?prom_id=${f.promotion.id}`)).toEqual([
      expect.objectContaining({ title: 'Nye pakker å sende', body: `${f.promotion.name}: trykket og klar for utsending` }),
    ]);

    const started = Date.now();
    const sent = await t.form(
      'POST',
      '/api/promotion-distributor/set-distributor-tracker',
      { promotion_id: f.promotion.id, company_id: f.station.id, tracker_number: 'TRK-PUSH-1', sent_surfaces: [f.pair], description: '' },
      tokens.distributor,
    );
    expect(sent.statusCode, sent.body).toBe(200);
    expect(Date.now() - started).toBeLessThan(5000);
    // A tap opens the parcel itself in the promotion's sheet.
    const [parcel] = await t.database.db.select().from(distributorParcels).where(eq(distributorParcels.station_id, f.station.id));
    const parcelLink = `/user-promotions/${f.promotion.id}?parcel=${parcel!.id}`;
    expect(await waitForPush(station, parcelLink)).toEqual([
      { title: 'Pakken din er sendt', body: `${f.promotion.name}: sporingsnummer TRK-PUSH-1`, link: parcelLink, tag: `parcel_sent:${parcelLink}` },
    ]);

    // A problem with the parcel reaches the distributor and the promotion's manager.
    const cm = await device(tokens.cm, 'en');
    await t.database.db.update(promotions).set({ manager_id: await userIdByEmail(t, 'cm@demo.no') }).where(eq(promotions.id, f.promotion.id));
    const problem = await t.form('POST', '/company_api/parcel-receipt', { parcel_id: parcel!.id, receipt_status: 'problem', receipt_note: 'Mangler en plakat' }, stationToken);
    expect(problem.statusCode, problem.body).toBe(200);
    const link = `/promotion-report-view?prom_id=${f.promotion.id}`;
    expect(await waitForPush(cm, link)).toEqual([expect.objectContaining({ title: 'Problem with a parcel' })]);
    expect((await waitForPush(distributor, link)).map((p) => p.title)).toEqual(['Nye pakker å sende', 'Problem med en pakke']);
    expect(svc.faults).toEqual([]);
  });

  it('reminds a station the day before delivery while its receipt is not confirmed, once per device', async () => {
    const f = await sentPromotion();
    const stationToken = await t.loginAs(f.station.email, 'Secret2026');
    const station = await device(stationToken, 'en');
    expect((await sendToPrinters(t, tokens.cm, f.promotion.id, 0)).statusCode).toBe(200);
    await t.form('POST', '/api/print-promotion-report/set-printed', { promotion_id: f.promotion.id, printer_tracker_number: 'P2', sent_surfaces: [f.pair], description: '' }, tokens.printer);
    await t.form('POST', '/api/promotion-distributor/set-distributor-tracker', { promotion_id: f.promotion.id, company_id: f.station.id, tracker_number: 'TRK-2', sent_surfaces: [f.pair], description: '' }, tokens.distributor);
    const today = osloDay(new Date());
    const noon = new Date(`${today}T11:00:00Z`);
    const link = `/user-promotions/${f.promotion.id}`;

    const deliveredIn = async (days: number) => {
      const days_ = { brief: -4, designs_complete: -3, sent_to_printers: -2, printed: -1, delivered: days };
      const res = await t.form('PUT', `/api/promotions/${f.promotion.id}/milestones`, Object.fromEntries(Object.entries(days_).map(([m, d]) => [m, addDays(today, d)])), tokens.admin);
      expect(res.statusCode, res.body).toBe(200);
    };
    // Not tomorrow yet: nothing.
    const queued = () => remindersQueued(station, 'delivery_reminder', f.promotion.id);
    await deliveredIn(3);
    await runPushReminders(t.database.db, noon);
    expect(await queued()).toBe(0);
    await deliveredIn(1);
    // At night: nothing either.
    expect(await runPushReminders(t.database.db, new Date(`${today}T01:00:00Z`))).toBe(0);
    expect(await queued()).toBe(0);
    await runPushReminders(t.database.db, noon);
    await runPushReminders(t.database.db, noon);
    expect(await queued()).toBe(1);
    await t.app.push.sender.flush();
    const reminders = (await waitForPush(station, link)).filter((p) => p.title === 'Has your parcel arrived?');
    expect(reminders).toHaveLength(1);
    expect(reminders[0]!.body).toContain(f.promotion.name);

    // Confirmed: the next day's check finds nothing, though the milestone is again a day away.
    const [parcel] = await t.database.db.select().from(distributorParcels).where(eq(distributorParcels.station_id, f.station.id));
    expect((await t.form('POST', '/company_api/parcel-receipt', { parcel_id: parcel!.id, receipt_status: 'ok' }, stationToken)).statusCode).toBe(200);
    await deliveredIn(2);
    await runPushReminders(t.database.db, new Date(`${addDays(today, 1)}T11:00:00Z`));
    expect(await queued()).toBe(1);
    expect(svc.faults).toEqual([]);
  });

  it('reminds a station of missing planner amounts in the two days before the promotion goes to the printers', async () => {
    const surface = await newSurface(t, tokens.admin, { printerId });
    const station = await newStation(t, tokens.admin, { group: 'DO', categories: ['Fuel'] });
    const stationToken = await t.loginAs(station.email, 'Secret2026');
    const name = await device(stationToken);
    const today = osloDay(new Date());
    const promotion = await buildPromotion(t, { manager: tokens.cm }, { surfaces: [surface], designs: [{ surface, category: 'Fuel' }], period: { from: addDays(today, 30), to: addDays(today, 50) } });
    await t.form('PUT', `/api/promotions/${promotion.id}`, { show_in_user_promotions: true }, tokens.admin);
    const sendIn = async (days: number) => {
      const plan = { brief: -10, designs_complete: -5, sent_to_printers: days, printed: days + 3, delivered: days + 6 };
      const res = await t.form('PUT', `/api/promotions/${promotion.id}/milestones`, Object.fromEntries(Object.entries(plan).map(([m, d]) => [m, addDays(today, d)])), tokens.admin);
      expect(res.statusCode, res.body).toBe(200);
    };
    const noon = new Date(`${today}T11:00:00Z`);
    const queued = () => remindersQueued(name, 'amounts_reminder', promotion.id);
    await sendIn(3);
    await runPushReminders(t.database.db, noon);
    expect(await queued()).toBe(0);
    await sendIn(2);
    await runPushReminders(t.database.db, noon);
    await runPushReminders(t.database.db, noon);
    expect(await queued()).toBe(1);
    await t.app.push.sender.flush();
    const [reminder] = svc.received.filter((r) => r.device === name && r.payload.body.startsWith(promotion.name)).map((r) => r.payload);
    expect(reminder).toMatchObject({ title: 'Antall mangler i planleggeren', body: `${promotion.name} sendes til trykk ${addDays(today, 2).split('-').reverse().join('.')}. Fyll inn antall før det.` });
    expect(reminder!.link).toMatch(/^\/company-planner/);
    // Amounts entered: nothing more, even for a moved day.
    await setAmounts(t, [{ stationId: station.id, surfaceId: surface, amount: 2 }]);
    await sendIn(1);
    await runPushReminders(t.database.db, noon);
    expect(await queued()).toBe(1);
  });

  it('reminds a reviewer of a stage due tomorrow, and of an overdue one once a day (decision 040)', async () => {
    const surface = await newSurface(t, tokens.admin, { printerId });
    const promotion = await buildPromotion(t, { manager: tokens.cm }, { surfaces: [surface], designs: [{ surface, category: 'Fuel' }] });
    const pair = promotion.pairs[0]!;
    const reviewer = await device(tokens['cm-admin']);
    await setDesignStatus(t, tokens.cm, pair.psdId, 'Brief');
    const today = osloDay(new Date());
    const completeOn = async (day: string) => {
      const days = { brief: addDays(day, -7), designs_complete: day, sent_to_printers: addDays(day, 7), printed: addDays(day, 14), delivered: addDays(day, 21) };
      const res = await t.form('PUT', `/api/promotions/${promotion.id}/milestones`, days, tokens.admin);
      expect(res.statusCode, res.body).toBe(200);
    };
    await completeOn(addDays(today, 2));
    const fileId = await upload(t, tokens.designer, 'skisse.png', await pngImage(40, 30));
    expect((await t.form('POST', '/api/design-chat', { chat_id: pair.chatId, file_id: fileId, type_file: 'Sketch', text: '' }, tokens.designer)).statusCode).toBe(201);
    const noon = (day: string) => new Date(`${day}T11:00:00Z`);
    const queued = () => remindersQueued(reviewer, 'review_reminder', promotion.id);
    // The default flow's stage is due the day designs are complete: in two days, no reminder yet.
    await runPushReminders(t.database.db, noon(today));
    expect(await queued()).toBe(0);
    await completeOn(addDays(today, 1));
    await runPushReminders(t.database.db, noon(today));
    await runPushReminders(t.database.db, noon(today));
    expect(await queued()).toBe(1);
    // Overdue: once on each day it stays so.
    await completeOn(addDays(today, -1));
    await runPushReminders(t.database.db, noon(today));
    await runPushReminders(t.database.db, noon(today));
    expect(await queued()).toBe(2);
    await t.app.push.sender.flush();
    const link = `/promotion-design?prom_id=${promotion.id}&sur_id=${surface}&prom_sur_des_id=${pair.psdId}`;
    const reminders = (await waitForPush(reviewer, link)).filter((p) => p.title === 'Godkjenning forfaller');
    // The sender delivers the two side by side: either may arrive first.
    const days = reminders.map((p) => p.body.match(/frist (\d\d\.\d\d\.\d{4})$/)?.[1]).sort();
    expect(days).toEqual([addDays(today, 1), addDays(today, -1)].map((d) => d.split('-').reverse().join('.')).sort());
    expect(svc.faults).toEqual([]);
  });

  it('a new brief to the designer, a sketch to review to the cm-admin (a reviewer of the default flow, decision 040)', async () => {
    const surface = await newSurface(t, tokens.admin, { printerId });
    const promotion = await buildPromotion(t, { manager: tokens.cm }, { surfaces: [surface], designs: [{ surface, category: 'Fuel' }] });
    const pair = promotion.pairs[0]!;
    const [designer, cmAdmin] = [await device(tokens.designer, 'en'), await device(tokens['cm-admin'])];
    await setDesignStatus(t, tokens.cm, pair.psdId, 'Brief');
    const link = `/promotion-design?prom_id=${promotion.id}&sur_id=${surface}&prom_sur_des_id=${pair.psdId}`;
    const [brief] = await waitForPush(designer, link);
    expect(brief).toMatchObject({ title: 'New brief', link });
    expect(brief!.body).toContain(promotion.name);

    const fileId = await upload(t, tokens.designer, 'skisse.png', await pngImage(40, 30));
    const sketch = await t.form('POST', '/api/design-chat', { chat_id: pair.chatId, file_id: fileId, type_file: 'Sketch', text: '' }, tokens.designer);
    expect(sketch.statusCode, sketch.body).toBe(201);
    expect(await waitForPush(cmAdmin, link)).toEqual([expect.objectContaining({ title: 'Venter på din godkjenning', body: expect.stringContaining('Skisse · Kategorisjef') })]);
    expect(pushesTo(designer, link)).toHaveLength(1);
    expect(svc.faults).toEqual([]);
  });
});
