// Benchmark of the five insights calls (issue 24) on the chain of bench/insights-chain.ts: each call
// with the page's default range (the last 12 months) at 1 and 10 concurrent clients, as admin (every
// category) and as a cm (its categories), and EXPLAIN ANALYZE of every statement a call runs (both roles).
//   npx tsx bench/insights-chain.ts && npx tsx bench/insights.ts                 PostgreSQL
//   BENCH_PGLITE=bench/.pglite-insights npx tsx bench/insights-chain.ts && BENCH_PGLITE=bench/.pglite-insights npx tsx bench/insights.ts
//   BENCH_EXPLAIN=0 … skips the plans; BENCH_SECONDS, BENCH_LEVELS as in bench/list-endpoints.ts;
//   BENCH_SECTIONS=cost,delivery … measures only those calls
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from '../apps/server/src/db/schema';
import type { Db } from '../apps/server/src/db/client';
import type { AuthContext } from '../apps/server/src/lib/auth-context';
import { costInsights } from '../apps/server/src/modules/insights/cost';
import { deadlineInsights } from '../apps/server/src/modules/insights/deadlines';
import { deliveryInsights } from '../apps/server/src/modules/insights/delivery';
import { printQualityInsights } from '../apps/server/src/modules/insights/print-quality';
import { insightsScope, type InsightsScope } from '../apps/server/src/modules/insights/scope';
import { turnaroundInsights } from '../apps/server/src/modules/insights/turnaround';
import { get, measure } from './load';
import { startBenchServer } from './server-process';

const PORT = Number(process.env.BENCH_PORT ?? 3901);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const LEVELS = (process.env.BENCH_LEVELS ?? '1,10').split(',').map(Number);
const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/promo_insights_bench';
const PGLITE = process.env.BENCH_PGLITE;
const EXPLAIN = process.env.BENCH_EXPLAIN !== '0' && !PGLITE;
const TARGET_P95 = PGLITE ? 450 : 150;

const ALL_SECTIONS: Record<string, (db: Db, scope: InsightsScope) => Promise<unknown>> = {
  cost: costInsights,
  deadlines: deadlineInsights,
  delivery: deliveryInsights,
  turnaround: turnaroundInsights,
  'print-quality': printQualityInsights,
};
const ONLY = process.env.BENCH_SECTIONS?.split(',');
const SECTIONS = Object.fromEntries(Object.entries(ALL_SECTIONS).filter(([name]) => !ONLY || ONLY.includes(name)));

async function token(email: string): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${PORT}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: `email=${encodeURIComponent(email)}&password=Demo2026`,
  });
  return `Bearer ${((await res.json()) as { data: { bearerToken: string } }).data.bearerToken}`;
}

/**
 * Every statement a section runs for admin or the demo cm, through Drizzle's logger, then EXPLAIN
 * ANALYZE of each (BENCH_PLANS=1 prints the whole plans).
 */
async function explain(section: string, run: (db: Db, scope: InsightsScope) => Promise<unknown>, role: 'admin' | 'cm') {
  const pool = new pg.Pool({ connectionString: DATABASE_URL, max: 1 });
  const statements: { sql: string; params: unknown[] }[] = [];
  const db = drizzle(pool, { schema, logger: { logQuery: (q, params) => statements.push({ sql: q, params }) } }) as unknown as Db;
  const { rows } = await pool.query<{ id: number }>('select id from users where email = $1', [`${role}@demo.no`]);
  const auth = { user: { id: rows[0]!.id, role } } as unknown as AuthContext;
  const scope = await insightsScope(db, auth, {});
  statements.length = 0;
  await run(db, scope);
  // The statements themselves, planned as oneStatement's transaction plans them (no parallel workers).
  await pool.query('set max_parallel_workers_per_gather = 0');
  for (const s of statements.filter((st) => /^\s*(with|select)\b/i.test(st.sql))) {
    const plan = await pool.query(`explain (analyze, buffers off) ${s.sql}`, s.params as unknown[]);
    const lines = plan.rows.map((r: Record<string, string>) => r['QUERY PLAN']!);
    const total = lines.find((l) => l.startsWith('Execution Time'));
    const seq = lines.filter((l) => /Seq Scan on (print_report_amounts|distributor_parcel_items|chat_messages|design_status_changes|distributor_parcels)/.test(l));
    console.log(`  ${section} (${role}): ${total}${seq.length ? `; sequential scans: ${seq.map((l) => l.trim().replace(/\s+\(cost.*$/, '')).join(', ')}` : ''}`);
    if (process.env.BENCH_PLANS) console.log(lines.join('\n'));
  }
  await pool.end();
}

const fmt = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : '–');

async function main() {
  const env = { ...process.env, NODE_ENV: 'development', LOG_LEVEL: 'warn', SEED_DEMO: 'false', ...(PGLITE ? { DATA_DIR: PGLITE } : { DATABASE_URL }) };
  if (PGLITE) delete (env as Record<string, string | undefined>).DATABASE_URL;
  const stop = await startBenchServer(PORT, env);
  const rows: string[] = [];
  let over = 0;
  try {
    const who = { admin: await token('admin@demo.no'), cm: await token('cm@demo.no') };
    for (const section of Object.keys(SECTIONS)) {
      for (const [role, auth] of Object.entries(who)) {
        for (const level of LEVELS) {
          const r = await measure(level, SECONDS, () => get(`http://127.0.0.1:${PORT}/api/insights/${section}`, { authorization: auth }));
          if (level === 10 && r.p95 > TARGET_P95) over++;
          const line = `| ${section} | ${role} | ${level} | ${fmt(r.p50)} | ${fmt(r.p95)} | ${fmt(r.p99)} | ${r.rps.toFixed(1)} | ${r.errors} |`;
          console.log(line);
          rows.push(line);
        }
      }
    }
  } finally {
    await stop();
  }
  console.log(`\n${PGLITE ? 'PGlite' : 'PostgreSQL'}, default range (12 months), ${SECONDS} s per cell after 1 s warm-up; target p95 at 10 clients ≤ ${TARGET_P95} ms`);
  console.log('| call | as | clients | p50 ms | p95 ms | p99 ms | req/s | errors |');
  console.log('|---|---|---|---|---|---|---|---|');
  for (const r of rows) console.log(r);
  if (EXPLAIN) {
    console.log('\nEXPLAIN ANALYZE, one client:');
    for (const [section, run] of Object.entries(SECTIONS)) for (const role of ['admin', 'cm'] as const) await explain(section, run, role);
  }
  process.exit(over ? 1 : 0);
}

await main();
