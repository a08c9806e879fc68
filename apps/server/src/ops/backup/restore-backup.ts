import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { PRIVATE_FILE } from '../../lib/private-files';
import type { Storage } from '../../lib/storage-port';
import { HashingStream } from './hashing';
import { FILES_PREFIX, migrationJournal, type Manifest } from './manifest';
import { ArchiveError, readArchive } from './read-archive';
import type { RestoreTarget } from './target';
import { verifyArchive } from './verify-archive';

/** The target is not empty and --force was not given. */
export class TargetNotEmpty extends Error {}

export interface RestoreOptions {
  file: string;
  target: RestoreTarget;
  storage: Storage;
  /** Empty a target that holds data first. */
  force?: boolean;
  log?: (line: string) => void;
}

async function storageContents(storage: Storage): Promise<string | null> {
  let count = 0;
  for await (const item of storage.list()) {
    if (++count >= 1000) return 'the storage holds 1000 or more files';
    void item;
  }
  return count ? `the storage holds ${count} files` : null;
}

async function emptyStorage(storage: Storage): Promise<void> {
  for await (const { key } of storage.list()) await storage.remove(key);
}

function checkMigration(manifest: Manifest): void {
  const newest = migrationJournal().at(-1)!;
  const at = manifest.migration;
  if (at && (at.index < 0 || at.index > newest.idx)) {
    throw new ArchiveError(`the archive's database is at migration ${at.tag}, which this version does not know (it ends at ${newest.tag}): restore it with the version that made it`);
  }
}

function sameCounts(want: Record<string, number>, got: Record<string, number>): string[] {
  const names = new Set([...Object.keys(want), ...Object.keys(got)]);
  return [...names].filter((n) => want[n] !== got[n]).map((n) => `${n}: ${got[n] ?? 'missing'} rows, the manifest says ${want[n] ?? 'none'}`);
}

/**
 * Restores an archive of createBackup. First reads it through once writing nothing (every checksum,
 * the manifest), so a damaged archive is refused before the target is touched. Then writes the files
 * into the storage and loads the dump, checks the row counts and checksums, and migrates forward.
 * Any failure on the way removes what was written: the target is left empty.
 */
export async function restoreBackup(opts: RestoreOptions): Promise<Manifest> {
  const { target, storage } = opts;
  const log = opts.log ?? (() => {});
  const held = [await target.contents(), await storageContents(storage)].filter((x): x is string => !!x);
  if (held.length && !opts.force) {
    throw new TargetNotEmpty(`Refused: the target is not empty (${held.join('; ')}). Restore into an empty database and storage, or give --force to replace what they hold.`);
  }

  log('Checking the archive…');
  const manifest = await verifyArchive(opts.file);
  if (manifest.database.kind !== target.kind) {
    throw new ArchiveError(`the archive holds a ${manifest.database.kind} database and the target is ${target.kind}: restore it where DATABASE_URL is ${manifest.database.kind === 'postgres' ? 'set' : 'unset'}`);
  }
  checkMigration(manifest);
  log(`The archive is whole: ${manifest.files.length} files, migration ${manifest.migration?.tag ?? 'none'}, made ${manifest.createdAt}.`);

  if (held.length) {
    log(`--force: emptying the target (${held.join('; ')}).`);
    await target.wipe();
    await emptyStorage(storage);
  }

  const workDir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'promo-restore-'));
  const dumpFile = path.join(workDir, 'dump');
  const wanted = new Map(manifest.files.map((f) => [FILES_PREFIX + f.key, f]));
  const written: string[] = [];
  try {
    log('Writing the files and the dump…');
    await readArchive(opts.file, async (name, _size, stream) => {
      if (name === manifest.database.entry) {
        const hasher = new HashingStream();
        await pipeline(stream, hasher, fs.createWriteStream(dumpFile, { mode: PRIVATE_FILE }));
        if (hasher.digest() !== manifest.database.sha256) throw new ArchiveError(`${name} changed since it was checked`);
        return;
      }
      const file = wanted.get(name);
      if (!file) {
        stream.resume();
        return;
      }
      const hasher = new HashingStream();
      written.push(file.key);
      await storage.write(file.key, stream, [hasher]);
      if (hasher.digest() !== file.sha256 || hasher.bytes !== file.size) throw new ArchiveError(`${name} changed since it was checked`);
    });
    if (written.length !== manifest.files.length) throw new ArchiveError(`the archive changed since it was checked (${written.length} of ${manifest.files.length} files)`);

    log('Loading the database…');
    await target.load(dumpFile, manifest);
    const mismatch = sameCounts(manifest.rowCounts, await target.rowCounts());
    if (mismatch.length) throw new ArchiveError(`the restored rows differ from the manifest: ${mismatch.join('; ')}`);
    log(`Row counts match (${Object.keys(manifest.rowCounts).length} tables). Migrating forward…`);
    await target.migrate();
    await target.commit();
    return manifest;
  } catch (err) {
    log('Failed: removing what was restored, the target is left empty.');
    await target.discard().catch(() => {});
    for (const key of written) await storage.remove(key).catch(() => {});
    throw err;
  } finally {
    await fs.promises.rm(workDir, { recursive: true, force: true });
  }
}
