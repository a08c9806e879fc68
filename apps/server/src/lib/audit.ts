import type { DbOrTx } from '../db/client';
import { auditLog } from '../db/schema';
import type { AuthContext } from './auth-context';

export async function writeAudit(
  db: DbOrTx,
  actor: Pick<AuthContext, 'user' | 'impersonatorId'> | null,
  entry: { action: string; entity: string; entityId?: number | null; before?: unknown; after?: unknown },
): Promise<void> {
  await db.insert(auditLog).values({
    actor_id: actor?.user.id ?? null,
    impersonator_id: actor?.impersonatorId ?? null,
    action: entry.action,
    entity: entry.entity,
    entity_id: entry.entityId ?? null,
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}
