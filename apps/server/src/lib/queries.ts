import { PgTransaction } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client';

type Results<T extends readonly (() => Promise<unknown>)[]> = { -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> };

/**
 * Runs independent queries at once on the pool, but one after another inside a transaction:
 * a transaction holds a single connection, which cannot run two queries at the same time.
 */
export async function allQueries<T extends readonly (() => Promise<unknown>)[]>(db: DbOrTx, ...queries: T): Promise<Results<T>> {
  if (!(db instanceof PgTransaction)) return (await Promise.all(queries.map((q) => q()))) as Results<T>;
  const results: unknown[] = [];
  for (const q of queries) results.push(await q());
  return results as Results<T>;
}
