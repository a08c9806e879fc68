import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { osloDay, type Role } from '@promo/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { pushSubscriptions, systemSettings, users } from '../../db/schema';
import { osloHour } from '../waiting/digest';
import { waitingFor } from '../waiting/service';
import { queuePush } from './outbox';
import type { PushSender } from './sender';

const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/**
 * The station reminders (decision 022): a parcel not confirmed received the day before its
 * delivery milestone, and planner amounts still missing in the two days before the promotion is
 * sent to the printers. Each is queued once per device (its dedupe key), however often this runs
 * and on however many processes; from the digest hour on, so nobody is woken at night.
 * Only stations with a device that takes pushes are looked at.
 */
export async function runPushReminders(db: Db, now = new Date()): Promise<number> {
  const [settings] = await db.select({ hour: systemSettings.digest_hour }).from(systemSettings).orderBy(asc(systemSettings.id)).limit(1);
  if (osloHour(now) < (settings?.hour ?? 7)) return 0;
  const today = osloDay(now);
  const tomorrow = addDays(today, 1);
  const inTwoDays = addDays(today, 2);
  const stations = await db
    .selectDistinct({ id: users.id })
    .from(users)
    .innerJoin(pushSubscriptions, eq(pushSubscriptions.user_id, users.id))
    .where(and(eq(users.role, 'user'), eq(users.status, true), isNull(users.deleted_at), eq(pushSubscriptions.enabled, true)));
  let queued = await reviewReminders(db, today, tomorrow);
  for (const station of stations) {
    for (const item of await waitingFor(db, { id: station.id, role: 'user' }, today)) {
      const due = item.deadline?.due_on;
      if (!due) continue;
      const promotion = item.promotion;
      if (item.kind === 'delivery_to_confirm' && item.deadline?.milestone === 'delivered' && due === tomorrow) {
        queued += await queuePush(db, [station.id], {
          kind: 'delivery_reminder',
          facts: { promotion: promotion.name, day: due },
          link: `/user-promotions/${promotion.id}`,
          dedupeKey: `delivery_reminder:${promotion.id}:${due}`,
        });
      }
      if (item.kind === 'amounts_to_enter' && item.deadline?.milestone === 'sent_to_printers' && due > today && due <= inTwoDays) {
        queued += await queuePush(db, [station.id], {
          kind: 'amounts_reminder',
          facts: { promotion: promotion.name, day: due },
          link: item.link,
          dedupeKey: `amounts_reminder:${promotion.id}:${due}`,
        });
      }
    }
  }
  return queued;
}

/**
 * Reviewers with a device whose stage is due tomorrow or overdue (decision 040): once per version,
 * stage and day, so an overdue stage reminds once a day.
 */
async function reviewReminders(db: Db, today: string, tomorrow: string): Promise<number> {
  const reviewers = await db
    .selectDistinct({ id: users.id, role: users.role })
    .from(users)
    .innerJoin(pushSubscriptions, eq(pushSubscriptions.user_id, users.id))
    .where(and(inArray(users.role, ['admin', 'cm-admin', 'cm']), eq(users.status, true), isNull(users.deleted_at), eq(pushSubscriptions.enabled, true)));
  let queued = 0;
  for (const reviewer of reviewers) {
    for (const item of await waitingFor(db, { id: reviewer.id, role: reviewer.role as Role }, today)) {
      const due = item.deadline?.due_on;
      if (item.kind !== 'review_to_decide' || !due || due > tomorrow) continue;
      queued += await queuePush(db, [reviewer.id], {
        kind: 'review_reminder',
        facts: { promotion: item.promotion.name, subject: item.subject ?? '', day: due },
        link: item.link,
        dedupeKey: `review_reminder:${item.promotion.id}:${item.link}|${item.subject}:${due < today ? today : due}`,
      });
    }
  }
  return queued;
}

/** Checks every five minutes; the timer does not keep the process alive. */
export function startPushReminders(db: Db, sender: PushSender, opts: { log: FastifyBaseLogger; everyMs?: number }) {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      if (await runPushReminders(db)) await sender.flush();
    } catch (err) {
      opts.log.error({ err }, 'push reminders failed');
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void tick(), opts.everyMs ?? 5 * 60_000);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
