import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, gt, max } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import * as shared from '@promo/shared';
import { AUDIT_ACTIONS, AUDIT_ENTITIES, AUDIT_FIELDS, AUDIT_HIDDEN_FIELDS, type AuditAction, type AuditEntity, type Endpoint } from '@promo/shared';
import { auditLog, designs, distributorParcels, products, surfaces, users } from '../../db/schema';
import { a4Layout } from '../../test/sign-fixtures';
import { writeAudit } from '../../lib/audit';
import { designFixture, newPromotion, uploadFile, userId, type DesignFixture } from '../../test/design-fixture';
import { pngImage } from '../../test/images';
import { productBody } from '../../test/product-body';
import { pdf, sendFile } from '../../test/proofing-fixture';
import { DEMO_PASSWORD } from '../../db/seed/demo';
import { createTestApp, uniqueEmail, type TestApp } from '../../test/test-app';

/**
 * Every contract that changes data, with a representative successful call and the audit row it must
 * write (decision 020). A contract added tomorrow that is in neither table fails the first test, so
 * nobody adds a data-changing route without deciding about its audit row.
 */

let t: TestApp;
let admin: string;
let adminId: number;
beforeAll(async () => {
  t = await createTestApp({}, { ownDatabase: true });
  admin = await t.login('admin');
  adminId = await userId(t, admin);
});
afterAll(() => t.close());

const isEndpoint = (v: unknown): v is Endpoint =>
  !!v && typeof v === 'object' && typeof (v as Endpoint).method === 'string' && typeof (v as Endpoint).path === 'string' && 'access' in v;

/** Every endpoint of the contracts, as 'METHOD /path/{param}'. */
function contractRoutes(): string[] {
  const found = new Set<string>();
  for (const value of Object.values(shared)) {
    const members = isEndpoint(value) ? [value] : value && typeof value === 'object' && !Array.isArray(value) ? Object.values(value) : [];
    for (const m of members) if (isEndpoint(m)) found.add(`${m.method} ${m.path}`);
  }
  return [...found].sort();
}

/** GETs that change data (the specification's own paths). */
const CHANGING_GETS = new Set(['GET /api/design-chat/delete-message']);

/** Calls that change no data of the business, with the reason; they write no audit row. */
const NOT_AUDITED: Record<string, string> = {
  'POST /api/surfaces/get-all-surfaces': 'a read through POST (spec)',
  'POST /api/designs/get-all-designs': 'a read through POST (spec)',
  'POST /api/users/get-all-roles': 'a read through POST (spec)',
  'POST /api/users/get-manager-category': 'a read through POST (spec)',
  'POST /api/users/get-users-by-field': 'a read through POST (spec)',
  'POST /api/xl-file/make-file': 'makes a download; stores nothing',
  'POST /api/design-chat/set-read-status-messages': 'a read receipt, not a change of data (decision 020)',
  'POST /api/notifications/read': 'a read receipt, not a change of data (decision 020)',
  'POST /api/files/upload': 'an unowned upload; the change that claims it (message, brief file, image) is logged with its file id',
  'POST /api/push/subscriptions/{id}/test': 'queues a test push to the caller’s own device; no data of the business changes',
  'POST /api/sign-templates/{id}/preview': 'draws one sign as a PNG; stores nothing',
  'POST /api/sign-templates/{id}/check-background': "reads a picked background with the preflight; stores nothing",
  'POST /api/promotion-surface-design/{id}/signs/preview': 'draws one sign as a PNG; stores nothing',
};

/**
 * Contracts of parts this test does not call (other areas of issue 15 under way at the same time):
 * each names the module whose tests must show its audit row. Audit gaps found there are listed in
 * decision 020.
 */
