import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { isDeepStrictEqual } from 'node:util';
import * as schema from '../apps/server/src/db/schema';
import type { Db } from '../apps/server/src/db/client';
import type { AuthContext } from '../apps/server/src/lib/auth-context';
import { deadlineInsights } from '../apps/server/src/modules/insights/deadlines';
import { deadlineInsights as oldDeadlines } from '../apps/server/src/modules/insights/deadlines-old.tmp';
import { insightsScope } from '../apps/server/src/modules/insights/scope';
const pool = new pg.Pool({ connectionString: 'postgres://postgres@127.0.0.1:5432/promo_insights_bench' });
const db = drizzle(pool, { schema }) as unknown as Db;
const ranges = [{}, { from: '2023-01-01', to: '2027-12-31' }, { from: '2025-03-15', to: '2025-04-10' }, { group: 'RBA' }];
let bad = 0, n = 0;
for (const role of ['admin', 'cm']) {
  const { rows } = await pool.query<{ id: number }>('select id from users where email = $1', [`${role}@demo.no`]);
  const auth = { user: { id: rows[0]!.id, role } } as unknown as AuthContext;
  for (const q of ranges) {
    const scope = await insightsScope(db, auth, q as never);
    n++;
    const a = await oldDeadlines(db, scope), b = await deadlineInsights(db, scope);
    if (!isDeepStrictEqual(a, b)) { bad++; console.log('DIFFERENT', role, JSON.stringify(q)); }
    else console.log('same', role, JSON.stringify(q), JSON.stringify(a.milestones).slice(0, 150));
  }
}
console.log(`${n - bad} of ${n} the same`);
await pool.end();
