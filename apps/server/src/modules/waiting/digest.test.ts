import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Role } from '@promo/shared';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { openPostgres, type Database } from '../../db/client';
import { digestRuns, systemSettings, users } from '../../db/schema';
import { DEMO_PASSWORD, DEMO_USERS, seedDemo } from '../../db/seed/demo';
import { localDiskStorage } from '../../lib/storage';
import { freshDatabase } from '../../test/fresh-database';
import { decodeQp, startSmtpSink } from '../../test/smtp-sink';
import { formRequest } from '../../test/test-app';
import { runDigest, startDigestScheduler } from './digest';
import { waitingFor } from './service';

// Two app instances, each with its own connection pool, on one PostgreSQL database (digest-two-processes.test.ts runs two real processes).
describe.skipIf(!inject('testDatabaseUrl'))('daily digest with two instances on one database (needs PostgreSQL)', () => {
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  let fresh: Awaited<ReturnType<typeof freshDatabase>>;
  const databases: Database[] = [];
  const apps: FastifyInstance[] = [];
  const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'promo-digest-'));

  beforeAll(async () => {
    sink = await startSmtpSink();
    fresh = await freshDatabase('digest');
    for (let i = 0; i < 2; i++) databases.push(openPostgres(fresh!.url));
    await databases[0]!.migrate();
    await seedDemo(databases[0]!.db, localDiskStorage(filesDir));
    const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent', NODE_ENV: 'test', SMTP_URL: sink.url, PUBLIC_URL: 'https://kampanje.example.no' });
    for (const database of databases) apps.push(await buildApp({ config, db: database.db, storage: localDiskStorage(filesDir) }));
  }, 120_000);
  afterAll(async () => {
    for (const app of apps) await app.close();
    for (const database of databases) await database.close();
    await fresh?.drop();
    await sink.close();
    fs.rmSync(filesDir, { recursive: true, force: true });
  });

  const login = async (app: FastifyInstance, role: Role) => {
    const res = await formRequest(app, 'POST', '/api/auth/login', { email: DEMO_USERS.find((u) => u.role === role)!.email, password: DEMO_PASSWORD });
    return `Bearer ${res.json().data.bearerToken}`;
  };

  it('waits for the digest hour in Oslo', async () => {
    await databases[0]!.db.update(systemSettings).set({ digest_hour: 7 });
    // 05:30 UTC in November is 06:30 in Oslo.
    const early = await runDigest(databases[0]!.db, apps[0]!.mailer, { now: new Date('2026-11-24T05:30:00Z'), log: apps[0]!.log });
    expect(early).toEqual({ ran: false, reason: 'too_early' });
    expect(await databases[0]!.db.select().from(digestRuns)).toEqual([]);
    expect(sink.mails).toEqual([]);
  });

  it('is sent once per user by one of the two, with what waits and its deadline; none to opted-out users or users with nothing waiting', async () => {
    const db = databases[0]!.db;
    await db.update(systemSettings).set({ digest_hour: 0 });
    // The designer turns the digest off for itself, on the second instance.
    const designer = DEMO_USERS.find((u) => u.role === 'designer')!;
    const [designerRow] = await db.select({ id: users.id }).from(users).where(eq(users.email, designer.email));
    const optOut = await formRequest(apps[1]!, 'PUT', `/api/users/${designerRow!.id}/digest-opt-out`, { digest_opt_out: true }, await login(apps[1]!, 'designer'));
    expect(optOut.statusCode, optOut.body).toBe(200);

    // Whom the digest is for, computed before it runs: active, opted in, with something waiting.
    const everyone = await db.select().from(users);
    const expected: string[] = [];
    const idle: string[] = [];
    for (const u of everyone) {
      if (!u.status || u.deleted_at) continue;
      const items = await waitingFor(db, { id: u.id, role: u.role as Role });
      if (u.digest_opt_out) continue;
      (items.length ? expected : idle).push(u.email);
    }
    expect(expected.length).toBeGreaterThan(2);
    expect(expected).not.toContain(designer.email);

    // Both schedulers check at the same time, many times over.
    const schedulers = apps.map((app, i) => startDigestScheduler(databases[i]!.db, app.mailer, { log: app.log, publicUrl: 'https://kampanje.example.no', everyMs: 25 }));
    await Promise.all(schedulers.flatMap((s) => [s.tick(), s.tick()]));
    for (let until = Date.now() + 20_000; ; await new Promise((r) => setTimeout(r, 50))) {
      const [run] = await db.select().from(digestRuns);
      if (run?.finished_at) break;
      if (Date.now() > until) throw new Error('the digest did not finish');
    }
    await new Promise((r) => setTimeout(r, 300));
    for (const s of schedulers) s.stop();

    const recipients = sink.mails.flatMap((m) => m.to);
    expect([...recipients].sort()).toEqual([...expected].sort());
    expect(new Set(recipients).size).toBe(recipients.length);
    for (const email of [designer.email, ...idle]) expect(recipients).not.toContain(email);
    const runs = await db.select().from(digestRuns);
    expect(runs).toHaveLength(1);
    expect(runs[0]!.sent).toBe(expected.length);

    const admin = DEMO_USERS.find((u) => u.role === 'admin')!;
    // The demo data has promotions with every design Completed, not sent.
    const adminMail = sink.mails.find((m) => m.to.includes(admin.email));
    expect(adminMail).toBeDefined();
    {
      const text = decodeQp(adminMail!.raw);
      expect(adminMail!.raw).toMatch(/^Subject: .*Venter_p.*Waiting_for/m);
      expect(text).toContain('Klar til å sendes til trykk / Ready to send to the printers');
      expect(text).toMatch(/Frist \/ Deadline: \d\d\.\d\d\.\d{4}/);
      expect(text).toContain('https://kampanje.example.no/promotion-report-view?prom_id=');
    }

    // Later the same day: already taken, nothing more.
    expect(await runDigest(databases[1]!.db, apps[1]!.mailer, { log: apps[1]!.log })).toEqual({ ran: false, reason: 'taken' });
    expect(sink.mails).toHaveLength(expected.length);
  });
});
