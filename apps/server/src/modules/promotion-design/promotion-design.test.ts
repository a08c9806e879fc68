import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { categories, designs, promotions, promotionSurfaceDesigns, surfaces } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let admin: string;
let surfaceIds: number[];
let fuelDesign: number;
let storeDesign: number;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  surfaceIds = (await t.database.db.select({ id: surfaces.id }).from(surfaces).limit(3)).map((s) => s.id);
  const cats = await t.database.db.select().from(categories);
  const design = async (name: string) =>
    (await t.database.db.select().from(designs).where(eq(designs.category_id, cats.find((c) => c.name === name)!.id)))[0]!.id;
  fuelDesign = await design('Fuel'); // managed by cm@demo.no
  storeDesign = await design('Store'); // managed by cm2@demo.no
});
afterAll(() => t.close());

async function promotion(status = 0) {
  const res = await t.form('POST', '/api/promotions', { name: `PSD ${Date.now()}${Math.random()}`, period_from: '2030-01-01', period_to: '2030-02-01' }, admin);
  const id = res.json().data.promotion.id as number;
  if (status) await t.database.db.update(promotions).set({ status }).where(eq(promotions.id, id));
  return id;
}

const list = async (id: number, token = admin) => (await t.form('GET', '/api/promotion-surface-design', { promotion_id: id }, token)).json().data.surfaces;

describe('surfaces of a promotion', () => {
  it('adds surfaces once, lists them with their designs, removes them', async () => {
    const id = await promotion();
    expect((await t.form('POST', '/api/promotion-surfaces', { promotion_id: id, surface_id: surfaceIds[0] }, admin)).statusCode).toBe(200);
    const again = await t.form('POST', '/api/promotion-surfaces', { promotion_id: id, surface_id: surfaceIds[0] }, admin);
    expect(again.json().errors.surface_id).toEqual(['surface_already_added']);
    await t.form('POST', '/api/promotion-surfaces', { promotion_id: id, surface_id: surfaceIds[1] }, admin);
    const added = await t.form('POST', '/api/promotion-surface-design', { promotion_id: id, surface_id: surfaceIds[0], design_id: fuelDesign }, admin);
    expect(added.json().data).toMatchObject({ status: 'Created', design_id: fuelDesign });
    const rows = await list(id);
    expect(rows.map((r: { surface: { id: number } }) => r.surface.id)).toEqual([surfaceIds[0], surfaceIds[1]]);
    expect(rows[0].designs[0]).toMatchObject({ design_id: fuelDesign, data: { status: 'Created' } });
    expect((await t.form('DELETE', `/api/promotion-surfaces/${id}/${surfaceIds[0]}`, undefined, admin)).statusCode).toBe(200);
    expect((await list(id)).map((r: { surface: { id: number } }) => r.surface.id)).toEqual([surfaceIds[1]]);
    expect(await t.database.db.select().from(promotionSurfaceDesigns).where(eq(promotionSurfaceDesigns.promotion_id, id))).toHaveLength(0);
  });

  it('keeps a surface whose design is Completed, Approved or Brief', async () => {
    const id = await promotion();
    await t.form('POST', '/api/promotion-surfaces', { promotion_id: id, surface_id: surfaceIds[0] }, admin);
    const psd = (await t.form('POST', '/api/promotion-surface-design', { promotion_id: id, surface_id: surfaceIds[0], design_id: fuelDesign }, admin)).json().data;
    for (const status of ['Brief', 'Approved', 'Completed']) {
      await t.database.db.update(promotionSurfaceDesigns).set({ status }).where(eq(promotionSurfaceDesigns.id, psd.id));
      const res = await t.form('DELETE', `/api/promotion-surfaces/${id}/${surfaceIds[0]}`, undefined, admin);
      expect(res.statusCode, status).toBe(422);
      expect(res.json().errors.surface_id).toEqual(['surface_locked']);
    }
    expect((await list(id))).toHaveLength(1);
  });

  it('refuses unknown promotions and surfaces, designs on surfaces not in the promotion, and other roles', async () => {
    const id = await promotion();
    expect((await t.form('POST', '/api/promotion-surfaces', { promotion_id: 99999999, surface_id: surfaceIds[0] }, admin)).statusCode).toBe(422);
    expect((await t.form('POST', '/api/promotion-surfaces', { promotion_id: id, surface_id: 99999999 }, admin)).statusCode).toBe(422);
    const off = await t.form('POST', '/api/promotion-surface-design', { promotion_id: id, surface_id: surfaceIds[2], design_id: fuelDesign }, admin);
    expect(off.json().errors.surface_id).toEqual(['surface_not_in_promotion']);
    expect((await t.form('GET', '/api/promotion-surface-design', { promotion_id: 99999999 }, admin)).statusCode).toBe(404);
    expect((await t.form('GET', '/api/promotion-surface-design', { promotion_id: 'x1' }, admin)).statusCode).toBe(422);
    for (const role of ['designer', 'printer', 'user'] as const) {
      expect((await t.form('POST', '/api/promotion-surfaces', { promotion_id: id, surface_id: surfaceIds[0] }, await t.login(role))).statusCode).toBe(403);
    }
    expect((await t.form('GET', '/api/promotion-surface-design', { promotion_id: id }, await t.login('printer'))).statusCode).toBe(403);
  });
});

