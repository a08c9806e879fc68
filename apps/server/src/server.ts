import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { buildApp } from './app';
import { loadConfig } from './config';
import { acquireDataDirLock } from './db/data-dir-lock';
import { openDatabase } from './db/client';
import { isEmpty, seedDemo } from './db/seed/demo';
import { sweepIdempotencyKeys } from './lib/idempotency';
import { forgetEndedSsoTokens } from './lib/sessions';
import { storageFor } from './lib/storage';
import { sweepUnclaimedUploads, UPLOAD_SWEEP_EVERY_MS } from './lib/uploads';
import { flushTraces } from './observability/trace-flush';
import { serveLiveBackups } from './ops/backup/live-pglite';

// Everything this process writes holds data or secrets (decision 033): owner-only from creation,
// also the files PGlite makes with modes of its own (a data folder's postmaster.pid, 0755 under 022).
process.umask(0o077);
const config = loadConfig();
const releaseLock = config.DATABASE_URL ? () => {} : acquireDataDirLock(config.dataDir);
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir });
await database.migrate();
const storage = await storageFor(config);
if (config.SEED_DEMO && (await isEmpty(database.db))) await seedDemo(database.db, storage);
// PGlite runs no autovacuum: without this the planner's statistics and the trigram indexes'
// pending lists never catch up with inserts, and searches fall back to reading whole tables.
const maintain = () => (database.kind === 'pglite' ? database.db.execute(sql`vacuum analyze`) : Promise.resolve());
await maintain();

// In development Vite serves the web app (npm run dev); otherwise this process serves the build.
const app = await buildApp({ config, db: database.db, storage, serveWeb: config.NODE_ENV !== 'development' });
app.log.info({ database: database.kind, dataDir: config.DATABASE_URL ? undefined : config.dataDir }, 'database ready');
// On PGlite the backup command asks this process, which has the database open (decision 033).
const stopLiveBackups =
  database.kind === 'pglite'
    ? serveLiveBackups({ dataDir: config.dataDir, client: (database.db as unknown as { $client: PGlite }).$client, storage, log: app.log })
    : () => {};
// HQ files whose preflight a stop interrupted are checked again (decision 017).
app.preflight
  .resumePending()
  .then((n) => n && app.log.info({ files: n }, 'pending preflights queued'))
  .catch((err) => app.log.error({ err }, 'pending preflights could not be queued'));

// Uploads nobody attached within a day, and stored files no row names (left by a crash) after
// their grace period, are removed every few minutes (decision 028).
const uploadSweeper = setInterval(() => {
  sweepUnclaimedUploads(database.db, storage)
    .then((n) => n && app.log.info({ removed: n }, 'unclaimed uploads and unrecorded files removed'))
    .catch((err) => app.log.error({ err }, 'upload sweep failed'));
}, UPLOAD_SWEEP_EVERY_MS);
uploadSweeper.unref();

// Idempotency keys go after 7 days and ended SSO sessions forget their ID token, hourly; PGlite
// is vacuumed then too.
const sweeper = setInterval(() => {
  maintain().catch((err) => app.log.error({ err }, 'vacuum failed'));
  app.loginThrottle.sweep().catch((err) => app.log.error({ err }, 'sign-in throttle sweep failed'));
  sweepIdempotencyKeys(database.db).catch((err) => app.log.error({ err }, 'idempotency key sweep failed'));
  forgetEndedSsoTokens(database.db).catch((err) => app.log.error({ err }, 'ended SSO session sweep failed'));
}, 3600_000);
sweeper.unref();

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  clearInterval(sweeper);
  clearInterval(uploadSweeper);
  stopLiveBackups();
  await app.close();
  await database.close();
  releaseLock();
  await flushTraces();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.PORT, host: config.HOST });
