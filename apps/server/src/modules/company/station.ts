import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { categories, designs, distributorParcels, plannerAmounts, promotions, promotionSurfaceDesigns, userCategories, users } from '../../db/schema';
import type { AuthContext } from '../../lib/auth-context';
import { AppError } from '../../lib/errors';
import type { ReportStation } from '../reports/compute';

/** The signed-in station: always the session's user, never an id from the request. */
export type Station = ReportStation;

export const noSuchCompany = () => new AppError(404, 'There is no such company!', 'no_such_company');

/**
 * The session's station with its group and categories. A station that is no longer an active,
 * undeleted user with role `user` is 'no such company' (the session check normally stops it first).
 */
export async function ownStation(db: DbOrTx, auth: AuthContext): Promise<Station> {
  const [row] = await db
    .select({ id: users.id, group: users.group })
    .from(users)
    .where(and(eq(users.id, auth.user.id), eq(users.role, 'user'), eq(users.status, true), isNull(users.deleted_at)));
  if (!row) throw noSuchCompany();
  const links = await db.select({ id: userCategories.category_id }).from(userCategories).where(eq(userCategories.user_id, row.id));
  return { id: row.id, group: row.group, categoryIds: links.map((l) => l.id) };
}

/**
 * SQL twin of reports/compute.ts `receives()`: the design's category is required or one of the
 * station's, and the category's groups are empty or contain the station's group.
 */
export function receivesSql(station: Station): SQL {
  const inCategory = station.categoryIds.length
    ? sql`(${categories.required} or ${categories.id} in (${sql.join(
        station.categoryIds.map((id) => sql`${id}`),
        sql`, `,
      )}))`
    : sql`${categories.required}`;
  const groupAllowed =
    station.group === null
      ? sql`cardinality(${categories.groups}) = 0`
      : sql`(cardinality(${categories.groups}) = 0 or ${station.group}::text = any(${categories.groups}))`;
  return sql`${inCategory} and ${groupAllowed}`;
}

/**
 * The promotions a station sees (decision 006): shown to users, and holding a design the station
 * receives with a planned amount above 0, or already delivered to it.
 */
export function visibleToStation(station: Station): SQL {
  return sql`${promotions.show_in_user_promotions} and (
    exists (
      select 1 from ${promotionSurfaceDesigns}
      join ${designs} on ${designs.id} = ${promotionSurfaceDesigns.design_id}
      join ${categories} on ${categories.id} = ${designs.category_id}
      join ${plannerAmounts} on ${plannerAmounts.surface_id} = ${promotionSurfaceDesigns.surface_id}
        and ${plannerAmounts.station_id} = ${station.id} and ${plannerAmounts.amount} > 0
      where ${promotionSurfaceDesigns.promotion_id} = ${promotions.id} and ${receivesSql(station)}
    )
    or exists (
      select 1 from ${distributorParcels}
      where ${distributorParcels.promotion_id} = ${promotions.id} and ${distributorParcels.station_id} = ${station.id}
    )
  )`;
}
