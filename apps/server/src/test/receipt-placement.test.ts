import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { auditLog, distributorParcels, files, notifications, placementPhotos, promotionMilestones, promotions } from '../db/schema';
import { createTestApp, type TestApp } from './test-app';
import { buildPromotion, newStation, newSurface, reportView, sendToPrinters, setAmounts, userIdByEmail } from './print-flow-fixture';
import { uploadFile } from './design-fixture';
import { pngImage, zipBytes } from './images';
import { formData, postMultipart } from './multipart';

let t: TestApp;
let admin: string;
let cm: string;
let designer: string;
let printer: string;
let distributor: string;
let printerId: number;
beforeAll(async () => {
  t = await createTestApp();
  [admin, cm, designer, printer, distributor] = await Promise.all([t.login('admin'), t.login('cm'), t.login('designer'), t.login('printer'), t.login('distributor')]);
  printerId = await userIdByEmail(t, 'printer@demo.no');
});
afterAll(() => t.close());

type Pair = { surface_id: number; design_id: number };

/** Stations A and B (Fuel) each due s1 and s2; both pairs printed; A has a parcel with s1, B none yet. */
async function flow() {
  const s1 = await newSurface(t, admin, { printerId, name: `Plakat ${Date.now()}` });
  const s2 = await newSurface(t, admin, { printerId, name: `Vimpel ${Date.now()}` });
  const names = { a: `Mottak A ${Date.now()}`, b: `Mottak B ${Date.now()}` };
  const a = { ...(await newStation(t, admin, { group: 'DO+', categories: ['Fuel'], name: names.a })), name: names.a };
  const b = { ...(await newStation(t, admin, { group: 'DO+', categories: ['Fuel'], name: names.b })), name: names.b };
  await setAmounts(t, [
    { stationId: a.id, surfaceId: s1, amount: 2 },
    { stationId: a.id, surfaceId: s2, amount: 1 },
    { stationId: b.id, surfaceId: s1, amount: 3 },
  ]);
  const promotion = await buildPromotion(t, { manager: cm, designer }, {
    surfaces: [s1, s2],
    designs: [{ surface: s1, category: 'Fuel' }, { surface: s2, category: 'Fuel' }],
    complete: true,
    hq: true,
  });
  await t.database.db.update(promotions).set({ show_in_user_promotions: true }).where(eq(promotions.id, promotion.id));
  expect((await sendToPrinters(t, cm, promotion.id, 0)).statusCode).toBe(200);
  const p1: Pair = { surface_id: s1, design_id: promotion.pairs[0]!.psdId };
  const p2: Pair = { surface_id: s2, design_id: promotion.pairs[1]!.psdId };
  const printed = await t.form('POST', '/api/print-promotion-report/set-printed', { promotion_id: promotion.id, printer_tracker_number: 'P1', sent_surfaces: [p1, p2], description: '' }, printer);
  expect(printed.statusCode, printed.body).toBe(200);
  const sent = await t.form(
    'POST',
    '/api/promotion-distributor/set-distributor-tracker',
    { promotion_id: promotion.id, company_id: a.id, tracker_number: 'TRK-A', sent_surfaces: [p1], description: '' },
    distributor,
  );
  expect(sent.statusCode, sent.body).toBe(200);
  const [parcel] = await t.database.db.select().from(distributorParcels).where(and(eq(distributorParcels.promotion_id, promotion.id), eq(distributorParcels.station_id, a.id)));
  const tokenA = await t.loginAs(a.email, 'Secret2026');
  const tokenB = await t.loginAs(b.email, 'Secret2026');
  return { promotion, s1, s2, a, b, p1, p2, parcelId: parcel!.id, tokenA, tokenB };
}

