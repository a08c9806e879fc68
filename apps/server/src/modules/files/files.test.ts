import fs from 'node:fs';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { categories, files, products } from '../../db/schema';
import { sweepUnclaimedUploads } from '../../lib/uploads';
import { jpegImage, pngImage, tiffImage, zipBytes } from '../../test/images';
import { createTestApp, multipartBody, type TestApp } from '../../test/test-app';

let t: TestApp;
let small: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  small = await createTestApp({ UPLOAD_LIMIT_BYTES: '5000' }, { ownStorage: true });
  admin = await t.login('admin');
}, 180_000); // two seeded PGlite databases: slow on a busy two-core machine
afterAll(async () => {
  await t?.close();
  await small?.close();
});

async function upload(app: TestApp, name: string, content: Buffer, token: string, kind?: string) {
  const { payload, headers } = multipartBody({ name, content });
  return app.app.inject({
    method: 'POST',
    url: `/api/files/upload${kind ? `?kind=${kind}` : ''}`,
    payload,
    headers: { ...headers, authorization: token },
  });
}

const diskFiles = (dir: string): number =>
  fs.existsSync(dir) ? fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((d) => d.isFile()).length : 0;

describe('POST /api/files/upload', () => {
  it('streams a file to storage and records name, size, type and sha256', async () => {
    const content = await pngImage();
    const res = await upload(t, 'plakat.png', content, admin, 'image');
    expect(res.statusCode, res.body).toBe(201);
    const { file_id, size, content_type, name } = res.json().data;
    expect({ size, content_type, name }).toEqual({ size: content.length, content_type: 'image/png', name: 'plakat.png' });
    const [row] = await t.database.db.select().from(files).where(eq(files.id, file_id));
    const { createHash } = await import('node:crypto');
    expect(row!.sha256).toBe(createHash('sha256').update(content).digest('hex'));
    expect(row!.owner_table).toBeNull();
    expect(await buffer(await t.storage.read(row!.storage_key))).toEqual(content);
  });

  it('accepts documents when no kind is asked for', async () => {
    const res = await upload(t, 'brief.pdf', Buffer.from('%PDF-1.4\n%...\n'), admin);
    expect(res.statusCode).toBe(201);
    expect(res.json().data.content_type).toBe('application/pdf');
  });

  it('refuses empty, unsupported, disguised and badly named files and leaves nothing behind', async () => {
    const names = ['empty.png', 'virus.exe', 'fake.png', 'notimage.pdf', 'passwd.png', 'evil.png'];
    const cases: [string, Buffer, string | undefined, string][] = [
      ['empty.png', Buffer.alloc(0), 'image', 'File is empty. Skipping upload.'],
      ['virus.exe', Buffer.from('MZ....'), undefined, 'Unsupported file type'],
      ['fake.png', zipBytes(), 'image', 'Unsupported file type'],
      ['notimage.pdf', Buffer.from('%PDF-1.4'), 'image', 'Unsupported file type'],
      ['../../etc/passwd.png', await pngImage(), 'image', 'Invalid file name'],
      ['..\\evil.png', await pngImage(), 'image', 'Invalid file name'],
    ];
    for (const [name, content, kind, message] of cases) {
      const res = await upload(t, name, content, admin, kind);
      expect(res.statusCode, name).toBe(422);
      expect(res.json().message, name).toBe(message);
    }
    for (const name of names) {
      const rows = await t.database.db.select().from(files).where(eq(files.original_name, name));
      expect(rows.filter((r) => r.created_at.getTime() > Date.now() - 60_000), name).toHaveLength(0);
    }
  });

  it('cuts off a file past the limit with 413 and keeps nothing', async () => {
    const token = await small.login('admin');
    const dir = small.filesDir;
    const onDisk = diskFiles(dir);
    const res = await upload(small, 'big.jpg', await jpegImage(1200, 900), token, 'image');
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('Is too large. Maximum size is 1 GB.');
    expect(await small.database.db.select().from(files).where(eq(files.original_name, 'big.jpg'))).toHaveLength(0);
    expect(diskFiles(dir)).toBe(onDisk);
  });

  it('needs a signed-in user and a multipart body', async () => {
    const { payload, headers } = multipartBody({ name: 'a.png', content: await pngImage() });
    expect((await t.app.inject({ method: 'POST', url: '/api/files/upload', payload, headers })).statusCode).toBe(401);
    expect((await t.form('POST', '/api/files/upload', { file: 'x' }, admin)).statusCode).toBe(415);
  });

  it('sweeps uploads that nothing claimed within a day', async () => {
    const res = await upload(t, 'stale.png', await pngImage(), admin, 'image');
    const id = res.json().data.file_id as number;
    const [row] = await t.database.db.select().from(files).where(eq(files.id, id));
    await t.database.db.update(files).set({ created_at: new Date(Date.now() - 25 * 3600_000) }).where(eq(files.id, id));
    expect(await sweepUnclaimedUploads(t.database.db, t.storage)).toBeGreaterThanOrEqual(1);
    expect(await t.database.db.select().from(files).where(eq(files.id, id))).toHaveLength(0);
    expect(await t.storage.exists(row!.storage_key)).toBe(false);
  });
});

