import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { max } from 'drizzle-orm';
import qs from 'qs';
import { surfaces } from '../db/schema';
import { createTestApp, uniqueEmail, type TestApp } from '../test/test-app';
import { pngImage } from '../test/images';
import { processOnRedis } from '../test/sockets';
import { productBody } from '../test/product-body';

// The list and session memories must never show a change late to the one who made it, nor to
// anyone on another process once the change is announced (decision 008).

let t: TestApp;
let admin: string;
let seq = (Date.now() % 1_000_000) * 10 + (process.pid % 10);
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
});
afterAll(() => t.close());

const form = (app: FastifyInstance, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body: object | undefined, auth: string) => {
  const opts: InjectOptions = { method, url, headers: { authorization: auth } };
  if (body && method === 'GET') opts.url = `${url}?${qs.stringify(body)}`;
  else if (body) {
    opts.payload = qs.stringify(body);
    opts.headers!['content-type'] = 'application/x-www-form-urlencoded';
  }
  return app.inject(opts);
};

const productFor = (name: string, category = 'Generic') => productBody({ name, category });

const productSearch = (text: string) => ({ obj_search: { field: 'name', input_value: text } });
const listedProducts = async (app: FastifyInstance, text: string) => {
  const res = await form(app, 'GET', '/api/products', productSearch(text), admin);
  expect(res.statusCode).toBe(200);
  return res.json().data as { products: { id: number; name: string; category: string; url_images: unknown }[]; total: number; categories: string[] };
};

async function newProduct(app: FastifyInstance, name: string) {
  const res = await form(app, 'POST', '/api/products', productFor(name), admin);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number };
}