describe('designs of a surface', () => {
  it('a cm attaches and sees only designs of its own categories', async () => {
    const id = await promotion();
    await t.form('POST', '/api/promotion-surfaces', { promotion_id: id, surface_id: surfaceIds[0] }, admin);
    await t.form('POST', '/api/promotion-surface-design', { promotion_id: id, surface_id: surfaceIds[0], design_id: storeDesign }, admin);
    const cm = await t.login('cm');
    const own = await t.form('POST', '/api/promotion-surface-design', { promotion_id: id, surface_id: surfaceIds[0], design_id: fuelDesign }, cm);
    expect(own.statusCode).toBe(200);
    const other = await t.form('POST', '/api/promotion-surface-design', { promotion_id: id, surface_id: surfaceIds[0], design_id: storeDesign }, cm);
    expect(other.statusCode).toBe(403);
    const seen = await list(id, cm);
    expect(seen[0].designs.map((d: { design_id: number }) => d.design_id)).toEqual([fuelDesign]);
    expect((await list(id))[0].designs).toHaveLength(2);
    const picker = await t.form('POST', '/api/designs/get-all-designs', undefined, cm);
    const ids = picker.json().data.designs.map((d: { id: number }) => d.id);
    expect(ids).toContain(fuelDesign);
    expect(ids).not.toContain(storeDesign);
  });

  it('a cm-admin cannot delete a design in Completed, Approved or Brief; an admin can; a cm cannot delete at all', async () => {
    const id = await promotion();
    await t.form('POST', '/api/promotion-surfaces', { promotion_id: id, surface_id: surfaceIds[0] }, admin);
    const psd = (await t.form('POST', '/api/promotion-surface-design', { promotion_id: id, surface_id: surfaceIds[0], design_id: fuelDesign }, admin)).json().data;
    await t.database.db.update(promotionSurfaceDesigns).set({ status: 'Approved' }).where(eq(promotionSurfaceDesigns.id, psd.id));
    const cmAdmin = await t.login('cm-admin');
    const locked = await t.form('DELETE', `/api/promotion-surface-design/${psd.id}`, undefined, cmAdmin);
    expect(locked.json().errors.id).toEqual(['design_locked']);
    expect((await t.form('DELETE', `/api/promotion-surface-design/${psd.id}`, undefined, await t.login('cm'))).statusCode).toBe(403);
    expect((await t.form('DELETE', `/api/promotion-surface-design/${psd.id}`, undefined, admin)).statusCode).toBe(200);
    expect((await t.form('DELETE', `/api/promotion-surface-design/${psd.id}`, undefined, admin)).statusCode).toBe(404);
  });

  it('moves a working promotion to Designer completed when every design is Completed, and back', async () => {
    const id = await promotion(1);
    await t.form('POST', '/api/promotion-surfaces', { promotion_id: id, surface_id: surfaceIds[0] }, admin);
    const psd = (await t.form('POST', '/api/promotion-surface-design', { promotion_id: id, surface_id: surfaceIds[0], design_id: fuelDesign }, admin)).json().data;
    await t.database.db.update(promotionSurfaceDesigns).set({ status: 'Completed' }).where(eq(promotionSurfaceDesigns.id, psd.id));
    // A second, not completed design keeps it at 1; removing it completes the promotion.
    const second = (await t.form('POST', '/api/promotion-surface-design', { promotion_id: id, surface_id: surfaceIds[0], design_id: fuelDesign }, admin)).json().data;
    const status = async () => (await t.database.db.select().from(promotions).where(eq(promotions.id, id)))[0]!.status;
    expect(await status()).toBe(1);
    await t.form('DELETE', `/api/promotion-surface-design/${second.id}`, undefined, admin);
    expect(await status()).toBe(2);
    await t.form('POST', '/api/promotion-surface-design', { promotion_id: id, surface_id: surfaceIds[0], design_id: fuelDesign }, admin);
    expect(await status()).toBe(1);
    const history = (await t.form('GET', `/api/promotions/${id}`, undefined, admin)).json().data.history;
    expect(history).toHaveProperty('status_Designer completed');
  });
});

describe('catalogue entries that promotions use', () => {
  it('a surface or design in a promotion cannot be deleted from the catalogue', async () => {
    const id = await promotion();
    await t.form('POST', '/api/promotion-surfaces', { promotion_id: id, surface_id: surfaceIds[0] }, admin);
    await t.form('POST', '/api/promotion-surface-design', { promotion_id: id, surface_id: surfaceIds[0], design_id: fuelDesign }, admin);
    const surface = await t.form('DELETE', `/api/surfaces/${surfaceIds[0]}`, undefined, admin);
    expect(surface.statusCode).toBe(422);
    expect(surface.json().errors.id).toEqual(['surface_in_use']);
    const design = await t.form('DELETE', `/api/designs/${fuelDesign}`, undefined, admin);
    expect(design.statusCode).toBe(422);
    expect(design.json().errors.id).toEqual(['design_in_use']);
  });
});
