import type { FastifyReply, FastifyRequest } from 'fastify';
import { and, eq, isNull, lt } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client';
import { idempotencyKeys } from '../db/schema';
import { AppError, invalidField } from './errors';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** Set on an answer that is the stored answer of an earlier request with the same key. */
export const REPLAYED_HEADER = 'idempotent-replayed';
/** How long a key is kept: a device offline for longer sends the action as a new one. */
export const IDEMPOTENCY_KEEP_MS = 7 * 24 * 3600_000;
/**
 * A claim without an answer this old belongs to a request that died before its transaction
 * committed (the answer is stored in that transaction), so nothing was done: a retry may take over.
 */
export const ABANDONED_CLAIM_MS = 5 * 60_000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface IdempotencyScope {
  userId: number;
  key: string;
  /** Method and path: the same key on another call is refused. */
  request: string;
}

/** Stores the action's answer; call it inside the action's own transaction so both commit together. */
export type KeepAnswer = (tx: DbOrTx, body: unknown) => Promise<void>;

const rowOf = (s: IdempotencyScope) => and(eq(idempotencyKeys.user_id, s.userId), eq(idempotencyKeys.key, s.key));

type Claim = { claimed: true } | { claimed: false; statusCode: number; body: unknown };

/** Takes the key for this request, or says what an earlier request with it answered. */
export async function claimKey(db: Db, scope: IdempotencyScope): Promise<Claim> {
  const inserted = await db
    .insert(idempotencyKeys)
    .values({ user_id: scope.userId, key: scope.key, request: scope.request })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  if (inserted.length) return { claimed: true };
  const [row] = await db.select().from(idempotencyKeys).where(rowOf(scope));
  // Released (the first request failed) between the insert and this read: try once more.
  if (!row) return claimKey(db, scope);
  if (row.request !== scope.request) {
    throw new AppError(422, 'This idempotency key was used for another request', 'idempotency_key_reused', { idempotency_key: ['idempotency_key_reused'] });
  }
  if (row.status_code !== null) return { claimed: false, statusCode: row.status_code, body: row.response };
  const [taken] = await db
    .update(idempotencyKeys)
    .set({ created_at: new Date() })
    .where(and(rowOf(scope), isNull(idempotencyKeys.status_code), lt(idempotencyKeys.created_at, new Date(Date.now() - ABANDONED_CLAIM_MS))))
    .returning({ key: idempotencyKeys.key });
  if (taken) return { claimed: true };
  throw new AppError(409, 'A request with this idempotency key is still running', 'idempotency_key_in_use');
}

export async function keepAnswer(tx: DbOrTx, scope: IdempotencyScope, statusCode: number, body: unknown) {
  await tx
    .update(idempotencyKeys)
    .set({ status_code: statusCode, response: JSON.parse(JSON.stringify(body ?? null)) })
    .where(and(rowOf(scope), isNull(idempotencyKeys.status_code)));
}

/** Frees the key of a request that failed: it did nothing, so a retry may act. A kept answer stays. */
export async function releaseKey(db: Db, scope: IdempotencyScope) {
  await db.delete(idempotencyKeys).where(and(rowOf(scope), isNull(idempotencyKeys.status_code)));
}

/**
 * Runs a route's action at most once per `Idempotency-Key` (a UUID) of the signed-in user, for
 * devices that send an action again when its answer was lost (the web's offline queue, decision
 * 023). The first request claims the key; `run` stores its answer with `keep` in the action's
 * transaction; a repeat gets that answer back (`Idempotent-Replayed: true`) without acting; a
 * repeat while the first still runs is 409; the key on another call is 422. A request that fails
 * frees the key. Without the header the action simply runs.
 */
export async function idempotent<T>(db: Db, req: FastifyRequest, reply: FastifyReply, userId: number, run: (keep: KeepAnswer) => Promise<T>): Promise<T | unknown> {
  const header = req.headers[IDEMPOTENCY_HEADER];
  if (header === undefined) return run(async () => {});
  if (typeof header !== 'string' || !UUID.test(header)) throw invalidField('idempotency_key', 'invalid_idempotency_key');
  const scope: IdempotencyScope = { userId, key: header.toLowerCase(), request: `${req.method} ${req.routeOptions.url ?? req.url.split('?')[0]}` };
  const claim = await claimKey(db, scope);
  if (!claim.claimed) {
    reply.code(claim.statusCode).header(REPLAYED_HEADER, 'true');
    return claim.body;
  }
  try {
    const answer = await run((tx, body) => keepAnswer(tx, scope, reply.statusCode, body));
    // An action that stored nothing in its transaction (nothing to change) is kept now.
    await keepAnswer(db, scope, reply.statusCode, answer);
    return answer;
  } catch (err) {
    await releaseKey(db, scope);
    throw err;
  }
}

/** Removes keys older than their keeping time (the hourly sweep). */
export async function sweepIdempotencyKeys(db: Db, now = new Date()) {
  const removed = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.created_at, new Date(now.getTime() - IDEMPOTENCY_KEEP_MS)))
    .returning({ key: idempotencyKeys.key });
  return removed.length;
}
