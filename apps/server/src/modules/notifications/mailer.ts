import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { coalescedRun } from '../../lib/coalesced-run';
import { claimForMail, giveBackForMail, unmailed } from './service';

export interface Mailer {
  /**
   * Sends every stored notification not mailed yet; safe to call often (one run at a time). The
   * promise settles after a run that started after the call, so a caller that has just committed a
   * notification can wait for its mail.
   */
  flush(): Promise<void>;
  /**
   * Sends one message now (the daily digest, issue 15); false without SMTP_URL. A failure throws:
   * the caller decides what to do with it.
   */
  send(message: { to: string; subject: string; text: string }): Promise<boolean>;
  /** Whether mail goes anywhere (SMTP_URL is set). */
  readonly enabled: boolean;
  /** Deliveries that failed in this process since it started (`promo_mail_failed_total`). */
  failures(): number;
  close(): void;
}

/** After a failed delivery (server down), the next attempt comes by itself after this long. */
const RETRY_MS = 60_000;

/** SMTP_URL with a pooled connection unless the URL says otherwise: one connection for a batch. */
function transportUrl(smtpUrl: string) {
  try {
    const url = new URL(smtpUrl);
    if (!url.searchParams.has('pool')) url.searchParams.set('pool', 'true');
    return url.toString();
  } catch {
    return smtpUrl;
  }
}

/**
 * E-mail through SMTP_URL (nodemailer). Without SMTP_URL nothing is sent and nothing fails: the
 * notifications stay in the database and in the UI.
 *
 * Each notification is claimed (mailed_at set) before it is sent, so two server processes never
 * mail it twice; a temporary failure gives it back and retries later, a permanent refusal of the
 * address (5xx) gives up on that one notification instead of blocking the ones behind it.
 */
export function createMailer(db: Db, opts: { smtpUrl?: string; publicUrl?: string; from?: string; log: FastifyBaseLogger }): Mailer {
  if (!opts.smtpUrl) return { flush: async () => {}, send: async () => false, enabled: false, failures: () => 0, close: () => {} };
  const transport = nodemailer.createTransport(transportUrl(opts.smtpUrl));
  let retry: NodeJS.Timeout | null = null;
  let closed = false;
  let failed = 0;

  /** Sends until nothing is left; false when a delivery failed for now. */
  async function run(): Promise<boolean> {
    for (;;) {
      const batch = await unmailed(db);
      if (!batch.length) return true;
      for (const n of batch) {
        if (closed) return true;
        if (!(await claimForMail(db, n.id))) continue; // another process has it
        const link = opts.publicUrl ? new URL(n.link, opts.publicUrl).toString() : n.link;
        try {
          await transport.sendMail({ from: opts.from ?? 'Kampanjeportalen <no-reply@kampanje.local>', to: n.email, subject: n.title, text: `${n.title}\n\n${link}\n` });
        } catch (err) {
          failed++;
          const code = (err as { responseCode?: number }).responseCode;
          if (code !== undefined && code >= 500) {
            opts.log.warn({ err, notification: n.id }, 'mail refused by the server; not retried');
            continue;
          }
          await giveBackForMail(db, n.id);
          opts.log.warn({ err, notification: n.id }, 'mail not sent; will retry');
          return false;
        }
      }
    }
  }

  const { flush } = coalescedRun(
    () =>
      run()
        .then((done) => {
          if (!done && !closed && !retry) {
            retry = setTimeout(() => {
              retry = null;
              void flush();
            }, RETRY_MS);
            retry.unref();
          }
        })
        .catch((err) => opts.log.error({ err }, 'mail flush failed')),
    () => closed,
  );

  return {
    flush,
    enabled: true,
    send: async (m) => {
      try {
        await transport.sendMail({ from: opts.from ?? 'Kampanjeportalen <no-reply@kampanje.local>', ...m });
      } catch (err) {
        failed++;
        throw err;
      }
      return true;
    },
    failures: () => failed,
    close: () => {
      closed = true;
      if (retry) clearTimeout(retry);
      transport.close();
    },
  };
}
