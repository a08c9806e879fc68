// Starts the built app for the browser tests on a database of its own: a fresh PostgreSQL
// database when DATABASE_URL is set (dropped again on exit), else PGlite in a temporary folder.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startTestProvider } from '../apps/server/src/test/oidc-test-provider.mjs';

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
  // Files in a folder of this server's own: one server per Playwright worker runs at a time.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'promo-e2e-'));
  env.DATA_DIR = dir;
  cleanup = async () => {
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.end();
    fs.rmSync(dir, { recursive: true, force: true });
  };
} else {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'promo-e2e-'));
  env.DATA_DIR = dir;
  cleanup = async () => fs.rmSync(dir, { recursive: true, force: true });
}

// The compiled server, as `npm start` runs it; compiled here (≈ 0.1 s) so that a change of the
// server reaches the browser tests without a build step of its own. The web app must be built.
// With one server per Playwright worker, the first builds and the others wait for its stamp of
// this run (E2E_RUN): a second build would delete dist/ under a server that is starting.
const stamp = path.resolve('apps/server/dist/.e2e-run');
const run = process.env.E2E_RUN ?? String(process.pid);
if (process.env.E2E_BUILD_WAIT) {
  const deadline = Date.now() + 120_000;
  while (!(fs.existsSync(stamp) && fs.readFileSync(stamp, 'utf8') === run)) {
    if (Date.now() > deadline) throw new Error('the first e2e server did not build apps/server within 2 minutes');
    await new Promise((r) => setTimeout(r, 100));
  }
} else {
  execFileSync(process.execPath, ['apps/server/build.mjs', '--quiet'], { stdio: 'inherit' });
  fs.writeFileSync(stamp, run);
}
// Single sign-on against a real OpenID Provider of this server's own (e2e/sso.spec.ts, decision 035),
// on a free loopback port: the sign-in page shows its button; the password tests use the form.
const publicUrl = `http://localhost:${env.PORT ?? 3000}`;
const sso = await startTestProvider({
  name: 'Kjede-ID (test)',
  clients: [{ client_id: 'promo', client_secret: 'promo-secret', redirect_uris: [`${publicUrl}/api/auth/oidc/callback`], post_logout_redirect_uris: [`${publicUrl}/login`], token_endpoint_auth_method: 'client_secret_post' }],
  accounts: {
    'sso-admin': { email: 'admin@demo.no', email_verified: true, given_name: 'Admin', groups: ['promo-admins'] },
    'sso-cm': { email: 'cm@demo.no', email_verified: true, given_name: 'Cecilie', groups: ['promo-cm'] },
    'sso-unmapped': { email: 'someone@example.no', email_verified: true, groups: ['marketing'] },
  },
});
Object.assign(env, {
  OIDC_ISSUER: sso.issuer,
  OIDC_CLIENT_ID: 'promo',
  OIDC_CLIENT_SECRET: 'promo-secret',
  OIDC_NAME: 'Kjede-ID',
  OIDC_ROLE_MAP: 'promo-admins=admin,promo-cm=cm,promo-stations=user',
  PUBLIC_URL: publicUrl,
});
const server = spawn(process.execPath, ['--enable-source-maps', 'apps/server/dist/server.js'], { env, stdio: 'inherit' });
let stopping = false;
async function stop(code) {
  if (stopping) return;
  stopping = true;
  server.kill('SIGTERM');
  await new Promise((r) => (server.exitCode !== null ? r() : server.once('exit', r)));
  await sso.close();
  await cleanup().catch((err) => console.error('e2e cleanup failed', err));
  process.exit(code);
}
server.on('exit', (code) => void stop(code ?? 1));
for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(sig, () => void stop(0));
