import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, max } from 'drizzle-orm';
import { files, surfaces, users } from '../../db/schema';
import { pngImage } from '../../test/images';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let admin: string;
let printerId: number;
let nextCode = 0;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  printerId = (await t.database.db.select().from(users).where(eq(users.email, 'printer@demo.no')))[0]!.id;
  nextCode = Number((await t.database.db.select({ v: max(surfaces.vendor_code) }).from(surfaces))[0]!.v) + 1000 + process.pid;
});
afterAll(() => t.close());

const body = (over: Record<string, unknown> = {}) => ({
  vendor_code: String(nextCode++),
  name: 'Testplakat inngang',
  type_surface: 'Plakat',
  size_surface: 'H50 x W70',
  price: '149.50',
  description: 'Ved inngangen',
  divided_bool: 'false',
  status: [1, 2],
  printer_id: printerId,
  ...over,
});

describe('GET /api/surfaces', () => {
  it('pages, sorts by vendor_code descending by default and returns types, sizes and images', async () => {
    const res = await t.form('GET', '/api/surfaces', {}, await t.login('cm'));
    expect(res.statusCode).toBe(200);
    const { surfaces: rows, total, arr_type_surfaces, arr_size_surfaces } = res.json().data;
    expect(rows).toHaveLength(10);
    expect(total).toBeGreaterThanOrEqual(60);
    const codes = rows.map((r: { vendor_code: number }) => r.vendor_code);
    expect(codes).toEqual([...codes].sort((a, b) => b - a));
    expect(arr_type_surfaces.map((x: { name: string }) => x.name)).toContain('Plakat');
    expect(arr_size_surfaces.length).toBeGreaterThan(0);
    // Other test files add surfaces without images meanwhile: the seeded posters have theirs.
    const posters = await t.form('GET', '/api/surfaces', { obj_search: { field: 'type', input_value: 'Plakat' } }, await t.login('cm'));
    const seeded = posters.json().data.surfaces.find((r: { url_images: unknown }) => r.url_images);
    expect(seeded.url_images.w_200).toMatch(/^\/api\/images\/\d+$/);
  });

  it('searches each field and sorts every column', async () => {
    for (const [field, value] of [['name', 'plakat'], ['type', 'Banner'], ['size', 'H50'], ['description', 'kasse'], ['vendor_code', '1001'], ['categories', 'fuel']]) {
      const res = await t.form('GET', '/api/surfaces', { obj_search: { field, input_value: value }, count_show: 100 }, admin);
      expect(res.statusCode).toBe(200);
      expect(res.json().data.total, `${field}=${value}`).toBeGreaterThan(0);
      expect(res.json().data.total).toBeLessThan(200);
    }
    const byName = await t.form('GET', '/api/surfaces', { sort_by: 'name', sort_count: 2, count_show: 100 }, admin);
    const names = byName.json().data.surfaces.map((s: { name: string }) => s.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'variant' }) && (a < b ? -1 : a > b ? 1 : 0)));
    for (const sort_by of ['type_surface', 'size_surface', 'description', 'divided_bool', 'price']) {
      expect((await t.form('GET', '/api/surfaces', { sort_by, sort_count: 1 }, admin)).statusCode).toBe(200);
    }
  });
});

