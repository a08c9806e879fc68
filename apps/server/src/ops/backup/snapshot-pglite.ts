import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { PRIVATE_FILE } from '../../lib/private-files';
import { copyFolderPrivately } from './copy-folder';
import { writeFolderTar } from './folder-tar';
import { inventory } from './inventory';
import { DUMP_ENTRY } from './manifest';
import type { Snapshot } from './snapshot-postgres';

/**
 * One snapshot of an open PGlite database. On disk (a server's DATA_DIR/pgdata): its folder is
 * copied file by file under PGlite's query lock (each copy 0600) — nothing writes meanwhile, so the copy is the
 * database at one moment as a crash would leave it — and the copy is then opened (PGlite recovers
 * it from its WAL), counted, closed cleanly and streamed as a tar like a stopped server's folder.
 * Memory stays that of one more open PGlite whatever the database's size; the lock is held for
 * the copy only. In memory (the tests' databases): `dumpDataDir` under the same lock, and the
 * counts read from that dump opened on its own.
 */
export async function snapshotPglite(client: PGlite, workDir: string): Promise<Snapshot> {
  if (client.dataDir && !client.dataDir.includes('://')) {
    const copy = path.join(workDir, 'pgdata-copy');
    await client.runExclusive(() => copyFolderPrivately(client.dataDir!, copy));
    try {
      return await snapshotPgliteFolder(copy, workDir);
    } finally {
      await fs.promises.rm(copy, { recursive: true, force: true });
    }
  }
  const dump = await client.dumpDataDir('none');
  const dumpFile = path.join(workDir, DUMP_ENTRY.pglite);
  await pipeline(Readable.fromWeb(dump.stream() as import('node:stream/web').ReadableStream), fs.createWriteStream(dumpFile, { mode: PRIVATE_FILE }));
  const copy = await PGlite.create({ loadDataDir: await fs.openAsBlob(dumpFile), extensions: { pg_trgm } });
  try {
    const listed = await inventory(async (sql) => (await copy.query<Record<string, unknown>>(sql)).rows);
    return { kind: 'pglite', entry: DUMP_ENTRY.pglite, dumpFile, inventory: listed };
  } finally {
    await copy.close();
  }
}

/**
 * The PGlite data folder `pgdata` of a server that is stopped (the caller holds its lock): the
 * counts and file list are read, PGlite is closed (a clean shut-down), and the folder is written as
 * a tar from the disk, one file at a time, in dumpDataDir()'s layout. Memory stays that of one
 * open PGlite, whatever the database's size.
 */
export async function snapshotPgliteFolder(pgdata: string, workDir: string): Promise<Snapshot> {
  const client = await PGlite.create(pgdata, { extensions: { pg_trgm } });
  let listed;
  try {
    listed = await inventory(async (sql) => (await client.query<Record<string, unknown>>(sql)).rows);
  } finally {
    await client.close();
  }
  const dumpFile = path.join(workDir, DUMP_ENTRY.pglite);
  await writeFolderTar(pgdata, dumpFile);
  return { kind: 'pglite', entry: DUMP_ENTRY.pglite, dumpFile, inventory: listed };
}
