import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Group } from '@promo/shared';
import { categories, designs, plannerAmounts, surfaces, userCategories, users } from '../db/schema';
import { multipartBody, uniqueEmail, type TestApp } from './test-app';
import { pngImage, zipBytes } from './images';

/**
 * Promotions for the report, print and distribution tests, built through the API the way a
 * category manager and a designer do it: promotion, surfaces, designs, Completed, HQ files.
 */

export type Category = 'Generic' | 'Fuel' | 'Loyalty / Trumf' | 'Food' | 'Food Outside' | 'Store';

export interface BuiltPair {
  surfaceId: number;
  psdId: number;
  chatId: number;
  category: Category;
}

export interface BuiltPromotion {
  id: number;
  name: string;
  pairs: BuiltPair[];
}

let seq = 0;
const uniqueDigits = () => `9${String(process.pid % 1000).padStart(3, '0')}${String(Date.now() % 1e8).padStart(8, '0')}${String(seq++ % 100).padStart(2, '0')}`;

export async function catalogueDesign(t: TestApp, category: Category): Promise<number> {
  const [row] = await t.database.db
    .select({ id: designs.id })
    .from(designs)
    .innerJoin(categories, eq(categories.id, designs.category_id))
    .where(eq(categories.name, category))
    .limit(1);
  if (!row) throw new Error(`no catalogue design of ${category}`);
  return row.id;
}

export async function categoryId(t: TestApp, category: Category): Promise<number> {
  const [row] = await t.database.db.select({ id: categories.id }).from(categories).where(eq(categories.name, category));
  return row!.id;
}

export async function userIdByEmail(t: TestApp, email: string): Promise<number> {
  const [row] = await t.database.db.select({ id: users.id }).from(users).where(and(eq(users.email, email), isNull(users.deleted_at)));
  return row!.id;
}

/** A catalogue surface of this test, made by the admin; printer null means none. */
export async function newSurface(t: TestApp, admin: string, opts: { printerId: number | null; price?: string; name?: string; size?: string }): Promise<number> {
  const res = await t.form(
    'POST',
    '/api/surfaces',
    { vendor_code: uniqueDigits(), name: opts.name ?? `Testflate ${seq}`, price: opts.price ?? '12.50', printer_id: opts.printerId ?? '', size_surface: opts.size ?? '' },
    admin,
  );
  if (res.statusCode !== 201) throw new Error(`surface: ${res.statusCode} ${res.body}`);
  return res.json().data.id as number;
}

/** A station (role user) of this test with its group and categories. */
export async function newStation(
  t: TestApp,
  admin: string,
  opts: { group: Group | null; categories: Category[]; active?: boolean; name?: string },
): Promise<{ id: number; email: string }> {
  const email = uniqueEmail('station');
  const category_ids = await Promise.all(opts.categories.map((c) => categoryId(t, c)));
  const res = await t.form(
    'POST',
    '/api/users',
    {
      email,
      password: 'Secret2026',
      name: opts.name ?? `Teststasjon ${seq++}`,
      role: 'user',
      group: opts.group ?? '',
      category_ids,
      status: opts.active === false ? 'false' : 'true',
      company_name: 'Test Handel AS',
      post_address: 'Storgata 1',
      postcode: '0150',
      kommune: 'Oslo',
    },
    admin,
  );
  if (res.statusCode !== 201) throw new Error(`station: ${res.statusCode} ${res.body}`);
  return { id: res.json().data.id as number, email };
}

/** Planner amounts of stations (the company planner has no API yet: written as the planner would). */
export async function setAmounts(t: TestApp, rows: { stationId: number; surfaceId: number; amount: number }[]) {
  for (const r of rows) {
    await t.database.db
      .insert(plannerAmounts)
      .values({ station_id: r.stationId, surface_id: r.surfaceId, amount: r.amount })
      .onConflictDoUpdate({ target: [plannerAmounts.station_id, plannerAmounts.surface_id], set: { amount: r.amount } });
  }
}

export async function upload(t: TestApp, token: string, name: string, content: Buffer): Promise<number> {
  const { payload, headers } = multipartBody({ name, content });
  const res = await t.app.inject({ method: 'POST', url: '/api/files/upload', payload, headers: { ...headers, authorization: token } });
  if (res.statusCode !== 201) throw new Error(`upload ${name}: ${res.statusCode} ${res.body}`);
  return res.json().data.file_id as number;
}

/** The designer sends an HQ file in the design's chat; returns the uploaded bytes. */
export async function sendHq(t: TestApp, designer: string, chatId: number, kind: 'image' | 'document' = 'image', content?: Buffer): Promise<Buffer> {
  const bytes = content ?? (kind === 'image' ? await pngImage(64 + (seq++ % 50), 48) : Buffer.concat([zipBytes(), Buffer.from(`doc ${seq++}`)]));
  const fileId = await upload(t, designer, kind === 'image' ? 'trykk.png' : 'trykk.zip', bytes);
  const res = await t.form('POST', '/api/design-chat', { chat_id: chatId, file_id: fileId, type_file: 'HQ', text: '' }, designer);
  if (res.statusCode !== 201) throw new Error(`HQ message: ${res.statusCode} ${res.body}`);
  return bytes;
}

/**
 * A promotion with the given surfaces and designs, made through the API. `complete` sets every
 * design Completed; `hq` has the designer send an HQ image for each (needs `complete`).
 */