describe('surface changes', () => {
  it('creates a surface; flag 0 forces divided_bool', async () => {
    const res = await t.form('POST', '/api/surfaces', body({ status: [0, 2], divided_bool: 'false' }), admin);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ price: '149.50', status: [0, 2], divided_bool: true, printer: { id: printerId } });
  });

  it('edits and deletes a surface with its image files', async () => {
    const created = (await t.form('POST', '/api/surfaces', body(), admin)).json().data;
    const edited = await t.form('PUT', `/api/surfaces/${created.id}`, body({ vendor_code: created.vendor_code, name: 'Nytt navn', printer_id: '' }), admin);
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data).toMatchObject({ name: 'Nytt navn', printer_id: null });
    const img = await t.form('POST', `/api/files/surfaces/${created.id}/set-image`, { img_url: (await pngImage()).toString('base64'), img_name: 'x.png' }, admin);
    expect(img.statusCode).toBe(200);
    const owned = await t.database.db.select().from(files).where(eq(files.owner_id, created.id));
    expect(owned.filter((f) => f.owner_table === 'surfaces').length).toBeGreaterThanOrEqual(2);
    expect((await t.form('DELETE', `/api/surfaces/${created.id}`, undefined, admin)).statusCode).toBe(200);
    const left = await t.database.db.select().from(files).where(eq(files.owner_id, created.id));
    expect(left.filter((f) => f.owner_table === 'surfaces')).toHaveLength(0);
  });

  it('validates every field and changes nothing', async () => {
    const taken = (await t.form('GET', '/api/surfaces', { count_show: 1 }, admin)).json().data.surfaces[0].vendor_code;
    const cases: [Record<string, unknown>, string, string][] = [
      [{ vendor_code: '12a4' }, 'vendor_code', 'digits_only'],
      [{ vendor_code: '' }, 'vendor_code', 'required_field'],
      [{ vendor_code: String(taken) }, 'vendor_code', 'vendor_code_taken'],
      [{ name: 'A' }, 'name', 'name_min_2_chars'],
      [{ price: '12.345' }, 'price', 'price_format'],
      [{ price: '-3' }, 'price', 'price_min_0'],
      [{ size_surface: '50x70' }, 'size_surface', 'size_format'],
      [{ type_surface: 'Ukjent type' }, 'type_surface', 'unknown_type'],
      [{ status: [5] }, 'status.0', ''],
      [{ printer_id: (await t.database.db.select().from(users).where(eq(users.email, 'cm@demo.no')))[0]!.id }, 'printer_id', 'printer_not_found'],
      [{ category_ids: [99999999] }, 'category_ids', 'unknown_category'],
    ];
    // Other test files add surfaces meanwhile: what counts is that none of these was stored.
    const tried: number[] = [];
    for (const [over, field, key] of cases) {
      const sent = body(over);
      if (!('vendor_code' in over)) tried.push(Number(sent.vendor_code));
      const res = await t.form('POST', '/api/surfaces', sent, admin);
      expect(res.statusCode, JSON.stringify(over)).toBe(422);
      expect(res.json().errors[field], JSON.stringify(res.json().errors)).toBeDefined();
      if (key) expect(res.json().errors[field]).toContain(key);
    }
    expect(await t.database.db.select({ id: surfaces.id }).from(surfaces).where(inArray(surfaces.vendor_code, tried))).toEqual([]);
    expect((await t.form('PUT', '/api/surfaces/99999999', body(), admin)).statusCode).toBe(404);
  });

  it('creates types (cleaned and capitalised) and sizes', async () => {
    const name = `stor "plakat"; <b>/${Date.now()}`;
    const res = await t.form('POST', '/api/surfaces/create-type-surface', { new_type: name }, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.name).toMatch(/^Stor plakat b\d+$/);
    const empty = await t.form('POST', '/api/surfaces/create-type-surface', { new_type: '"; </>' }, admin);
    expect(empty.json().errors.new_type).toEqual(['Your title does not contain any characters. Try to enter something meaningful']);
    const dup = await t.form('POST', '/api/surfaces/create-type-surface', { new_type: 'plakat' }, admin);
    expect(dup.json().errors.new_type).toEqual(['type_exists']);
    const size = await t.form('POST', '/api/surfaces/create-size-surface', { new_size: `H${Date.now() % 1000} x W20.5 x D3` }, admin);
    expect(size.statusCode).toBe(200);
    expect((await t.form('POST', '/api/surfaces/create-size-surface', { new_size: 'W20' }, admin)).statusCode).toBe(422);
  });

  it('clones a surface under a new name and the next vendor code, with its image', async () => {
    const source = (await t.form('GET', '/api/surfaces', { count_show: 1 }, admin)).json().data.surfaces[0];
    const res = await t.form('POST', '/api/surfaces/create-clone-surface', { surface_id: source.id, name: 'Kopi av flate', bool_clone: 'true' }, admin);
    expect(res.statusCode, res.body).toBe(200);
    const clone = res.json().data;
    expect(clone).toMatchObject({ name: 'Kopi av flate', type_surface: source.type_surface, price: source.price });
    expect(clone.vendor_code).toBeGreaterThan(source.vendor_code - 1);
    expect(clone.id).not.toBe(source.id);
    if (source.url_images) expect(clone.url_images.w_200).not.toBe(source.url_images.w_200);
    expect((await t.form('POST', '/api/surfaces/create-clone-surface', { surface_id: 99999999, name: 'Xx' }, admin)).statusCode).toBe(422);
  });

  it('refuses cm and other roles on every change, and non-catalogue roles on the list', async () => {
    const cm = await t.login('cm');
    expect((await t.form('POST', '/api/surfaces', body(), cm)).statusCode).toBe(403);
    expect((await t.form('POST', '/api/surfaces/create-type-surface', { new_type: 'Abc' }, cm)).statusCode).toBe(403);
    expect((await t.form('POST', '/api/surfaces/create-clone-surface', { surface_id: 1, name: 'Abc' }, cm)).statusCode).toBe(403);
    expect((await t.form('DELETE', '/api/surfaces/1', undefined, cm)).statusCode).toBe(403);
    expect((await t.form('GET', '/api/surfaces', {}, await t.login('designer'))).statusCode).toBe(403);
  });
});
