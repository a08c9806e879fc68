import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { markMailed, unmailed } from './service';

export interface Mailer {
  /** Sends every stored notification not mailed yet; safe to call often (one run at a time). */
  flush(): Promise<void>;
  close(): void;
}

/**
 * E-mail through SMTP_URL (nodemailer). Without SMTP_URL nothing is sent and nothing fails: the
 * notifications stay in the database and in the UI.
 */
export function createMailer(db: Db, opts: { smtpUrl?: string; publicUrl?: string; from?: string; log: FastifyBaseLogger }): Mailer {
  if (!opts.smtpUrl) return { flush: async () => {}, close: () => {} };
  const transport = nodemailer.createTransport(opts.smtpUrl);
  let running: Promise<void> | null = null;
  let again = false;

  async function run() {
    for (const n of await unmailed(db)) {
      const link = opts.publicUrl ? new URL(n.link, opts.publicUrl).toString() : n.link;
      try {
        await transport.sendMail({ from: opts.from ?? 'Kampanjeportalen <no-reply@kampanje.local>', to: n.email, subject: n.title, text: `${n.title}\n\n${link}\n` });
        await markMailed(db, n.id);
      } catch (err) {
        opts.log.warn({ err, notification: n.id }, 'mail not sent; will retry');
        return;
      }
    }
  }

  return {
    flush() {
      if (running) {
        again = true;
        return running;
      }
      running = run()
        .catch((err) => opts.log.error({ err }, 'mail flush failed'))
        .finally(() => {
          running = null;
          if (again) {
            again = false;
            void this.flush();
          }
        });
      return running;
    },
    close: () => transport.close(),
  };
}
