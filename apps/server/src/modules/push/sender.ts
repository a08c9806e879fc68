import webpush, { WebPushError } from 'web-push';
import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { PushPayload } from '@promo/shared';
import type { Db } from '../../db/client';
import { pushMessages, pushSubscriptions } from '../../db/schema';
import { coalescedRun } from '../../lib/coalesced-run';
import { checkPushEndpoint, type Lookup } from './endpoint-check';
import { guardedAgent } from './guarded-agent';
import type { VapidKeys } from './vapid';

export interface PushSender {
  /** Sends every due message; one run at a time, and a call during a run gets one more run after it. */
  flush(): Promise<void>;
  close(): Promise<void>;
}

/** After the n-th failed attempt the next one waits this long; after the last, the message is given up. */
export const BACKOFF_MS = [60_000, 5 * 60_000, 30 * 60_000, 60 * 60_000, 2 * 60 * 60_000];
export const MAX_ATTEMPTS = BACKOFF_MS.length + 1;
/** Longer than a batch can take (lookup 3 s + send 10 s, in parallel): a crashed process's claim expires. */
const CLAIM_MS = 2 * 60_000;
const BATCH = 10;
const SEND_TIMEOUT_MS = 10_000;
/** The push service keeps an undelivered message this long (a device that is off for a day). */
const TTL_SECONDS = 24 * 60 * 60;

interface Options {
  keys: () => Promise<VapidKeys>;
  allowedOrigins: readonly string[];
  lookup: Lookup;
  log: FastifyBaseLogger;
  /** The periodic flush that sends what a crash or a retry left; 0 for none. */
  everyMs: number;
}

/**
 * The push outbox's sender (decision 022): claims due messages with `claimed_until` (two processes
 * never send one twice; a crashed process's claim runs out), sends each with web-push (VAPID,
 * RFC 8291 aes128gcm), retries failures with back-off, forgets a device its push service no
 * longer knows (404, 410: its messages go with it by cascade).
 */
export function createPushSender(db: Db, opts: Options): PushSender {
  const agent = guardedAgent(opts.allowedOrigins);
  let closed = false;

  async function claim() {
    const due = db
      .select({ id: pushMessages.id })
      .from(pushMessages)
      .innerJoin(pushSubscriptions, eq(pushSubscriptions.id, pushMessages.subscription_id))
      .where(
        and(
          isNull(pushMessages.sent_at),
          lt(pushMessages.attempts, MAX_ATTEMPTS),
          lte(pushMessages.next_attempt_at, sql`now()`),
          or(isNull(pushMessages.claimed_until), lt(pushMessages.claimed_until, sql`now()`)),
          eq(pushSubscriptions.enabled, true),
        ),
      )
      .orderBy(asc(pushMessages.id))
      .limit(BATCH)
      .for('update', { of: pushMessages, skipLocked: true });
    const claimed = await db
      .update(pushMessages)
      .set({ claimed_until: sql`now() + ${`${CLAIM_MS} milliseconds`}::interval`, attempts: sql`${pushMessages.attempts} + 1`, updated_at: sql`now()` })
      .where(inArray(pushMessages.id, due))
      .returning({ id: pushMessages.id });
    if (!claimed.length) return [];
    return db
      .select({
        id: pushMessages.id,
        kind: pushMessages.kind,
        title: pushMessages.title,
        body: pushMessages.body,
        link: pushMessages.link,
        attempts: pushMessages.attempts,
        subscription_id: pushSubscriptions.id,
        endpoint: pushSubscriptions.endpoint,
        p256dh: pushSubscriptions.p256dh,
        auth: pushSubscriptions.auth,
      })
      .from(pushMessages)
      .innerJoin(pushSubscriptions, eq(pushSubscriptions.id, pushMessages.subscription_id))
      .where(inArray(pushMessages.id, claimed.map((c) => c.id)));
  }

  type Claimed = Awaited<ReturnType<typeof claim>>[number];

  async function failed(m: Claimed, error: string, giveUp = false) {
    const last = giveUp || m.attempts >= MAX_ATTEMPTS;
    const wait = BACKOFF_MS[Math.min(m.attempts, BACKOFF_MS.length) - 1] ?? BACKOFF_MS[0]!;
    await db
      .update(pushMessages)
      .set({
        claimed_until: null,
        last_error: error.slice(0, 500),
        updated_at: sql`now()`,
        ...(last ? { attempts: MAX_ATTEMPTS } : { next_attempt_at: sql`now() + ${`${wait} milliseconds`}::interval` }),
      })
      .where(eq(pushMessages.id, m.id));
    opts.log.warn({ push: m.id, attempts: m.attempts, error }, last ? 'push given up' : 'push not sent; will retry');
  }

  async function sendOne(m: Claimed, keys: VapidKeys) {
    // The address is checked again: a name may point elsewhere than when it was stored.
    const checked = await checkPushEndpoint(m.endpoint, { allowedOrigins: opts.allowedOrigins, lookup: opts.lookup });
    if (!checked.ok) return failed(m, `endpoint refused: ${checked.refusal}`, true);
    const payload: PushPayload = { title: m.title, body: m.body, link: m.link, tag: `${m.kind}:${m.link}` };
    try {
      await webpush.sendNotification({ endpoint: checked.url, keys: { p256dh: m.p256dh, auth: m.auth } }, JSON.stringify(payload), {
        vapidDetails: keys,
        TTL: TTL_SECONDS,
        timeout: SEND_TIMEOUT_MS,
        contentEncoding: 'aes128gcm',
        agent,
      });
    } catch (err) {
      const status = err instanceof WebPushError ? err.statusCode : undefined;
      if (status === 404 || status === 410) {
        await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, m.subscription_id));
        opts.log.info({ subscription: m.subscription_id, status }, 'push subscription gone; removed');
        return;
      }
      return failed(m, status ? `${status} ${err instanceof WebPushError ? err.body : ''}`.trim() : String((err as Error).message ?? err));
    }
    await db.update(pushMessages).set({ sent_at: sql`now()`, claimed_until: null, last_error: '', updated_at: sql`now()` }).where(eq(pushMessages.id, m.id));
    await db.update(pushSubscriptions).set({ last_sent_at: sql`now()` }).where(eq(pushSubscriptions.id, m.subscription_id));
  }

  async function run() {
    while (!closed) {
      const batch = await claim();
      if (!batch.length) return;
      const keys = await opts.keys();
      await Promise.all(batch.map((m) => sendOne(m, keys).catch((err: unknown) => opts.log.error({ err, push: m.id }, 'push send failed'))));
    }
  }

  const runner = coalescedRun(
    () => run().catch((err: unknown) => opts.log.error({ err }, 'push flush failed')),
    () => closed,
  );
  const flush = runner.flush;

  const timer = opts.everyMs > 0 ? setInterval(() => void flush(), opts.everyMs) : null;
  timer?.unref();

  return {
    flush,
    close: async () => {
      closed = true;
      if (timer) clearInterval(timer);
      await runner.idle();
      agent.destroy();
    },
  };
}
