import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import {
  auth,
  categories as categoriesContract,
  chat as chatContract,
  designPage as designPageContract,
  downloads as downloadsContract,
  designs as designsContract,
  products as productsContract,
  promotions as promotionsContract,
  promotionDesign as promotionDesignContract,
  surfaces as surfacesContract,
  users as usersContract,
  type Endpoint,
} from '@promo/shared';
import {
  auditLog,
  briefFiles,
  briefProducts,
  categories,
  chatMessages,
  designs,
  files,
  messageReads,
  products,
  promotions,
  promotionSurfaceDesigns,
  promotionSurfaces,
  sessions,
  surfaces,
  users,
} from '../db/schema';
import { createTestApp, type TestApp } from './test-app';

/** Every endpoint of the contracts, fed malformed input as an admin: 4xx, never 500, nothing changed. */
const ENDPOINTS: [string, Endpoint][] = Object.entries({
  ...prefix('auth', auth),
  ...prefix('users', usersContract),
  ...prefix('categories', categoriesContract),
  ...prefix('designs', designsContract),
  ...prefix('surfaces', surfacesContract),
  ...prefix('products', productsContract),
  ...prefix('promotions', promotionsContract),
  ...prefix('promotionDesign', promotionDesignContract),
  ...prefix('designPage', designPageContract),
  ...prefix('chat', chatContract),
  ...prefix('downloads', downloadsContract),
});

function prefix(area: string, contract: Record<string, Endpoint>) {
  return Object.fromEntries(Object.entries(contract).map(([k, v]) => [`${area}.${k}`, v]));
}

const junk = 'x'.repeat(10_000);
const BODIES: Record<string, unknown>[] = [
  { email: junk, password: junk, name: junk, user_id: junk, new_password: junk, field: junk, value: junk, search: junk, text: junk + junk },
  { email: ['a@b.no'], user_id: ['1', '2'], name: { nested: 'x' }, category_ids: { a: 'b' }, status: 'maybe', role: 'root' },
  { user_id: '-1', count_show: '1e9', start_index: '-5', sort_by: 'password_hash', sort_count: '3' },
  { vendor_code: '12x', ean: '-1', price: '1.999', tax: '-3', category: 'Nope', category_id: 'x', surface_id: 'x', new_type: '"";', new_size: 'big', img_url: '@@@', file_id: 'x' },
  { promotion_id: 'x', design_id: '1.5', period_from: 'soon', period_to: '2020-13-45', manager_id: '-4', show_in_user_promotions: 'maybe', obj_search: { date_picker: { from: 'x' } } },
  { obj_search: { field: 'password_hash', input_value: junk, admin_only: 'perhaps' } },
];
const IDS = ['abc', '-1', '0', '1.5', '99999999999', '%00'];
const fillIds = (path: string, id: string) => path.replace(/\{(\w+)\}/g, id);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { ownDatabase: true });
});
afterAll(() => t.close());

async function snapshot() {
  const db = t.database.db;
  const counts = await Promise.all(
    [users, categories, auditLog, designs, surfaces, products, files, promotions, promotionSurfaces, promotionSurfaceDesigns, briefFiles, briefProducts, chatMessages, messageReads].map(async (table) => (await db.select({ n: count() }).from(table))[0]!.n),
  );
  return counts;
}

describe.each(ENDPOINTS)('%s with malformed input', (_name, endpoint) => {
  const mutates = endpoint.method !== 'GET' && endpoint.path !== '/api/auth/login';
  const hasId = endpoint.path.includes('{');
  const paths = hasId ? IDS.map((id) => fillIds(endpoint.path, encodeURIComponent(id)).replace('%2500', '%00')) : [endpoint.path];

  it('answers 4xx and changes nothing', async () => {
    // A session of its own: logout and back-re-login with junk still end the session they are given.
    const admin = await t.login('admin');
    const before = await snapshot();
    const [sessionsBefore] = await t.database.db.select({ n: count() }).from(sessions);
    const refused: number[] = [];
    for (const url of paths) {
      for (const body of BODIES) {
        const res = await t.form(endpoint.method, url, body, admin);
        const what = `${endpoint.method} ${url} ${JSON.stringify(body).slice(0, 80)}: ${res.body.slice(0, 200)}`;
        expect(res.statusCode, what).toBeLessThan(500);
        if (res.statusCode >= 400) refused.push(res.statusCode);
      }
    }
    const takesInput = hasId || !!endpoint.body || !!endpoint.query;
    if (takesInput) {
      // Junk that matters is refused for its input (422, or 404 for an id that cannot exist), not for the session.
      expect(refused.length).toBeGreaterThan(0);
      expect(refused.every((code) => code === 422 || code === 404 || code === 400), refused.join()).toBe(true);
    }
    if (mutates && endpoint.path !== '/api/auth/logout' && endpoint.path !== '/api/auth/back-re-login') {
      expect(await snapshot()).toEqual(before);
    }
    const [sessionsAfter] = await t.database.db.select({ n: count() }).from(sessions);
    expect(sessionsAfter!.n).toBeGreaterThanOrEqual(sessionsBefore!.n);
  });
});
