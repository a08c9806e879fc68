// A chain for the insights benchmark (issue 24), made by generate_series on top of the demo set:
// 500 promotions over the 3 years up to today, 300 stations in 3 groups, 40 surfaces, 20,000
// designs (40 per promotion) with their status history and chats (a brief text, one or two
// sketches, an HQ file with its preflight), print reports with each station's frozen amounts
// (a station receives a design when (station + design) % 4 = 0: 1.5 million amounts), one parcel
// per station and promotion with its items, receipts and placement photos.
//   DATABASE_URL=postgres://…/promo_insights_bench npx tsx bench/insights-chain.ts   (recreated)
//   BENCH_PGLITE=bench/.pglite-insights npx tsx bench/insights-chain.ts
import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import { openPglite, openPostgres, type Database } from '../apps/server/src/db/client';
import { seedDemo } from '../apps/server/src/db/seed/demo';
import { localDiskStorage } from '../apps/server/src/lib/storage';
import { recreatePostgresDatabase } from './database';

export const CHAIN = {
  promotions: Number(process.env.BENCH_PROMOTIONS ?? 500),
  stations: Number(process.env.BENCH_STATIONS ?? 300),
  surfaces: 40,
  designsPerPromotion: 40,
};

export async function generateChain(database: Database, filesDir: string) {
  await database.migrate();
  await seedDemo(database.db, localDiskStorage(filesDir));
  const db = database.db;
  // Each step analyzed after, as autovacuum would between a real chain's writes: without it the
  // next step's triggers plan their refresh against tables the planner takes for empty (the
  // preflights' refresh took 77 s instead of about 1).
  const step = async (label: string, statement: ReturnType<typeof sql>) => {
    const started = performance.now();
    await db.execute(statement);
    await db.execute(sql`analyze`);
    console.log(`  ${label}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  };
  await step('stations', sql`
    insert into users (email, name, company_name, role, "group")
    select 'kjede-stasjon-' || g || '@example.no', 'Stasjon ' || g, 'Stasjon ' || g, 'user', (array['RBA', 'DO+', 'DO'])[1 + g % 3]
    from generate_series(1, ${CHAIN.stations}) g`);
  await step('surfaces', sql`
    insert into surfaces (name, vendor_code, price, type_surface, size_surface)
    select 'Kjedeflate ' || g, 880000 + g, round((20 + (g * 37) % 400 + (g % 4) * 0.25)::numeric, 2), 'Plakat', '50x70'
    from generate_series(1, ${CHAIN.surfaces}) g`);
  // Periods a little over two days apart, the last ones still to come; created 60 days before.
  await step('promotions', sql`
    insert into promotions (name, period_from, period_to, status, created_at)
    select 'Kjedekampanje ' || g, d, d + 14, case when d < current_date - 7 then 4 when d < current_date + 21 then 2 else 0 end,
           (d - 60)::timestamp at time zone 'Europe/Oslo'
    from generate_series(1, ${CHAIN.promotions}) g,
         lateral (select (current_date - interval '3 years' + (g * (1095.0 / ${CHAIN.promotions})) * interval '1 day')::date as d) x`);
  await step('designs', sql`
    insert into promotion_surface_designs (promotion_id, surface_id, design_id, status, designer_id)
    select p.id, s.id, ds.id, case when p.status >= 2 then 'Completed' else 'Brief' end, (select id from users where email = 'designer@demo.no')
    from (select id, status, row_number() over (order by id) as n from promotions where name like 'Kjedekampanje %') p
    cross join generate_series(0, ${CHAIN.designsPerPromotion - 1}) k
    join (select id, row_number() over (order by id) - 1 as n from surfaces where name like 'Kjedeflate %') s on s.n = k
    join (select id, row_number() over (order by id) - 1 as n, count(*) over () as total from designs) ds on ds.n = (p.n * 7 + k) % ds.total
    -- A promotion's lines get consecutive ids on either engine, so the amounts' (station + line) % 4
    -- rule gives every station 10 of each promotion's 40 designs. Without the order PostgreSQL
    -- numbered the lines surface by surface (500 apart, all alike mod 4) and a quarter of the
    -- stations got all 40 and the rest none: 37,323 parcels there, 149,148 on PGlite.
    order by p.n, k`);
  await step('chats', sql`insert into chats (psd_id, last_message_id) select id, 4 from promotion_surface_designs where promotion_id in (select id from promotions where name like 'Kjedekampanje %')`);
  // Brief 45 days before the period, approved 35, completed 30; every fifth design has a round of Correction.
  await step('status history', sql`
    insert into design_status_changes (psd_id, from_status, to_status, cause, created_at)
    select ps.id, v.from_status, v.to_status, 'edit', (p.period_from - v.days)::timestamp at time zone 'Europe/Oslo' + (ps.id % 600) * interval '1 minute'
    from promotion_surface_designs ps join promotions p on p.id = ps.promotion_id and p.name like 'Kjedekampanje %'
    cross join (values ('Created', 'Brief', 45, 0), ('Brief', 'Correction', 40, 1), ('Correction', 'Approved', 35, 1), ('Brief', 'Approved', 35, 2), ('Approved', 'Completed', 30, 0)) v(from_status, to_status, days, kind)
    where (v.kind = 0 or (v.kind = 1 and ps.id % 5 = 0) or (v.kind = 2 and ps.id % 5 <> 0)) and (p.status >= 2 or v.to_status = 'Brief')`);
  await step('files', sql`
    insert into files (storage_key, original_name, size, content_type, sha256, owner_table, owner_id)
    select 'bench/hq-' || ps.id, 'hq-' || ps.id || '.pdf', 1000, 'application/pdf', 'x', 'chat_messages', null
    from promotion_surface_designs ps join promotions p on p.id = ps.promotion_id and p.name like 'Kjedekampanje %'`);
  await step('chat messages', sql`
    insert into chat_messages (chat_id, message_id, sender_id, text, type_file, type_extension, file_id, created_at)
    select c.id, m.n, (select id from users where email = case when m.n = 1 then 'cm@demo.no' else 'designer@demo.no' end),
           case when m.n = 1 then 'Briefen' else '' end, m.type_file, case when m.type_file = '' then '' else 'document' end,
           case when m.type_file = 'HQ' then f.id end,
           (p.period_from - m.days)::timestamp at time zone 'Europe/Oslo' + (ps.id % 600) * interval '1 minute'
    from promotion_surface_designs ps join promotions p on p.id = ps.promotion_id and p.name like 'Kjedekampanje %'
    join chats c on c.psd_id = ps.id
    left join files f on f.storage_key = 'bench/hq-' || ps.id
    cross join (values (1, '', 45), (2, 'Sketch', 42), (3, 'Sketch', 37), (4, 'HQ', 32)) m(n, type_file, days)
    where m.n <> 3 or ps.id % 5 = 0`);
  await step('preflights', sql`
    insert into file_preflights (file_id, status, checks)
    select f.id, (array['ok', 'warnings', 'errors'])[1 + f.id % 3],
           case f.id % 3 when 0 then '[]'::jsonb
                          when 1 then '[{"check": "bleed", "level": "warning", "values": {}}]'::jsonb
                          else '[{"check": "resolution", "level": "error", "values": {}}, {"check": "bleed", "level": "warning", "values": {}}]'::jsonb end
    from files f where f.storage_key like 'bench/hq-%'`);
  await step('print reports', sql`
    insert into print_reports (promotion_id, percent, created_at)
    select id, 10, (period_from - 22)::timestamp at time zone 'Europe/Oslo' from promotions where name like 'Kjedekampanje %' and status >= 2`);
  await step('amounts', sql`
    insert into print_report_amounts (promotion_id, station_id, psd_id, amount)
    select ps.promotion_id, u.id, ps.id, 1 + (u.id + ps.id) % 5
    from promotion_surface_designs ps join print_reports r on r.promotion_id = ps.promotion_id
    join promotions p on p.id = ps.promotion_id and p.name like 'Kjedekampanje %'
    join users u on u.email like 'kjede-stasjon-%' and (u.id + ps.id) % 4 = 0`);
  await step('promotion events', sql`
    insert into promotion_events (promotion_id, event, created_at)
    select p.id, e.event, (p.period_from - e.days)::timestamp at time zone 'Europe/Oslo'
    from promotions p cross join (values ('printed', 15), ('distributed', 8)) e(event, days)
    where p.name like 'Kjedekampanje %' and p.status >= 4`);
  await step('parcels', sql`
    insert into distributor_parcels (promotion_id, station_id, tracker_number, received_at, receipt_status)
    select a.promotion_id, a.station_id, 'TRK' || a.promotion_id || '-' || a.station_id,
           case when (a.promotion_id + a.station_id) % 10 <> 0 then (p.period_from - 7 + (a.station_id % 3))::timestamp at time zone 'Europe/Oslo' end,
           case when (a.promotion_id + a.station_id) % 10 = 0 then null when (a.promotion_id + a.station_id) % 17 = 0 then 'problem' else 'ok' end
    from (select distinct promotion_id, station_id from print_report_amounts) a
    join promotions p on p.id = a.promotion_id and p.status >= 4 and p.name like 'Kjedekampanje %'`);
  await step('parcel items', sql`
    insert into distributor_parcel_items (parcel_id, station_id, psd_id, surface_id, amount)
    select dp.id, a.station_id, a.psd_id, ps.surface_id, a.amount
    from distributor_parcels dp join print_report_amounts a on a.promotion_id = dp.promotion_id and a.station_id = dp.station_id and dp.tracker_number like 'TRK%'
    join promotion_surface_designs ps on ps.id = a.psd_id`);
  await step('photo files', sql`
    insert into files (storage_key, original_name, size, content_type, sha256)
    select 'bench/photo-' || dp.id, 'foto.jpg', 1000, 'image/jpeg', 'x' from distributor_parcels dp where dp.tracker_number like 'TRK%' and dp.received_at is not null and dp.id % 2 = 0`);
  await step('placement photos', sql`
    insert into placement_photos (promotion_id, station_id, surface_id, file_id)
    select dp.promotion_id, dp.station_id, i.surface_id, f.id
    from distributor_parcels dp join files f on f.storage_key = 'bench/photo-' || dp.id
    join lateral (select surface_id from distributor_parcel_items where parcel_id = dp.id order by id limit 1) i on true`);
  // The visibility map too, so the read model's index-only scans read no table pages (PGlite has no
  // autovacuum; its server vacuums at start, which a benchmark's first calls would otherwise wait for).
  await db.execute(sql`vacuum analyze`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const pglite = process.env.BENCH_PGLITE;
  const url = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/promo_insights_bench';
  const filesDir = fs.mkdtempSync('/tmp/promo-insights-files-');
  if (pglite) fs.rmSync(pglite, { recursive: true, force: true });
  else await recreatePostgresDatabase(url);
  // The server opens DATA_DIR/pgdata: generate there.
  const database = pglite ? await openPglite(`${pglite}/pgdata`) : openPostgres(url);
  const started = performance.now();
  await generateChain(database, filesDir);
  console.log(`generated in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  await database.close();
}
