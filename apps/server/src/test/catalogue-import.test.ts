import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { and, eq, inArray } from 'drizzle-orm';
import { importStartBody, type ImportJob, type Role } from '@promo/shared';
import type { DbOrTx } from '../db/client';
import { auditLog, files, importJobs, products, surfaceCategories, surfaces, users } from '../db/schema';
import { DEMO_USERS } from '../db/seed/demo';
import { importRunner, startImport } from '../modules/catalogue-import/service';
import { sweepGoneImportJobs } from '../modules/catalogue-import/job-liveness';
import { ean13 } from '../db/seed/catalogue';
import { createTestApp, multipartBody, type TestApp } from './test-app';
import { productBody } from './product-body';

let t: TestApp;
let admin: string;
let cmAdmin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  cmAdmin = await t.login('cm-admin');
});
afterAll(() => t.close());

let seq = (Date.now() % 100_000) * 100 + (process.pid % 100);
/** An EAN-13 no product of this run has. */
const newEan = () => ean13(720_000_000_000 + seq++ * 13);
/** A vendor code no surface of this run has. */
const newVendorCode = () => String(900_000_000 + seq++ * 7);

const PRODUCT_HEADER = [
  'EAN', 'Varenummer', 'Navn', 'Kategori', 'Underkategori', 'Produsent', 'Leverandør', 'Planleggingsgruppe (BU)',
  'Lokalt eid', 'Salgstype', 'Leverandørens EAN', 'Leverandørens varenavn', 'Leverandørens varenummer', 'Pris per stk.',
];
const productRow = (ean: string, over: Partial<Record<'name' | 'category' | 'sub_category' | 'price', string>> = {}) => [
  ean, '123456', over.name ?? 'Importert sjokolade', over.category ?? 'Generic', over.sub_category ?? 'Godteri', 'Freia', 'Freia Norge AS', 'BU-1',
  'Nei', 'Standard', '7040000000017', 'Sjokolade (Freia)', '800001', over.price ?? '42,50',
];
const csv = (rows: string[][]) => Buffer.from(`\uFEFF${rows.map((r) => r.join(';')).join('\r\n')}\r\n`);

async function upload(name: string, content: Buffer, kind: 'products' | 'surfaces', auth = admin) {
  const { payload, headers } = multipartBody({ name, content });
  return t.app.inject({ method: 'POST', url: `/api/catalogue-import/files?kind=${kind}`, payload, headers: { ...headers, authorization: auth } });
}

async function waitFor(id: number, auth = admin): Promise<ImportJob> {
  for (let i = 0; i < 300; i++) {
    const res = await t.form('GET', `/api/catalogue-import/jobs/${id}`, undefined, auth);
    expect(res.statusCode, res.body).toBe(200);
    const job = res.json().data as ImportJob;
    if (job.status === 'done' || job.status === 'failed') return job;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`import job ${id} did not finish`);
}

/** Uploads, then runs the mode with the guessed mapping; answers the finished job. */
async function runImport(name: string, content: Buffer, kind: 'products' | 'surfaces', mode: 'dry_run' | 'apply', auth = admin) {
  const up = await upload(name, content, kind, auth);
  expect(up.statusCode, up.body).toBe(201);
  const { file_id, mapping } = up.json().data;
  const started = await t.form('POST', '/api/catalogue-import/jobs', { kind, mode, file_id, mapping: withoutNulls(mapping) }, auth);
  expect(started.statusCode, started.body).toBe(201);
  return waitFor(started.json().data.id, auth);
}

const withoutNulls = (m: Record<string, number | null>) => Object.fromEntries(Object.entries(m).map(([k, v]) => [k, v ?? '']));

const storedEans = async (eans: string[]) =>
  (await t.database.db.select({ ean: products.ean }).from(products).where(inArray(products.ean, eans.map(Number)))).map((r) => String(r.ean));

