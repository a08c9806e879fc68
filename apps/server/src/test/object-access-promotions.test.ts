import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { chats, files, notifications, printReports, promotionEvents, promotions, promotionSurfaceDesigns, promotionSurfaces } from '../db/schema';
import { DEMO_PASSWORD } from '../db/seed/demo';
import { addDesign, catalogueDesign, newPromotion, newUser, uploadFile } from './design-fixture';
import { pngImage } from './images';
import { expectRefused } from './object-access-fixture';
import { buildPromotion, newSurface, reportView, sendToPrinters, userIdByEmail, type Category } from './print-flow-fixture';
import { createTestApp, type TestApp } from './test-app';

/** Object rules of a promotion's surfaces, designs and image: who may change which promotion. */
let t: TestApp;
let admin: string;
let cmAdmin: string;
let cm: string; // Fuel, Food, Food Outside
let cm2: string; // Generic, Loyalty / Trumf, Store
beforeAll(async () => {
  t = await createTestApp();
  [admin, cmAdmin, cm, cm2] = await Promise.all([t.login('admin'), t.login('cm-admin'), t.login('cm'), t.loginAs('cm2@demo.no', DEMO_PASSWORD)]);
});
afterAll(() => t?.close());

type At = { promotionId: number; surfaceId: number };
const removeSurface = (at: At, token: string) => t.form('DELETE', `/api/promotion-surfaces/${at.promotionId}/${at.surfaceId}`, undefined, token);

/** The surface link, the designs and their chats of a promotion. */
async function surfaceState(promotionId: number) {
  const db = t.database.db;
  const psds = await db.select().from(promotionSurfaceDesigns).where(eq(promotionSurfaceDesigns.promotion_id, promotionId)).orderBy(promotionSurfaceDesigns.id);
  return {
    links: await db.select().from(promotionSurfaces).where(eq(promotionSurfaces.promotion_id, promotionId)),
    psds,
    chats: await Promise.all(psds.map(async (p) => (await db.select().from(chats).where(eq(chats.psd_id, p.id)))[0])),
  };
}

describe('removing a surface from a promotion', () => {
  it('a cm cannot remove a surface that holds designs of categories it does not manage, and nothing goes', async () => {
    const at = await newPromotion(t, admin);
    await addDesign(t, admin, at, { category: 'Fuel' });
    await addDesign(t, admin, at, { category: 'Store' });
    // Each cm sees only its own design on the card, and would delete the other's with the surface.
    await expectRefused(() => surfaceState(at.promotionId), { cm: () => removeSurface(at, cm), cm2: () => removeSurface(at, cm2) }, 422);
    const res = await removeSurface(at, cm);
    expect(res.json()).toMatchObject({ message_key: 'validation_failed', errors: { surface_id: ['surface_has_other_designs'] } });
    // Whoever sees every design decides: the cm-admin removes it.
    expect((await removeSurface(at, cmAdmin)).statusCode).toBe(200);
    expect(await surfaceState(at.promotionId)).toEqual({ links: [], psds: [], chats: [] });
  });

  it('tells a cm how many designs of the surface it does not see, so the web offers no remove', async () => {
    const at = await newPromotion(t, admin);
    await addDesign(t, admin, at, { category: 'Fuel' });
    await addDesign(t, admin, at, { category: 'Store' });
    const surfaces = async (token: string) =>
      (await t.form('GET', `/api/promotion-surface-design?promotion_id=${at.promotionId}`, undefined, token)).json().data.surfaces;
    const [asCm] = await surfaces(cm);
    expect(asCm.designs).toHaveLength(1);
    expect(asCm.hidden_designs).toBe(1);
    const [asAdmin] = await surfaces(cmAdmin);
    expect(asAdmin.designs).toHaveLength(2);
    expect(asAdmin.hidden_designs).toBe(0);
  });

  it('a cm removes a surface whose designs are all of its own categories, or that has none', async () => {
    const at = await newPromotion(t, admin);
    await addDesign(t, admin, at, { category: 'Fuel' });
    await addDesign(t, admin, at, { category: 'Food' });
    expect((await removeSurface(at, cm)).statusCode).toBe(200);
    expect((await surfaceState(at.promotionId)).psds).toEqual([]);
    const empty = await newPromotion(t, admin);
    expect((await removeSurface(empty, cm2)).statusCode).toBe(200);
  });
});

describe('designs of a promotion', () => {
  it('a cm cannot attach a design of another cm\'s category, nor delete any design', async () => {
    const at = await newPromotion(t, admin);
    const own = await addDesign(t, admin, at, { category: 'Fuel' });
    const storeDesign = await catalogueDesign(t, 'Store');
    await expectRefused(
      () => surfaceState(at.promotionId),
      {
        attachOther: () => t.form('POST', '/api/promotion-surface-design', { promotion_id: at.promotionId, surface_id: at.surfaceId, design_id: storeDesign }, cm),
        deleteOwn: () => t.form('DELETE', `/api/promotion-surface-design/${own.psdId}`, undefined, cm),
      },
      403,
    );
  });
});

