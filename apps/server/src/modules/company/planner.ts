import { and, asc, count, eq, gt, isNull, sql } from 'drizzle-orm';
import type {
  HistoryListQuery,
  PlannerHistoryData,
  PlannerListData,
  PlannerListQuery,
  SaveAmountBody,
  SaveAmountData,
  UserCompanyPlannerData,
} from '@promo/shared';
import type { Db, DbOrTx } from '../../db/client';
import { plannerAmounts, plannerHistory, surfaces, systemSettings, users } from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import type { AuthContext } from '../../lib/auth-context';
import { AppError, invalidField } from '../../lib/errors';
import { urlImagesFor } from '../../lib/images';
import { orderBy } from '../../lib/sql-helpers';
import { surfaceSearchCondition } from '../surfaces/service';
import { ownStation } from './station';

/** Surface status flag 1: 'is locked for users'. */
export const LOCKED_FOR_USERS = 1;

const surfaceLocked = () =>
  new AppError(422, 'The surface is locked for users', 'surface_locked_for_users', { surface_id: ['surface_locked_for_users'] });


const amountOrZero = sql<number>`coalesce(${plannerAmounts.amount}, 0)`;

const plannerSort = {
  vendor_code: surfaces.vendor_code,
  name: surfaces.name,
  type_surface: surfaces.type_surface,
  size_surface: surfaces.size_surface,
  description: surfaces.description,
  amount: amountOrZero,
} as const;

/** GET /company_api/company-planner: every surface with the station's amount; only_quantity keeps amounts above 0. */
export async function plannerList(db: Db, auth: AuthContext, q: PlannerListQuery): Promise<PlannerListData> {
  const station = await ownStation(db, auth);
  const joinOwn = and(eq(plannerAmounts.surface_id, surfaces.id), eq(plannerAmounts.station_id, station.id));
  const where = and(surfaceSearchCondition(q.obj_search.field, q.obj_search.input_value), q.only_quantity ? gt(plannerAmounts.amount, 0) : undefined);
  const [rows, [total]] = await Promise.all([
    db
      .select({ surface: surfaces, amount: amountOrZero })
      .from(surfaces)
      .leftJoin(plannerAmounts, joinOwn)
      .where(where)
      .orderBy(...orderBy(plannerSort[q.sort_by], q.sort_count, surfaces.id))
      .limit(q.count_show)
      .offset(q.start_index),
    db.select({ n: count() }).from(surfaces).leftJoin(plannerAmounts, joinOwn).where(where),
  ]);
  const images = await urlImagesFor(db, rows.map((r) => r.surface.image_id));
  return {
    surfaces: rows.map(({ surface: s }) => ({
      id: s.id,
      name: s.name,
      vendor_code: s.vendor_code,
      type_surface: s.type_surface,
      size_surface: s.size_surface,
      description: s.description,
      url_images: s.image_id ? (images.get(s.image_id) ?? null) : null,
      locked: s.status.includes(LOCKED_FOR_USERS),
    })),
    total: Number(total!.n),
    userSurfacesData: Object.fromEntries(rows.map((r) => [String(r.surface.id), Number(r.amount)])),
  };
}

/**
 * Saves one amount (DOMAIN.md 'Company planner'): refused for a surface locked for users; in one
 * transaction the station's row is made if missing, locked (so simultaneous saves of the same
 * surface queue up and each sees the amount the previous one left), updated, and one history row
 * is written with old and new value. Saving the amount it already has changes nothing.
 */
export async function saveAmount(
  db: Db,
  auth: AuthContext,
  body: SaveAmountBody,
  /** Called in the transaction with the result, so a route can keep its answer with the change. */
  inTransaction?: (tx: DbOrTx, saved: SaveAmountData) => Promise<void>,
): Promise<SaveAmountData> {
  const station = await ownStation(db, auth);
  return db.transaction(async (tx) => {
    const saved = await writeAmount(tx, auth, station.id, body);
    await inTransaction?.(tx, saved);
    return saved;
  });
}

