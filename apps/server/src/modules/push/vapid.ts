import webpush from 'web-push';
import { inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { DbOrTx } from '../../db/client';
import { serverSecrets } from '../../db/schema';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

const PUBLIC = 'vapid_public_key';
const PRIVATE = 'vapid_private_key';

/**
 * The VAPID key pair: from the environment, else the one in server_secrets. The first process
 * without one makes a pair; several starting at once each offer theirs, one insert wins and all
 * read back the same pair (a subscription is bound to the public key it was made with).
 */
export async function loadVapidKeys(
  db: DbOrTx,
  env: { VAPID_PUBLIC_KEY?: string; VAPID_PRIVATE_KEY?: string; VAPID_SUBJECT: string },
  log: FastifyBaseLogger,
): Promise<VapidKeys> {
  if (env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY) return { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY, subject: env.VAPID_SUBJECT };
  const offered = webpush.generateVAPIDKeys();
  // One statement for both rows, so a pair is never half written.
  const inserted = await db
    .insert(serverSecrets)
    .values([
      { name: PUBLIC, value: offered.publicKey },
      { name: PRIVATE, value: offered.privateKey },
    ])
    .onConflictDoNothing()
    .returning({ name: serverSecrets.name });
  const rows = await db.select().from(serverSecrets).where(inArray(serverSecrets.name, [PUBLIC, PRIVATE]));
  const publicKey = rows.find((r) => r.name === PUBLIC)?.value;
  const privateKey = rows.find((r) => r.name === PRIVATE)?.value;
  if (!publicKey || !privateKey) throw new Error('server_secrets holds half a VAPID key pair');
  if (inserted.length) log.info({ publicKey }, 'made a VAPID key pair for Web Push and stored it in server_secrets (set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY to choose your own)');
  return { publicKey, privateKey, subject: env.VAPID_SUBJECT };
}

/** Loads the keys once, on first use; a failure (database down) is tried again on the next use. */
export function vapidKeysOnce(load: () => Promise<VapidKeys>): () => Promise<VapidKeys> {
  let pending: Promise<VapidKeys> | null = null;
  return () => {
    pending ??= load().catch((err: unknown) => {
      pending = null;
      throw err;
    });
    return pending;
  };
}
