import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import type { PGlite } from '@electric-sql/pglite';
import tar from 'tar-stream';
import type { Storage } from '../../lib/storage-port';
import { appVersion } from '../../lib/app-version';
import { PRIVATE_FILE } from '../../lib/private-files';
import { ARCHIVE_FORMAT, FILES_PREFIX, MANIFEST_ENTRY, type FileEntry, type Manifest } from './manifest';
import { readAhead } from './read-ahead';
import { snapshotPglite, snapshotPgliteFolder } from './snapshot-pglite';
import { snapshotPostgres, type Snapshot } from './snapshot-postgres';
import { addEntry } from './tar-entry';

/**
 * PostgreSQL by its URL; a PGlite the app has open in this process (dumped under its query lock); or
 * the data folder of a stopped PGlite server (streamed from the disk).
 */
export type BackupSource = { kind: 'postgres'; url: string } | { kind: 'pglite'; client: PGlite } | { kind: 'pglite-folder'; pgdata: string };

export interface BackupOptions {
  source: BackupSource;
  storage: Storage;
  /** The archive to write; it appears only once complete (written as `<out>.partial`, then renamed). */
  out: string;
  log?: (line: string) => void;
}

/**
 * Writes one gzip'd tar: the database dump, then every stored file a dumped `files` row names, then
 * manifest.json (last, so a truncated archive has none). Everything streams; only the list of keys
 * is held in memory.
 */
export async function createBackup(opts: BackupOptions): Promise<Manifest> {
  const log = opts.log ?? (() => {});
  const out = path.resolve(opts.out);
  const workDir = await fs.promises.mkdtemp(path.join(path.dirname(out), '.backup-'));
  const partial = `${out}.partial`;
  try {
    log('Dumping the database…');
    const snapshot: Snapshot =
      opts.source.kind === 'postgres'
        ? await snapshotPostgres(opts.source.url, workDir)
        : opts.source.kind === 'pglite'
          ? await snapshotPglite(opts.source.client, workDir)
          : await snapshotPgliteFolder(opts.source.pgdata, workDir);
    log(`Dumped: migration ${snapshot.inventory.migration?.tag ?? 'none'}, ${snapshot.inventory.files.length} files to copy.`);

    const pack = tar.pack();
    // Owner-only whatever the umask (it holds password hashes and the server's secrets); a .partial
    // left by a crash is replaced, not reopened with its old mode. The rename keeps the mode.
    await fs.promises.rm(partial, { force: true });
    const written = pipeline(pack, createGzip({ level: 1 }), fs.createWriteStream(partial, { flags: 'wx', mode: PRIVATE_FILE }));
    written.catch(() => {}); // awaited below; a failure of the entries comes first
    try {
      const dumpSize = (await fs.promises.stat(snapshot.dumpFile)).size;
      const dumpSha = await addEntry(pack, snapshot.entry, dumpSize, fs.createReadStream(snapshot.dumpFile));
      await fs.promises.rm(snapshot.dumpFile);
      const files: FileEntry[] = [];
      const opened = readAhead(snapshot.inventory.files, 4, ({ key }) =>
        opts.storage.read(key).catch((err: Error) => {
          throw new Error(`${key}, named by the dump, cannot be read from storage (${err.message}); was it removed while the backup ran? Run the backup again.`);
        }),
      );
      for await (const [{ key, size }, source] of opened) {
        files.push({ key, size, sha256: await addEntry(pack, FILES_PREFIX + key, size, source) });
      }
      const manifest: Manifest = {
        format: ARCHIVE_FORMAT,
        createdAt: new Date().toISOString(),
        appVersion: appVersion(),
        database: { kind: snapshot.kind, entry: snapshot.entry, size: dumpSize, sha256: dumpSha },
        migration: snapshot.inventory.migration,
        rowCounts: snapshot.inventory.rowCounts,
        files,
      };
      pack.entry({ name: MANIFEST_ENTRY, mode: 0o644 }, JSON.stringify(manifest, null, 1));
      pack.finalize();
      await written;
      await fs.promises.rename(partial, out);
      return manifest;
    } catch (err) {
      pack.destroy(err as Error);
      await written.catch(() => {});
      throw err;
    }
  } finally {
    await fs.promises.rm(workDir, { recursive: true, force: true });
    await fs.promises.rm(partial, { force: true });
  }
}