const confirm = (token: string, body: Record<string, unknown>) => t.form('POST', '/company_api/parcel-receipt', body, token);
const parcelRow = async (id: number) => (await t.database.db.select().from(distributorParcels).where(eq(distributorParcels.id, id)))[0]!;
const auditOf = async (entity: string, id: number) =>
  t.database.db.select().from(auditLog).where(and(eq(auditLog.entity, entity), eq(auditLog.entity_id, id))).orderBy(auditLog.id);

describe('parcel receipt', () => {
  it('only the owning station confirms a parcel that was sent; a problem needs a note; the answer can change', async () => {
    const f = await flow();
    // Another station, staff and the distributor cannot; a parcel that does not exist (not sent) is 404.
    expect((await confirm(f.tokenB, { parcel_id: f.parcelId, receipt_status: 'ok' })).statusCode).toBe(404);
    for (const token of [admin, cm, distributor, printer]) expect((await confirm(token, { parcel_id: f.parcelId, receipt_status: 'ok' })).statusCode).toBe(403);
    expect((await confirm(f.tokenA, { parcel_id: 2_000_000_000, receipt_status: 'ok' })).statusCode).toBe(404);
    // Bad input names its field.
    const noNote = await confirm(f.tokenA, { parcel_id: f.parcelId, receipt_status: 'problem', receipt_note: '   ' });
    expect(noNote.statusCode).toBe(422);
    expect(noNote.json().errors).toEqual({ receipt_note: ['receipt_note_required'] });
    expect((await confirm(f.tokenA, { parcel_id: f.parcelId, receipt_status: 'lost' })).json().errors).toHaveProperty('receipt_status');
    expect((await confirm(f.tokenA, { parcel_id: f.parcelId, receipt_status: 'problem', receipt_note: 'x'.repeat(2001) })).json().errors).toEqual({ receipt_note: ['max_length'] });
    expect((await confirm(f.tokenA, { parcel_id: f.parcelId, receipt_status: 'ok', station_id: f.b.id })).statusCode).toBe(422);
    expect(await parcelRow(f.parcelId)).toMatchObject({ receipt_status: null, received_at: null, receipt_note: '' });
    expect(await auditOf('distributor_parcels', f.parcelId)).toHaveLength(0);

    const problem = await confirm(f.tokenA, { parcel_id: f.parcelId, receipt_status: 'problem', receipt_note: ' To plakater mangler ' });
    expect(problem.statusCode, problem.body).toBe(200);
    expect(problem.json().data).toMatchObject({ status: 'problem', note: 'To plakater mangler' });
    // The distributor and the promotion's manager hear about the problem.
    const problems = async (token: string) =>
      (await t.form('GET', '/api/notifications', undefined, token)).json().data.notifications.filter((n: { promotion_id: number; kind: string }) => n.promotion_id === f.promotion.id && n.kind === 'receipt_problem');
    expect(await problems(distributor)).toHaveLength(1);
    const [{ manager_id }] = (await t.database.db.select({ manager_id: promotions.manager_id }).from(promotions).where(eq(promotions.id, f.promotion.id))) as [{ manager_id: number | null }];
    const told = await t.database.db.select({ user_id: notifications.user_id }).from(notifications).where(and(eq(notifications.promotion_id, f.promotion.id), eq(notifications.kind, 'receipt_problem')));
    expect(told.map((n) => n.user_id).sort()).toEqual([await userIdByEmail(t, 'distributor@demo.no'), ...(manager_id ? [manager_id] : [])].sort());
    const first = await parcelRow(f.parcelId);
    expect(first).toMatchObject({ receipt_status: 'problem', receipt_note: 'To plakater mangler', received_by_id: f.a.id });

    // The station sees it in its promotion; changing the answer keeps the first receipt time.
    const own = (await t.form('GET', `/company_api/user-promotion/${f.promotion.id}`, undefined, f.tokenA)).json().data;
    expect(own.distributor_parcels[0].receipt).toMatchObject({ status: 'problem', note: 'To plakater mangler' });
    const ok = await confirm(f.tokenA, { parcel_id: f.parcelId, receipt_status: 'ok' });
    expect(ok.json().data.status).toBe('ok');
    const second = await parcelRow(f.parcelId);
    expect(second.received_at!.toISOString()).toBe(first.received_at!.toISOString());
    expect((await confirm(f.tokenA, { parcel_id: f.parcelId, receipt_status: 'ok' })).json().message_key).toBe('receipt_unchanged');
    expect(await problems(distributor)).toHaveLength(1); // an answer 'all good' tells nobody
    const audit = await auditOf('distributor_parcels', f.parcelId);
    expect(audit.map((r) => r.action)).toEqual(['confirm_parcel_receipt', 'change_parcel_receipt']);
    expect(audit[1]).toMatchObject({ actor_id: f.a.id, before: { receipt_status: 'problem', receipt_note: 'To plakater mangler' }, after: { receipt_status: 'ok', receipt_note: '' } });
  });
});