const AUDITED_ELSEWHERE: Record<string, string> = {
  'POST /api/promotion-surface-design/sending-notification-printers': 'reports (send-to-printers.test.ts)',
  'POST /api/promotion-surface-design/take-back-from-printers': 'reports (print-trust.test.ts)',
  'POST /api/print-promotion-report/set-printed': 'print',
  'POST /api/promotion-distributor/set-distributor-tracker': 'distribution',
  'POST /company_api/company-planner/save-amount-company-planner': 'company (company.test.ts)',
  'POST /api/system-setting': 'settings',
  'POST /api/users/unlock-sign-in': 'auth (device-cookies.test.ts)',
  'PUT /api/system-setting/{id}': 'settings',
  // Issue 15's other parts, built beside this one.
  'PUT /api/promotions/{id}/milestones': 'promotions (milestones)',
  'PUT /api/users/{id}/digest-opt-out': 'digest',
  'POST /company_api/parcel-receipt': 'company (receipt)',
  // Issue 25: review flows.
  'PUT /api/review-flow': 'reviews (reviews.test.ts)',
  'PUT /api/system-settings/review-flow': 'reviews (default-flow.test.ts)',
  'POST /api/design-chat/reviews/decide': 'reviews (reviews.test.ts)',
  'POST /api/design-chat/reviews/skip': 'reviews (reviews.test.ts)',
  'POST /company_api/placement-photos': 'company (placement photos)',
  'DELETE /company_api/placement-photos/{id}': 'company (placement photos)',
  'POST /api/promotion-distributor/import-trackers': 'distribution (tracker import)',
  'POST /api/catalogue-import/files': 'catalogue import',
  'POST /api/catalogue-import/jobs': 'catalogue import',
  // Issue 21: a subscription needs a reachable push service (the stand-in of push.test.ts).
  'POST /api/push/subscriptions': 'push (push.test.ts)',
  'PUT /api/push/subscriptions/{id}': 'push (push.test.ts)',
  'DELETE /api/push/subscriptions/{id}': 'push (push.test.ts)',
};

interface Ctx {
  design: () => Promise<DesignFixture>;
}
interface Check {
  /** The successful call, as its caller. */
  call: (c: Ctx) => Promise<LightMyRequestResponse>;
  action: AuditAction;
  entity: AuditEntity;
  /** The actor the row must name: the admin unless the call is another user's. */
  actor?: () => Promise<number>;
}

