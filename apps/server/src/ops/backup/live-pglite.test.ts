import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig, REPO_ROOT } from '../../config';
import { openPglite } from '../../db/client';
import { DEMO_PASSWORD } from '../../db/seed/demo';
import { localDiskStorage } from '../../lib/storage';
import { openToOthers, watchModes, withUmask } from '../../test/file-modes';
import { startServerProcess, type ServerProcess } from '../../test/server-process';
import { formRequest } from '../../test/test-app';
import { restoreBackup } from './restore-backup';
import { pgliteTarget } from './target-pglite';
import { verifyArchive } from './verify-archive';

/** Decision 033: on PGlite, `npm run backup` while the server runs asks the server, which writes it. */
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'promo-live-backup-'));
const dataDir = path.join(tmp, 'live');
let server: ServerProcess;
let base: string;
let restoreUmask = () => {};

beforeAll(async () => {
  // The server inherits the umask a shell gives by default: its files are owner-only all the same.
  restoreUmask = withUmask(0o022);
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, NODE_ENV: 'development', SEED_DEMO: 'true', LOG_LEVEL: 'warn' };
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  // Seeding the demo into PGlite takes 20–60 s on two busy cores.
  server = await startServerProcess({ env, timeoutMs: 150_000 });
  base = server.base;
}, 180_000);

afterAll(async () => {
  restoreUmask();
  await server?.stop();
  fs.rmSync(tmp, { recursive: true, force: true });
});

async function signIn(): Promise<string> {
  const res = await fetch(`${base}/api/auth/login`, { method: 'POST', body: new URLSearchParams({ email: 'admin@demo.no', password: DEMO_PASSWORD }) });
  return `Bearer ${((await res.json()) as { data: { bearerToken: string } }).data.bearerToken}`;
}
const LISTS = ['/api/promotions', '/api/users', '/api/categories'];
const backupCommand = (out: string) =>
  promisify(execFile)(path.join(REPO_ROOT, 'node_modules/.bin/tsx'), ['src/cli/backup.ts', '--out', out], {
    cwd: path.join(REPO_ROOT, 'apps/server'),
    env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
  });

describe('a backup of PGlite while the server runs', () => {
  it('is written by the server on the command’s request, while it keeps answering, and restores to the same lists', async () => {
    const auth = await signIn();
    const out = path.join(tmp, 'live.tar.gz');
    let answered = 0;
    let serving = true;
    const calls = (async () => {
      while (serving) {
        const res = await fetch(`${base}/api/promotions`, { headers: { authorization: auth } });
        if (res.ok) answered++;
        await new Promise((r) => setTimeout(r, 50));
      }
    })();
    const backup = await backupCommand(out);
    serving = false;
    await calls;
    expect(backup.stdout).toContain('by the server');
    expect(answered).toBeGreaterThan(0);
    const manifest = await verifyArchive(out);
    expect(manifest.database.kind).toBe('pglite');
    expect(manifest.rowCounts.users).toBeGreaterThan(0);
    // No request or result file is left in the data folder.
    expect(fs.readdirSync(dataDir).filter((n) => n.startsWith('backup-request-'))).toEqual([]);

    const into = path.join(tmp, 'restored');
    const storage = localDiskStorage(path.join(into, 'files'));
    await restoreBackup({ file: out, target: pgliteTarget(into), storage });
    const database = await openPglite(path.join(into, 'pgdata'));
    const app = await buildApp({ config: loadConfig({ ...process.env, LOG_LEVEL: 'silent', NODE_ENV: 'test', REDIS_URL: '' }), db: database.db, storage });
    try {
      const login = await formRequest(app, 'POST', '/api/auth/login', { email: 'admin@demo.no', password: DEMO_PASSWORD });
      const restored = `Bearer ${login.json().data.bearerToken as string}`;
      for (const url of LISTS) {
        const live = await (await fetch(`${base}${url}`, { headers: { authorization: auth } })).json();
        expect((await formRequest(app, 'GET', url, undefined, restored)).json(), url).toEqual(live);
      }
    } finally {
      await app.close();
      await database.close();
    }
  }, 180_000);

  it('writes the archive 0600, and its copy of the data folder, the dump and the .partial open to nobody else', async () => {
    const outDir = fs.mkdtempSync(path.join(tmp, 'modes-'));
    const out = path.join(outDir, 'private.tar.gz');
    const watched = watchModes(outDir);
    const backup = await backupCommand(out);
    const { seen } = await watched.stop();
    expect(backup.stdout).toContain('by the server');
    // It holds password hashes and the server's secrets.
    expect((fs.statSync(out).mode & 0o777).toString(8)).toBe('600');
    const paths = [...seen.keys()].map((p) => path.relative(outDir, p));
    expect(paths).toEqual(
      expect.arrayContaining([
        'private.tar.gz.partial',
        expect.stringMatching(/^\.backup-[^/]+\/pgdata-copy\/PG_VERSION$/),
        expect.stringMatching(/^\.backup-[^/]+\/database\.pglite\.tar$/),
      ]),
    );
    expect(openToOthers(seen)).toEqual([]);
    // And the server's own data folder: the database, the stored files, the lock.
    const dataFolder = watchModes(dataDir);
    const held = await dataFolder.stop();
    expect([...held.seen.keys()].filter((p) => p.includes(`${path.sep}pgdata${path.sep}`)).length).toBeGreaterThan(100);
    expect(openToOthers(held.seen)).toEqual([]);
  }, 180_000);
});