describe('catalogue import of products', () => {
  it('answers the header, sample rows and a mapping guessed from Norwegian headers', async () => {
    const res = await upload('varer.csv', csv([PRODUCT_HEADER, productRow(newEan())]), 'products');
    expect(res.statusCode, res.body).toBe(201);
    const data = res.json().data;
    expect(data.headers).toEqual(PRODUCT_HEADER);
    expect(data.sample).toHaveLength(1);
    expect(data.sample[0][2]).toBe('Importert sjokolade');
    expect(data.mapping).toMatchObject({ ean: 0, vendor_code: 1, name: 2, category: 3, sub_category: 4, manufacturer: 5, provider_name: 6, item_plan_bu_grp: 7, price_per_item: 13, tax: null });
    expect(data.fields.find((f: { field: string }) => f.field === 'ean')).toEqual({ field: 'ean', required: true, key: true });
    expect(data.fields.find((f: { field: string }) => f.field === 'tax')).toEqual({ field: 'tax', required: false, key: false });
  });

  it('a good CSV: the dry run counts what it would create and update and stores nothing; apply stores it in one go', async () => {
    const existing = await t.form('POST', '/api/products', productBody({ name: 'Gammelt navn' }), admin);
    expect(existing.statusCode).toBe(201);
    const old = existing.json().data;
    const fresh = [newEan(), newEan()];
    const file = csv([PRODUCT_HEADER, productRow(fresh[0]!), productRow(String(old.ean), { name: 'Nytt navn', price: '19,90' }), productRow(fresh[1]!, { category: 'food', sub_category: 'Meieri' })]);

    const dry = await runImport('varer.csv', file, 'products', 'dry_run');
    expect(dry).toMatchObject({ mode: 'dry_run', status: 'done', total: 3, processed: 3, created: 2, updated: 1, error_count: 0, errors: [] });
    expect(await storedEans(fresh)).toEqual([]);
    expect((await t.database.db.select().from(products).where(eq(products.id, old.id)))[0]!.name).toBe('Gammelt navn');

    const auditBefore = await t.database.db.select({ id: auditLog.id }).from(auditLog).where(and(eq(auditLog.action, 'import'), eq(auditLog.entity, 'products')));
    const applied = await runImport('varer.csv', file, 'products', 'apply');
    expect(applied).toMatchObject({ mode: 'apply', status: 'done', total: 3, created: 2, updated: 1, error_count: 0 });
    expect((await storedEans(fresh)).sort()).toEqual([...fresh].sort());
    const [updated] = await t.database.db.select().from(products).where(eq(products.id, old.id));
    // Mapped columns change; the ones the file does not have (tax, status …) keep their values.
    expect(updated).toMatchObject({ name: 'Nytt navn', price_per_item: '19.90', tax: 15, status: true });
    const list = await t.form('GET', '/api/products', { obj_search: { field: 'ean', input_value: fresh[1] } }, admin);
    expect(list.json().data.products[0]).toMatchObject({ ean: Number(fresh[1]), category: 'Food', price_per_item: '42.50', tax: 0, status: true });
    // One audit row for the whole import, with its counts.
    const audits = await t.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'import'), eq(auditLog.entity, 'products')));
    expect(audits.length).toBe(auditBefore.length + 1);
    expect(audits.at(-1)!.after).toMatchObject({ import_job_id: applied.id, rows: 3, created: 2, updated: 1, file: 'varer.csv' });
  });

  it('a file with bad rows: apply is refused with the rows and fields named, and nothing is stored', async () => {
    const good = [newEan(), newEan()];
    const file = csv([
      PRODUCT_HEADER,
      productRow(good[0]!),
      productRow('70400A'),
      productRow(newEan(), { category: 'Finnes ikke' }),
      productRow(newEan(), { name: 'S', price: '1.999' }),
      productRow(good[1]!),
      productRow(newEan(), { name: 'Sjoko\u0000lade' }),
    ]);
    const applied = await runImport('feil.csv', file, 'products', 'apply');
    expect(applied).toMatchObject({ status: 'failed', total: 6, created: 0, updated: 0, error_count: 4 });
    expect(applied.errors).toEqual([
      { row: 3, field: 'ean', error: 'digits_only' },
      { row: 4, field: 'category', error: 'unknown_category' },
      { row: 5, field: 'name', error: 'name_min_2_chars' },
      { row: 5, field: 'price_per_item', error: 'price_format' },
      { row: 7, field: 'name', error: 'invalid_characters' },
    ]);
    expect(await storedEans(good)).toEqual([]);

    // The dry run of the same file names the same rows and counts the good ones.
    const dry = await runImport('feil.csv', file, 'products', 'dry_run');
    expect(dry).toMatchObject({ status: 'done', error_count: 4, created: 2, updated: 0 });
    expect(dry.errors.map((e) => e.row)).toEqual([3, 4, 5, 5, 7]);
    expect(await storedEans(good)).toEqual([]);
  });

  it('a key twice in the file is a row error naming the first row, and nothing is stored', async () => {
    const twice = newEan();
    const other = newEan();
    const file = csv([PRODUCT_HEADER, productRow(twice), productRow(other), productRow(twice, { name: 'Annen' })]);
    const applied = await runImport('dobbel.csv', file, 'products', 'apply');
    expect(applied).toMatchObject({ status: 'failed', error_count: 1 });
    expect(applied.errors).toEqual([{ row: 4, field: 'ean', error: 'import_duplicate_in_file', params: { row: 2 } }]);
    expect(await storedEans([twice, other])).toEqual([]);
  });

  it('a good XLSX of products is imported by cm-admin (catalogue rights are not bound to categories)', async () => {
    const eans = [newEan(), newEan()];
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Varer');
    ws.addRow(PRODUCT_HEADER);
    // Numbers as Excel keeps them: EAN and price as numeric cells.
    ws.addRow([Number(eans[0]), 123456, 'Brunost', 'Food', 'Meieri', 'Tine', 'Tine SA', 'BU-2', 'Nei', 'Stykk', '7038010069307', 'Brunost x12', '201456', 39.9]);
    ws.addRow([Number(eans[1]), 123457, { richText: [{ text: 'Hvit' }, { text: 'ost' }] }, 'Food', 'Meieri', 'Tine', 'Tine SA', 'BU-2', 'Nei', 'Stykk', '7038010069308', 'Hvitost x12', '201457', 59]);
    ws.addRow([]);
    const buffer = Buffer.from(await wb.xlsx.writeBuffer());
    const job = await runImport('varer.xlsx', buffer, 'products', 'apply', cmAdmin);
    expect(job, JSON.stringify(job)).toMatchObject({ status: 'done', total: 2, created: 2, updated: 0, error_count: 0, file_name: 'varer.xlsx' });
    const rows = await t.database.db.select().from(products).where(inArray(products.ean, eans.map(Number)));
    expect(rows.map((r) => [r.name, r.price_per_item]).sort()).toEqual([['Brunost', '39.90'], ['Hvitost', '59.00']]);
    // Another cm-admin's or admin's jobs are theirs: cm-admin reads its own, the admin every one.
    expect((await t.form('GET', `/api/catalogue-import/jobs/${job.id}`, undefined, admin)).statusCode).toBe(200);
  });
});

