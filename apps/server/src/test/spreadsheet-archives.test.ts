import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { files } from '../db/schema';
import type { AppError } from '../lib/errors';
import { readTrackerFile } from '../modules/delivery/tracker-import';
import { createTestApp, multipartBody, type TestApp } from './test-app';
import { postMultipart } from './multipart';
import { bombWorkbook, workbookParts, zipOf } from './zip-bomb';

/** Issue 22 point 6: every XLSX the server opens is refused when it unpacks to more than the limit. */
let t: TestApp;
let admin: string;
let distributor: string;
beforeAll(async () => {
  t = await createTestApp();
  [admin, distributor] = await Promise.all([t.login('admin'), t.login('distributor')]);
});
afterAll(() => t.close());

const ROWS = [
  ['EAN', 'Navn'],
  ['7040000000017', 'Sjokolade'],
];
/** 300 MiB of zeros in 300 KB, declared as what it is, in a part the reader skips. */
const honestBomb = () => bombWorkbook(ROWS, { name: 'xl/media/image1.png', mib: 300 });
/** 300 MiB of zeros whose directory claims 1 KB, in a part the reader reads. */
const lyingBomb = () => bombWorkbook(ROWS, { name: 'xl/sharedStrings.xml', mib: 300, declared: 1000 });

async function catalogueUpload(name: string, content: Buffer) {
  const { payload, headers } = multipartBody({ name, content });
  return t.app.inject({ method: 'POST', url: '/api/catalogue-import/files?kind=products', payload, headers: { ...headers, authorization: admin } });
}

describe('an XLSX that unpacks to too much', () => {
  it('a workbook within the limits is read as before; text like a formula is shown as typed', async () => {
    const res = await catalogueUpload('varer.xlsx', zipOf(workbookParts([...ROWS, ['=1+2', '@SUM(A1)']])));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ headers: ['EAN', 'Navn'], sample: [['7040000000017', 'Sjokolade'], ['=1+2', '@SUM(A1)']] });
  });

  it('is refused at the catalogue import with the file field’s error, and not kept', async () => {
    for (const [name, content] of [
      ['honest-bomb.xlsx', honestBomb()],
      ['lying-bomb.xlsx', lyingBomb()],
    ] as const) {
      expect(content.length, name).toBeLessThan(1024 * 1024);
      const res = await catalogueUpload(name, content);
      expect(res.statusCode, name).toBe(422);
      expect(res.json(), name).toMatchObject({ message_key: 'import_archive_too_large', errors: { file: ['archive_too_large'] } });
      expect(await t.database.db.select().from(files).where(eq(files.original_name, name)), name).toHaveLength(0);
    }
  });

  it('is refused at the tracker import with the file field’s error', async () => {
    for (const content of [honestBomb(), lyingBomb()]) {
      const res = await postMultipart(t, '/api/promotion-distributor/import-trackers?promotion_id=1&apply=false&plan=', [['file', { filename: 'sporing.xlsx', content }]], distributor);
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().errors).toEqual({ file: ['archive_too_large'] });
    }
  });

  it('a lying workbook is refused every time, never left waiting (exceljs waited for ever on about 1 in 5)', async () => {
    const content = lyingBomb();
    const outcomes = [];
    for (let i = 0; i < 40; i++) {
      const read = readTrackerFile('sporing.xlsx', Readable.from([content])).then(
        () => 'read',
        (err: AppError) => err.errors?.file?.[0],
      );
      outcomes.push(await Promise.race([read, new Promise((r) => setTimeout(r, 5_000, 'waiting'))]));
    }
    expect(new Set(outcomes)).toEqual(new Set(['archive_too_large']));
  });
});