async function writeAmount(tx: DbOrTx, auth: AuthContext, stationId: number, body: SaveAmountBody): Promise<SaveAmountData> {
  // A share lock: an admin cannot lock the surface halfway through this save.
  const [surface] = await tx.select({ id: surfaces.id, status: surfaces.status }).from(surfaces).where(eq(surfaces.id, body.surface_id)).for('share');
  if (!surface) throw invalidField('surface_id', 'surface_not_found');
  if (surface.status.includes(LOCKED_FOR_USERS)) throw surfaceLocked();
  await tx.insert(plannerAmounts).values({ station_id: stationId, surface_id: surface.id, amount: 0 }).onConflictDoNothing();
  const [row] = await tx
    .select({ id: plannerAmounts.id, amount: plannerAmounts.amount })
    .from(plannerAmounts)
    .where(and(eq(plannerAmounts.station_id, stationId), eq(plannerAmounts.surface_id, surface.id)))
    .for('update');
  if (row!.amount === body.amount) return { surface_id: surface.id, amount: body.amount, changed: false };
  await tx.update(plannerAmounts).set({ amount: body.amount }).where(eq(plannerAmounts.id, row!.id));
  await tx.insert(plannerHistory).values({
    station_id: stationId,
    surface_id: surface.id,
    // An admin signed in as the station is the one who changed it.
    changed_by: auth.impersonatorId ?? auth.user.id,
    old_value: row!.amount,
    new_value: body.amount,
  });
  await writeAudit(tx, auth, {
    action: 'save_planner_amount',
    entity: 'planner_amounts',
    entityId: row!.id,
    before: { surface_id: surface.id, amount: row!.amount },
    after: { surface_id: surface.id, amount: body.amount },
  });
  return { surface_id: surface.id, amount: body.amount, changed: true };
}

const userName = sql<string>`trim(concat_ws(' ', ${users.name}, nullif(${users.surname}, '')))`;
const historySort = {
  time: plannerHistory.created_at,
  user_name: userName,
  surface_name: surfaces.name,
} as const;

/** GET /company_api/history-planner: the station's changes, newest first by default. */
export async function historyList(db: Db, auth: AuthContext, q: HistoryListQuery): Promise<PlannerHistoryData> {
  const station = await ownStation(db, auth);
  const own = eq(plannerHistory.station_id, station.id);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: plannerHistory.id,
        at: plannerHistory.created_at,
        user_name: userName,
        surface_name: surfaces.name,
        old_value: plannerHistory.old_value,
        new_value: plannerHistory.new_value,
      })
      .from(plannerHistory)
      .innerJoin(surfaces, eq(surfaces.id, plannerHistory.surface_id))
      .leftJoin(users, eq(users.id, plannerHistory.changed_by))
      .where(own)
      .orderBy(...orderBy(historySort[q.sort_by], q.sort_count, plannerHistory.id))
      .limit(q.count_show)
      .offset(q.start_index),
    db.select({ n: count() }).from(plannerHistory).where(own),
  ]);
  return {
    history: rows.map((r) => ({
      id: r.id,
      updated_at: r.at.toISOString(),
      user_name: r.user_name ?? '',
      surface_name: r.surface_name,
      old_value: r.old_value,
      new_value: r.new_value,
    })),
    total: Number(total!.n),
  };
}

/** GET /company_api/users/get-user-company-planner: every amount of the station and the distributor of system settings. */
export async function userCompanyPlanner(db: Db, auth: AuthContext): Promise<UserCompanyPlannerData> {
  const station = await ownStation(db, auth);
  const [amounts, [distributor]] = await Promise.all([
    db
      .select({ surface_id: plannerAmounts.surface_id, amount: plannerAmounts.amount })
      .from(plannerAmounts)
      .where(eq(plannerAmounts.station_id, station.id))
      .orderBy(asc(plannerAmounts.surface_id)),
    db
      .select({ name: users.name, company_name: users.company_name, post_address: users.post_address, postcode: users.postcode, kommune: users.kommune, phone: users.phone })
      .from(systemSettings)
      .innerJoin(users, and(eq(users.id, systemSettings.distributor_id), isNull(users.deleted_at)))
      .limit(1),
  ]);
  return {
    surfacesArr: amounts,
    distributor: distributor
      ? {
          name: distributor.company_name || distributor.name,
          address: [distributor.post_address, [distributor.postcode, distributor.kommune].filter(Boolean).join(' ')].filter(Boolean).join(', '),
          phone: distributor.phone,
        }
      : null,
  };
}
