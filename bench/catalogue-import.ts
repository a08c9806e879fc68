// Benchmark of the catalogue import (apps/server/src/modules/catalogue-import, decision 021): a CSV
// of products, 20 % of them already stored (updates), the rest new, checked (dry run) and then
// imported (apply, one transaction) against PostgreSQL.
//   npx tsx bench/catalogue-import.ts
// Makes a fresh PostgreSQL database (promo_bench_import next to DATABASE_URL's, default
// postgres://postgres@127.0.0.1:5432/postgres) for each size, migrates it, stores the generated file
// through the upload step (streamed into a local storage folder), then runs the dry run and the apply
// each in a child process of its own and reads that process's wall time and peak RSS; a child that
// only connects gives the baseline. Drops the database at the end (BENCH_KEEP=1 keeps it).
// Env: BENCH_ROWS (comma-separated sizes, default 25000,100000).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Db } from '../apps/server/src/db/client';
import * as schema from '../apps/server/src/db/schema';
import { localDiskStorage } from '../apps/server/src/lib/storage';
import { runImport } from '../apps/server/src/modules/catalogue-import/runner';
import { recreatePostgresDatabase } from './database';

const SIZES = (process.env.BENCH_ROWS ?? '25000,100000').split(',').map(Number);
const base = new URL(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
const target = new URL(base);
target.pathname = '/promo_bench_import';
const TARGET_MS = 60_000;
const work = path.join(os.tmpdir(), 'promo-bench-import');
const storageDir = path.join(work, 'files');

type Mode = 'baseline' | 'dry_run' | 'apply';
interface Measured {
  mode: Mode;
  ms: number;
  maxRssMb: number;
  rows?: number;
  created?: number;
  updated?: number;
  errorRows?: number;
}

const HEADER = [
  'EAN', 'Varenummer', 'Navn', 'Kategori', 'Underkategori', 'Produsent', 'Leverandør', 'Planleggingsgruppe (BU)', 'Lokalt eid',
  'Salgstype', 'Leverandørens EAN', 'Leverandørens varenavn', 'Leverandørens varenummer', 'Pris per stk.', 'MVA (%)', 'Pant', 'Aktiv',
];
const MAPPING = Object.fromEntries(
  ['ean', 'vendor_code', 'name', 'category', 'sub_category', 'manufacturer', 'provider_name', 'item_plan_bu_grp', 'locally_owned', 'selling_type',
    'provider_item_ean', 'provider_item_name', 'provider_item_vendor_code', 'price_per_item', 'tax', 'container_deposit', 'status'].map((f, i) => [f, i]),
);
const CATEGORIES = ['Generic', 'Fuel', 'Food', 'Store'];
const ean = (i: number) => String(7_050_000_000_000 + i);

/** Writes the CSV as a stream: `rows` products, every fifth one stored already. */
async function writeCsv(file: string, rows: number) {
  const out = fs.createWriteStream(file);
  const write = (s: string) => (out.write(s) ? Promise.resolve() : new Promise<void>((r) => out.once('drain', () => r())));
  await write(`${HEADER.join(';')}\r\n`);
  for (let i = 0; i < rows; i++) {
    const cat = CATEGORIES[i % CATEGORIES.length]!;
    await write(
      [ean(i), 100_000 + (i % 5000), `Produkt ${i} «test»; 500 g`.replace(';', ','), cat, `Under ${i % 12}`, `Produsent ${i % 50}`, `Leverandør ${i % 80}`,
        `BU-${i % 7}`, i % 3 ? 'Nei' : 'Ja', 'Stykk', ean(i), `Vare ${i} x12`, String(800_000 + i), `${(i % 900) + 9},${i % 100}`.replace(/,(\d)$/, ',0$1'),
        '15', '0', i % 10 ? 'ja' : 'nei'].map((c) => (/[;"\r\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(';') + '\r\n',
    );
  }
  await new Promise<void>((r) => out.end(r));
}

async function child(mode: Mode, fileId: number) {
  const pool = new pg.Pool({ connectionString: target.toString(), max: 10 });
  const db = drizzle(pool, { schema }) as unknown as Db;
  await pool.query('select 1'); // the connection is not part of the measurement
  const started = performance.now();
  let extra: Partial<Measured> = {};
  if (mode !== 'baseline') {
    const [file] = await db.select().from(schema.files).where(sql`${schema.files.id} = ${fileId}`);
    const [user] = await db.select().from(schema.users).limit(1);
    const [job] = await db.insert(schema.importJobs).values({ kind: 'products', mode, status: 'running', file_id: fileId, mapping: MAPPING, created_by_id: user!.id }).returning();
    const outcome = await runImport(
      db,
      localDiskStorage(storageDir),
      {
        id: job!.id,
        kind: 'products',
        mode,
        file: { storage_key: file!.storage_key, original_name: file!.original_name, size: file!.size },
        mapping: MAPPING,
        auth: { user: { id: user!.id, name: 'Bench', surname: '', email: user!.email, role: 'admin' }, impersonatorId: null },
      },
      new AbortController().signal,
    );
    extra = { rows: outcome.total, created: outcome.created, updated: outcome.updated, errorRows: outcome.errorRows };
    if (outcome.errorRows) console.error(JSON.stringify(outcome.errors.slice(0, 5)));
  }
  const ms = performance.now() - started;
  const maxRssMb = process.resourceUsage().maxRSS / 1024;
  await pool.end();
  console.log(JSON.stringify({ mode, ms, maxRssMb, ...extra }));
}

async function prepare(rows: number): Promise<{ fileId: number; bytes: number; uploadMs: number }> {
  await recreatePostgresDatabase(target.toString());
  const { openPostgres } = await import('../apps/server/src/db/client');
  const database = openPostgres(target.toString());
  await database.migrate();
  const db = database.db;
  await db.execute(sql.raw(`insert into categories (name, groups, required) values ${CATEGORIES.map((c) => `('${c}', '{}', false)`).join(', ')}`));
  const [user] = await db.execute<{ id: number }>(sql`insert into users (email, password_hash, name, role) values ('admin@bench.no', 'x', 'Bench', 'admin') returning id`).then((r) => r.rows);
  // Every fifth product of the file is stored already, under another name: the import updates it.
  await db.execute(sql`
    insert into products (name, vendor_code, ean, category_id, sub_category, manufacturer, provider_name, item_plan_bu_grp, locally_owned,
      selling_type, provider_item_ean, provider_item_name, provider_item_vendor_code)
    select 'Gammel ' || i, 1, 7050000000000 + i, (select min(id) from categories), 'Gammel', 'M', 'P', 'BU', 'Nei', 'Stykk', '1', 'V', '1'
    from generate_series(0, ${rows - 1}, 5) as i`);
  fs.rmSync(work, { recursive: true, force: true });
  fs.mkdirSync(work, { recursive: true });
  const csvPath = path.join(work, `products-${rows}.csv`);
  await writeCsv(csvPath, rows);
  const { storeUpload } = await import('../apps/server/src/lib/uploads');
  const started = performance.now();
  const file = await storeUpload(db, localDiskStorage(storageDir), { name: `products-${rows}.csv`, stream: fs.createReadStream(csvPath), kind: 'spreadsheet', userId: user!.id });
  const uploadMs = performance.now() - started;
  await database.close();
  return { fileId: file.id, bytes: file.size, uploadMs };
}

function measure(mode: Mode, fileId: number): Measured {
  const script = fileURLToPath(import.meta.url);
  const res = spawnSync(process.execPath, [...process.execArgv, script, '--child', mode, String(fileId)], { encoding: 'utf8', env: process.env });
  if (res.status !== 0) throw new Error(`${mode} failed: ${res.stderr}`);
  return JSON.parse(res.stdout.trim().split('\n').at(-1)!) as Measured;
}

async function main() {
  const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
  console.log(`| rows | CSV MB | upload s | mode | wall s | rows/s | created | updated | peak RSS MB (baseline) | target < 60 s |`);
  console.log(`|---|---|---|---|---|---|---|---|---|---|`);
  for (const rows of SIZES) {
    const { fileId, bytes, uploadMs } = await prepare(rows);
    const baseline = measure('baseline', fileId);
    for (const mode of ['dry_run', 'apply'] as const) {
      const m = measure(mode, fileId);
      if (m.errorRows) throw new Error(`${mode}: ${m.errorRows} rows refused`);
      console.log(
        `| ${fmt(rows)} | ${(bytes / 1e6).toFixed(1)} | ${(uploadMs / 1000).toFixed(2)} | ${mode} | ${(m.ms / 1000).toFixed(1)} | ${fmt((m.rows! * 1000) / m.ms)} | ${fmt(m.created!)} | ${fmt(m.updated!)} | ${fmt(m.maxRssMb)} (${fmt(baseline.maxRssMb)}) | ${m.ms < TARGET_MS ? 'met' : 'MISSED'} |`,
      );
    }
  }
  if (!process.env.BENCH_KEEP) {
    const admin = new URL(target);
    admin.pathname = '/postgres';
    const client = new pg.Client({ connectionString: admin.toString() });
    await client.connect();
    await client.query(`drop database if exists "${target.pathname.slice(1)}" with (force)`);
    await client.end();
    fs.rmSync(work, { recursive: true, force: true });
  }
}

if (process.argv[2] === '--child') {
  await child(process.argv[3] as Mode, Number(process.argv[4]));
} else {
  await main();
}
