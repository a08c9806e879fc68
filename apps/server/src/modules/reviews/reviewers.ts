import { and, asc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { ReviewPerson } from '@promo/shared';
import type { DbOrTx } from '../../db/client';
import { categories, users } from '../../db/schema';
import { personName } from '../../lib/person-name';
import type { StageRow } from './flow';

/**
 * Who reviews a design in a stage (decision 040): its named users and the users of its roles, all
 * active. The role `category_manager` is the cm of the design's category; a named cm reviews only
 * the designs of its own categories, the only ones it can see.
 */
export async function reviewersOf(db: DbOrTx, stage: Pick<StageRow, 'roles' | 'user_ids'>, categoryId: number): Promise<ReviewPerson[]> {
  const manager = db.select({ id: categories.manager_id }).from(categories).where(eq(categories.id, categoryId));
  const ofRole: SQL[] = [];
  if (stage.roles.includes('admin')) ofRole.push(eq(users.role, 'admin'));
  if (stage.roles.includes('cm-admin')) ofRole.push(eq(users.role, 'cm-admin'));
  if (stage.roles.includes('category_manager')) ofRole.push(and(eq(users.role, 'cm'), inArray(users.id, manager))!);
  const named = stage.user_ids.length
    ? and(inArray(users.id, stage.user_ids), or(sql`${users.role} in ('admin', 'cm-admin')`, and(eq(users.role, 'cm'), inArray(users.id, manager))))
    : undefined;
  const who = [...ofRole, ...(named ? [named] : [])];
  if (!who.length) return [];
  const rows = await db
    .select({ id: users.id, name: users.name, surname: users.surname })
    .from(users)
    .where(and(eq(users.status, true), isNull(users.deleted_at), or(...who)))
    .orderBy(asc(users.name), asc(users.surname), asc(users.id));
  return rows.map((u) => ({ id: u.id, name: personName(u) }));
}

/** A stage's rule met by the approvals it has from its current reviewers. */
export function stageMet(rule: string, reviewers: ReviewPerson[], approvedBy: Set<number>): boolean {
  const approved = reviewers.filter((r) => approvedBy.has(r.id)).length;
  return rule === 'all' ? reviewers.length > 0 && approved === reviewers.length : approved > 0;
}
