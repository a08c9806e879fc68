import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  DEFAULT_MILESTONE_DAYS,
  DISTRIBUTOR_ROLES,
  type MilestoneDays,
  PROMOTIONS_ADMIN_ROLES,
  type Role,
  type SettingsUserOption,
  type SurfaceSizeUnit,
  type SystemSetting,
  type SystemSettingBody,
  type SystemSettingData,
  type SystemSettingUpdateBody,
  withStored,
} from '@promo/shared';
import type { Db, DbOrTx } from '../../db/client';
import { systemSettings, users } from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import type { AuthContext } from '../../lib/auth-context';
import { AppError, invalid, notFound } from '../../lib/errors';

const row = (r: typeof systemSettings.$inferSelect): SystemSetting => ({
  id: r.id,
  distributor_id: r.distributor_id,
  admin_id: r.admin_id,
  percent_promotion_report: r.percent_promotion_report,
  surface_size_unit: r.surface_size_unit as SurfaceSizeUnit,
  milestone_days: { ...DEFAULT_MILESTONE_DAYS, ...(r.milestone_days as Partial<MilestoneDays>) },
  digest_hour: r.digest_hour,
  upload_quota_mb: r.upload_quota_mb,
  upload_quota_files: r.upload_quota_files,
});

/** Active users of these roles that are not deleted: the only ones a setting may name. */
async function usersOfRoles(db: DbOrTx, roles: readonly Role[]): Promise<SettingsUserOption[]> {
  const rows = await db
    .select({ id: users.id, name: users.name, surname: users.surname, role: users.role })
    .from(users)
    .where(and(inArray(users.role, [...roles]), isNull(users.deleted_at), eq(users.status, true)))
    .orderBy(asc(users.name), asc(users.surname), asc(users.id));
  return rows.map((u) => ({ id: u.id, name: `${u.name} ${u.surname}`.trim(), role: u.role as Role }));
}

/** The one settings row; the oldest if someone ever inserted a second one by hand. */
async function currentRow(db: DbOrTx) {
  const [current] = await db.select().from(systemSettings).orderBy(asc(systemSettings.id)).limit(1);
  return current ?? null;
}

export async function getSettings(db: DbOrTx): Promise<SystemSettingData> {
  const [current, admins, distributors] = await Promise.all([currentRow(db), usersOfRoles(db, PROMOTIONS_ADMIN_ROLES), usersOfRoles(db, DISTRIBUTOR_ROLES)]);
  return { settings: current ? row(current) : null, admins, distributors };
}

/** The distributor must be an active distributor and the promotions admin an active admin or cm-admin. */
async function checkBody(db: DbOrTx, body: SystemSettingUpdateBody) {
  const ids = [body.distributor_id, body.admin_id].filter((id) => id !== undefined);
  const chosen = ids.length
    ? await db
        .select({ id: users.id, role: users.role })
        .from(users)
        .where(and(inArray(users.id, ids), isNull(users.deleted_at), eq(users.status, true)))
    : [];
  const roleOf = (id: number) => chosen.find((u) => u.id === id)?.role as Role | undefined;
  const errors: Record<string, string[]> = {};
  if (body.distributor_id !== undefined && !(DISTRIBUTOR_ROLES as readonly (Role | undefined)[]).includes(roleOf(body.distributor_id))) {
    errors.distributor_id = ['not_a_distributor'];
  }
  if (body.admin_id !== undefined && !(PROMOTIONS_ADMIN_ROLES as readonly (Role | undefined)[]).includes(roleOf(body.admin_id))) {
    errors.admin_id = ['not_a_promotions_admin'];
  }
  if (Object.keys(errors).length) throw invalid(errors);
}

const values = (body: SystemSettingBody) => ({
  distributor_id: body.distributor_id,
  admin_id: body.admin_id,
  percent_promotion_report: body.percent_promotion_report,
  // Not sent on a create: the column's default ('cm').
  ...(body.surface_size_unit ? { surface_size_unit: body.surface_size_unit } : {}),
  // Issue 15: only when sent (a create without them keeps the columns' defaults).
  ...(body.milestone_days ? { milestone_days: body.milestone_days } : {}),
  ...(body.digest_hour !== undefined ? { digest_hour: body.digest_hour } : {}),
  ...(body.upload_quota_mb !== undefined ? { upload_quota_mb: body.upload_quota_mb } : {}),
  ...(body.upload_quota_files !== undefined ? { upload_quota_files: body.upload_quota_files } : {}),
});

/** POST: creates the row while there is none; a second row is refused (409), the web then uses PUT. */
export async function createSettings(db: Db, auth: AuthContext, body: SystemSettingBody): Promise<SystemSetting> {
  return db.transaction(async (tx) => {
    // Two first saves at the same moment: the second waits here and then finds the first's row.
    await tx.execute(sql`lock table ${systemSettings} in share row exclusive mode`);
    if (await currentRow(tx)) throw new AppError(409, 'The system settings exist already', 'settings_exist');
    await checkBody(tx, body);
    const [created] = await tx.insert(systemSettings).values(values(body)).returning();
    await writeAudit(tx, auth, { action: 'create', entity: 'system_settings', entityId: created!.id, after: created });
    return row(created!);
  });
}

/** PUT: only the fields sent change (and only they are checked: a stored choice stays as it is). */
export async function updateSettings(db: Db, auth: AuthContext, id: number, sent: SystemSettingUpdateBody): Promise<SystemSetting> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(systemSettings).where(eq(systemSettings.id, id)).for('update');
    if (!before) throw notFound();
    if (Object.values(sent).every((v) => v === undefined)) return row(before);
    await checkBody(tx, sent);
    const body = withStored<SystemSettingBody>(
      {
        ...before,
        distributor_id: before.distributor_id!,
        admin_id: before.admin_id!,
        surface_size_unit: before.surface_size_unit as SurfaceSizeUnit,
        milestone_days: before.milestone_days as MilestoneDays,
      },
      sent,
    );
    const [after] = await tx.update(systemSettings).set(values(body)).where(eq(systemSettings.id, id)).returning();
    await writeAudit(tx, auth, { action: 'update', entity: 'system_settings', entityId: id, before, after });
    return row(after!);
  });
}
