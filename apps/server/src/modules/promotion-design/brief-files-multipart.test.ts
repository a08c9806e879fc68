import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { BriefFile } from '@promo/shared';
import { briefFiles, files } from '../../db/schema';
import { designFixture, newUser, type DesignFixture } from '../../test/design-fixture';
import { pngImage } from '../../test/images';
import { filesOnDisk, postMultipart, type Part } from '../../test/multipart';
import { createTestApp, type TestApp } from '../../test/test-app';

const SET_FILES = '/api/promotion-surface-design/set-files-brief-design';
let t: TestApp;
let storageRoot: string;
let admin: string;
let editor: { id: number; token: string }; // a cm-admin of this file only: its files rows are ours
beforeAll(async () => {
  t = await createTestApp({}, { ownStorage: true });
  storageRoot = t.filesDir;
  admin = await t.login('admin');
  editor = await newUser(t, admin, 'cm-admin');
}, 180_000);
afterAll(() => t?.close());

type SpecFile = { filename: string; content: Buffer };
const pdf = () => Buffer.from(`%PDF-1.4\nbrief ${Math.random()}\n`);

/** set-files-brief-design as spec 001 §7 sends it: files[i], names[i], sizes[i], dates[i], then the design. */
function specFiles(d: DesignFixture | null, list: SpecFile[]): Part[] {
  const parts: Part[] = list.flatMap((f, i): Part[] => [
    [`files[${i}]`, f],
    [`names[${i}]`, f.filename],
    [`sizes[${i}]`, String(f.content.length)],
    [`dates[${i}]`, 'Tue Mar 03 2026 10:15:00 GMT+0100'],
  ]);
  return d ? [...parts, ['promotion_surface_design_id', String(d.psdId)]] : parts;
}

const briefOf = async (d: DesignFixture): Promise<BriefFile[]> =>
  (await t.form('GET', '/api/promotion-surface-design/get-promotion-surface-design', { promotion_id: d.promotionId, surface_id: d.surfaceId, surface_design_id: d.psdId }, admin)).json().data.data.files;

describe('set-files-brief-design as multipart', () => {
  it('streams files[0..1] into brief files, listed and downloadable as sent', async () => {
    const d = await designFixture(t, admin);
    const doc = pdf();
    const png = await pngImage();
    const res = await postMultipart(t, SET_FILES, specFiles(d, [{ filename: 'brief.pdf', content: doc }, { filename: 'skisse.png', content: png }]), editor.token);
    expect(res.statusCode, res.body).toBe(200);
    const answered: BriefFile[] = res.json().data.files;
    expect(answered.map((f) => [f.name, f.extension, f.size])).toEqual([
      ['brief.pdf', 'pdf', doc.length],
      ['skisse.png', 'png', png.length],
    ]);
    expect(await briefOf(d)).toEqual(answered);
    for (const [i, bytes] of [doc, png].entries()) {
      const download = await t.app.inject({ method: 'GET', url: answered[i]!.url, headers: { authorization: admin } });
      expect(download.rawPayload).toEqual(bytes);
    }
    const rows = await t.database.db.select().from(files).where(eq(files.uploaded_by, editor.id));
    expect(rows.map((r) => [r.original_name, r.owner_table, r.variant]).sort()).toEqual([
      ['brief.pdf', 'brief_files', 'original'],
      ['skisse.png', 'brief_files', 'original'],
    ]);
  });

  it('refuses a bad second file, a missing design, no files and a cm outside the category, leaving nothing behind', async () => {
    const d = await designFixture(t, admin);
    const store = await designFixture(t, admin, { category: 'Store' });
    const rowsBefore = await t.database.db.select().from(files).where(eq(files.uploaded_by, editor.id));
    const diskBefore = filesOnDisk(storageRoot);
    const good = { filename: 'brief.pdf', content: pdf() };

    const badSecond = await postMultipart(t, SET_FILES, specFiles(d, [good, { filename: 'skisse.png', content: pdf() }]), editor.token);
    expect(badSecond.statusCode).toBe(422);
    expect(badSecond.json().errors).toEqual({ 'files.1': ['unsupported_file_type'] });
    const empty = await postMultipart(t, SET_FILES, specFiles(d, [good, { filename: 'tom.txt', content: Buffer.alloc(0) }]), editor.token);
    expect(empty.json().errors).toEqual({ 'files.1': ['file_empty'] });

    const noDesign = await postMultipart(t, SET_FILES, specFiles(null, [good]), editor.token);
    expect(noDesign.statusCode).toBe(422);
    expect(Object.keys(noDesign.json().errors)).toEqual(['promotion_surface_design_id']);
    const noFiles = await postMultipart(t, SET_FILES, [['promotion_surface_design_id', String(d.psdId)]], editor.token);
    expect(noFiles.statusCode).toBe(422);
    expect(noFiles.json().errors).toEqual({ file_ids: ['file_required'] });

    expect(await t.database.db.select().from(files).where(eq(files.uploaded_by, editor.id))).toEqual(rowsBefore);
    expect(filesOnDisk(storageRoot)).toEqual(diskBefore);

    const outsider = await newUser(t, admin, 'cm'); // manages no category
    expect((await postMultipart(t, SET_FILES, specFiles(store, [good]), outsider.token)).statusCode).toBe(403);
    expect((await postMultipart(t, SET_FILES, specFiles(d, [good]), await t.login('designer'))).statusCode).toBe(403);
    expect(await t.database.db.select().from(files).where(eq(files.uploaded_by, outsider.id))).toEqual([]);
    expect(filesOnDisk(storageRoot)).toEqual(diskBefore);
    for (const x of [d, store]) expect(await t.database.db.select().from(briefFiles).where(eq(briefFiles.psd_id, x.psdId))).toEqual([]);
  });
});
