import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import { systemLookup, type Lookup } from './endpoint-check';
import { createPushSender, type PushSender } from './sender';
import { loadVapidKeys, vapidKeysOnce, type VapidKeys } from './vapid';
import { startPushReminders } from './reminders';

export interface Push {
  /** The VAPID pair, loaded (or made) on first use. */
  keys: () => Promise<VapidKeys>;
  sender: PushSender;
  endpointCheck: { allowedOrigins: readonly string[]; lookup: Lookup };
}

declare module 'fastify' {
  interface FastifyInstance {
    push: Push;
  }
}

/** How often each process sends what a crash or a failed attempt left in the outbox. */
const FLUSH_EVERY_MS = 30_000;

/**
 * Web Push (decision 022): the keys, the outbox's sender with its periodic flush, and the
 * reminders' check (off in tests, like the digest, which call it themselves).
 */
export function attachPush(app: FastifyInstance, config: Config, opts: { reminders: boolean }) {
  const keys = vapidKeysOnce(() => loadVapidKeys(app.db, config, app.log));
  const endpointCheck = { allowedOrigins: config.PUSH_ALLOWED_ORIGINS, lookup: systemLookup };
  const sender = createPushSender(app.db, { keys, ...endpointCheck, log: app.log, everyMs: FLUSH_EVERY_MS });
  app.decorate('push', { keys, sender, endpointCheck });
  const reminders = opts.reminders ? startPushReminders(app.db, sender, { log: app.log }) : null;
  if (opts.reminders) keys().catch((err: unknown) => app.log.warn({ err }, 'VAPID keys not loaded yet; tried again on first use'));
  app.addHook('onClose', async () => {
    reminders?.stop();
    await sender.close();
  });
}
