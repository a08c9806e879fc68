import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { REPO_ROOT } from '../config';
import { openPostgres, type Database } from '../db/client';
import { digestRuns, systemSettings } from '../db/schema';
import { seedDemo } from '../db/seed/demo';
import { localDiskStorage } from '../lib/storage';
import { freePort } from './free-port';
import { freshDatabase } from './fresh-database';
import { startSmtpSink } from './smtp-sink';

// Two real server processes on one database, both checking every second whether the daily digest
// is due: one of them claims the day and every user gets the mail once (decision 018).
describe.skipIf(!inject('testDatabaseUrl'))('daily digest with two server processes (needs PostgreSQL)', () => {
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  let fresh: Awaited<ReturnType<typeof freshDatabase>>;
  let database: Database;
  const dirs: string[] = [];
  const children: ChildProcess[] = [];

  async function startServer(databaseUrl: string) {
    const port = await freePort();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'promo-digest-host-'));
    dirs.push(dataDir);
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      NODE_ENV: 'development',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      SMTP_URL: sink.url,
      DIGEST_CHECK_SECONDS: '1',
    };
    delete env.REDIS_URL;
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], { cwd: REPO_ROOT, env, stdio: ['ignore', 'inherit', 'inherit'] });
    children.push(child);
    for (const until = Date.now() + 120_000; ; await new Promise((r) => setTimeout(r, 200))) {
      if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
      if (await fetch(`http://127.0.0.1:${port}/healthz`).then((r) => r.ok, () => false)) return;
      if (Date.now() > until) throw new Error('the server did not start within 120 s');
    }
  }

  beforeAll(async () => {
    sink = await startSmtpSink();
    fresh = await freshDatabase('digest_processes');
    database = openPostgres(fresh!.url);
    await database.migrate();
    const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'promo-digest-seed-'));
    dirs.push(filesDir);
    await seedDemo(database.db, localDiskStorage(filesDir));
    // Due from midnight Oslo time: due whenever the test runs.
    await database.db.update(systemSettings).set({ digest_hour: 0 });
  }, 120_000);

  afterAll(async () => {
    for (const child of children) {
      if (child.exitCode !== null) continue;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
    await database?.close();
    await fresh?.drop();
    await sink?.close();
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('is sent by one of them, once to each user', async () => {
    await Promise.all([startServer(fresh!.url), startServer(fresh!.url)]);
    for (let until = Date.now() + 60_000; ; await new Promise((r) => setTimeout(r, 200))) {
      const [run] = await database.db.select().from(digestRuns);
      if (run?.finished_at) break;
      if (Date.now() > until) throw new Error('no digest within 60 s');
    }
    // Both keep checking every second: three more rounds of both must add nothing.
    await new Promise((r) => setTimeout(r, 3_000));
    const runs = await database.db.select().from(digestRuns);
    expect(runs).toHaveLength(1);
    const recipients = sink.mails.flatMap((m) => m.to);
    expect(recipients.length).toBeGreaterThan(2);
    expect(runs[0]!.sent).toBe(recipients.length);
    expect(new Set(recipients).size).toBe(recipients.length);
  }, 180_000);
});