describe('an import whose process stops', () => {
  it('ends failed (interrupted) when its process closes mid-way (the app closing stops its jobs), with nothing stored', async () => {
    const eans = Array.from({ length: 20_000 }, () => newEan());
    const up = await upload('mange.csv', csv([PRODUCT_HEADER, ...eans.map((e) => productRow(e))]), 'products');
    expect(up.statusCode, up.body).toBe(201);
    const { file_id, mapping } = up.json().data;
    const [me] = await t.database.db.select().from(users).where(eq(users.email, DEMO_USERS.find((u) => u.role === 'admin')!.email));
    const auth = { user: { id: me!.id, name: me!.name, surname: me!.surname, email: me!.email, role: me!.role as Role }, sessionId: 0, impersonatorId: null };
    // The runner the app's close hook stops (routes.ts), here on its own.
    const runner = importRunner(t.database.db, t.storage, t.app.log, () => {});
    const started = await startImport(t.database.db, t.storage, auth, importStartBody.parse({ kind: 'products', mode: 'apply', file_id, mapping: withoutNulls(mapping) }), runner);
    await runner.close();
    const job = await waitFor(started.id);
    expect(job).toMatchObject({ status: 'failed', created: 0, updated: 0, errors: [{ row: 0, field: 'file', error: 'import_interrupted' }] });
    expect(await storedEans(eans.slice(0, 10))).toEqual([]);
    expect(await storedEans(eans.slice(-10))).toEqual([]);
  });
});

