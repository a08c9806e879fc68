import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { promisify } from 'node:util';
import type { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { openPglite, openPostgres, type Database } from '../../db/client';
import { categories, files, users } from '../../db/schema';
import { MIGRATIONS_DIR } from '../../config';
import { eq, sql } from 'drizzle-orm';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { DEMO_PASSWORD, seedDemo } from '../../db/seed/demo';
import { localDiskStorage, type Storage } from '../../lib/storage';
import { freshDatabase } from '../../test/fresh-database';
import { pngImage } from '../../test/images';
import { openToOthers, watchModes, withUmask } from '../../test/file-modes';
import { startS3Peer, type S3Peer } from '../../test/s3rver';
import { formRequest, multipartBody } from '../../test/test-app';
import { createBackup, type BackupSource } from './create-backup';
import { restoreBackup } from './restore-backup';
import type { RestoreTarget } from './target';
import { pgliteTarget } from './target-pglite';
import { verifyArchive } from './verify-archive';
import { postgresTarget } from './target-postgres';

// On the run's PostgreSQL when DATABASE_URL is set (databases of their own), else on PGlite.
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'promo-backup-test-'));
const cleanups: (() => Promise<unknown>)[] = [];
const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent', NODE_ENV: 'test', REDIS_URL: '' });

interface Side {
  database: Database;
  app: FastifyInstance;
  storage: Storage;
  auth: string;
}

async function appOn(database: Database, storage: Storage): Promise<Side> {
  const app = await buildApp({ config, db: database.db, storage });
  cleanups.push(() => app.close());
  const res = await formRequest(app, 'POST', '/api/auth/login', { email: 'admin@demo.no', password: DEMO_PASSWORD });
  return { database, app, storage, auth: `Bearer ${res.json().data.bearerToken as string}` };
}

let source: Side & { backupSource: BackupSource };
let sourceFiles: string;

beforeAll(async () => {
  const fresh = await freshDatabase('backup_src');
  const database = fresh ? openPostgres(fresh.url) : await openPglite();
  cleanups.push(async () => (await database.close(), await fresh?.drop()));
  await database.migrate();
  sourceFiles = path.join(tmp, 'source-files');
  const storage = localDiskStorage(sourceFiles);
  await seedDemo(database.db, storage);
  const side = await appOn(database, storage);
  const backupSource: BackupSource = fresh ? { kind: 'postgres', url: fresh.url } : { kind: 'pglite', client: (database.db as unknown as { $client: PGlite }).$client };
  source = { ...side, backupSource };
  // Uploaded files beside the demo's: a product image (with its renditions) and a loose upload.
  const fileId = await upload(source, 'shelf.png', await pngImage(400, 300));
  const products = await get(source, '/api/products');
  const productId = products.json().data.products[0].id as number;
  const set = await formRequest(source.app, 'POST', `/api/files/products/${productId}/set-image`, { file_id: fileId, img_name: 'shelf.png' }, source.auth);
  expect(set.statusCode).toBe(200);
  await upload(source, 'loose.png', await pngImage(64, 64));
  // Seeding the demo into PGlite takes 20–60 s on two busy cores.
}, 180_000);
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
  fs.rmSync(tmp, { recursive: true, force: true });
});

