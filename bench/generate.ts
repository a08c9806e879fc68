// Fills a database with the benchmark data set: the demo users and categories, then 100,000
// products and 5,000 surfaces made by generate_series (fast, and the same on PostgreSQL and PGlite).
//   DATABASE_URL=postgres://…/promo_bench npx tsx bench/generate.ts      (PostgreSQL; recreated)
//   BENCH_PGLITE=bench/.pglite npx tsx bench/generate.ts                 (PGlite data folder; recreated)
import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import { openPglite, openPostgres, type Database } from '../apps/server/src/db/client';
import { seedDemo } from '../apps/server/src/db/seed/demo';
import { localDiskStorage } from '../apps/server/src/lib/storage';
import { recreatePostgresDatabase } from './database';

export const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 100_000);
export const SURFACES = Number(process.env.BENCH_SURFACES ?? 5_000);

export async function generate(database: Database, filesDir: string) {
  await database.migrate();
  // The demo set brings users, categories, 60 surfaces and 2,000 products; the bulk comes on top.
  await seedDemo(database.db, localDiskStorage(filesDir));
  const db = database.db;
  await db.execute(sql`
    insert into products (name, vendor_code, ean, category_id, sub_category, manufacturer, main_last_price, provider_name,
      tax, container_deposit, price_per_item, item_plan_bu_grp, locally_owned, selling_type, provider_item_ean,
      provider_item_name, provider_item_pack_qty, provider_item_vendor_code, latest_price, status)
    select
      (array['Cola','Kaffe','Sjokolade','Brød','Melk','Pølse','Vaskemiddel','Motorolje','Snus','Vann'])[1 + g % 10] || ' ' || (g % 997),
      1000000 + g,
      7050000000000 + g * 10,
      c.id,
      (array['Drikke','Snacks','Meieri','Bakst','Bilpleie','Husholdning'])[1 + (g / 7) % 6],
      (array['Ringnes','Freia','Tine','Gilde','Castrol','Lambi','Kims','Evergood'])[1 + g % 8],
      round((10 + (g * 37) % 500 + (g % 100) / 100.0)::numeric, 2),
      (array['Ringnes','Freia','Tine','Gilde','Castrol','Lambi','Kims','Evergood'])[1 + g % 8] || ' Norge AS',
      case when g % 2 = 0 then 25 else 15 end, 0,
      round((10 + (g * 37) % 500 + (g % 100) / 100.0)::numeric, 2),
      'BU-' || (1 + g % 12), 'Nei', 'Standard', (7060000000000 + g)::text, 'Vare ' || g, 12, (900000 + g)::text,
      round((10 + (g * 37) % 500)::numeric, 2), g % 23 <> 0
    from generate_series(1, ${PRODUCTS}) g
    join (select id, row_number() over (order by id) - 1 as n, count(*) over () as total from categories) c
      on c.n = g % c.total`);
  await db.execute(sql`
    insert into surfaces (vendor_code, name, type_surface, size_surface, price, description, divided_bool, status)
    select 2000000 + g,
      (array['Plakat','Hyllestripe','Gulvdekal','Vindusdekal','Wobbler','Banner'])[1 + g % 6] || ' ' ||
      (array['Inngang','Kasse','Kjøledisk','Pumpeøy','Vindu','Kaffebar','Gulv'])[1 + (g / 6) % 7] || ' ' || g,
      (array['Plakat','Hyllestripe','Gulvdekal','Vindusdekal','Wobbler','Banner'])[1 + g % 6],
      (array['H50 x W70','H70 x W100','H3 x W100','H60 x W60'])[1 + g % 4],
      round((20 + g % 300)::numeric, 2),
      'Flate ved ' || (array['inngang','kasse','kjøledisk','pumpeøy','vindu','kaffebar','gulv'])[1 + (g / 6) % 7],
      g % 3 <> 0, '{}'
    from generate_series(1, ${SURFACES}) g`);
  // As autovacuum leaves a table after a bulk insert: statistics, and the trigram indexes' pending
  // lists merged (with thousands of rows still pending the planner rightly avoids them).
  await db.execute(sql`vacuum analyze`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const started = Date.now();
  const filesDir = fs.mkdtempSync('/tmp/promo-bench-files-');
  let database: Database;
  if (process.env.BENCH_PGLITE) {
    // The server opens DATA_DIR/pgdata: generate there.
    fs.rmSync(process.env.BENCH_PGLITE, { recursive: true, force: true });
    database = await openPglite(`${process.env.BENCH_PGLITE}/pgdata`);
  } else {
    const url = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/promo_bench';
    await recreatePostgresDatabase(url);
    database = openPostgres(url);
  }
  await generate(database, filesDir);
  await database.close();
  console.log(`generated ${PRODUCTS} products and ${SURFACES} surfaces in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
