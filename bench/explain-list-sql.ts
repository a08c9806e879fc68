// Prints EXPLAIN ANALYZE timings of every statement the products and surfaces list endpoints run,
// against the benchmark database (bench/generate.ts): [Q=search-text] npx tsx bench/explain-list-sql.ts
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { productsListQuery, surfacesListQuery } from '@promo/shared';
import * as schema from '../apps/server/src/db/schema';
import { listProducts } from '../apps/server/src/modules/products/list';
import { listSurfaces } from '../apps/server/src/modules/surfaces/service';
const pool = new pg.Pool({ connectionString: 'postgres://postgres@127.0.0.1:5432/promo_bench' });
const statements: { sql: string; params: unknown[] }[] = [];
const db = drizzle(pool, { schema, logger: { logQuery: (sql, params) => statements.push({ sql, params }) } }) as never;
await listProducts(db, productsListQuery.parse({ count_show: 25, start_index: 50, obj_search: { field: 'name', input_value: 'kaffe', only_category: 'Food' }, sort_by: 'price_per_item', sort_count: 2 }));
await listSurfaces(db, surfacesListQuery.parse({ count_show: 25, start_index: 25, obj_search: { field: 'name', input_value: process.env.Q ?? 'plakat' }, sort_by: 'name', sort_count: 2 }));
for (const s of statements) {
  const t0 = performance.now();
  const r = await pool.query('explain analyze ' + s.sql, s.params as unknown[]);
  const last = r.rows.slice(-2).map((x: { "QUERY PLAN": string }) => x['QUERY PLAN']).join(' ');
  console.log((performance.now() - t0).toFixed(1), 'ms |', s.sql.slice(0, 150).replace(/\s+/g, ' '), '|', last);
}
await pool.end();