/** An ERP's export as it comes (issue 22): its own headers, the price as "Pris", six of the form's required columns missing. */
const ERP_HEADER = ['Varenr.', 'EAN-nr', 'Varenavn', 'Varegruppe', 'Undergruppe', 'Merke', 'Leverandørnavn', 'Pris', 'MVA-sats', 'Pant'];
const erpRow = (ean: string, price = '29,90') => ['800123', ean, 'Melkesjokolade 100 g', 'Generic', 'Godteri', 'Freia', 'Mondelez Norge AS', price, '15', '0'];
/** Values for the six required fields the export does not have: the same for every new row. */
const ERP_DEFAULTS = {
  item_plan_bu_grp: 'BU-1',
  locally_owned: 'Nei',
  selling_type: 'Standard',
  provider_item_ean: 'Ukjent',
  provider_item_name: 'Ukjent',
  provider_item_vendor_code: 'Ukjent',
};

async function startJob(body: Record<string, unknown>, auth = admin) {
  return t.form('POST', '/api/catalogue-import/jobs', body, auth);
}

describe('mapping an ERP export (issue 22)', () => {
  it('recognises the usual Norwegian headers of an ERP export, "Pris" as the price among them', async () => {
    const res = await upload('erp.csv', csv([ERP_HEADER, erpRow(newEan())]), 'products');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.mapping).toMatchObject({
      vendor_code: 0, ean: 1, name: 2, category: 3, sub_category: 4, manufacturer: 5, provider_name: 6, price_per_item: 7, tax: 8, container_deposit: 9,
      selling_type: null, main_last_price: null,
    });
  });

  it('a required field that is not in the file takes the value the mapping gives it for new rows; stored rows keep theirs', async () => {
    const existing = await t.form('POST', '/api/products', productBody({ selling_type: 'Kampanje', item_plan_bu_grp: 'BU-9' }), admin);
    expect(existing.statusCode).toBe(201);
    const old = existing.json().data;
    const fresh = newEan();
    const up = await upload('erp.csv', csv([ERP_HEADER, erpRow(fresh), erpRow(String(old.ean), '31,50')]), 'products');
    const { file_id, mapping } = up.json().data;

    const dry = await startJob({ kind: 'products', mode: 'dry_run', file_id, mapping: withoutNulls(mapping), defaults: ERP_DEFAULTS });
    expect(dry.statusCode, dry.body).toBe(201);
    expect(await waitFor(dry.json().data.id)).toMatchObject({ status: 'done', created: 1, updated: 1, error_count: 0 });
    const applied = await startJob({ kind: 'products', mode: 'apply', file_id, mapping: withoutNulls(mapping), defaults: ERP_DEFAULTS });
    expect(applied.statusCode, applied.body).toBe(201);
    expect(await waitFor(applied.json().data.id)).toMatchObject({ status: 'done', created: 1, updated: 1 });

    const [created] = await t.database.db.select().from(products).where(eq(products.ean, Number(fresh)));
    expect(created).toMatchObject({ name: 'Melkesjokolade 100 g', price_per_item: '29.90', tax: 15, ...ERP_DEFAULTS });
    const [kept] = await t.database.db.select().from(products).where(eq(products.id, old.id));
    expect(kept).toMatchObject({ price_per_item: '31.50', selling_type: 'Kampanje', item_plan_bu_grp: 'BU-9' });
  });

  it("checks a default value as the form checks the field, and takes none for the key, an optional field or a field with a column", async () => {
    const up = await upload('erp.csv', csv([ERP_HEADER, erpRow(newEan())]), 'products');
    const { file_id, mapping } = up.json().data;
    const base = { kind: 'products', mode: 'apply', file_id, mapping: withoutNulls(mapping) };
    const cases: [Record<string, string>, Record<string, string[]>][] = [
      [{ ...ERP_DEFAULTS, selling_type: 'S' }, { 'defaults.selling_type': ['min_2_chars'] }],
      [{ ...ERP_DEFAULTS, provider_item_ean: '' }, { 'mapping.provider_item_ean': ['required_field'] }],
      [{ ...ERP_DEFAULTS, ean: '7040000000017' }, { 'defaults.ean': ['import_no_default'] }],
      [{ ...ERP_DEFAULTS, status: 'ja' }, { 'defaults.status': ['import_no_default'] }],
      [{ ...ERP_DEFAULTS, name: 'Sjokolade' }, { 'defaults.name': ['import_default_with_column'] }],
    ];
    for (const [defaults, errors] of cases) {
      const res = await startJob({ ...base, defaults });
      expect(res.statusCode, JSON.stringify(defaults)).toBe(422);
      expect(res.json().errors).toEqual(errors);
    }
    // A category is checked as the product form checks it: it must exist.
    const withoutCategory = { ...withoutNulls(mapping), category: '' };
    const unknown = await startJob({ ...base, mapping: withoutCategory, defaults: { ...ERP_DEFAULTS, category: 'Finnes ikke' } });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toEqual({ 'defaults.category': ['unknown_category'] });
    expect(await t.database.db.select().from(importJobs).where(eq(importJobs.file_id, file_id))).toEqual([]);
  });

  it('names a negative price for what it is, not a matter of decimals', async () => {
    const up = await upload('erp.csv', csv([ERP_HEADER, erpRow(newEan(), '-29,90')]), 'products');
    const { file_id, mapping } = up.json().data;
    const dry = await startJob({ kind: 'products', mode: 'dry_run', file_id, mapping: withoutNulls(mapping), defaults: ERP_DEFAULTS });
    expect(dry.statusCode, dry.body).toBe(201);
    expect((await waitFor(dry.json().data.id)).errors).toEqual([{ row: 2, field: 'price_per_item', error: 'price_min_0' }]);
    // The product form says the same.
    const form = await t.form('POST', '/api/products', productBody({ price_per_item: '-1' }), admin);
    expect(form.statusCode).toBe(422);
    expect(form.json().errors).toEqual({ price_per_item: ['price_min_0'] });
  });
});

