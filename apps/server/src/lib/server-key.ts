import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { serverSecrets } from '../db/schema';

/**
 * A 32-byte key every server process shares, kept in server_secrets under `name`: the first
 * process to need it stores one, all read back the winner.
 */
export async function loadServerKey(db: DbOrTx, name: string): Promise<Buffer> {
  await db.insert(serverSecrets).values({ name, value: randomBytes(32).toString('base64url') }).onConflictDoNothing();
  const [row] = await db.select({ value: serverSecrets.value }).from(serverSecrets).where(eq(serverSecrets.name, name));
  return Buffer.from(row!.value, 'base64url');
}

/** `loadServerKey` once per process; a failure (database down) is tried again at the next call. */
export function serverKeyOnce(db: DbOrTx, name: string): () => Promise<Buffer> {
  let key: Promise<Buffer> | null = null;
  return () =>
    (key ??= loadServerKey(db, name).catch((err: unknown) => {
      key = null;
      throw err;
    }));
}