describe('placement photos', () => {
  it('a station adds photos to surfaces delivered to it only, images only, deletes its own; the report shows them', async () => {
    const f = await flow();
    const add = (token: string, body: Record<string, unknown>) => t.form('POST', '/company_api/placement-photos', body, token);
    const image = await uploadFile(t, f.tokenA, 'oppe.png', await pngImage(900, 600), 'image');

    // s2 was not delivered to A yet; B has no parcel; staff may not; a PDF-like upload is refused.
    expect((await add(f.tokenA, { promotion_id: f.promotion.id, surface_id: f.s2, file_id: image })).json().errors).toEqual({ surface_id: ['surface_not_delivered'] });
    expect((await add(f.tokenB, { promotion_id: f.promotion.id, surface_id: f.s1, file_id: image })).statusCode).toBe(422);
    expect((await add(admin, { promotion_id: f.promotion.id, surface_id: f.s1, file_id: image })).statusCode).toBe(403);
    const zip = await uploadFile(t, f.tokenA, 'bilde.zip', zipBytes());
    expect((await add(f.tokenA, { promotion_id: f.promotion.id, surface_id: f.s1, file_id: zip })).json().errors).toEqual({ file_id: ['unsupported_file_type'] });
    const viaPart = await postMultipart(t, '/company_api/placement-photos', [
      ['promotion_id', String(f.promotion.id)],
      ['surface_id', String(f.s1)],
      ['file', { filename: 'plan.pdf', content: Buffer.from('%PDF-1.4 not an image') }],
    ], f.tokenA);
    expect(viaPart.statusCode).toBe(422);
    // B cannot claim A's upload.
    const imageB = await uploadFile(t, f.tokenB, 'b.png', await pngImage(), 'image');
    expect((await add(f.tokenA, { promotion_id: f.promotion.id, surface_id: f.s1, file_id: imageB })).json().errors).toEqual({ file_id: ['unknown_upload'] });
    expect(await t.database.db.select().from(placementPhotos).where(eq(placementPhotos.promotion_id, f.promotion.id))).toHaveLength(0);

    const added = await add(f.tokenA, { promotion_id: f.promotion.id, surface_id: f.s1, file_id: image });
    expect(added.statusCode, added.body).toBe(201);
    const photo = added.json().data;
    expect(photo).toMatchObject({ surface_id: f.s1, url_images: { original: `/api/images/${image}` } });
    expect(photo.url_images.w_200).not.toBe(photo.url_images.original);
    // A second photo, streamed as a part of the call itself.
    const second = await postMultipart(t, '/company_api/placement-photos', [
      ['promotion_id', String(f.promotion.id)],
      ['surface_id', String(f.s1)],
      ['file', { filename: 'naerbilde.png', content: await pngImage(400, 300) }],
    ], f.tokenA);
    expect(second.statusCode, second.body).toBe(201);

    // Who sees the image: A, staff and the distributor; not B.
    const thumb = photo.url_images.w_200 as string;
    for (const token of [f.tokenA, cm, admin, distributor]) expect((await t.form('GET', thumb, undefined, token)).statusCode).toBe(200);
    expect((await t.form('GET', thumb, undefined, f.tokenB)).statusCode).toBe(403);

    // The report view and the station's own page.
    const view = (await reportView(t, cm, f.promotion.id)).json().data;
    const rowA = view.delivery.stations.find((s: { station_id: number }) => s.station_id === f.a.id);
    expect(rowA).toMatchObject({ sent: 'partly_sent', received: 'pending', surfaces_delivered: 1, surfaces_placed: 1 });
    expect(rowA.photos).toHaveLength(2);
    expect(view.delivery.stations.find((s: { station_id: number }) => s.station_id === f.b.id)).toMatchObject({ sent: 'not_sent', received: 'none', photos: [] });
    const own = (await t.form('GET', `/company_api/user-promotion/${f.promotion.id}`, undefined, f.tokenA)).json().data;
    expect(own.placement).toEqual([expect.objectContaining({ surface_id: f.s1, photos: [expect.objectContaining({ id: photo.id }), expect.anything()] })]);

    // Deleting: not B's, not staff's; A's own goes with its files.
    expect((await t.form('DELETE', `/company_api/placement-photos/${photo.id}`, undefined, f.tokenB)).statusCode).toBe(404);
    expect((await t.form('DELETE', `/company_api/placement-photos/${photo.id}`, undefined, cm)).statusCode).toBe(403);
    expect((await t.form('DELETE', `/company_api/placement-photos/${photo.id}`, undefined, f.tokenA)).statusCode).toBe(200);
    expect(await t.database.db.select().from(files).where(eq(files.id, image))).toHaveLength(0);
    expect((await auditOf('placement_photos', photo.id)).map((r) => r.action)).toEqual(['add_placement_photo', 'delete_placement_photo']);
  });

  it('flags only stations with a sent parcel not confirmed by the delivered milestone, and the Excel file has the columns', async () => {
    const f = await flow();
    await t.database.db.insert(promotionMilestones).values({ promotion_id: f.promotion.id, milestone: 'delivered', due_on: '2020-01-01' });
    const stations = async () => (await reportView(t, admin, f.promotion.id)).json().data.delivery.stations as { station_id: number; late: boolean; sent: string }[];
    const late = async () => (await stations()).filter((s) => s.late).map((s) => s.station_id);
    // A has a parcel it has not answered; B was never sent anything: not B's delay (issue 22), its row says so.
    expect(await late()).toEqual([f.a.id]);
    expect((await stations()).find((s) => s.station_id === f.b.id)).toMatchObject({ sent: 'not_sent', late: false });
    expect((await confirm(f.tokenA, { parcel_id: f.parcelId, receipt_status: 'problem', receipt_note: 'Vimpel mangler' })).statusCode).toBe(200);
    // A answered what it got; s2, never sent, is the distributor's to send, not A's to confirm.
    expect(await late()).toEqual([]);
    const sent = await t.form(
      'POST',
      '/api/promotion-distributor/set-distributor-tracker',
      { promotion_id: f.promotion.id, company_id: f.a.id, tracker_number: 'TRK-A2', sent_surfaces: [f.p2], description: '' },
      distributor,
    );
    expect(sent.statusCode).toBe(200);
    const [, parcel2] = await t.database.db.select().from(distributorParcels).where(eq(distributorParcels.station_id, f.a.id)).orderBy(distributorParcels.id);
    // Sent after the milestone and not confirmed yet: late until A answers.
    expect(await late()).toEqual([f.a.id]);
    expect((await confirm(f.tokenA, { parcel_id: parcel2!.id, receipt_status: 'ok' })).statusCode).toBe(200);
    expect(await late()).toEqual([]);

    const made = await t.form('POST', '/api/xl-file/make-file', { promotion_id: f.promotion.id, promotion_name: 'Mottak' }, cm);
    expect(made.statusCode, made.body).toBe(200);
    const file = await t.app.inject({ method: 'GET', url: made.json().data.file, headers: { authorization: cm } });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    const header = (sheet.getRow(4).values as unknown[]).slice(1);
    expect(header.slice(-6)).toEqual(['Sendt / Sent', 'Mottatt / Received at', 'Mottak / Receipt', 'Merknad / Note', 'Bilder / Photos', 'Plassert / Placed']);
    const rowOf = (name: string) => {
      for (let i = 5; i <= sheet.rowCount; i++) if (sheet.getRow(i).getCell(1).value === name) return (sheet.getRow(i).values as unknown[]).slice(1);
      return null;
    };
    const a = rowOf(f.a.name)!;
    expect(a.slice(-6)).toEqual(['Sendt / Sent', expect.stringMatching(/^\d\d\.\d\d\.\d{4}$/), 'Problem / Problem', 'Vimpel mangler', 0, '0 / 2']);
  });
});

