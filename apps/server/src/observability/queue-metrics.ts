import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { Gauge, type Registry } from 'prom-client';
import type { Db } from '../db/client';
import { MAX_ATTEMPTS } from '../modules/push/sender';

const IMPORT_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
/** A read slower than this keeps the last figures: a scrape must answer while the database does not. */
const QUERY_MS = 2_000;

interface Snapshot {
  mail_waiting: number;
  push_waiting: number;
  push_failed: number;
  preflight_pending: number;
  digest_runs: number;
  digest_last_started: number | null;
  digest_last_sent: number | null;
  imports: Record<string, number>;
}

/**
 * The work queues, read from the database at each scrape (they live there, shared by every server
 * process): so every process reports the same figures, those of the whole installation.
 */
function readQueues(db: Db, smtp: boolean) {
  return db.execute<Record<keyof Snapshot, unknown>>(sql`
    select
      ${smtp ? sql`(select count(*) from notifications n join users u on u.id = n.user_id where n.mailed_at is null and u.deleted_at is null)::int` : sql`0`} as mail_waiting,
      (select count(*) from push_messages m join push_subscriptions s on s.id = m.subscription_id
        where m.sent_at is null and m.attempts < ${MAX_ATTEMPTS} and s.enabled)::int as push_waiting,
      (select count(*) from push_messages where sent_at is null and attempts >= ${MAX_ATTEMPTS})::int as push_failed,
      (select count(*) from file_preflights where status = 'pending')::int as preflight_pending,
      (select count(*) from digest_runs)::int as digest_runs,
      (select extract(epoch from started_at)::float8 from digest_runs order by day desc limit 1) as digest_last_started,
      (select sent from digest_runs where finished_at is not null order by day desc limit 1) as digest_last_sent,
      (select coalesce(json_object_agg(status, n), '{}'::json) from (select status, count(*)::int as n from import_jobs group by status) s) as imports
  `);
}

export function observeQueues(db: Db, registry: Registry, opts: { smtp: boolean; log: FastifyBaseLogger }) {
  let last: Snapshot | null = null;
  // The gauges of one scrape are collected together: they share the read under way.
  let pending: Promise<Snapshot | null> | null = null;

  const snapshot = (): Promise<Snapshot | null> => {
    if (pending) return pending;
    let timer: NodeJS.Timeout | undefined;
    const read = Promise.race([
      readQueues(db, opts.smtp).then(({ rows: [row] }) => ({ ...(row as unknown as Snapshot), imports: (row?.imports ?? {}) as Record<string, number> })),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${QUERY_MS} ms`)), QUERY_MS);
      }),
    ])
      .then((s) => (last = s))
      .catch((err: unknown) => {
        opts.log.warn({ err }, 'metrics: the queues could not be read; the last figures are reported');
        return last;
      })
      .finally(() => {
        clearTimeout(timer);
        pending = null;
      });
    pending = read;
    return read;
  };

  const gauge = (name: string, help: string, value: (s: Snapshot) => number | null) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      async collect() {
        const s = await snapshot();
        const v = s && value(s);
        if (v !== null && v !== undefined) this.set(Number(v));
      },
    });
  gauge('promo_mail_queue_waiting', 'Notifications not mailed yet (0 without SMTP_URL: nothing is mailed).', (s) => s.mail_waiting);
  gauge('promo_push_queue_waiting', 'Web pushes not sent yet that will still be tried.', (s) => s.push_waiting);
  gauge('promo_push_queue_failed', `Web pushes given up after ${MAX_ATTEMPTS} attempts.`, (s) => s.push_failed);
  gauge('promo_preflight_queue_pending', 'Print files whose preflight has not run yet.', (s) => s.preflight_pending);
  gauge('promo_digest_runs', 'Days whose digest e-mail has been sent (rows of digest_runs).', (s) => s.digest_runs);
  gauge('promo_digest_last_run_timestamp_seconds', 'When the latest digest run started (Unix time).', (s) => s.digest_last_started);
  gauge('promo_digest_last_sent', 'Mails the latest finished digest run sent.', (s) => s.digest_last_sent);
  new Gauge({
    name: 'promo_import_jobs',
    help: 'Catalogue import jobs by status.',
    labelNames: ['status'] as const,
    registers: [registry],
    async collect() {
      const s = await snapshot();
      if (s) for (const status of IMPORT_STATUSES) this.set({ status }, Number(s.imports[status] ?? 0));
    },
  });
}