const demoId = async (email: string) => (await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;
const firstId = async (table: typeof surfaces | typeof products | typeof designs) => (await t.database.db.select({ id: table.id }).from(table).limit(1))[0]!.id;
let code = 900_000 + (process.pid % 50_000);
const surfaceBody = (over: object = {}) => ({
  vendor_code: String(code++),
  name: `Revisjonsplakat ${code}`,
  type_surface: 'Plakat',
  size_surface: 'H50 x W70',
  price: '149.50',
  description: 'Ved inngangen',
  divided_bool: 'false',
  status: [1],
  ...over,
});
const created = (res: LightMyRequestResponse) => {
  if (res.statusCode >= 300) throw new Error(`${res.statusCode} ${res.body}`);
  return res.json().data as Record<string, unknown> & { id: number };
};
const newUserBody = (over: object = {}) => ({ email: uniqueEmail('audit'), password: 'Secret2026', name: 'Revisjon', role: 'designer', phone: '+47 22 00 00 00', post_address: 'Storgata 1', company_name: 'Test AS', ...over });
const imageUpload = async () => uploadFile(t, admin, 'bilde.png', await pngImage(), 'image');

const CHECKS: Record<string, Check> = {
  // Auth: sign-in, sign-out, sign-in-as and back.
  'POST /api/auth/login': { call: () => t.form('POST', '/api/auth/login', { email: 'admin@demo.no', password: DEMO_PASSWORD }), action: 'sign_in', entity: 'users' },
  'POST /api/auth/logout': { call: async () => t.form('POST', '/api/auth/logout', {}, await t.login('admin')), action: 'sign_out', entity: 'users' },
  'POST /api/auth/to-re-login': {
    call: async () => t.form('POST', '/api/auth/to-re-login', { user_id: await demoId('user@demo.no') }, await t.login('admin')),
    action: 'impersonation_start',
    entity: 'users',
  },
  'POST /api/auth/back-re-login': {
    call: async () => {
      const res = await t.form('POST', '/api/auth/to-re-login', { user_id: await demoId('user@demo.no') }, await t.login('admin'));
      return t.form('POST', '/api/auth/back-re-login', {}, `Bearer ${res.json().data.bearerToken}`);
    },
    action: 'impersonation_end',
    entity: 'users',
  },
  // Users.
  'POST /api/users': { call: () => t.form('POST', '/api/users', newUserBody(), admin), action: 'create', entity: 'users' },
  'PUT /api/users/{id}': {
    call: async () => t.form('PUT', `/api/users/${created(await t.form('POST', '/api/users', newUserBody(), admin)).id}`, { phone: '+47 99 99 99 99' }, admin),
    action: 'update',
    entity: 'users',
  },
  'DELETE /api/users/{id}': {
    call: async () => t.form('DELETE', `/api/users/${created(await t.form('POST', '/api/users', newUserBody(), admin)).id}`, undefined, admin),
    action: 'delete',
    entity: 'users',
  },
  'POST /api/users/update-password': {
    call: async () => t.form('POST', '/api/users/update-password', { user_id: created(await t.form('POST', '/api/users', newUserBody(), admin)).id, new_password: 'Vinter2027' }, admin),
    action: 'update_password',
    entity: 'users',
  },
  // Catalogue.
  'POST /api/categories': { call: () => t.form('POST', '/api/categories', { name: `Revisjon ${code++}`, groups: ['DO'] }, admin), action: 'create', entity: 'categories' },
  'PUT /api/categories/{id}': {
    call: async () => t.form('PUT', `/api/categories/${created(await t.form('POST', '/api/categories', { name: `Revisjon ${code++}`, groups: ['DO'] }, admin)).id}`, { name: `Omdøpt ${code++}` }, admin),
    action: 'update',
    entity: 'categories',
  },
  'DELETE /api/categories/{id}': {
    call: async () => t.form('DELETE', `/api/categories/${created(await t.form('POST', '/api/categories', { name: `Revisjon ${code++}`, groups: ['DO'] }, admin)).id}`, undefined, admin),
    action: 'delete',
    entity: 'categories',
  },
  'POST /api/designs': { call: async () => t.form('POST', '/api/designs', { name: `Design ${code++}`, category_id: await categoryId() }, admin), action: 'create', entity: 'designs' },
  'PUT /api/designs/{id}': {
    call: async () => t.form('PUT', `/api/designs/${created(await t.form('POST', '/api/designs', { name: `Design ${code++}`, category_id: await categoryId() }, admin)).id}`, { name: `Design ${code++}` }, admin),
    action: 'update',
    entity: 'designs',
  },
  'DELETE /api/designs/{id}': {
    call: async () => t.form('DELETE', `/api/designs/${created(await t.form('POST', '/api/designs', { name: `Design ${code++}`, category_id: await categoryId() }, admin)).id}`, undefined, admin),
    action: 'delete',
    entity: 'designs',
  },
  'POST /api/surfaces': { call: () => t.form('POST', '/api/surfaces', surfaceBody(), admin), action: 'create', entity: 'surfaces' },
  'PUT /api/surfaces/{id}': {
    call: async () => t.form('PUT', `/api/surfaces/${created(await t.form('POST', '/api/surfaces', surfaceBody(), admin)).id}`, { price: '99.00' }, admin),
    action: 'update',
    entity: 'surfaces',
  },
  'DELETE /api/surfaces/{id}': {
    call: async () => t.form('DELETE', `/api/surfaces/${created(await t.form('POST', '/api/surfaces', surfaceBody(), admin)).id}`, undefined, admin),
    action: 'delete',
    entity: 'surfaces',
  },
  'POST /api/surfaces/create-type-surface': { call: () => t.form('POST', '/api/surfaces/create-type-surface', { new_type: `Type ${code++}` }, admin), action: 'create', entity: 'surface_types' },
  'POST /api/surfaces/create-size-surface': { call: () => t.form('POST', '/api/surfaces/create-size-surface', { new_size: `H${code++} x W10` }, admin), action: 'create', entity: 'surface_sizes' },
  'POST /api/surfaces/create-clone-surface': {
    call: async () => t.form('POST', '/api/surfaces/create-clone-surface', { surface_id: await firstId(surfaces), name: `Kopi ${code++}`, bool_clone: 'false' }, admin),
    action: 'clone',
    entity: 'surfaces',
  },
  'POST /api/files/surfaces/{id}/set-image': {
    call: async () => t.form('POST', `/api/files/surfaces/${created(await t.form('POST', '/api/surfaces', surfaceBody(), admin)).id}/set-image`, { file_id: await imageUpload(), img_name: 'a.png' }, admin),
    action: 'set_image',
    entity: 'surfaces',
  },
  'POST /api/products': { call: () => t.form('POST', '/api/products', productBody(), admin), action: 'create', entity: 'products' },
  'PUT /api/products/{id}': {
    call: async () => t.form('PUT', `/api/products/${created(await t.form('POST', '/api/products', productBody(), admin)).id}`, { price_per_item: '99.90' }, admin),
    action: 'update',
    entity: 'products',
  },
  'DELETE /api/products/{id}': {
    call: async () => t.form('DELETE', `/api/products/${created(await t.form('POST', '/api/products', productBody(), admin)).id}`, undefined, admin),
    action: 'delete',
    entity: 'products',
  },
  'POST /api/files/products/{id}/set-image': {
    call: async () => t.form('POST', `/api/files/products/${await firstId(products)}/set-image`, { file_id: await imageUpload(), img_name: 'a.png' }, admin),
    action: 'set_image',
    entity: 'products',
  },
  // Promotions and their designs.
  'POST /api/promotions': { call: () => t.form('POST', '/api/promotions', { name: `Kampanje ${code++}`, period_from: '2031-01-01', period_to: '2031-02-01' }, admin), action: 'create', entity: 'promotions' },
  'PUT /api/promotions/{id}': {
    call: async () => t.form('PUT', `/api/promotions/${(await newPromotion(t, admin)).promotionId}`, { period_to: '2031-03-01' }, admin),
    action: 'update',
    entity: 'promotions',
  },
  'DELETE /api/promotions/{id}': {
    call: async () => t.form('DELETE', `/api/promotions/${(await newPromotion(t, admin)).promotionId}`, undefined, admin),
    action: 'delete',
    entity: 'promotions',
  },
  'POST /api/promotions/notify-admin-about-promotion': {
    call: async (c) => t.form('POST', '/api/promotions/notify-admin-about-promotion', { promotion_id: (await c.design()).promotionId }, admin),
    action: 'notify_admin',
    entity: 'promotions',
  },
  'POST /api/files/promotions/{id}/set-image': {
    call: async () => t.form('POST', `/api/files/promotions/${(await newPromotion(t, admin)).promotionId}/set-image`, { file_id: await imageUpload(), img_name: 'a.png' }, admin),
    action: 'set_image',
    entity: 'promotions',
  },
  'POST /api/promotion-surfaces': {
    call: async () => {
      const p = created(await t.form('POST', '/api/promotions', { name: `Kampanje ${code++}`, period_from: '2031-01-01', period_to: '2031-02-01' }, admin));
      return t.form('POST', '/api/promotion-surfaces', { promotion_id: (p.promotion as { id: number }).id, surface_id: await firstId(surfaces) }, admin);
    },
    action: 'add_surface',
    entity: 'promotions',
  },
  'DELETE /api/promotion-surfaces/{promotionId}/{surfaceId}': {
    call: async () => {
      const p = await newPromotion(t, admin);
      return t.form('DELETE', `/api/promotion-surfaces/${p.promotionId}/${p.surfaceId}`, undefined, admin);
    },
    action: 'remove_surface',
    entity: 'promotions',
  },
  'POST /api/promotion-surface-design': {
    call: async () => {
      const p = await newPromotion(t, admin);
      return t.form('POST', '/api/promotion-surface-design', { promotion_id: p.promotionId, surface_id: p.surfaceId, design_id: await firstId(designs) }, admin);
    },
    action: 'create',
    entity: 'promotion_surface_designs',
  },
  'DELETE /api/promotion-surface-design/{id}': {
    call: async () => t.form('DELETE', `/api/promotion-surface-design/${(await designFixture(t, admin)).psdId}`, undefined, admin),
    action: 'delete',
    entity: 'promotion_surface_designs',
  },
  'PUT /api/promotion-surface-design/{id}': {
    call: async (c) => t.form('PUT', `/api/promotion-surface-design/${(await c.design()).psdId}`, { title: `Tittel ${code++}` }, admin),
    action: 'update_brief',
    entity: 'promotion_surface_designs',
  },
  'POST /api/promotion-surface-design/bind-design-to-yourself': {
    call: async (c) => t.form('POST', '/api/promotion-surface-design/bind-design-to-yourself', { design_id: (await c.design()).psdId, bool_action: 'true' }, await t.login('designer')),
    action: 'bind_designer',
    entity: 'promotion_surface_designs',
    actor: () => demoId('designer@demo.no'),
  },
  'POST /api/promotion-surface-design/set-files-brief-design': {
    call: async (c) =>
      t.form('POST', '/api/promotion-surface-design/set-files-brief-design', { promotion_surface_design_id: (await c.design()).psdId, file_ids: [await uploadFile(t, admin, 'brief.pdf', pdf())] }, admin),
    action: 'add_brief_files',
    entity: 'promotion_surface_designs',
  },
  'POST /api/promotion-surface-design/delete-file-brief-design': {
    call: async (c) => {
      const d = await c.design();
      const added = await t.form('POST', '/api/promotion-surface-design/set-files-brief-design', { promotion_surface_design_id: d.psdId, file_ids: [await uploadFile(t, admin, 'brief.pdf', pdf())] }, admin);
      const fileId = (added.json().data.files as { id: number }[]).at(-1)!.id;
      return t.form('POST', '/api/promotion-surface-design/delete-file-brief-design', { promotion_surface_design_id: d.psdId, file_id: fileId }, admin);
    },
    action: 'delete_brief_file',
    entity: 'promotion_surface_designs',
  },
  'POST /api/promotion-surface-design/add-product-brief-design': {
    call: async () => t.form('POST', '/api/promotion-surface-design/add-product-brief-design', { promotion_surface_design_id: (await designFixture(t, admin)).psdId, product_id: await firstId(products) }, admin),
    action: 'add_brief_product',
    entity: 'promotion_surface_designs',
  },
  'POST /api/promotion-surface-design/delete-product-brief-design': {
    call: async () => {
      const d = await designFixture(t, admin);
      const product_id = await firstId(products);
      created(await t.form('POST', '/api/promotion-surface-design/add-product-brief-design', { promotion_surface_design_id: d.psdId, product_id }, admin));
      return t.form('POST', '/api/promotion-surface-design/delete-product-brief-design', { promotion_surface_design_id: d.psdId, product_id }, admin);
    },
    action: 'delete_brief_product',
    entity: 'promotion_surface_designs',
  },
  // Chat and proofing.
  'POST /api/design-chat': { call: async (c) => t.form('POST', '/api/design-chat', { chat_id: (await c.design()).chatId, text: 'Hei' }, admin), action: 'create', entity: 'chat_messages' },
  'POST /api/design-chat/update-message': {
    call: async (c) => {
      const d = await c.design();
      const sent = created(await t.form('POST', '/api/design-chat', { chat_id: d.chatId, text: 'Hei' }, admin)) as unknown as { message: { message_id: number } };
      return t.form('POST', '/api/design-chat/update-message', { chat_id: d.chatId, message_id: sent.message.message_id, text: 'Hei igjen' }, admin);
    },
    action: 'update',
    entity: 'chat_messages',
  },
  'GET /api/design-chat/delete-message': {
    call: async (c) => {
      const d = await c.design();
      const sent = created(await t.form('POST', '/api/design-chat', { chat_id: d.chatId, text: 'Borte snart' }, admin)) as unknown as { message: { message_id: number } };
      return t.form('GET', '/api/design-chat/delete-message', { chat_id: d.chatId, message_id: sent.message.message_id }, admin);
    },
    action: 'delete',
    entity: 'chat_messages',
  },
  'POST /api/design-chat/update-switch-rating-image': {
    call: async (c) => {
      const d = await c.design();
      const sketch = await sendFile(t, d, admin, 'skisse.png', await pngImage(), 'Sketch');
      return t.form('POST', '/api/design-chat/update-switch-rating-image', { chat_id: d.chatId, message_id: sketch.message_id, rating: 3 }, admin);
    },
    action: 'rate',
    entity: 'chat_messages',
  },
  'POST /api/design-chat/pins': {
    call: async (c) => {
      const d = await c.design();
      const file = await sendFile(t, d, admin, 'utkast.pdf', pdf());
      return t.form('POST', '/api/design-chat/pins', { chat_id: d.chatId, message_id: file.message_id, x: 0.5, y: 0.5, text: 'Her' }, admin);
    },
    action: 'create',
    entity: 'file_pins',
  },
  'POST /api/design-chat/pins/{id}/replies': {
    call: async (c) => t.form('POST', `/api/design-chat/pins/${await pinOn(await c.design())}/replies`, { text: 'Rettet' }, admin),
    action: 'reply',
    entity: 'file_pins',
  },
  'POST /api/design-chat/pins/{id}/status': {
    call: async (c) => t.form('POST', `/api/design-chat/pins/${await pinOn(await c.design())}/status`, { status: 'resolved' }, admin),
    action: 'set_status',
    entity: 'file_pins',
  },
  // Price signs (decision 043): templates in versions, a design's signs, and the PDF they make.
  'POST /api/sign-templates': {
    call: async () => t.form('POST', '/api/sign-templates', { design_id: await foodDesign(), layout: a4Layout() }, admin),
    action: 'create',
    entity: 'sign_templates',
  },
  'PUT /api/sign-templates/{id}': {
    call: async () => {
      const designId = await foodDesign();
      created(await t.form('POST', '/api/sign-templates', { design_id: designId, layout: a4Layout() }, admin));
      return t.form('PUT', `/api/sign-templates/${designId}`, { based_on_version: 1, layout: a4Layout({ price: { size: 180 } }) }, admin);
    },
    action: 'update',
    entity: 'sign_templates',
  },
  'PUT /api/promotion-surface-design/{id}/signs': {
    call: async () => t.form('PUT', `/api/promotion-surface-design/${await signDesign()}/signs`, { signs: await signInputs() }, admin),
    action: 'save_signs',
    entity: 'promotion_surface_designs',
  },
  'POST /api/promotion-surface-design/{id}/signs/generate': {
    call: async () => {
      const psdId = await signDesign();
      created(await t.form('PUT', `/api/promotion-surface-design/${psdId}/signs`, { signs: await signInputs() }, admin));
      return t.form('POST', `/api/promotion-surface-design/${psdId}/signs/generate`, {}, admin);
    },
    action: 'create',
    entity: 'chat_messages',
  },
  // Feedback.
  'POST /api/feedback-messages': {
    call: async () => t.form('POST', '/api/feedback-messages', { title: 'Feil pris', to_user_id: await demoId('cm@demo.no'), message: '<p>Plakaten har feil pris.</p>' }, admin),
    action: 'create',
    entity: 'feedbacks',
  },
  'POST /api/feedback-messages/add-message': {
    call: async () => {
      const thread = created(await t.form('POST', '/api/feedback-messages', { title: 'Feil pris', to_user_id: await demoId('cm@demo.no'), message: '<p>Plakaten.</p>' }, admin));
      return t.form('POST', '/api/feedback-messages/add-message', { feedback_id: thread.id, message: '<p>Og en til.</p>' }, admin);
    },
    action: 'add_message',
    entity: 'feedbacks',
  },
};

async function categoryId() {
  return (await t.database.db.select({ id: designs.category_id }).from(designs).limit(1))[0]!.id;
}

/** A new catalogue design of Food, not yet a template. */
async function foodDesign() {
  const [food] = await t.database.db.select({ category_id: designs.category_id }).from(designs).where(eq(designs.name, 'Prisskilt A4'));
  return created(await t.form('POST', '/api/designs', { name: `Prisskilt ${code++}`, category_id: food!.category_id }, admin)).id;
}

/** A design from the seeded template "Prisskilt A4" on an A4 surface (the unit is cm) of a new promotion. */
async function signDesign() {
  const db = t.database.db;
  const [template] = await db.select({ id: designs.id }).from(designs).where(eq(designs.name, 'Prisskilt A4'));
  const [surface] = await db.insert(surfaces).values({ vendor_code: code++, name: `Prisskiltlomme ${code}`, size_surface: 'H29.7 x W21' }).returning({ id: surfaces.id });
  const p = await newPromotion(t, admin);
  created(await t.form('POST', '/api/promotion-surfaces', { promotion_id: p.promotionId, surface_id: surface!.id }, admin));
  return created(await t.form('POST', '/api/promotion-surface-design', { promotion_id: p.promotionId, surface_id: surface!.id, design_id: template!.id }, admin)).id;
}

/** Two signs of seeded products that state their net quantity (the template prints a unit price). */
async function signInputs() {
  const rows = await t.database.db.select({ id: products.id }).from(products).where(eq(products.net_unit, 'g')).orderBy(products.id).limit(2);
  return rows.map((r, i) => ({ product_id: r.id, price: `${24 + i},90` }));
}

async function pinOn(d: DesignFixture): Promise<number> {
  const file = await sendFile(t, d, admin, 'utkast.pdf', pdf());
  const res = await t.form('POST', '/api/design-chat/pins', { chat_id: d.chatId, message_id: file.message_id, x: 0.2, y: 0.2, text: 'Sjekk' }, admin);
  return created(res).pin ? (res.json().data.pin.id as number) : NaN;
}

const lastAuditId = async () => Number((await t.database.db.select({ v: max(auditLog.id) }).from(auditLog))[0]!.v ?? 0);

describe('every data-changing route writes an audit row', () => {
  it('knows every route that changes data: each is checked here, elsewhere, or named as no change', () => {
    const changing = contractRoutes().filter((r) => !r.startsWith('GET ') || CHANGING_GETS.has(r));
    const unknown = changing.filter((r) => !(r in CHECKS) && !(r in NOT_AUDITED) && !(r in AUDITED_ELSEWHERE));
    expect(unknown, 'routes that change data without a decision about their audit row').toEqual([]);
    // No stale entries: each names a route that exists.
    const stale = [...Object.keys(CHECKS), ...Object.keys(NOT_AUDITED), ...Object.keys(AUDITED_ELSEWHERE)].filter((r) => !changing.includes(r));
    expect(stale).toEqual([]);
  });

  let shared: DesignFixture | null = null;
  const ctx: Ctx = { design: async () => (shared ??= await designFixture(t, admin)) };

  it.each(Object.entries(CHECKS))('%s', async (_, check) => {
    const mark = await lastAuditId();
    const res = await check.call(ctx);
    expect(res.statusCode, res.body.slice(0, 400)).toBeLessThan(300);
    const rows = await t.database.db
      .select()
      .from(auditLog)
      .where(and(gt(auditLog.id, mark), eq(auditLog.action, check.action), eq(auditLog.entity, check.entity)))
      .orderBy(desc(auditLog.id));
    expect(rows.length, `no ${check.action} ${check.entity} row`).toBeGreaterThan(0);
    expect(rows[0]!.actor_id).toBe(check.actor ? await check.actor() : adminId);
    expect(rows[0]!.entity_id).not.toBeNull();
    // No secret of any kind in any row the call wrote.
    const written = await t.database.db.select().from(auditLog).where(gt(auditLog.id, mark));
    const text = JSON.stringify(written.map((r) => [r.before, r.after]));
    expect(text).not.toMatch(/password|token|session|\$argon2|Secret2026|Vinter2027|Demo2026/i);
  });
});

describe('the log links what the checks above wrote', () => {
  it('chat messages and pins to their design page, with the promotion and design as label', async () => {
    const d = await designFixture(t, admin);
    await t.form('POST', '/api/design-chat', { chat_id: d.chatId, text: 'Lenke' }, admin);
    const file = await sendFile(t, d, admin, 'lenke.pdf', pdf());
    await t.form('POST', '/api/design-chat/pins', { chat_id: d.chatId, message_id: file.message_id, x: 0.2, y: 0.2, text: 'Lenke' }, admin);
    for (const entity of ['chat_messages', 'file_pins']) {
      const res = await t.form('GET', '/api/audit-log', { obj_search: { entity }, count_show: 1 }, admin);
      expect(res.statusCode, res.body).toBe(200);
      const [entry] = res.json().data.entries as { link: string | null; label: string | null }[];
      expect(entry!.link).toMatch(new RegExp(`^/promotion-design\\?prom_id=\\d+&sur_id=\\d+&prom_sur_des_id=${d.psdId}$`));
      expect(entry!.label).toContain(' · ');
    }
  });
});

describe('every name the log can hold has a label in both languages (decision 031)', () => {
  const locales = Object.fromEntries(
    (['no', 'en'] as const).map((lang) => [lang, JSON.parse(readFileSync(path.resolve(import.meta.dirname, `../../../../web/src/locales/${lang}.json`), 'utf8')).audit]),
  ) as Record<'no' | 'en', Record<'actions' | 'entities' | 'fields', Record<string, string>>>;
  const lists = { actions: AUDIT_ACTIONS, entities: AUDIT_ENTITIES, fields: AUDIT_FIELDS } as const;

  it.each(['no', 'en'] as const)('%s: every action, entity and field the server can write, and no label for a name it cannot', (lang) => {
    for (const [group, names] of Object.entries(lists) as [keyof typeof lists, readonly string[]][]) {
      const labels = locales[lang][group] ?? {};
      expect(names.filter((n) => !labels[n]?.trim()), `${lang} audit.${group} without a label`).toEqual([]);
      expect(Object.keys(labels).filter((n) => !names.includes(n)), `${lang} audit.${group} for names never written`).toEqual([]);
    }
  });

  it('every row the calls above wrote holds only listed names: action, entity and each field it stores', async () => {
    const rows = await t.database.db.select({ action: auditLog.action, entity: auditLog.entity, before: auditLog.before, after: auditLog.after }).from(auditLog);
    expect(rows.length).toBeGreaterThan(Object.keys(CHECKS).length);
    const fields = new Set<string>([...AUDIT_FIELDS, ...AUDIT_HIDDEN_FIELDS]);
    const keysOf = (v: unknown) => (v && typeof v === 'object' && !Array.isArray(v) ? Object.keys(v) : []);
    const unknown = new Set<string>();
    for (const r of rows) {
      if (!(AUDIT_ACTIONS as readonly string[]).includes(r.action)) unknown.add(`action ${r.action}`);
      if (!(AUDIT_ENTITIES as readonly string[]).includes(r.entity)) unknown.add(`entity ${r.entity}`);
      for (const key of [...keysOf(r.before), ...keysOf(r.after)]) if (!fields.has(key)) unknown.add(`field ${key} (${r.entity} ${r.action})`);
    }
    expect([...unknown]).toEqual([]);
  });

  it('parcels link to their promotion\'s report view, named by promotion, station and tracker number; ids come with names', async () => {
    const promotion = created(await t.form('POST', '/api/promotions', { name: `Pakkekampanje ${code++}`, period_from: '2031-01-01', period_to: '2031-02-01' }, admin)) as unknown as {
      promotion: { id: number; name: string };
    };
    const station = await demoId('user@demo.no');
    const [parcel] = await t.database.db
      .insert(distributorParcels)
      .values({ promotion_id: promotion.promotion.id, station_id: station, tracker_number: 'TRK-49' })
      .returning({ id: distributorParcels.id });
    await t.database.db.transaction((tx) =>
      writeAudit(tx, { user: { id: station } as never, impersonatorId: null }, {
        action: 'import_distributor_tracker',
        entity: 'distributor_parcels',
        entityId: parcel!.id,
        after: { promotion_id: promotion.promotion.id, station_id: station, tracker_number: 'TRK-49' },
      }),
    );
    const res = await t.form('GET', '/api/audit-log', { obj_search: { entity: 'distributor_parcels' }, count_show: 1 }, admin);
    const data = res.json().data as shared.AuditListData;
    expect(data.entries[0]!.link).toBe(`/promotion-report-view?prom_id=${promotion.promotion.id}`);
    expect(data.entries[0]!.label).toBe(`${promotion.promotion.name} · Stasjon Majorstuen · TRK-49`);
    // The ids it stores come with the names of what they stand for.
    expect(data.names).toEqual({ promotions: { [promotion.promotion.id]: promotion.promotion.name }, users: { [station]: 'Stasjon Majorstuen' } });
  });
});
