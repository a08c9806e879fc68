import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { openPostgres, type Database, type Tx } from '../../db/client';
import type { AuthContext } from '../../lib/auth-context';
import { visibleChat } from '../promotion-design/psd-access';
import { promotions } from '../../db/schema';
import { WRITE_LOCK } from '../../db/write-lock';
import { seedDemo } from '../../db/seed/demo';
import { localDiskStorage } from '../../lib/storage';
import { freshDatabase } from '../../test/fresh-database';

/*
 * Two transactions refreshing the read model of the same promotion or design line at once (a chat
 * send while the preflight worker finishes the previous file; CI caught four HQ sends answering 500).
 * Each refresh deletes the key's rows and inserts them again; the second must wait for the first and
 * then rebuild from what it committed, not insert beside it. Needs PostgreSQL: PGlite has one connection.
 */
describe.skipIf(!inject('testDatabaseUrl'))('read model refreshed by two transactions at once (needs PostgreSQL)', () => {
  let fresh: Awaited<ReturnType<typeof freshDatabase>>;
  let database: Database;
  const clients: pg.Client[] = [];
  const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'promo-insight-locks-'));

  beforeAll(async () => {
    fresh = await freshDatabase('insight_locks');
    database = openPostgres(fresh!.url);
    await database.migrate();
    await seedDemo(database.db, localDiskStorage(filesDir));
    for (let i = 0; i < 2; i++) {
      const client = new pg.Client({ connectionString: fresh!.url });
      await client.connect();
      clients.push(client);
    }
  }, 120_000);
  afterAll(async () => {
    for (const client of clients) await client.end();
    await database?.close();
    await fresh?.drop();
    fs.rmSync(filesDir, { recursive: true, force: true });
  });

  const count = async (sql: string, key: number) => Number((await clients[0]!.query(sql, [key])).rows[0].n);
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  /** The first transaction refreshes and holds; the second refreshes meanwhile; the first commits. */
  async function overlap(refresh: string, key: number, secondKeys = [key]) {
    await overlapCalls(`select ${refresh}($1)`, [[key]], [secondKeys]);
  }

  async function overlapCalls(statement: string, first: unknown[], second: unknown[]) {
    const [a, b] = clients as [pg.Client, pg.Client];
    await a.query('begin');
    await b.query('begin');
    try {
      await a.query(statement, first);
      const waiting = b.query(statement, second).then(
        () => 'done',
        (e: Error) => e.message,
      );
      await sleep(300);
      await a.query('commit');
      expect(await waiting).toBe('done');
      await b.query('commit');
    } finally {
      await a.query('rollback').catch(() => undefined);
      await b.query('rollback').catch(() => undefined);
    }
  }

  it("a design line's steps: one row after both", async () => {
    const psd = Number((await clients[0]!.query('select min(id) as id from promotion_surface_designs')).rows[0].id);
    await overlap('insight_refresh_steps', psd);
    expect(await count('select count(*) as n from insight_design_steps where psd_id = $1', psd)).toBe(1);
  });

  it("a promotion's amounts, station figures and parcels: the same rows as one refresh gives", async () => {
    const promotion = Number(
      (await clients[0]!.query('select promotion_id as id from insight_station_figures group by promotion_id order by count(*) desc limit 1')).rows[0].id,
    );
    const tables = ['insight_design_amounts', 'insight_station_figures', 'insight_parcel_categories'];
    const before = await Promise.all(tables.map((table) => count(`select count(*) as n from ${table} where promotion_id = $1`, promotion)));
    expect(before[0]).toBeGreaterThan(0);
    expect(before[1]).toBeGreaterThan(0);
    await overlap('insight_refresh', promotion);
    const after = await Promise.all(tables.map((table) => count(`select count(*) as n from ${table} where promotion_id = $1`, promotion)));
    expect(after).toEqual(before);
  });

  it('a refresh of many design lines (one lock for the space) waits for a refresh of one of them', async () => {
    const psd = Number((await clients[0]!.query('select min(id) as id from promotion_surface_designs')).rows[0].id);
    const many = [psd, ...Array.from({ length: 150 }, (_, i) => 1_000_000 + i)];
    await overlap('insight_refresh_steps', psd, many);
    expect(await count('select count(*) as n from insight_design_steps where psd_id = $1', psd)).toBe(1);
  });

  it("a promotion's design lines as the deadlines read them: one row after both", async () => {
    const promotion = Number((await clients[0]!.query('select min(promotion_id) as id from insight_design_steps')).rows[0].id);
    await overlap('insight_refresh_promotion_steps', promotion);
    expect(await count('select count(*) as n from insight_promotion_steps where promotion_id = $1', promotion)).toBe(1);
  });

  it("a design line's checked HQ files: each once after both", async () => {
    const [a] = clients as [pg.Client];
    const psd = Number((await a.query('select min(id) as id from promotion_surface_designs')).rows[0].id);
    const chat = Number((await a.query('select id from chats where psd_id = $1', [psd])).rows[0].id);
    const file = Number(
      (await a.query(`insert into files (storage_key, original_name, size, content_type, sha256) values ('locks/hq.png', 'hq.png', 1, 'image/png', 'x') returning id`)).rows[0].id,
    );
    await a.query(`insert into file_preflights (file_id, status, checks) values ($1, 'ok', '[]')`, [file]);
    await a.query(
      `insert into chat_messages (chat_id, message_id, type_file, type_extension, file_id)
       values ($1, (select coalesce(max(message_id), 0) + 1 from chat_messages where chat_id = $1), 'HQ', 'image', $2)`,
      [chat, file],
    );
    const checked = await count('select count(*) as n from insight_hq_checks where psd_id = $1', psd);
    expect(checked).toBeGreaterThan(0);
    await overlap('insight_refresh_hq_checks', psd);
    expect(await count('select count(*) as n from insight_hq_checks where psd_id = $1', psd)).toBe(checked);
  });

  it("a station's month sums of parcels and of surfaces: the same rows after both", async () => {
    const [a] = clients as [pg.Client];
    const { station_id, month } = (
      await a.query<{ station_id: number; month: string }>(
        `select station_id, to_char(date_trunc('month', period_from), 'YYYY-MM-DD') as month from insight_parcel_categories order by parcel_id limit 1`,
      )
    ).rows[0]!;
    for (const [refresh, table] of [
      ['insight_refresh_parcel_months', 'insight_station_parcel_months'],
      ['insight_refresh_figure_months', 'insight_station_figure_months'],
    ] as const) {
      const rows = `select count(*) as n from ${table} where station_id = $1`;
      const before = await count(rows, station_id);
      expect(before).toBeGreaterThan(0);
      await overlapCalls(`select ${refresh}($1::int[], $2::date[])`, [[station_id], [month]], [[station_id], [month]]);
      expect(await count(rows, station_id)).toBe(before);
    }
  });

  /**
   * A write step holds its row (`lock`) and then refreshes `key`; meanwhile the other connection's
   * refresh of the same key holds its advisory lock and inserts rows whose foreign key points at that
   * row. Both must finish: the refresh's key-share check must not wait for the step's row lock.
   */
  async function stepAgainstRefresh(lock: (tx: Tx) => Promise<unknown>, refresh: string, key: number) {
    const b = clients[1]!;
    const within = <T>(p: Promise<T>) => Promise.race([p, sleep(5_000).then(() => 'timed out')]);
    const outcome = { refresh: '', step: '' };
    await database.db
      .transaction(async (tx) => {
        await lock(tx);
        await b.query('begin');
        const other = b.query(`select ${refresh}($1)`, [[key]]).then(() => 'done', (e: Error) => e.message);
        await sleep(300);
        const step = tx.execute(sql`select ${sql.raw(refresh)}(array[${key}]::int[])`).then(() => 'done', (e: Error) => e.message);
        outcome.refresh = String(await within(other));
        if (outcome.refresh === 'done') await b.query('commit');
        outcome.step = String(await within(step));
        if (outcome.step !== 'done') throw new Error(outcome.step);
      })
      .catch(() => undefined);
    await b.query('rollback').catch(() => undefined);
    return outcome;
  }

  it("a send holding its design line and a refresh inserting rows that point at the line wait for each other without a deadlock", async () => {
    // The preflight worker's refresh holds its advisory lock and inserts HQ checks (a foreign key to
    // the line); the send holds the line and then refreshes. Four HQ files sent at once answered 500.
    const b = clients[1]!;
    const psd = Number((await b.query('select psd_id from insight_hq_checks order by psd_id limit 1')).rows[0].psd_id);
    const chat = Number((await b.query('select id from chats where psd_id = $1', [psd])).rows[0].id);
    const admin = Number((await b.query(`select id from users where role = 'admin' order by id limit 1`)).rows[0].id);
    const auth = { user: { id: admin, role: 'admin' } } as unknown as AuthContext;
    const outcome = await stepAgainstRefresh((tx) => visibleChat(tx, auth, chat, 'update'), 'insight_refresh_hq_checks', psd);
    expect(outcome).toEqual({ refresh: 'done', step: 'done' });
  });

  it("a step holding its promotion and a refresh inserting rows that point at the promotion wait for each other without a deadlock", async () => {
    // Sending, printing, distributing, milestones and editing lock the promotion and then write rows
    // whose triggers refresh it; a placement photo's refresh of the same promotion inserts its
    // amounts (a foreign key to the promotion) while holding the advisory lock.
    const promotion = Number((await clients[1]!.query('select promotion_id from insight_design_amounts order by promotion_id limit 1')).rows[0].promotion_id);
    const lock = (tx: Tx) => tx.select({ id: promotions.id }).from(promotions).where(eq(promotions.id, promotion)).for(WRITE_LOCK);
    expect(await stepAgainstRefresh(lock, 'insight_refresh', promotion)).toEqual({ refresh: 'done', step: 'done' });
  });
});
