// Benchmark of the Excel report (apps/server/src/modules/reports/excel.ts, writeReportXlsx): one
// promotion of 300 surface-designs for 2,000 stations, every station planning every surface.
//   npx tsx bench/excel-report.ts
// Makes a fresh PostgreSQL database (promo_bench_excel next to DATABASE_URL's, default
// postgres://postgres@127.0.0.1:5432/postgres), migrates it with the app's migrations, fills it with
// generate_series, then runs each measurement in a child process of its own (cold: nothing cached)
// and reads that process's peak RSS. Drops the database at the end (BENCH_KEEP=1 keeps it).
// Env: BENCH_STATIONS (2000), BENCH_PSDS (300), BENCH_RUNS (3).
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
import { loadReport } from '../apps/server/src/modules/reports/load';
import { writeReportXlsx } from '../apps/server/src/modules/reports/excel';
import { recreatePostgresDatabase } from './database';

const STATIONS = Number(process.env.BENCH_STATIONS ?? 2000);
const PSDS = Number(process.env.BENCH_PSDS ?? 300);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const base = new URL(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
const target = new URL(base);
target.pathname = '/promo_bench_excel';
const TARGET_MS = 3000;
const TARGET_MB = 200;

type Mode = 'baseline' | 'load' | 'write';
interface Measured {
  mode: Mode;
  ms: number;
  maxRssMb: number;
  rows?: number;
  columns?: number;
  bytes?: number;
}

/**
 * One measurement in this (child) process: prints one JSON line. The database is opened with the
 * pg driver the server uses for PostgreSQL, without importing PGlite (db/client.ts does), so the
 * baseline is the Excel code path's own.
 */
async function child(mode: Mode, promotionId: number, file: string) {
  const pool = new pg.Pool({ connectionString: target.toString(), max: 10 });
  const db = drizzle(pool, { schema }) as unknown as Db;
  await pool.query('select 1'); // the connection is not part of the measurement
  const started = performance.now();
  let extra: Partial<Measured> = {};
  if (mode === 'load') {
    const report = await loadReport(db, promotionId);
    extra = { rows: report.cells.size, columns: report.psds.length };
  } else if (mode === 'write') {
    const made = await writeReportXlsx(db, file, { promotionId, address: true, categories: true, withPrices: true });
    extra = { rows: made.rows, columns: made.columns, bytes: fs.statSync(file).size };
  }
  const ms = performance.now() - started;
  const maxRssMb = process.resourceUsage().maxRSS / 1024;
  await pool.end();
  console.log(JSON.stringify({ mode, ms, maxRssMb, ...extra }));
}

async function generate(): Promise<number> {
  await recreatePostgresDatabase(target.toString());
  // Imported here: the children measure without PGlite, which db/client.ts brings along.
  const { openPostgres } = await import('../apps/server/src/db/client');
  const database = openPostgres(target.toString());
  await database.migrate();
  const db = database.db;
  await db.execute(sql`
    insert into categories (name, groups, required) values
      ('Generic', '{}', true), ('Fuel', '{}', false), ('Loyalty / Trumf', '{}', false),
      ('Food', '{RBA,DO+}', false), ('Food Outside', '{RBA,DO+}', false), ('Store', '{RBA,DO+}', false)`);
  await db.execute(sql`insert into designs (name, category_id) select 'Design ' || name, id from categories`);
  await db.execute(sql`insert into users (email, password_hash, name, role) values ('printer@bench.no', 'x', 'Trykkeriet', 'printer')`);
  // Stations in the three groups; one in 97 inactive.
  await db.execute(sql`
    insert into users (email, password_hash, name, role, company_name, post_address, postcode, kommune, "group", status)
    select 'station' || g || '@bench.no', 'x', 'Stasjon ' || lpad(g::text, 4, '0'), 'user', 'Handel ' || g || ' AS',
      'Storgata ' || (g % 90 + 1), lpad((1000 + g % 9000)::text, 4, '0'), 'Kommune ' || (g % 356),
      (array['RBA','DO+','DO'])[1 + g % 3], g % 97 <> 0
    from generate_series(1, ${STATIONS}) g`);
  // Each station receives three to five of the six categories.
  await db.execute(sql`
    insert into user_categories (user_id, category_id)
    select u.id, c.id from users u cross join categories c
    where u.role = 'user' and (u.id + c.id) % 5 <> 0 and (c.id * 3 + u.id) % 7 <> 0`);
  await db.execute(sql`
    insert into surfaces (vendor_code, name, type_surface, size_surface, price, printer_id)
    select 3000000 + g, (array['Plakat','Hyllestripe','Gulvdekal','Vindusdekal','Wobbler','Banner'])[1 + g % 6] || ' ' || g,
      'Plakat', 'H50 x W70', round((5 + g % 200 + (g % 7) / 10.0)::numeric, 2), (select id from users where email = 'printer@bench.no')
    from generate_series(1, ${PSDS}) g`);
  // Every station plans every surface: 0–5, about one in six is 0.
  await db.execute(sql`
    insert into planner_amounts (station_id, surface_id, amount)
    select u.id, s.id, (u.id * 7 + s.id * 3) % 6 from users u cross join surfaces s where u.role = 'user'`);
  const [promotion] = (
    await db.execute<{ id: number }>(sql`
      insert into promotions (name, period_from, period_to, status) values ('Benchkampanje', now(), now() + interval '30 days', 2) returning id`)
  ).rows;
  await db.execute(sql`insert into promotion_surfaces (promotion_id, surface_id) select ${promotion!.id}, id from surfaces`);
  await db.execute(sql`
    insert into promotion_surface_designs (promotion_id, surface_id, design_id, status)
    select ${promotion!.id}, s.id, d.id, 'Completed'
    from surfaces s join (select id, row_number() over (order by id) - 1 as n from designs) d on d.n = s.id % 6`);
  await db.execute(sql`analyze`);
  await database.close();
  return promotion!.id;
}

function measure(mode: Mode, promotionId: number, file: string): Measured {
  const script = fileURLToPath(import.meta.url);
  const res = spawnSync(process.execPath, [...process.execArgv, script, '--child', mode, String(promotionId), file], { encoding: 'utf8', env: process.env });
  const line = res.stdout.trim().split('\n').at(-1) ?? '';
  if (res.status !== 0 || !line.startsWith('{')) throw new Error(`child ${mode} failed: ${res.stderr || res.stdout}`);
  return JSON.parse(line) as Measured;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function main() {
  const t0 = performance.now();
  const promotionId = await generate();
  console.log(`generated ${STATIONS} stations × ${PSDS} surface-designs in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'promo-bench-excel-'));
  const file = path.join(dir, 'report.xlsx');
  try {
    const results: Record<Mode, Measured[]> = { baseline: [], load: [], write: [] };
    for (let i = 0; i < RUNS; i++) for (const mode of ['baseline', 'load', 'write'] as const) results[mode].push(measure(mode, promotionId, file));
    console.log('\n| step | ms (median of ' + RUNS + ') | peak RSS MB (median) |');
    console.log('|---|---|---|');
    for (const mode of ['baseline', 'load', 'write'] as const) {
      const r = results[mode];
      console.log(`| ${mode} | ${median(r.map((x) => x.ms)).toFixed(0)} | ${median(r.map((x) => x.maxRssMb)).toFixed(0)} |`);
    }
    const w = results.write.at(-1)!;
    console.log(`\nfile: ${w.rows} station rows × ${w.columns} columns, ${(w.bytes! / 1024 / 1024).toFixed(2)} MB`);
    const ms = median(results.write.map((x) => x.ms));
    const mb = median(results.write.map((x) => x.maxRssMb));
    console.log(`writeReportXlsx: ${ms.toFixed(0)} ms (target < ${TARGET_MS}), peak RSS ${mb.toFixed(0)} MB (target < ${TARGET_MB}): ${ms < TARGET_MS && mb < TARGET_MB ? 'met' : 'NOT met'}`);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
    if (!process.env.BENCH_KEEP) {
      const admin = new pg.Client({ connectionString: base.toString() });
      await admin.connect();
      await admin.query('drop database if exists promo_bench_excel with (force)');
      await admin.end();
    }
  }
}

if (process.argv[2] === '--child') {
  await child(process.argv[3] as Mode, Number(process.argv[4]), process.argv[5]!);
} else {
  await main();
}
