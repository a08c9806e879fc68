// Starts the built app for the browser tests on a database of its own: a fresh PostgreSQL
// database when DATABASE_URL is set (dropped again on exit), else PGlite in a temporary folder.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

const env = { ...process.env, SEED_DEMO: 'true', LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn' };
let cleanup = async () => {};
const HOUR = 3600_000;

/** Databases and folders of runs that were killed before they could clean up, older than an hour. */
async function removeStale(admin) {
  const { rows } = await admin.query(`select datname from pg_database where datname like 'promo_e2e_%'`);
  for (const { datname } of rows) {
    const started = Number(datname.split('_')[2]);
    if (started && Date.now() - started > HOUR) await admin.query(`drop database if exists "${datname}" with (force)`);
  }
}
for (const entry of fs.readdirSync(os.tmpdir())) {
  const dir = path.join(os.tmpdir(), entry);
  if (entry.startsWith('promo-e2e-') && Date.now() - fs.statSync(dir).mtimeMs > HOUR) fs.rmSync(dir, { recursive: true, force: true });
}

if (process.env.DATABASE_URL) {
  const name = `promo_e2e_${Date.now()}_${process.pid}`;
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await removeStale(admin).catch((err) => console.error('could not remove stale e2e databases', err.message));
  await admin.query(`create database "${name}"`);
  const url = new URL(process.env.DATABASE_URL);
  url.pathname = `/${name}`;
  env.DATABASE_URL = url.toString();
  cleanup = async () => {
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.end();
  };
} else {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'promo-e2e-'));
  env.DATA_DIR = dir;
  cleanup = async () => fs.rmSync(dir, { recursive: true, force: true });
}

// The compiled server, as `npm start` runs it; compiled here (≈ 0.1 s) so that a change of the
// server reaches the browser tests without a build step of its own. The web app must be built.
execFileSync(process.execPath, ['apps/server/build.mjs', '--quiet'], { stdio: 'inherit' });
const server = spawn(process.execPath, ['--enable-source-maps', 'apps/server/dist/server.js'], { env, stdio: 'inherit' });
let stopping = false;
async function stop(code) {
  if (stopping) return;
  stopping = true;
  server.kill('SIGTERM');
  await new Promise((r) => (server.exitCode !== null ? r() : server.once('exit', r)));
  await cleanup().catch((err) => console.error('e2e cleanup failed', err));
  process.exit(code);
}
server.on('exit', (code) => void stop(code ?? 1));
for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(sig, () => void stop(0));
