import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { categories, designs, products, surfaceSizes, surfaces, surfaceTypes, users } from '../db/schema';
import { productBody } from './product-body';
import { createTestApp, uniqueEmail, type TestApp } from './test-app';

/**
 * Issue 33: a name, e-mail, vendor code or EAN that is taken is refused with its field's 422, also
 * for the requests that checked it at the same moment as the one that took it: where a unique
 * constraint stops them (its violation was a 500), and where the rule has no constraint (a design's
 * name in its category, a surface type in any case: each stored several).
 */
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
});
afterAll(() => t.close());

let seq = 0;
const unique = () => `${process.pid}${Date.now() % 1e7}${seq++}`;
const count = async (rows: Promise<unknown[]>) => (await rows).length;

interface Rule {
  what: string;
  url: string;
  /** A body that takes the thing, the same each time it is called. */
  body: (i: number) => Record<string, unknown>;
  field: string;
  key: string;
  /** Run before the first request. */
  before?: () => Promise<void>;
  /** How many rows hold the thing now. */
  stored: () => Promise<number>;
}

const rules: (() => Rule)[] = [
  () => {
    const email = uniqueEmail('taken');
    return {
      what: "a user's e-mail",
      url: '/api/users',
      body: () => ({ email, password: 'Passord123', name: 'Samtidig', role: 'designer' }),
      field: 'email',
      key: 'email_taken',
      stored: () => count(t.database.db.select().from(users).where(sql`lower(${users.email}) = lower(${email})`)),
    };
  },
  () => {
    const name = `Samtidig ${unique()}`;
    return { what: "a category's name", url: '/api/categories', body: () => ({ name }), field: 'name', key: 'name_taken', stored: () => count(t.database.db.select().from(categories).where(eq(categories.name, name))) };
  },
  () => {
    const vendor_code = `8${String(seq++).padStart(3, '0')}${String((Date.now() + process.pid) % 1e8).padStart(8, '0')}`;
    return {
      what: "a surface's vendor code",
      url: '/api/surfaces',
      body: () => ({ vendor_code, name: 'Samtidig flate', price: '10.00', printer_id: '', size_surface: '' }),
      field: 'vendor_code',
      key: 'vendor_code_taken',
      stored: () => count(t.database.db.select().from(surfaces).where(eq(surfaces.vendor_code, Number(vendor_code)))),
    };
  },
  () => {
    const body = productBody();
    return { what: "a product's EAN", url: '/api/products', body: () => body, field: 'ean', key: 'ean_taken', stored: () => count(t.database.db.select().from(products).where(eq(products.ean, Number(body.ean)))) };
  },
  () => {
    const name = `Samtidig ${unique()}`;
    let category = 0;
    return {
      what: "a design's name in its category",
      url: '/api/designs',
      body: () => ({ name, category_id: category }),
      field: 'name',
      key: 'name_taken',
      stored: () => count(t.database.db.select().from(designs).where(and(eq(designs.name, name), eq(designs.category_id, category)))),
      before: async () => {
        category = (await t.database.db.select({ id: categories.id }).from(categories).where(eq(categories.name, 'Fuel')))[0]!.id;
      },
    };
  },
  () => {
    const name = `Type ${unique()}`;
    return {
      what: 'a surface type, in any case',
      url: '/api/surfaces/create-type-surface',
      body: (i) => ({ new_type: i % 2 ? name.toUpperCase() : name.toLowerCase() }),
      field: 'new_type',
      key: 'type_exists',
      stored: () => count(t.database.db.select().from(surfaceTypes).where(sql`lower(${surfaceTypes.name}) = lower(${name})`)),
    };
  },
  () => {
    const name = `H${unique()} x W10`;
    return {
      what: 'a surface size',
      url: '/api/surfaces/create-size-surface',
      body: () => ({ new_size: name }),
      field: 'new_size',
      key: 'size_exists',
      stored: () => count(t.database.db.select().from(surfaceSizes).where(eq(surfaceSizes.name, name))),
    };
  },
];

const post = (rule: Rule, i = 0) => t.form('POST', rule.url, rule.body(i), admin);
const created = (status: number) => status === 200 || status === 201;
function expectTaken(rule: Rule, res: Awaited<ReturnType<typeof post>>) {
  expect(res.statusCode, `${rule.what}: ${res.body}`).toBe(422);
  expect(res.json().errors).toEqual({ [rule.field]: [rule.key] });
}

describe('a second one that is taken', () => {
  for (const make of rules) {
    const rule = make();
    it(`${rule.what}: the second request is refused with its field`, async () => {
      await rule.before?.();
      const first = await post(rule, 0);
      expect(created(first.statusCode), first.body).toBe(true);
      expectTaken(rule, await post(rule, 1));
      expect(await rule.stored()).toBe(1);
    });
  }
});

describe.skipIf(!inject('testDatabaseUrl'))('twenty sent at once (needs PostgreSQL)', () => {
  for (const make of rules) {
    const rule = make();
    it(`${rule.what}: one is created, nineteen get the field's 422`, async () => {
      await rule.before?.();
      const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => post(rule, i)));
      expect(answers.filter((a) => created(a.statusCode))).toHaveLength(1);
      for (const refused of answers.filter((a) => !created(a.statusCode))) expectTaken(rule, refused);
      expect(await rule.stored()).toBe(1);
    });
  }
});
