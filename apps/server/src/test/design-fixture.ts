import { eq } from 'drizzle-orm';
import type { PsdStatus, Role } from '@promo/shared';
import { categories, chats, designs, files, promotions, promotionSurfaceDesigns, surfaces } from '../db/schema';
import { resolveSession } from '../lib/sessions';
import { multipartBody, uniqueEmail, type TestApp } from './test-app';

/** Demo categories: cm@demo.no manages Fuel, Food and Food Outside; cm2@demo.no the others (Store, ...). */
export type DemoCategory = 'Fuel' | 'Food' | 'Food Outside' | 'Store' | 'Generic';

export interface DesignFixture {
  promotionId: number;
  surfaceId: number;
  psdId: number;
  chatId: number;
}

/** A catalogue design of a demo category. */
export async function catalogueDesign(t: TestApp, category: DemoCategory): Promise<number> {
  const [cat] = await t.database.db.select().from(categories).where(eq(categories.name, category));
  const [design] = await t.database.db.select().from(designs).where(eq(designs.category_id, cat!.id)).orderBy(designs.id).limit(1);
  return design!.id;
}

/** A new promotion with one surface, made through the API as the given admin. */
export async function newPromotion(t: TestApp, admin: string, status = 0): Promise<{ promotionId: number; surfaceId: number }> {
  const created = await t.form('POST', '/api/promotions', { name: `Kampanje ${Date.now()} ${Math.random()}`, period_from: '2031-01-01', period_to: '2031-02-01' }, admin);
  if (created.statusCode !== 201) throw new Error(`promotion: ${created.body}`);
  const promotionId = created.json().data.promotion.id as number;
  if (status) await t.database.db.update(promotions).set({ status }).where(eq(promotions.id, promotionId));
  const [surface] = await t.database.db.select({ id: surfaces.id }).from(surfaces).orderBy(surfaces.id).limit(1);
  const added = await t.form('POST', '/api/promotion-surfaces', { promotion_id: promotionId, surface_id: surface!.id }, admin);
  if (added.statusCode !== 200) throw new Error(`surface: ${added.body}`);
  return { promotionId, surfaceId: surface!.id };
}

/** A design (PSD) of the category on the promotion's surface, with its chat. */
export async function addDesign(
  t: TestApp,
  admin: string,
  at: { promotionId: number; surfaceId: number },
  opts: { category?: DemoCategory; status?: PsdStatus } = {},
): Promise<DesignFixture> {
  const design_id = await catalogueDesign(t, opts.category ?? 'Fuel');
  const res = await t.form('POST', '/api/promotion-surface-design', { promotion_id: at.promotionId, surface_id: at.surfaceId, design_id }, admin);
  if (res.statusCode !== 200) throw new Error(`design: ${res.body}`);
  const psdId = res.json().data.id as number;
  if (opts.status) await t.database.db.update(promotionSurfaceDesigns).set({ status: opts.status }).where(eq(promotionSurfaceDesigns.id, psdId));
  const [chat] = await t.database.db.select({ id: chats.id }).from(chats).where(eq(chats.psd_id, psdId));
  return { ...at, psdId, chatId: chat!.id };
}

/** A fresh promotion with one design of the category (Fuel: managed by cm@demo.no). */
export async function designFixture(t: TestApp, admin: string, opts: { category?: DemoCategory; status?: PsdStatus; promotionStatus?: number } = {}) {
  return addDesign(t, admin, await newPromotion(t, admin, opts.promotionStatus), opts);
}

/** The shared upload step: returns the new file's id. */
export async function uploadFile(t: TestApp, token: string, name: string, content: Buffer, kind?: 'image'): Promise<number> {
  const { payload, headers } = multipartBody({ name, content });
  const res = await t.app.inject({ method: 'POST', url: `/api/files/upload${kind ? `?kind=${kind}` : ''}`, payload, headers: { ...headers, authorization: token } });
  if (res.statusCode !== 201) throw new Error(`upload ${name}: ${res.statusCode} ${res.body}`);
  return res.json().data.file_id as number;
}

/** A new active user of the role, signed in; returns its id and bearer header. */
export async function newUser(t: TestApp, admin: string, role: Role): Promise<{ id: number; token: string }> {
  const email = uniqueEmail(role);
  const res = await t.form('POST', '/api/users', { email, password: 'Secret2026', name: `Test ${role}`, role, phone: '+47 22 00 00 00', post_address: 'Storgata 1', company_name: 'Test AS' }, admin);
  if (res.statusCode !== 201) throw new Error(`user: ${res.body}`);
  return { id: res.json().data.id as number, token: await t.loginAs(email, 'Secret2026') };
}

/** The user id behind a bearer header. */
export async function userId(t: TestApp, token: string): Promise<number> {
  const auth = await resolveSession(t.database.db, token.replace(/^Bearer /, ''));
  if (!auth) throw new Error('no session');
  return auth.user.id;
}

/** Every files row of these ids and their renditions, with whether the bytes are on disk. */
export async function filesWithBytes(t: TestApp, ids: number[]) {
  const rows = [];
  for (const id of ids) {
    rows.push(...(await t.database.db.select().from(files).where(eq(files.id, id))));
    rows.push(...(await t.database.db.select().from(files).where(eq(files.parent_id, id))));
  }
  return Promise.all(rows.map(async (r) => ({ ...r, onDisk: await t.storage.exists(r.storage_key) })));
}