/** A job row as a server process leaves it when it is killed mid-run: still `running`, its heartbeat `ago` ms old. */
async function jobLeftRunning(db: DbOrTx, fileId: number | null, ago: number, mode: 'dry_run' | 'apply' = 'apply') {
  const at = new Date(Date.now() - ago);
  const [row] = await db
    .insert(importJobs)
    .values({ kind: 'products', mode, status: 'running', file_id: fileId, processed: 5000, total: 20000, instance_id: `gone-${seq++}`, heartbeat_at: at, updated_at: at })
    .returning();
  return row!.id;
}

describe('jobs of a server process that is gone (issue 22)', () => {
  it('at start-up a job whose process stopped is failed with the reason; a live job of another process runs on', async () => {
    const up = await upload('varer.csv', csv([PRODUCT_HEADER, productRow(newEan())]), 'products');
    const { file_id, mapping } = up.json().data;
    const [me] = await t.database.db.select().from(users).where(eq(users.email, DEMO_USERS.find((u) => u.role === 'admin')!.email));
    const gone = await jobLeftRunning(t.database.db, file_id, 5 * 60_000);
    await t.database.db.update(importJobs).set({ created_by_id: me!.id }).where(eq(importJobs.id, gone));
    const live = await jobLeftRunning(t.database.db, null, 0);
    // Another server process starts on the same database.
    const second = await createTestApp({}, { database: t.database });
    try {
      const job = await waitFor(gone);
      expect(job).toMatchObject({ status: 'failed', created: 0, updated: 0, errors: [{ row: 0, field: 'file', error: 'import_interrupted' }] });
      expect(job.finished_at).not.toBeNull();
      const [still] = await t.database.db.select().from(importJobs).where(eq(importJobs.id, live));
      expect(still!.status).toBe('running');
    } finally {
      await t.database.db.update(importJobs).set({ status: 'failed' }).where(eq(importJobs.id, live));
      await second.close();
    }
    // The file runs again as it was: nothing of the interrupted apply was stored, so no confirmation is asked.
    const again = await startJob({ kind: 'products', mode: 'apply', file_id, mapping: withoutNulls(mapping) });
    expect(again.statusCode, again.body).toBe(201);
    expect(await waitFor(again.json().data.id)).toMatchObject({ status: 'done', created: 1 });
  });

  it('the sweep of a running process fails the jobs whose heartbeat stopped, never one that beats or that it runs itself', async () => {
    // In a transaction rolled back at the end: no other test file's sweep sees these rows.
    const rollback = new Error('rollback');
    await expect(
      t.database.db.transaction(async (tx) => {
        const gone = await jobLeftRunning(tx, null, 5 * 60_000, 'dry_run');
        const beating = await jobLeftRunning(tx, null, 1000);
        const mine = await jobLeftRunning(tx, null, 5 * 60_000);
        expect(await sweepGoneImportJobs(tx, [mine])).toEqual([gone]);
        const statuses = await tx.select({ id: importJobs.id, status: importJobs.status }).from(importJobs).where(inArray(importJobs.id, [gone, beating, mine]));
        expect(Object.fromEntries(statuses.map((s) => [s.id, s.status]))).toEqual({ [gone]: 'failed', [beating]: 'running', [mine]: 'running' });
        throw rollback;
      }),
    ).rejects.toBe(rollback);
  });
});

