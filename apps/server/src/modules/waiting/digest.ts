import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { BUSINESS_TIME_ZONE, osloDay, type Milestone, type WaitingItem, type WaitingKind } from '@promo/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { digestRuns, systemSettings, users } from '../../db/schema';
import type { Mailer } from '../notifications/mailer';
import { waitingFor } from './service';

/**
 * The daily digest e-mail (issue 15, decision 018). The product has no language per user, so the
 * mail is Norwegian with English, as the notification mails are.
 */
const KIND_TEXT: Record<WaitingKind, (n: number) => string> = {
  design_to_start: () => 'Design å starte på / Design to start',
  design_to_answer: () => 'Design å svare på / Design to answer',
  brief_to_send: () => 'Brief å skrive og sende / Brief to write and send',
  sketch_to_rate: (n) => `${n} skisse(r) å vurdere / sketch(es) to rate`,
  design_to_complete: () => 'Design å fullføre / Design to complete',
  promotion_to_send: () => 'Klar til å sendes til trykk / Ready to send to the printers',
  pairs_to_print: (n) => `${n} design å trykke / design(s) to print`,
  parcels_to_send: (n) => `${n} stasjon(er) venter på pakker / station(s) waiting for parcels`,
  amounts_to_enter: (n) => `${n} flate(r) uten antall i planleggeren / surface(s) without a planner amount`,
  delivery_to_confirm: (n) => `${n} pakke(r) å bekrefte mottatt / parcel(s) to confirm received`,
  placement_to_photograph: (n) => `${n} flate(r) å ta bilde av / surface(s) to photograph`,
  review_to_decide: () => 'Fil å godkjenne / File to review',
};

const MILESTONE_TEXT: Record<Milestone, string> = {
  brief: 'brief / brief',
  designs_complete: 'design ferdige / designs complete',
  sent_to_printers: 'sendt til trykk / sent to printers',
  printed: 'trykket / printed',
  delivered: 'levert til butikkene / delivered to stores',
};

const STATE_TEXT = { overdue: 'FORSINKET / OVERDUE', due_soon: 'snart / due soon', on_time: '' } as const;

const norwegianDay = (day: string) => day.split('-').reverse().join('.');

export function digestText(items: WaitingItem[], publicUrl: string | undefined, today: string) {
  const subject = `Venter på deg (${items.length}) / Waiting for you (${items.length}) – ${norwegianDay(today)}`;
  const lines = items.map((item) => {
    const link = publicUrl ? new URL(item.link, publicUrl).toString() : item.link;
    const deadline = item.deadline
      ? `\n  Frist / Deadline: ${norwegianDay(item.deadline.due_on)} (${MILESTONE_TEXT[item.deadline.milestone]})${STATE_TEXT[item.deadline.state] ? ` – ${STATE_TEXT[item.deadline.state]}` : ''}`
      : '';
    return `- ${item.promotion.name}${item.subject ? ` – ${item.subject}` : ''}: ${KIND_TEXT[item.kind](item.count)}${deadline}\n  ${link}`;
  });
  const text = [
    'Dette venter på deg i Kampanjeportalen i dag / This is waiting for you in the promotion portal today:',
    '',
    ...lines,
    '',
    'Du kan slå av denne e-posten på startsiden / You can turn this e-mail off on the start page.',
    '',
  ].join('\n');
  return { subject, text };
}

/** The hour (0–23) it is in Oslo at `now`. */
export function osloHour(now: Date): number {
  return Number(new Intl.DateTimeFormat('en-GB', { timeZone: BUSINESS_TIME_ZONE, hour: '2-digit', hourCycle: 'h23' }).format(now));
}

export type DigestOutcome = { ran: false; reason: 'no_mail' | 'too_early' | 'taken' } | { ran: true; day: string; sent: number };

/**
 * Sends today's digest once, whichever of several processes calls first: the day is claimed by
 * inserting its row into digest_runs (the primary key lets one insert win; the others find the
 * row and skip). From the digest hour on (Oslo time) until midnight, so a process that was down at
 * the hour still sends it later that day. A user who opted out, or has nothing waiting, gets none.
 * A failed mail is logged and skipped: the day is not sent twice to the users who got theirs.
 */
export async function runDigest(db: Db, mailer: Mailer, opts: { now?: Date; publicUrl?: string; log: FastifyBaseLogger }): Promise<DigestOutcome> {
  if (!mailer.enabled) return { ran: false, reason: 'no_mail' };
  const now = opts.now ?? new Date();
  const day = osloDay(now);
  const [settings] = await db.select({ hour: systemSettings.digest_hour }).from(systemSettings).orderBy(asc(systemSettings.id)).limit(1);
  if (osloHour(now) < (settings?.hour ?? 7)) return { ran: false, reason: 'too_early' };
  const claimed = await db.insert(digestRuns).values({ day }).onConflictDoNothing().returning({ day: digestRuns.day });
  if (!claimed.length) return { ran: false, reason: 'taken' };
  const recipients = await db
    .select({ id: users.id, role: users.role, email: users.email })
    .from(users)
    .where(and(eq(users.status, true), isNull(users.deleted_at), eq(users.digest_opt_out, false)))
    .orderBy(asc(users.id));
  let sent = 0;
  for (const r of recipients) {
    try {
      const items = await waitingFor(db, { id: r.id, role: r.role as never }, day);
      if (!items.length) continue;
      const mail = digestText(items, opts.publicUrl, day);
      if (await mailer.send({ to: r.email, ...mail })) sent++;
    } catch (err) {
      opts.log.warn({ err, user: r.id }, 'digest mail not sent');
    }
  }
  await db.update(digestRuns).set({ finished_at: sql`now()`, sent }).where(eq(digestRuns.day, day));
  return { ran: true, day, sent };
}

/** Checks every minute whether today's digest is due; the timer does not keep the process alive. */
export function startDigestScheduler(db: Db, mailer: Mailer, opts: { publicUrl?: string; log: FastifyBaseLogger; everyMs?: number }) {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      const outcome = await runDigest(db, mailer, opts);
      if (outcome.ran) opts.log.info({ day: outcome.day, sent: outcome.sent }, 'daily digest sent');
    } catch (err) {
      opts.log.error({ err }, 'daily digest failed');
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void tick(), opts.everyMs ?? 60_000);
  timer.unref();
  return { stop: () => clearInterval(timer), tick };
}
