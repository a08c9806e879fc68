import { openPostgres } from '../apps/server/src/db/client';
const d = openPostgres('postgres://postgres@127.0.0.1:5432/promo_insights_bench');
const t = performance.now();
await d.migrate();
console.log('migrated in', ((performance.now() - t) / 1000).toFixed(1), 's');
await d.close();