describe('applying one upload twice (issue 22)', () => {
  it('a second apply of the same upload is refused with 409 unless it says it is meant; a dry run is not', async () => {
    const ean = newEan();
    const up = await upload('varer.csv', csv([PRODUCT_HEADER, productRow(ean)]), 'products');
    const { file_id, mapping } = up.json().data;
    const body = { kind: 'products', mode: 'apply', file_id, mapping: withoutNulls(mapping) };
    const first = await startJob(body);
    expect(await waitFor(first.json().data.id)).toMatchObject({ status: 'done', created: 1 });

    const second = await startJob(body);
    expect(second.statusCode, second.body).toBe(409);
    expect(second.json()).toMatchObject({ message_key: 'import_already_applied' });
    expect(await t.database.db.select().from(importJobs).where(eq(importJobs.file_id, file_id))).toHaveLength(1);
    expect((await startJob({ ...body, mode: 'dry_run' })).statusCode).toBe(201);

    const meant = await startJob({ ...body, confirm: 'true' });
    expect(meant.statusCode, meant.body).toBe(201);
    expect(await waitFor(meant.json().data.id)).toMatchObject({ status: 'done', created: 0, updated: 1 });
  });

  it('of two applies of one upload sent at once, one runs and the other is refused', async () => {
    const up = await upload('varer.csv', csv([PRODUCT_HEADER, productRow(newEan())]), 'products');
    const { file_id, mapping } = up.json().data;
    const body = { kind: 'products', mode: 'apply', file_id, mapping: withoutNulls(mapping) };
    const answers = await Promise.all([startJob(body), startJob(body)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    await waitFor(answers.find((a) => a.statusCode === 201)!.json().data.id);
  });
});

describe('catalogue import of surfaces', () => {
  it('a good XLSX: creates and updates by vendor code, with type, size, printer and categories as the form checks them', async () => {
    const [stored] = await t.database.db.select().from(surfaces).limit(1);
    const vendor = newVendorCode();
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Flater');
    ws.addRow(['Leverandørnummer', 'Navn', 'Type', 'Størrelse', 'Pris', 'Kategorier', 'Status']);
    ws.addRow([Number(vendor), 'Plakat Import', 'Plakat', 'H50 x W70', '145,50', 'Food, Fuel', '0']);
    ws.addRow([stored!.vendor_code, 'Oppdatert flate', 'Banner', 'H70 x W100', 12, 'Generic', '']);
    const job = await runImport('flater.xlsx', Buffer.from(await wb.xlsx.writeBuffer()), 'surfaces', 'apply');
    expect(job).toMatchObject({ status: 'done', total: 2, created: 1, updated: 1, error_count: 0 });
    const [created] = await t.database.db.select().from(surfaces).where(eq(surfaces.vendor_code, Number(vendor)));
    expect(created).toMatchObject({ name: 'Plakat Import', type_surface: 'Plakat', price: '145.50', status: [0], divided_bool: true });
    const res = await t.form('GET', '/api/surfaces', { obj_search: { field: 'vendor_code', input_value: vendor } }, admin);
    expect(res.json().data.surfaces[0].category_ids).toHaveLength(2);
    const [after] = await t.database.db.select().from(surfaces).where(eq(surfaces.id, stored!.id));
    expect(after).toMatchObject({ name: 'Oppdatert flate', type_surface: 'Banner', price: '12.00', printer_id: stored!.printer_id });
    const links = await t.database.db.select().from(surfaceCategories).where(eq(surfaceCategories.surface_id, stored!.id));
    expect(links).toHaveLength(1);
  });

  it('refuses unknown types, sizes and printers and bad sizes, naming the rows', async () => {
    const vendors = [newVendorCode(), newVendorCode(), newVendorCode()];
    const file = csv([
      ['vendor_code', 'name', 'type_surface', 'size_surface', 'printer'],
      [vendors[0]!, 'Flate én', 'Finnes ikke', 'H50 x W70', ''],
      [vendors[1]!, 'Flate to', 'Plakat', '50x70', 'nobody@example.no'],
      [vendors[2]!, 'Flate tre', 'Plakat', 'H1 x W1', ''],
    ]);
    const job = await runImport('flater.csv', file, 'surfaces', 'apply');
    expect(job.status).toBe('failed');
    expect(job.errors).toEqual([
      { row: 2, field: 'type_surface', error: 'unknown_type' },
      { row: 3, field: 'printer_id', error: 'printer_not_found' },
      { row: 3, field: 'size_surface', error: 'size_format' },
      { row: 4, field: 'size_surface', error: 'unknown_size' },
    ]);
    expect(await t.database.db.select().from(surfaces).where(inArray(surfaces.vendor_code, vendors.map(Number)))).toEqual([]);
  });
});

describe('who may import, and which files', () => {
  it('refuses every role but admin and cm-admin with 403', async () => {
    for (const role of ['cm', 'designer', 'printer', 'distributor', 'user'] as const) {
      const auth = await t.login(role);
      expect((await upload('varer.csv', csv([PRODUCT_HEADER]), 'products', auth)).statusCode, role).toBe(403);
      expect((await t.form('POST', '/api/catalogue-import/jobs', { kind: 'products', mode: 'apply', file_id: 1, mapping: { ean: 0 } }, auth)).statusCode, role).toBe(403);
      expect((await t.form('GET', '/api/catalogue-import/jobs/1', undefined, auth)).statusCode, role).toBe(403);
    }
    expect((await t.form('GET', '/api/catalogue-import/jobs/1', undefined)).statusCode).toBe(401);
  });

  it("refuses a job of someone else's file, and shows a cm-admin only its own jobs", async () => {
    const up = await upload('varer.csv', csv([PRODUCT_HEADER, productRow(newEan())]), 'products', admin);
    const { file_id, mapping } = up.json().data;
    const theirs = await t.form('POST', '/api/catalogue-import/jobs', { kind: 'products', mode: 'dry_run', file_id, mapping: withoutNulls(mapping) }, cmAdmin);
    expect(theirs.statusCode).toBe(422);
    expect(theirs.json().errors).toEqual({ file_id: ['unknown_upload'] });
    const mine = await t.form('POST', '/api/catalogue-import/jobs', { kind: 'products', mode: 'dry_run', file_id, mapping: withoutNulls(mapping) }, admin);
    expect(mine.statusCode).toBe(201);
    await waitFor(mine.json().data.id);
    expect((await t.form('GET', `/api/catalogue-import/jobs/${mine.json().data.id}`, undefined, cmAdmin)).statusCode).toBe(403);
  });

  it('refuses a mapping without a required field, with unknown fields or columns the file lacks', async () => {
    const up = await upload('varer.csv', csv([PRODUCT_HEADER, productRow(newEan())]), 'products');
    const { file_id, mapping } = up.json().data;
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [{ ...withoutNulls(mapping), name: '' }, { 'mapping.name': ['required_field'] }],
      [{ ...withoutNulls(mapping), colour: 3 }, { 'mapping.colour': ['unknown_field'] }],
      [{ ...withoutNulls(mapping), tax: 40 }, { 'mapping.tax': ['import_no_such_column'] }],
    ];
    for (const [m, errors] of cases) {
      const res = await t.form('POST', '/api/catalogue-import/jobs', { kind: 'products', mode: 'apply', file_id, mapping: m }, admin);
      expect(res.statusCode, JSON.stringify(m)).toBe(422);
      expect(res.json().errors).toEqual(errors);
    }
    expect(await t.database.db.select().from(importJobs).where(eq(importJobs.file_id, file_id))).toEqual([]);
  });

  it('refuses files that are not CSV or XLSX with a 4xx and keeps none of them', async () => {
    const names = [`varer-${seq}.pdf`, `binaer-${seq}.csv`, `ingen-arbeidsbok-${seq}.xlsx`];
    const pdf = await upload(names[0]!, Buffer.from('%PDF-1.4\n'), 'products');
    expect(pdf.statusCode).toBe(422);
    expect(pdf.json().errors).toEqual({ file: ['unsupported_file_type'] });
    const binaryCsv = await upload(names[1]!, Buffer.from([0x50, 0x4b, 0x03, 0x04, 0, 0, 0, 0, 0, 0]), 'products');
    expect(binaryCsv.statusCode).toBe(422);
    // A zip that is no workbook.
    const notWorkbook = await upload(names[2]!, Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(200, 1)]), 'products');
    expect(notWorkbook.statusCode, notWorkbook.body).toBe(422);
    expect(notWorkbook.json().errors).toEqual({ file: ['import_file_unreadable'] });
    const notMultipart = await t.form('POST', '/api/catalogue-import/files?kind=products', { file: 'x' }, admin);
    expect(notMultipart.statusCode).toBe(415);
    expect(await t.database.db.select().from(files).where(inArray(files.original_name, names))).toEqual([]);
  });
});