describe('the catalogue lists after a change on the same process', () => {
  it('show a created, renamed, re-imaged and deleted product at once', async () => {
    const tag = `Cachetest ${seq++}`;
    expect((await listedProducts(t.app, tag)).total).toBe(0);
    const { id } = await newProduct(t.app, `${tag} A`);
    expect((await listedProducts(t.app, tag)).products.map((p) => p.name)).toEqual([`${tag} A`]);

    expect((await form(t.app, 'PUT', `/api/products/${id}`, productFor(`${tag} B`), admin)).statusCode).toBe(200);
    expect((await listedProducts(t.app, tag)).products.map((p) => p.name)).toEqual([`${tag} B`]);

    const image = await form(t.app, 'POST', `/api/files/products/${id}/set-image`, { img_url: (await pngImage()).toString('base64'), img_name: 'a.png' }, admin);
    expect(image.statusCode, image.body).toBe(200);
    expect((await listedProducts(t.app, tag)).products[0]!.url_images).toBeTruthy();

    expect((await form(t.app, 'DELETE', `/api/products/${id}`, undefined, admin)).statusCode).toBe(200);
    expect((await listedProducts(t.app, tag)).total).toBe(0);
  });

  it('show a renamed category on its products at once', async () => {
    const name = `Cachekat ${seq++}`;
    const created = await form(t.app, 'POST', '/api/categories', { name, manager_id: '', groups: '', required: 'false' }, admin);
    expect(created.statusCode, created.body).toBe(201);
    const categoryId = created.json().data.id as number;
    const tag = `Cachetest ${seq++}`;
    expect((await form(t.app, 'POST', '/api/products', productFor(tag, name), admin)).statusCode).toBe(201);
    expect((await listedProducts(t.app, tag)).products[0]!.category).toBe(name);
    expect((await listedProducts(t.app, tag)).categories).toContain(name);

    const renamed = await form(t.app, 'PUT', `/api/categories/${categoryId}`, { name: `${name} 2`, manager_id: '', groups: '', required: 'false' }, admin);
    expect(renamed.statusCode, renamed.body).toBe(200);
    const after = await listedProducts(t.app, tag);
    expect(after.products[0]!.category).toBe(`${name} 2`);
    // The category filter's choices too, on a search that was not asked before.
    const filter = (await listedProducts(t.app, `${tag} other search`)).categories;
    expect(filter).toContain(`${name} 2`);
    expect(filter).not.toContain(name);
  });

  it("list a new surface type and size in the surfaces list's choices at once", async () => {
    const choices = async () => (await form(t.app, 'GET', '/api/surfaces', {}, admin)).json().data as { arr_type_surfaces: { name: string }[]; arr_size_surfaces: { name: string }[] };
    await choices();
    const type = `Cachetype${seq++}`;
    const created = await form(t.app, 'POST', '/api/surfaces/create-type-surface', { new_type: type }, admin);
    expect(created.statusCode, created.body).toBe(200);
    const height = 1000 + (seq++ % 8000);
    const size = await form(t.app, 'POST', '/api/surfaces/create-size-surface', { new_size: `H${height} x W1` }, admin);
    expect(size.statusCode, size.body).toBe(200);
    const after = await choices();
    expect(after.arr_type_surfaces.map((x) => x.name)).toContain(created.json().data.name);
    expect(after.arr_size_surfaces.map((x) => x.name)).toContain(size.json().data.name);
  });

  it("show a printer's new name on its surfaces at once", async () => {
    const printer = await form(
      t.app,
      'POST',
      '/api/users',
      { email: uniqueEmail('printer'), password: 'Secret2026', name: 'Trykk Før', company_name: 'Trykk AS', role: 'printer', category_ids: [] },
      admin,
    );
    expect(printer.statusCode, printer.body).toBe(201);
    const printerId = printer.json().data.id as number;
    const code = Number((await t.database.db.select({ v: max(surfaces.vendor_code) }).from(surfaces))[0]!.v) + 5000 + (seq++ % 1000);
    const surface = await form(
      t.app,
      'POST',
      '/api/surfaces',
      { vendor_code: String(code), name: `Cacheflate ${code}`, price: '10', divided_bool: 'false', status: [1], printer_id: printerId },
      admin,
    );
    expect(surface.statusCode, surface.body).toBe(201);
    const listed = async () =>
      (await form(t.app, 'GET', '/api/surfaces', { obj_search: { field: 'vendor_code', input_value: String(code) } }, admin)).json().data.surfaces[0].printer;
    expect(await listed()).toEqual({ id: printerId, name: 'Trykk Før' });

    expect((await form(t.app, 'PUT', `/api/users/${printerId}`, { name: 'Trykk Etter' }, admin)).statusCode).toBe(200);
    expect(await listed()).toEqual({ id: printerId, name: 'Trykk Etter' });
  });
});

describe('two processes through Redis', () => {
  let a: FastifyInstance;
  let b: FastifyInstance;
  beforeAll(async () => {
    [a, b] = await Promise.all([processOnRedis(t), processOnRedis(t)]);
    await Promise.all([a.ready(), b.ready()]);
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
  });

  /** The announcement travels through Redis: allow it a moment, far below the memories' lifetimes. */
  async function eventually<T>(read: () => Promise<T>, expected: T) {
    const until = Date.now() + 2000;
    let last = await read();
    while (JSON.stringify(last) !== JSON.stringify(expected) && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 25));
      last = await read();
    }
    expect(last).toEqual(expected);
  }

  it('a product renamed on one process is listed with its new name on the other', async () => {
    const tag = `Cachetest ${seq++}`;
    const { id } = await newProduct(a, `${tag} A`);
    const namesOnB = async () => (await listedProducts(b, tag)).products.map((p) => p.name);
    expect(await namesOnB()).toEqual([`${tag} A`]);
    expect((await form(a, 'PUT', `/api/products/${id}`, productFor(`${tag} B`), admin)).statusCode).toBe(200);
    await eventually(namesOnB, [`${tag} B`]);
  });

  it('a token signed out on one process is refused by the other', async () => {
    const token = await t.login('cm');
    const onB = async () => (await form(b, 'GET', '/api/products', undefined, token)).statusCode;
    expect(await onB()).toBe(200);
    expect((await form(a, 'POST', '/api/auth/logout', undefined, token)).statusCode).toBe(200);
    await eventually(onB, 401);
  });
});
