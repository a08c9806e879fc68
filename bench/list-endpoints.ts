// Benchmark of GET /api/products and GET /api/surfaces (search + filter + sort + page) at 1, 10 and
// 50 concurrent clients, next to the same SQL run through the pg driver, in the same run. Two
// workloads per endpoint: every client asks the same page (answered from the list memory after the
// first request, decision 008), and every request is a search never asked before (the database's
// work each time).
//   npx tsx bench/list-endpoints.ts            PostgreSQL (DATABASE_URL, default …/promo_bench)
//   BENCH_PGLITE=bench/.pglite npx tsx bench/list-endpoints.ts   the API on PGlite (no raw column)
// Generate the data first with bench/generate.ts.
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import qs from 'qs';
import { productsListQuery, surfacesListQuery } from '@promo/shared';
import * as schema from '../apps/server/src/db/schema';
import type { Db } from '../apps/server/src/db/client';
import { listProducts } from '../apps/server/src/modules/products/list';
import { listSurfaces } from '../apps/server/src/modules/surfaces/service';
import { get, measure, type LoadResult } from './load';
import { startBenchServer } from './server-process';

const PORT = Number(process.env.BENCH_PORT ?? 3900);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const LEVELS = (process.env.BENCH_LEVELS ?? '1,10,50').split(',').map(Number);
const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/promo_bench';
const PGLITE = process.env.BENCH_PGLITE;

// Product names are '<word> <0..996>' and surface names '<place> <n>' (bench/generate.ts).
const WORDS = ['cola', 'kaffe', 'sjokolade', 'brød', 'melk', 'pølse', 'vaskemiddel', 'motorolje', 'snus', 'vann'];
const newProductSearch = (i: number) => `${WORDS[i % WORDS.length]} ${Math.floor(i / WORDS.length) % 997}`;
const PLACES = ['inngang', 'kasse', 'kjøledisk', 'pumpeøy', 'vindu', 'kaffebar', 'gulv'];
const newSurfaceSearch = (i: number) => `${PLACES[i % PLACES.length]} ${Math.floor(i / PLACES.length) % 5000}`;

interface Case {
  path: string;
  query: Record<string, unknown>;
  /** The i-th request's query when every request searches something new. */
  fresh: (i: number) => Record<string, unknown>;
  run: (db: Db, q: unknown) => Promise<unknown>;
}

const CASES: Record<string, Case> = {
  products: {
    path: '/api/products',
    fresh: (i) => ({
      count_show: 25,
      // Past the 9,970 names the same searches come again for their next page.
      start_index: 25 * Math.floor(i / (WORDS.length * 997)),
      obj_search: { field: 'name', input_value: newProductSearch(i), only_category: '', only_subcategory: '' },
      sort_by: 'price_per_item',
      sort_count: 2,
    }),
    query: {
      count_show: 25,
      start_index: 50,
      obj_search: { field: 'name', input_value: 'kaffe', only_category: 'Food', only_subcategory: '' },
      sort_by: 'price_per_item',
      sort_count: 2,
    },
    run: (db: Db, q: unknown) => listProducts(db, productsListQuery.parse(q)),
  },
  surfaces: {
    path: '/api/surfaces',
    query: { count_show: 25, start_index: 25, obj_search: { field: 'name', input_value: 'plakat' }, sort_by: 'name', sort_count: 2 },
    fresh: (i) => ({ count_show: 25, start_index: 0, obj_search: { field: 'name', input_value: newSurfaceSearch(i) }, sort_by: 'name', sort_count: 2 }),
    run: (db: Db, q: unknown) => listSurfaces(db, surfacesListQuery.parse(q)),
  },
};

async function startServer(): Promise<() => Promise<void>> {
  const env = {
    ...process.env,
    PORT: String(PORT),
    NODE_ENV: 'development', // API only: no web build needed
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'false',
    ...(PGLITE ? { DATA_DIR: PGLITE, DATABASE_URL: '' } : { DATABASE_URL }),
  };
  if (PGLITE) delete (env as Record<string, string | undefined>).DATABASE_URL;
  return startBenchServer(PORT, env);
}

async function token(): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${PORT}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'email=admin%40demo.no&password=Demo2026',
  });
  return `Bearer ${((await res.json()) as { data: { bearerToken: string } }).data.bearerToken}`;
}

/** The statements the endpoint's service runs, captured once through Drizzle's logger. */
async function capturedSql(run: (db: Db, q: unknown) => Promise<unknown>, query: unknown) {
  const pool = new pg.Pool({ connectionString: DATABASE_URL, max: 2 });
  const statements: { sql: string; params: unknown[] }[] = [];
  const db = drizzle(pool, { schema, logger: { logQuery: (sql, params) => statements.push({ sql, params }) } }) as unknown as Db;
  await run(db, query);
  await pool.end();
  return statements;
}

const fmt = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : '–');

async function main() {
  const stop = await startServer();
  const auth = await token();
  const rows: string[] = [];
  let fresh = 0;
  try {
    for (const [name, c] of Object.entries(CASES)) {
      const url = `http://127.0.0.1:${PORT}${c.path}?${qs.stringify(c.query)}`;
      const statements = PGLITE ? [] : await capturedSql(c.run, c.query);
      for (const level of LEVELS) {
        const api = await measure(level, SECONDS, () => get(url, { authorization: auth }));
        let raw: LoadResult | null = null;
        if (!PGLITE) {
          const pool = new pg.Pool({ connectionString: DATABASE_URL, max: level });
          // The same statements, all at once on the pool (the service runs most of them in parallel too).
          raw = await measure(level, SECONDS, async () => {
            await Promise.all(statements.map((s) => pool.query(s.sql, s.params as unknown[])));
          });
          await pool.end();
        }
        const line = `| ${name}, same page | ${level} | ${fmt(api.p50)} | ${fmt(api.p95)} | ${fmt(api.p99)} | ${api.rps.toFixed(0)} | ${api.errors} | ${raw ? fmt(raw.p50) : '–'} | ${raw ? fmt(raw.p95) : '–'} | ${raw ? raw.rps.toFixed(0) : '–'} | ${raw ? fmt(api.p50 - raw.p50) : '–'} | ${raw ? (api.rps / raw.rps).toFixed(2) : '–'} |`;
        console.log(line);
        rows.push(line);
      }
      // Counted across the levels, so no request is asked twice.
      let next = 0;
      for (const level of LEVELS) {
        const api = await measure(level, SECONDS, () => get(`http://127.0.0.1:${PORT}${c.path}?${qs.stringify(c.fresh(next++))}`, { authorization: auth }));
        const line = `| ${name}, new search each request | ${level} | ${fmt(api.p50)} | ${fmt(api.p95)} | ${fmt(api.p99)} | ${api.rps.toFixed(0)} | ${api.errors} | – | – | – | – | – |`;
        console.log(line);
        rows.push(line);
      }
      fresh = Math.max(fresh, next);
    }
  } finally {
    await stop();
  }
  console.log(`\n${PGLITE ? 'PGlite' : 'PostgreSQL'}, ${SECONDS} s per cell after 1 s warm-up; ${fresh} new searches asked`);
  console.log('| endpoint | clients | API p50 ms | API p95 ms | API p99 ms | API req/s | errors | SQL p50 ms | SQL p95 ms | SQL req/s | added p50 ms | API/SQL req/s |');
  console.log('|---|---|---|---|---|---|---|---|---|---|---|---|');
  for (const r of rows) console.log(r);
  process.exit(0);
}

await main();