export async function buildPromotion(
  t: TestApp,
  tokens: { manager: string; designer?: string },
  spec: {
    surfaces: number[];
    designs: { surface: number; category: Category }[];
    complete?: boolean;
    hq?: boolean;
    name?: string;
    /** As the web sends it (ISO times); default 2031-03-01 – 2031-04-01. */
    period?: { from: string; to: string };
  },
): Promise<BuiltPromotion> {
  const name = spec.name ?? `Trykktest ${Date.now()} ${seq++}`;
  const period = spec.period ?? { from: '2031-03-01', to: '2031-04-01' };
  const created = await t.form('POST', '/api/promotions', { name, period_from: period.from, period_to: period.to }, tokens.manager);
  if (created.statusCode !== 201) throw new Error(`promotion: ${created.statusCode} ${created.body}`);
  const id = created.json().data.promotion.id as number;
  for (const surface_id of spec.surfaces) {
    const res = await t.form('POST', '/api/promotion-surfaces', { promotion_id: id, surface_id }, tokens.manager);
    if (res.statusCode !== 200) throw new Error(`promotion surface: ${res.statusCode} ${res.body}`);
  }
  const pairs: BuiltPair[] = [];
  for (const d of spec.designs) {
    const design_id = await catalogueDesign(t, d.category);
    const res = await t.form('POST', '/api/promotion-surface-design', { promotion_id: id, surface_id: d.surface, design_id }, tokens.manager);
    if (res.statusCode !== 200) throw new Error(`design: ${res.statusCode} ${res.body}`);
    const psdId = res.json().data.id as number;
    const page = await t.form('GET', '/api/promotion-surface-design/get-promotion-surface-design', { promotion_id: id, surface_id: d.surface, surface_design_id: psdId }, tokens.manager);
    if (page.statusCode !== 200) throw new Error(`design page: ${page.statusCode} ${page.body}`);
    pairs.push({ surfaceId: d.surface, psdId, chatId: page.json().data.chat_id as number, category: d.category });
  }
  if (spec.complete) for (const p of pairs) await setDesignStatus(t, tokens.manager, p.psdId, 'Completed');
  if (spec.hq) {
    if (!tokens.designer) throw new Error('hq needs the designer');
    for (const p of pairs) await sendHq(t, tokens.designer, p.chatId);
  }
  return { id, name, pairs };
}

export async function setDesignStatus(t: TestApp, token: string, psdId: number, status: string) {
  const res = await t.form('PUT', `/api/promotion-surface-design/${psdId}`, { status }, token);
  if (res.statusCode !== 200) throw new Error(`status ${status}: ${res.statusCode} ${res.body}`);
}

export const sendToPrinters = (t: TestApp, token: string, promotionId: number, percent: number | string = 10, description = 'Husk matt papir') =>
  t.form('POST', '/api/promotion-surface-design/sending-notification-printers', { promotion_id: promotionId, percent_report: percent, description_cm: description }, token);

export const reportView = (t: TestApp, token: string, promotionId: number | string, percent?: number) =>
  t.form('GET', '/api/promotions/promotion-report-view', percent === undefined ? { promotion_id: promotionId } : { promotion_id: promotionId, percent }, token);

/**
 * What the report should say, computed here from the tables and the rule of DOMAIN.md ('Who
 * receives what'), independently of the server's report code.
 */
export async function expectedReport(t: TestApp, psds: { psdId: number; surfaceId: number; category: Category }[], percent: number) {
  const db = t.database.db;
  const stationRows = await db
    .select({ id: users.id, group: users.group })
    .from(users)
    .where(and(eq(users.role, 'user'), eq(users.status, true), isNull(users.deleted_at)));
  const links = await db.select().from(userCategories);
  const cats = await db.select().from(categories);
  const surfaceIds = [...new Set(psds.map((p) => p.surfaceId))];
  const amounts = await db.select().from(plannerAmounts).where(inArray(plannerAmounts.surface_id, surfaceIds));
  const prices = await db.select({ id: surfaces.id, price: surfaces.price }).from(surfaces).where(inArray(surfaces.id, surfaceIds));
  const columns = new Map<number, { sum: number; percent: number; total: number; price: string; totalPrice: string }>();
  const cells = new Map<number, Map<number, number>>();
  for (const p of psds) {
    const cat = cats.find((c) => c.name === p.category)!;
    let sum = 0;
    for (const s of stationRows) {
      const has = cat.required || links.some((l) => l.user_id === s.id && l.category_id === cat.id);
      const groupOk = cat.groups.length === 0 || (s.group !== null && cat.groups.includes(s.group));
      if (!has || !groupOk) continue;
      const amount = amounts.find((a) => a.station_id === s.id && a.surface_id === p.surfaceId)?.amount ?? 0;
      if (amount <= 0) continue;
      sum += amount;
      if (!cells.has(s.id)) cells.set(s.id, new Map());
      cells.get(s.id)!.set(p.psdId, amount);
    }
    const extra = Math.ceil((sum * percent) / 100);
    const price = prices.find((x) => x.id === p.surfaceId)!.price;
    const priceOre = Math.round(Number(price) * 100);
    const totalOre = (sum + extra) * priceOre;
    columns.set(p.psdId, {
      sum,
      percent: extra,
      total: sum + extra,
      price: (priceOre / 100).toFixed(2),
      totalPrice: `${Math.floor(totalOre / 100)}.${String(totalOre % 100).padStart(2, '0')}`,
    });
  }
  return { columns, cells };
}
