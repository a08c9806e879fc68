import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client';

/**
 * Holds a lock named by `parts` (`'placement', promotionId, stationId, surfaceId`) until the
 * transaction ends: the one way the app serialises a check and the write it allows (a count below a
 * limit, a thing not there yet) where no row exists to lock. Take it before reading what it guards.
 *
 * Transaction-scoped only (a Tx, never the pool), so it cannot outlive its transaction. The name is
 * hashed into PostgreSQL's one-key space; the read model's locks (decision 039) use the two-key
 * space and never meet these. Take these first in a transaction, before any row lock or a write that
 * fires the read model's triggers, and several of them always in one order, so no cycle can form.
 */
export async function holdLock(tx: Tx, ...parts: (string | number)[]): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${parts.join(':')}))`);
}