describe('set-image and image responses', () => {
  /** A surface of this test's own, so no other test file touches it meanwhile. */
  async function firstSurfaceId() {
    const code = 1_000_000_000 + Math.floor(Math.random() * 8_000_000_000);
    const res = await t.form('POST', '/api/surfaces', { vendor_code: String(code), name: 'Bildeflate', price: '1' }, admin);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data.id as number;
  }

  it('makes original and w_200 renditions from an upload and serves them with long cache headers', async () => {
    const id = await firstSurfaceId();
    const up = await upload(t, 'ny.jpg', await jpegImage(800, 600), admin, 'image');
    const res = await t.form('POST', `/api/files/surfaces/${id}/set-image`, { file_id: up.json().data.file_id, img_name: 'ny.jpg', make_size: ['original', 'w_200'] }, admin);
    expect(res.statusCode, res.body).toBe(200);
    const { url_images } = res.json().data;
    const thumb = await t.app.inject({ method: 'GET', url: url_images.w_200, headers: { authorization: admin } });
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['cache-control']).toContain('max-age=31536000');
    expect((await sharp(thumb.rawPayload).metadata()).width).toBe(200);
    const original = await t.app.inject({ method: 'GET', url: url_images.original, headers: { cookie: `BEARER_TOKEN=${encodeURIComponent(admin)}` } });
    expect((await sharp(original.rawPayload).metadata()).width).toBe(800);
    // Other test files add surfaces meanwhile: find this one by its name and id.
    const list = await t.form('GET', '/api/surfaces', { count_show: 100, obj_search: { field: 'name', input_value: 'Bildeflate' } }, admin);
    expect(list.json().data.surfaces.find((s: { id: number }) => s.id === id).url_images).toEqual(url_images);
    expect((await t.app.inject({ method: 'GET', url: url_images.w_200 })).statusCode).toBe(401);
  });

  it('accepts the base64 img_url of the specification and gives a TIFF a web rendition', async () => {
    const res = await t.form('POST', '/api/products', undefined, admin);
    expect(res.statusCode).toBe(422);
    const [product] = await t.database.db
      .insert(products)
      .values({
        name: 'Bildeprodukt', vendor_code: 1, ean: 2_000_000_000_000 + process.pid, category_id: (await t.database.db.select().from(categories))[0]!.id,
        sub_category: 'Test', manufacturer: 'Test', provider_name: 'Test', item_plan_bu_grp: 'BU', locally_owned: 'Nei',
        selling_type: 'Standard', provider_item_ean: '1', provider_item_name: 'Test', provider_item_vendor_code: '1',
      })
      .returning();
    const productId = product!.id;
    const tiff = await tiffImage();
    const set = await t.form(
      'POST',
      `/api/files/products/${productId}/set-image`,
      { img_url: `data:image/tiff;base64,${tiff.toString('base64')}`, img_name: 'scan.tiff', make_size: ['original', 'w_200'] },
      admin,
    );
    expect(set.statusCode, set.body).toBe(200);
    const original = await t.app.inject({ method: 'GET', url: set.json().data.url_images.original, headers: { authorization: admin } });
    expect(original.headers['content-type']).toBe('image/png');
    expect((await sharp(original.rawPayload).metadata()).format).toBe('png');
  });

  it('replaces the old image without leaving its files behind', async () => {
    const id = await firstSurfaceId();
    const first = await t.form('POST', `/api/files/surfaces/${id}/set-image`, { img_url: (await pngImage()).toString('base64'), img_name: 'a.png' }, admin);
    const oldIds = Object.values(first.json().data.url_images as Record<string, string>).map((u) => Number(u.split('/').pop()));
    const oldRows = await t.database.db.select().from(files).where(eq(files.owner_id, id));
    await t.form('POST', `/api/files/surfaces/${id}/set-image`, { img_url: (await pngImage(100, 100)).toString('base64'), img_name: 'b.png' }, admin);
    for (const oldId of oldIds) expect(await t.database.db.select().from(files).where(eq(files.id, oldId))).toHaveLength(0);
    for (const r of oldRows.filter((r) => oldIds.includes(r.id))) expect(await t.storage.exists(r.storage_key)).toBe(false);
  });

  it('refuses a non-image, someone else\'s upload, an unknown owner and other roles', async () => {
    const id = await firstSurfaceId();
    const zip = await t.form('POST', `/api/files/surfaces/${id}/set-image`, { img_url: zipBytes().toString('base64'), img_name: 'x.png' }, admin);
    expect(zip.statusCode).toBe(422);
    const cmAdmin = await t.login('cm-admin');
    const theirs = await upload(t, 'theirs.png', await pngImage(), cmAdmin, 'image');
    const stolen = await t.form('POST', `/api/files/surfaces/${id}/set-image`, { file_id: theirs.json().data.file_id }, admin);
    expect(stolen.statusCode).toBe(422);
    const missing = await t.form('POST', '/api/files/surfaces/99999999/set-image', { img_url: (await pngImage()).toString('base64'), img_name: 'a.png' }, admin);
    expect(missing.statusCode).toBe(404);
    const cm = await t.login('cm');
    expect((await t.form('POST', `/api/files/surfaces/${id}/set-image`, { img_url: 'AAAA', img_name: 'a.png' }, cm)).statusCode).toBe(403);
    expect((await t.form('POST', `/api/files/surfaces/${id}/set-image`, { img_name: 'a.png' }, admin)).statusCode).toBe(422);
  });

  it('refuses a decompression bomb by its pixel count', async () => {
    const id = await firstSurfaceId();
    // 10,000 x 10,000 pixels of one colour compress to a few hundred kilobytes.
    const bomb = await sharp({ create: { width: 10000, height: 10000, channels: 3, background: '#000' } }).png({ compressionLevel: 9 }).toBuffer();
    const res = await t.form('POST', `/api/files/surfaces/${id}/set-image`, { img_url: bomb.toString('base64'), img_name: 'bomb.png' }, admin);
    expect(res.statusCode).toBe(422);
    expect(res.json().message_key).toBe('image_too_many_pixels');
  });
});
