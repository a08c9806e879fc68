import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema';
import { MIGRATIONS_DIR as migrationsFolder } from '../config';
import { narrowTree, privateFolderSync } from '../lib/private-files';

/** One type for both drivers: PGlite's Drizzle database offers the same query API. */
export type Db = NodePgDatabase<typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** A database or a transaction: what service functions take first. */
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: 'postgres' | 'pglite';
  migrate(): Promise<void>;
  close(): Promise<void>;
}

export function openPostgres(url: string): Database {
  // A database that does not answer (a network partition, not a refusal) fails a request after
  // 10 s with 503 instead of holding it until the kernel gives up on the connection.
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 10_000 });
  // An idle connection the server ends (a restart, a dropped database) must not crash the process;
  // the next query opens a new one.
  pool.on('error', () => {});
  const db = drizzlePg(pool, { schema });
  return {
    db,
    kind: 'postgres',
    migrate: () => migratePg(db, { migrationsFolder }),
    close: () => pool.end(),
  };
}

/**
 * PGlite persisted in `dir`, or in memory when dir is undefined (tests); `loadDataDir` starts it
 * from a dump of another (the tests' migrated and seeded database, test/global-setup.ts).
 */
export async function openPglite(dir?: string, opts: { loadDataDir?: Blob } = {}): Promise<Database> {
  if (dir) privateFolderSync(dir);
  const client = await PGlite.create(dir, { extensions: { pg_trgm }, ...(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {}) });
  // A new data folder's first files are 0666 (PGlite's image); those PostgreSQL makes later are 0600.
  if (dir) await narrowTree(dir);
  const pgliteDb = drizzlePglite(client, { schema });
  return {
    db: pgliteDb as unknown as Db,
    kind: 'pglite',
    migrate: () => migratePglite(pgliteDb, { migrationsFolder }),
    close: () => client.close(),
  };
}

export async function openDatabase(opts: { databaseUrl?: string; dataDir: string }): Promise<Database> {
  return opts.databaseUrl ? openPostgres(opts.databaseUrl) : openPglite(path.join(opts.dataDir, 'pgdata'));
}
