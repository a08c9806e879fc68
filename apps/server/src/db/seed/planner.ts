import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { plannerAmounts, surfaces, users } from '../schema';

/** Planner amounts: every station wants 0–4 of each surface, in a fixed pattern (about one in five is 0). */
export async function seedPlanner(db: DbOrTx) {
  const [stations, allSurfaces] = await Promise.all([
    db.select({ id: users.id }).from(users).where(eq(users.role, 'user')).orderBy(asc(users.id)),
    db.select({ id: surfaces.id }).from(surfaces).orderBy(asc(surfaces.id)),
  ]);
  const rows = stations.flatMap((s, i) => allSurfaces.map((f, j) => ({ station_id: s.id, surface_id: f.id, amount: (i * 7 + j * 3) % 5 })));
  for (let i = 0; i < rows.length; i += 1000) await db.insert(plannerAmounts).values(rows.slice(i, i + 1000));
}
