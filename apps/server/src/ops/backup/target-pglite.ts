import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { MIGRATIONS_DIR } from '../../config';
import { lockHolder } from '../../db/data-dir-lock';
import { PRIVATE_FOLDER } from '../../lib/private-files';
import { extractFolderTar } from './folder-tar';
import { hasNoRows, rowCounts, type Query } from './inventory';
import type { RestoreTarget } from './target';

const queryOf =
  (client: PGlite): Query =>
  async (sql) =>
    (await client.query<Record<string, unknown>>(sql)).rows;

/**
 * DATA_DIR/pgdata. The dump is loaded into DATA_DIR/pgdata.restoring, counted and migrated there,
 * and renamed into place only when all is well; a failure removes the staging folder.
 */
export function pgliteTarget(dataDir: string): RestoreTarget {
  const live = path.join(dataDir, 'pgdata');
  const staging = path.join(dataDir, 'pgdata.restoring');
  let client: PGlite | null = null;
  const refuseWhileServed = () => {
    const pid = lockHolder(dataDir);
    if (pid) throw new Error(`The server (process ${pid}) is using ${dataDir}. Stop it first, then run this again.`);
  };
  const closeClient = async () => {
    await client?.close();
    client = null;
  };
  return {
    kind: 'pglite',
    async contents() {
      refuseWhileServed();
      if (!fs.existsSync(live) || fs.readdirSync(live).length === 0) return null;
      const existing = await PGlite.create(live, { extensions: { pg_trgm } });
      try {
        const { empty, rows } = await hasNoRows(queryOf(existing));
        return empty ? null : `${live} holds ${rows} rows`;
      } finally {
        await existing.close();
      }
    },
    async wipe() {
      refuseWhileServed();
      await fs.promises.rm(live, { recursive: true, force: true });
    },
    async load(dumpFile) {
      refuseWhileServed();
      await fs.promises.rm(staging, { recursive: true, force: true });
      await fs.promises.mkdir(staging, { recursive: true, mode: PRIVATE_FOLDER });
      // Unpacked from the disk file by file (PGlite's loadDataDir would take it all in memory).
      await extractFolderTar(dumpFile, staging);
      client = await PGlite.create(staging, { extensions: { pg_trgm } });
    },
    rowCounts: () => rowCounts(queryOf(client!)),
    async migrate() {
      await migrate(drizzle(client!), { migrationsFolder: MIGRATIONS_DIR });
    },
    async commit() {
      await closeClient();
      // The live folder was checked empty (or wiped with --force): an unused, migrated one goes.
      await fs.promises.rm(live, { recursive: true, force: true });
      await fs.promises.rename(staging, live);
    },
    async discard() {
      await closeClient().catch(() => {});
      await fs.promises.rm(staging, { recursive: true, force: true });
    },
  };
}
