import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { PRIVATE_FILE } from '../../lib/private-files';
import { inventory, type Inventory } from './inventory';
import { DUMP_ENTRY } from './manifest';
import { runPgTool } from './pg-tools';

export interface Snapshot {
  kind: 'postgres' | 'pglite';
  entry: string;
  /** The dump, written to a file of `workDir`. */
  dumpFile: string;
  inventory: Inventory;
}

/**
 * One snapshot of a PostgreSQL database: a read-only repeatable-read transaction exports its
 * snapshot, pg_dump dumps exactly that snapshot, and the same transaction lists row counts, the
 * migration and the files rows. So the file list is what the dump's rows name, whatever the app
 * writes meanwhile.
 */
export async function snapshotPostgres(url: string, workDir: string): Promise<Snapshot> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('begin isolation level repeatable read read only');
    const { rows } = await client.query<{ snapshot: string }>('select pg_export_snapshot() as snapshot');
    const dumpFile = path.join(workDir, DUMP_ENTRY.postgres);
    // pg_dump opens its --file with the umask's mode; an existing file it truncates, keeping its mode.
    await (await fs.promises.open(dumpFile, 'wx', PRIVATE_FILE)).close();
    // The exporting transaction stays open until pg_dump is done with the snapshot.
    const dumped = runPgTool('pg_dump', ['--format=custom', `--snapshot=${rows[0]!.snapshot}`, `--file=${dumpFile}`, `--dbname=${url}`]);
    const [listed] = await Promise.all([
      inventory(async (sql) => (await client.query(sql)).rows as Record<string, unknown>[]),
      dumped,
    ]);
    await client.query('commit');
    return { kind: 'postgres', entry: DUMP_ENTRY.postgres, dumpFile, inventory: listed };
  } finally {
    await client.end();
  }
}
