import { exists, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { systemSettings } from '../db/schema';
import { AppError } from './errors';

/**
 * Of the distributor accounts, the one system settings name acts (decision 026): it alone lists
 * printed promotions, sends parcels and is told about them. Read on every call, so naming another
 * account in the settings hands the work over at once.
 */
export async function namedDistributorId(db: DbOrTx): Promise<number | null> {
  const [row] = await db.select({ id: systemSettings.distributor_id }).from(systemSettings).limit(1);
  return row?.id ?? null;
}

export async function assertNamedDistributor(db: DbOrTx, userId: number) {
  if ((await namedDistributorId(db)) !== userId) {
    throw new AppError(403, 'Only the distributor chosen in system settings can do this', 'not_the_distributor');
  }
}

/** A query condition that holds only when this user is the distributor system settings name. */
export const isNamedDistributor = (userId: number) => exists(sql`(select 1 from ${systemSettings} where ${systemSettings.distributor_id} = ${userId})`);