describe('retries from an offline queue (Idempotency-Key, decision 023)', () => {
  it('a receipt and a photo sent again after a lost answer change, audit and store once', async () => {
    const f = await flow();
    const receiptKey = randomUUID();
    const sendReceipt = () =>
      t.app.inject({
        method: 'POST',
        url: '/company_api/parcel-receipt',
        payload: `parcel_id=${f.parcelId}&receipt_status=problem&receipt_note=${encodeURIComponent('Plakat revet')}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: f.tokenA, 'idempotency-key': receiptKey },
      });
    const first = await sendReceipt();
    expect(first.statusCode, first.body).toBe(200);
    const retry = await sendReceipt();
    expect(retry.statusCode).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json()).toEqual(first.json());
    expect((await auditOf('distributor_parcels', f.parcelId)).map((r) => r.action)).toEqual(['confirm_parcel_receipt']);
    // One problem answer, one notification each for the distributor and the manager.
    const told = await t.database.db.select().from(notifications).where(and(eq(notifications.promotion_id, f.promotion.id), eq(notifications.kind, 'receipt_problem')));
    expect(new Set(told.map((n) => n.user_id)).size).toBe(told.length);

    // The photo goes as one multipart call (the queue's way): the repeat's own upload is removed again.
    const photoKey = randomUUID();
    // Named for this test: other files write uploads to the same database at the same time.
    const photoName = `oppe-${photoKey}.png`;
    const filesOfPhoto = async () => (await t.database.db.select({ id: files.id }).from(files).where(eq(files.original_name, photoName))).length;
    const png = await pngImage(400, 300);
    const sendPhoto = () => {
      const { payload, headers } = formData([
        ['promotion_id', String(f.promotion.id)],
        ['surface_id', String(f.s1)],
        ['file', { filename: photoName, content: png }],
      ]);
      return t.app.inject({ method: 'POST', url: '/company_api/placement-photos', payload, headers: { ...headers, authorization: f.tokenA, 'idempotency-key': photoKey } });
    };
    const added = await sendPhoto();
    expect(added.statusCode, added.body).toBe(201);
    const filesBefore = await filesOfPhoto();
    // The photo's original and its two sizes.
    expect(filesBefore).toBe(3);
    const again = await sendPhoto();
    expect(again.statusCode).toBe(201);
    expect(again.json().data).toEqual(added.json().data);
    const photos = await t.database.db.select().from(placementPhotos).where(eq(placementPhotos.promotion_id, f.promotion.id));
    expect(photos).toHaveLength(1);
    expect(await auditOf('placement_photos', photos[0]!.id)).toHaveLength(1);
    expect(await filesOfPhoto()).toBe(filesBefore);
    // The same key on the other call is refused.
    const reused = await t.app.inject({
      method: 'POST',
      url: '/company_api/parcel-receipt',
      payload: `parcel_id=${f.parcelId}&receipt_status=ok`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: f.tokenA, 'idempotency-key': photoKey },
    });
    expect(reused.statusCode).toBe(422);
  });
});