describe('the image of a promotion', () => {
  const setImage = async (promotionId: number, token: string, body?: object) =>
    t.form('POST', `/api/files/promotions/${promotionId}/set-image`, body ?? { img_url: (await pngImage(40, 30)).toString('base64'), img_name: 'kampanje.png' }, token);
  const create = async (token: string, manager_id: number | '' = '') => {
    const res = await t.form('POST', '/api/promotions', { name: `Bilde ${Date.now()} ${Math.random()}`, period_from: '2031-05-01', period_to: '2031-06-01', manager_id }, token);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data.promotion.id as number;
  };

  it('a cm cannot set the image of a promotion it did not create, even as its responsible manager', async () => {
    const other = await newUser(t, admin, 'cm');
    const byAdmin = await create(admin, other.id);
    const upload = await uploadFile(t, other.token, 'bilde.png', await pngImage(), 'image');
    // The promotion's image and every file of this cm, its unused upload included.
    const state = async () => ({
      promotion: (await t.database.db.select({ image_id: promotions.image_id }).from(promotions).where(eq(promotions.id, byAdmin)))[0],
      files: await t.database.db.select().from(files).where(eq(files.uploaded_by, other.id)).orderBy(files.id),
    });
    await expectRefused(state, { base64: () => setImage(byAdmin, other.token), upload: () => setImage(byAdmin, other.token, { file_id: upload }) }, 403);
    expect((await setImage(2_000_000_000, other.token)).statusCode).toBe(404);
  });

  it('a cm sets the image of a promotion it created; admin and cm-admin of any promotion', async () => {
    const own = await create(cm);
    expect((await setImage(own, cm)).statusCode).toBe(200);
    expect((await setImage(own, cmAdmin)).statusCode).toBe(200);
    expect((await setImage(await create(cm2), admin)).statusCode).toBe(200);
    const [row] = await t.database.db.select({ image_id: promotions.image_id }).from(promotions).where(eq(promotions.id, own));
    const [image] = await t.database.db.select().from(files).where(and(eq(files.id, row!.image_id!), eq(files.owner_table, 'promotions')));
    expect(image?.owner_id).toBe(own);
  });
});

describe('sending a promotion to the printers', () => {
  /** A promotion of Completed designs of these categories on a surface with a printer, managed by `managerId`. */
  async function sendable(categories: Category[], managerId: number | null) {
    const surface = await newSurface(t, admin, { printerId: await userIdByEmail(t, 'printer@demo.no') });
    const p = await buildPromotion(t, { manager: admin }, { surfaces: [surface], designs: categories.map((category) => ({ surface, category })), complete: true });
    if (managerId !== null) expect((await t.form('PUT', `/api/promotions/${p.id}`, { manager_id: managerId }, admin)).statusCode).toBe(200);
    return p.id;
  }
  /** What a send stores, records and tells: the print report, the promotion, its history and notifications. */
  const sendState = async (promotionId: number) => ({
    reports: await t.database.db.select().from(printReports).where(eq(printReports.promotion_id, promotionId)),
    promotion: (await t.database.db.select().from(promotions).where(eq(promotions.id, promotionId)))[0],
    events: await t.database.db.select().from(promotionEvents).where(eq(promotionEvents.promotion_id, promotionId)).orderBy(promotionEvents.id),
    notifications: await t.database.db.select().from(notifications).where(eq(notifications.promotion_id, promotionId)),
  });
  const maySend = async (promotionId: number, token: string) => (await reportView(t, token, promotionId)).json().data.may_send_to_printers;

  it("a cm who is not its responsible manager and does not manage every design's category gets 403, and nothing is sent", async () => {
    const cmId = await userIdByEmail(t, 'cm@demo.no');
    // Managed by cm, holding a Fuel design cm2 does not see and a Store design cm2 manages.
    const promotionId = await sendable(['Fuel', 'Store'], cmId);
    const noCategories = await newUser(t, admin, 'cm');
    await expectRefused(
      () => sendState(promotionId),
      { cm2: () => sendToPrinters(t, cm2, promotionId, 0), noCategories: () => sendToPrinters(t, noCategories.token, promotionId, 0) },
      403,
    );
    expect((await sendToPrinters(t, cm2, promotionId, 0)).json()).toMatchObject({ status: 'error', message_key: 'send_to_printers_not_yours' });
    // The report tells the web whom to offer the send.
    expect([await maySend(promotionId, cm2), await maySend(promotionId, noCategories.token), await maySend(promotionId, cm)]).toEqual([false, false, true]);
    // Its responsible manager sends it, the Store design included.
    expect((await sendToPrinters(t, cm, promotionId, 0)).statusCode).toBe(200);
    expect((await sendState(promotionId)).reports).toHaveLength(1);
  });

  it('a cm who manages the category of every design sends a promotion managed by another; admin and cm-admin send any', async () => {
    const cm2Id = await userIdByEmail(t, 'cm2@demo.no');
    const fuelAndFood = await sendable(['Fuel', 'Food'], cm2Id);
    expect(await maySend(fuelAndFood, cm)).toBe(true);
    expect((await sendToPrinters(t, cm, fuelAndFood, 0)).statusCode).toBe(200);
    const mixed = [await sendable(['Fuel', 'Store'], cm2Id), await sendable(['Fuel', 'Store'], null)];
    expect([await maySend(mixed[0]!, cmAdmin), await maySend(mixed[1]!, admin)]).toEqual([true, true]);
    expect((await sendToPrinters(t, cmAdmin, mixed[0]!, 0)).statusCode).toBe(200);
    expect((await sendToPrinters(t, admin, mixed[1]!, 0)).statusCode).toBe(200);
  });
});