async function upload(side: Side, name: string, content: Buffer): Promise<number> {
  const { payload, headers } = multipartBody({ name, content });
  const res = await side.app.inject({ method: 'POST', url: '/api/files/upload', payload, headers: { ...headers, authorization: side.auth } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.file_id as number;
}

const get = (side: Side, url: string) => formRequest(side.app, 'GET', url, undefined, side.auth);

/**
 * A new empty database of the run's kind as a restore target, with an empty DATA_DIR whose files/
 * folder is its storage (as the command line sees it), and the environment of the command line.
 */
async function emptyTarget(name: string) {
  const dataDir = fs.mkdtempSync(path.join(tmp, `${name}-`));
  const storage = localDiskStorage(path.join(dataDir, 'files'));
  const env: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: 'silent', INIT_CWD: tmp, DATA_DIR: dataDir };
  const fresh = await freshDatabase(name);
  if (fresh) {
    cleanups.push(fresh.drop);
    env.DATABASE_URL = fresh.url;
    return { target: postgresTarget(fresh.url) as RestoreTarget, open: async () => openPostgres(fresh.url), storage, env };
  }
  delete env.DATABASE_URL;
  return { target: pgliteTarget(dataDir), open: () => openPglite(path.join(dataDir, 'pgdata')), storage, env };
}

async function openRestored(open: () => Promise<Database>, storage: Storage): Promise<Side> {
  const database = await open();
  cleanups.push(() => database.close());
  return appOn(database, storage);
}

const LISTS = ['/api/products?count_show=100', '/api/users', '/api/categories', '/api/surfaces', '/api/promotions'];

/** The same answers to the lists, and the same bytes for every stored file and every image. */
async function expectSameApp(before: Side, after: Side) {
  for (const url of LISTS) {
    const [a, b] = [await get(before, url), await get(after, url)];
    expect(a.statusCode, url).toBe(200);
    expect(b.json(), url).toEqual(a.json());
  }
  const rows = await before.database.db.select().from(files);
  expect(rows.length).toBeGreaterThan(3);
  expect(await after.database.db.select().from(files)).toEqual(rows);
  const compare = async (row: (typeof rows)[number]) => {
    expect(await buffer(await after.storage.read(row.storage_key)), row.storage_key).toEqual(await buffer(await before.storage.read(row.storage_key)));
    if (row.variant === 'w_200') {
      const [a, b] = [await get(before, `/api/images/${row.id}`), await get(after, `/api/images/${row.id}`)];
      expect(a.statusCode).toBe(200);
      expect(b.rawPayload).toEqual(a.rawPayload);
    }
  };
  for (let i = 0; i < rows.length; i += 8) await Promise.all(rows.slice(i, i + 8).map(compare));
}

let archive: string;

describe('backup and restore', () => {
  it('restores demo data and uploaded files into a new empty database and storage: the same lists and bytes', async () => {
    archive = path.join(tmp, 'backup.tar.gz');
    const manifest = await createBackup({ source: source.backupSource, storage: source.storage, out: archive });
    expect(manifest.files.length).toBe((await source.database.db.select().from(files)).length);
    expect(manifest.migration?.tag).toMatch(/^\d{4}_/);
    // The product's release, as package.json names it.
    expect(manifest.appVersion).toMatch(/^\d+\.\d+\.\d+$/);
    expect(manifest.rowCounts.products).toBeGreaterThan(0);

    const { target, open, storage } = await emptyTarget('backup_dst');
    await restoreBackup({ file: archive, target, storage });
    await expectSameApp(source, await openRestored(open, storage));
  }, 120_000);

  it('writes the archive 0600 under umask 022, nothing on the way open to others; restore writes nothing open to others either', async () => {
    onTestFinished(withUmask(0o022));
    const outDir = fs.mkdtempSync(path.join(tmp, 'modes-'));
    const out = path.join(outDir, 'private.tar.gz');
    const backup = watchModes(outDir);
    await createBackup({ source: source.backupSource, storage: source.storage, out });
    const written = await backup.stop();
    // It holds password hashes and the server's secrets.
    expect((fs.statSync(out).mode & 0o777).toString(8)).toBe('600');
    // Seen along the way: the work folder, the dump in it and the archive while it was written.
    const backupPaths = [...written.seen.keys()].map((p) => path.relative(outDir, p));
    expect(backupPaths).toEqual(expect.arrayContaining(['private.tar.gz.partial', expect.stringMatching(/^\.backup-[^/]+\/database\.pg(dump|lite\.tar)$/)]));
    expect(openToOthers(written.seen)).toEqual([]);

    // The restore's temporary dump (under TMPDIR), the staging folder, the database and stored files.
    const { target, storage, env } = await emptyTarget('backup_modes');
    const restoreTmp = fs.mkdtempSync(path.join(tmp, 'restore-tmp-'));
    const tmpdir = process.env.TMPDIR;
    process.env.TMPDIR = restoreTmp;
    const [intoTarget, intoTmp] = [watchModes(env.DATA_DIR!), watchModes(restoreTmp)];
    try {
      await restoreBackup({ file: out, target, storage });
    } finally {
      if (tmpdir === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = tmpdir;
    }
    const [restored, temporary] = [await intoTarget.stop(), await intoTmp.stop()];
    expect([...temporary.seen.keys()].map((p) => path.relative(restoreTmp, p))).toEqual(expect.arrayContaining([expect.stringMatching(/^promo-restore-[^/]+\/dump$/)]));
    const restoredPaths = [...restored.seen.keys()].map((p) => path.relative(env.DATA_DIR!, p));
    expect(restoredPaths.filter((p) => p.startsWith('files/')).length).toBeGreaterThan(3);
    if (target.kind === 'pglite') expect(restoredPaths).toEqual(expect.arrayContaining(['pgdata.restoring', 'pgdata', 'pgdata/PG_VERSION']));
    expect([...openToOthers(restored.seen), ...openToOthers(temporary.seen)]).toEqual([]);
  }, 120_000);

  it('refuses a cut-off or damaged archive with a clear error and leaves the target empty', async () => {
    const cut = path.join(tmp, 'cut.tar.gz');
    const size = fs.statSync(archive).size;
    fs.writeFileSync(cut, fs.readFileSync(archive).subarray(0, Math.floor(size * 0.6)));
    const { target, storage } = await emptyTarget('backup_cut');
    await expect(restoreBackup({ file: cut, target, storage })).rejects.toThrow(/damaged or cut off/);
    expect(await target.contents()).toBeNull();
    const left: string[] = [];
    for await (const { key } of storage.list()) left.push(key);
    expect(left).toEqual([]);

    // One byte changed in the middle: gzip's CRC (or a file's SHA-256) refuses it the same way.
    const bytes = fs.readFileSync(archive);
    bytes[Math.floor(size / 2)]! ^= 0xff;
    const damaged = path.join(tmp, 'damaged.tar.gz');
    fs.writeFileSync(damaged, bytes);
    await expect(restoreBackup({ file: damaged, target, storage })).rejects.toThrow(/damaged/);
    expect(await target.contents()).toBeNull();
    for await (const { key } of storage.list()) left.push(key);
    expect(left).toEqual([]);
  }, 60_000);

  it('the commands: restore refuses a non-empty target without --force (exit code 3) and replaces it with --force; backup', async () => {
    const { target, storage, env } = await emptyTarget('backup_full');
    await restoreBackup({ file: archive, target, storage });
    const cli = (...args: string[]) => runCli('restore', args, env);
    const refused = await cli(archive);
    expect(refused.code).toBe(3);
    expect(refused.out).toContain('Refused: the target is not empty');
    expect(refused.out).toContain('--force');
    const forced = await cli(archive, '--force');
    expect(forced.out).toContain('checksums and row counts verified');
    expect(forced.code).toBe(0);

    // And the backup command on that installation (on PGlite: its data folder, streamed from the disk),
    // under umask 022: the archive and everything on the way readable by their owner only.
    const again = path.join(tmp, 'again.tar.gz');
    const umask = withUmask(0o022);
    const watched = watchModes(tmp, (name) => name.startsWith('again.') || name.startsWith('.backup-'));
    const backedUp = await runCli('backup', ['--out', again], env).finally(umask);
    const { seen } = await watched.stop();
    expect(backedUp.out).toContain('Backup written to');
    expect(backedUp.code).toBe(0);
    expect((fs.statSync(again).mode & 0o777).toString(8)).toBe('600');
    expect([...seen.keys()].map((p) => path.relative(tmp, p))).toEqual(expect.arrayContaining(['again.tar.gz.partial', expect.stringMatching(/^\.backup-[^/]+\/database\./)]));
    expect(openToOthers(seen)).toEqual([]);
    const manifest = await verifyArchive(again);
    expect(manifest.rowCounts).toEqual((await verifyArchive(archive)).rowCounts);
    expect(manifest.files.map((f) => f.sha256).sort()).toEqual((await verifyArchive(archive)).files.map((f) => f.sha256).sort());
  }, 120_000);

  it('with S3 (s3rver): backup from one bucket folder, restore into another, the same lists and bytes', async () => {
    const peer: S3Peer = await startS3Peer();
    cleanups.push(() => peer.stop());
    const from = peer.storage({ prefix: 'live/' });
    const keys: string[] = [];
    for await (const { key } of source.storage.list()) keys.push(key);
    for (let i = 0; i < keys.length; i += 8) {
      await Promise.all(keys.slice(i, i + 8).map(async (key) => from.write(key, await source.storage.read(key))));
    }
    const s3Archive = path.join(tmp, 'backup-s3.tar.gz');
    await createBackup({ source: source.backupSource, storage: from, out: s3Archive });
    const { target, open } = await emptyTarget('backup_s3');
    const into = peer.storage({ prefix: 'restored/' });
    await restoreBackup({ file: s3Archive, target, storage: into });
    await expectSameApp({ ...source, storage: from }, await openRestored(open, into));
  }, 120_000);

  it('an archive of the version before is migrated forward on restore, its rows kept', async () => {
    // A database at the migration before the newest: migrated from a copy of the folder whose journal ends one earlier.
    const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')) as { entries: { tag: string }[] };
    const older = path.join(tmp, 'older-migrations');
    fs.cpSync(MIGRATIONS_DIR, older, { recursive: true });
    fs.writeFileSync(path.join(older, 'meta/_journal.json'), JSON.stringify({ ...journal, entries: journal.entries.slice(0, -1) }));
    const fresh = await freshDatabase('backup_old');
    const database = fresh ? openPostgres(fresh.url) : await openPglite();
    cleanups.push(async () => (await database.close(), await fresh?.drop()));
    if (fresh) await migratePg(database.db, { migrationsFolder: older });
    else await migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder: older });
    await database.db.execute(sql`insert into categories (name) values ('Fra forrige versjon')`);

    const old = path.join(tmp, 'older.tar.gz');
    const emptyFiles = localDiskStorage(path.join(tmp, 'older-files'));
    const from: BackupSource = fresh ? { kind: 'postgres', url: fresh.url } : { kind: 'pglite', client: (database.db as unknown as { $client: PGlite }).$client };
    const manifest = await createBackup({ source: from, storage: emptyFiles, out: old });
    expect(manifest.migration?.tag).toBe(journal.entries.at(-2)!.tag);

    const { target, open, storage } = await emptyTarget('backup_forward');
    await restoreBackup({ file: old, target, storage });
    const restored = await open();
    cleanups.push(() => restored.close());
    const applied = await restored.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
    expect((applied.rows[0] as { n: number }).n).toBe(journal.entries.length);
    const kept = await restored.db.select({ name: categories.name }).from(categories).where(eq(categories.name, 'Fra forrige versjon'));
    expect(kept).toEqual([{ name: 'Fra forrige versjon' }]);
    // The newest migration's columns are there (a select of them fails on the older schema).
    expect(await restored.db.select({ sso_only: users.sso_only }).from(users)).toEqual([]);
  }, 120_000);

  it('a backup taken while uploads happen names only files it holds, and restores whole', async () => {
    let uploading = true;
    let uploaded = 0;
    const content = await pngImage(32, 32);
    const uploads = (async () => {
      // A few at a time, below the upload quota of unused files.
      while (uploading && uploaded < 40) {
        await upload(source, `during-${uploaded}.png`, content);
        uploaded++;
        await new Promise((r) => setTimeout(r, 20));
      }
    })();
    const during = path.join(tmp, 'during.tar.gz');
    await new Promise((r) => setTimeout(r, 50));
    const manifest = await createBackup({ source: source.backupSource, storage: source.storage, out: during });
    uploading = false;
    await uploads;
    expect(uploaded).toBeGreaterThan(0);
    const { target, open, storage } = await emptyTarget('backup_during');
    await restoreBackup({ file: during, target, storage });
    const restored = await openRestored(open, storage);
    const rows = await restored.database.db.select().from(files);
    expect(rows.length).toBe(manifest.files.length);
    expect(rows.length).toBe(manifest.rowCounts.files);
    for (const row of rows) expect(await storage.exists(row.storage_key), row.storage_key).toBe(true);
  }, 120_000);
});

const run = promisify(execFile);
const serverDir = path.resolve(import.meta.dirname, '../../..');
const tsx = path.resolve(serverDir, '../../node_modules/.bin/tsx');

async function runCli(name: 'backup' | 'restore', args: string[], env: NodeJS.ProcessEnv) {
  try {
    const { stdout, stderr } = await run(tsx, [`src/cli/${name}.ts`, ...args], { cwd: serverDir, env });
    return { code: 0, out: stdout + stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, out: e.stdout + e.stderr };
  }
}
