import { and, inArray, notInArray, sql } from 'drizzle-orm';
import type { ImportRowError } from '@promo/shared';
import type { DbOrTx } from '../../db/client';
import { importJobs } from '../../db/schema';

/** How often a process says its jobs still run, and looks for jobs whose process stopped. */
export const HEARTBEAT_MS = 15_000;
/** A job that has not said so for this long lost its process (killed, crashed, its machine gone). */
export const GONE_AFTER_MS = 90_000;

/** The reason a job ends without its process: what it did was rolled back, or was a dry run. */
export const INTERRUPTED: ImportRowError = { row: 0, field: 'file', error: 'import_interrupted' };

const UNFINISHED = ['queued', 'running'];

/** This process's jobs still run: their heartbeat is now. */
export async function beat(db: DbOrTx, live: number[]): Promise<void> {
  if (!live.length) return;
  await db
    .update(importJobs)
    .set({ heartbeat_at: sql`now()` })
    .where(and(inArray(importJobs.id, live), inArray(importJobs.status, UNFINISHED)));
}

/**
 * Marks failed the unfinished jobs whose heartbeat stopped: their process is gone, so nothing of
 * them was stored (an apply marks its job done in the transaction that stores its rows). `live`:
 * the jobs this process runs, alive whatever their heartbeat says (on PGlite an apply's
 * transaction holds the one connection, so its heartbeat waits). The clock is the database's, one
 * for every process. Answers the ids marked.
 */
export async function sweepGoneImportJobs(db: DbOrTx, live: number[]): Promise<number[]> {
  const gone = await db
    .update(importJobs)
    .set({ status: 'failed', finished_at: sql`now()`, created: 0, updated: 0, error_count: 1, errors: [INTERRUPTED] })
    .where(
      and(
        inArray(importJobs.status, UNFINISHED),
        live.length ? notInArray(importJobs.id, live) : undefined,
        sql`coalesce(${importJobs.heartbeat_at}, ${importJobs.updated_at}) < now() - ${sql.raw(`interval '${GONE_AFTER_MS / 1000} seconds'`)}`,
      ),
    )
    .returning({ id: importJobs.id });
  return gone.map((g) => g.id);
}
