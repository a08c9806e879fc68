// Backup and restore of a large installation (issue 23): 100,000 products (bench/generate.ts) and
// 2 GB of stored files, through the real commands (`node apps/server/dist/cli/backup.js` and
// restore.js), timing each and sampling its peak RSS (VmHWM of /proc/<pid>/status).
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/promo_bench npx tsx bench/backup.ts
//   npx tsx bench/backup.ts                                  (PGlite)
//   BENCH_FILES_MB=200 BENCH_PRODUCTS=10000 npx tsx bench/backup.ts   (smaller)
import { spawn, execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { openPglite, openPostgres } from '../apps/server/src/db/client';
import { files } from '../apps/server/src/db/schema';
import { localDiskStorage } from '../apps/server/src/lib/storage';
import { recreatePostgresDatabase } from './database';
import { generate, PRODUCTS } from './generate';

const FILES_MB = Number(process.env.BENCH_FILES_MB ?? 2048);
const FILE_MB = 8; // print files are large: 8 MB each, so 2 GB is 256 files
const root = fs.mkdtempSync(path.join(process.env.BENCH_DIR ?? os.tmpdir(), 'promo-bench-backup-'));
const url = process.env.DATABASE_URL;
const server = path.resolve(import.meta.dirname, '../apps/server');

/** Runs a command line tool to its end: seconds and peak RSS in MB. */
function measure(args: string[], env: NodeJS.ProcessEnv): Promise<{ seconds: number; peakMb: number; out: string }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, args, { cwd: server, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let peakKb = 0;
    child.stdout.on('data', (d: Buffer) => (out += d));
    child.stderr.on('data', (d: Buffer) => (out += d));
    const sample = setInterval(() => {
      try {
        const hwm = /VmHWM:\s+(\d+)/.exec(fs.readFileSync(`/proc/${child.pid}/status`, 'utf8'));
        if (hwm) peakKb = Math.max(peakKb, Number(hwm[1]));
      } catch {
        // exited
      }
    }, 50);
    child.once('close', (code) => {
      clearInterval(sample);
      if (code !== 0) reject(new Error(`${args.join(' ')} exited ${code}:\n${out}`));
      else resolve({ seconds: (performance.now() - started) / 1000, peakMb: peakKb / 1024, out });
    });
  });
}

const sourceDir = path.join(root, 'source');
const targetDir = path.join(root, 'target');
const targetUrl = url ? url.replace(/\/([^/]*)$/, '/$1_restore') : undefined;
console.log(`${url ? 'PostgreSQL' : 'PGlite'}: ${PRODUCTS} products, ${FILES_MB} MB of files, in ${root}`);

let t = performance.now();
if (url) await recreatePostgresDatabase(url);
const database = url ? openPostgres(url) : await openPglite(path.join(sourceDir, 'pgdata'));
await generate(database, path.join(sourceDir, 'files'));
const storage = localDiskStorage(path.join(sourceDir, 'files'));
const chunk = randomBytes(1024 * 1024); // incompressible, as images and PDFs are
for (let i = 0; i < FILES_MB / FILE_MB; i++) {
  const key = storage.newKey();
  await storage.write(key, Readable.from((function* () { for (let m = 0; m < FILE_MB; m++) yield chunk; })()));
  await database.db.insert(files).values({ storage_key: key, original_name: `print-${i}.pdf`, size: FILE_MB * 1024 * 1024, content_type: 'application/pdf', sha256: '0'.repeat(64) });
}
await database.close();
console.log(`generated in ${((performance.now() - t) / 1000).toFixed(0)} s`);

execFileSync(process.execPath, ['build.mjs', '--quiet'], { cwd: server });
const archive = path.join(root, 'backup.tar.gz');
const base = { ...process.env, LOG_LEVEL: 'warn' };
const backup = await measure(['dist/cli/backup.js', '--out', archive], { ...base, DATA_DIR: sourceDir, ...(url ? { DATABASE_URL: url } : {}) });
const size = fs.statSync(archive).size;
if (targetUrl) await recreatePostgresDatabase(targetUrl);
const restore = await measure(['dist/cli/restore.js', archive], { ...base, DATA_DIR: targetDir, ...(targetUrl ? { DATABASE_URL: targetUrl } : {}) });
t = performance.now();

console.log(restore.out.trim().split('\n').at(-1));
console.log(`| direction | time s | peak RSS MB |\n|---|---|---|`);
console.log(`| backup (archive ${(size / 1024 ** 2).toFixed(0)} MB) | ${backup.seconds.toFixed(1)} | ${backup.peakMb.toFixed(0)} |`);
console.log(`| restore | ${restore.seconds.toFixed(1)} | ${restore.peakMb.toFixed(0)} |`);
if (!process.env.BENCH_KEEP) fs.rmSync(root, { recursive: true, force: true });
