import { migrationByCreatedAt, type Migration } from './manifest';

/** Runs one SQL statement and answers its rows: the same for pg and PGlite. */
export type Query = (sql: string) => Promise<Record<string, unknown>[]>;

export interface Inventory {
  migration: Migration | null;
  rowCounts: Record<string, number>;
  /** Every storage key a `files` row names, with the size the row records. */
  files: { key: string; size: number }[];
}

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

export async function rowCounts(query: Query): Promise<Record<string, number>> {
  const tables = await query(`select tablename from pg_tables where schemaname = 'public' order by tablename`);
  const counts: Record<string, number> = {};
  for (const { tablename } of tables) {
    const [row] = await query(`select count(*)::text as n from public.${ident(String(tablename))}`);
    counts[String(tablename)] = Number(row!.n);
  }
  return counts;
}

export async function lastMigration(query: Query): Promise<Migration | null> {
  const [table] = await query(`select to_regclass('drizzle.__drizzle_migrations')::text as t`);
  if (!table?.t) return null;
  const [row] = await query(`select created_at::text as created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`);
  return row ? migrationByCreatedAt(Number(row.created_at)) : null;
}

/** What a database holds, read in whatever snapshot `query` sees. */
export async function inventory(query: Query): Promise<Inventory> {
  const rowCountsNow = await rowCounts(query);
  const files =
    'files' in rowCountsNow
      ? (await query(`select storage_key, size::text as size from public.files order by id`)).map((r) => ({ key: String(r.storage_key), size: Number(r.size) }))
      : [];
  return { migration: await lastMigration(query), rowCounts: rowCountsNow, files };
}

/** True when no table of the public schema has a row (a migrated but unused database counts as empty). */
export async function hasNoRows(query: Query): Promise<{ empty: boolean; rows: number }> {
  const counts = await rowCounts(query);
  const rows = Object.values(counts).reduce((a, b) => a + b, 0);
  return { empty: rows === 0, rows };
}
