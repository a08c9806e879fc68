import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../db/client';
import type { Realtime, StaleData } from './realtime';
import { sessionResolver } from './sessions';
import { TtlCache } from './ttl-cache';

/** How long a resolved session is reused before it is read again (decision 008). */
export const SESSION_MEMORY_MS = 5_000;
/** How long an answer of the products or surfaces list is reused when nothing announces a change. */
export const CATALOGUE_MEMORY_MS = 60_000;
const CATALOGUE_ENTRIES = 500;

/** Successful writes under these paths make the named memory stale. */
const STALE_AFTER: Record<StaleData, RegExp> = {
  // Sign-out, impersonation and every user change (role, status, password, deletion).
  sessions: /^\/api\/(auth|users)\b/,
  // What the products and surfaces lists show: the rows, their categories, images and printers.
  catalogue: /^\/api\/(products|surfaces|categories|users|files\/(products|surfaces))\b/,
};
/** POSTs under those paths that change neither: a sign-in only adds a session, the rest are reads. */
const NOT_A_CHANGE = /^\/api\/(auth\/login|users\/get-(all-roles|manager-category|users-by-field))\b/;

export interface ReadCaches {
  sessions: ReturnType<typeof sessionResolver>;
  /** Answers of the catalogue lists, keyed by endpoint and query. */
  catalogue: TtlCache<unknown>;
}

/**
 * The in-process memories that keep the hot read paths off the database. A successful write
 * forgets them before its answer is sent, so the writer's next read is fresh, and tells the other
 * processes (through Redis) to forget theirs. Forgetting sessions also drops the sockets whose
 * session ended, on every process.
 */
export function attachReadCaches(app: FastifyInstance, db: DbOrTx, realtime: Realtime): ReadCaches {
  const caches: ReadCaches = {
    sessions: sessionResolver(db, SESSION_MEMORY_MS),
    catalogue: new TtlCache<unknown>(CATALOGUE_MEMORY_MS, CATALOGUE_ENTRIES),
  };
  const forget: Record<StaleData, () => void> = {
    // A socket holds its session too: the ended ones are dropped at once, not at the minute's check.
    sessions: () => {
      caches.sessions.forget();
      realtime.dropEndedSessions().catch((err) => app.log.warn({ err }, 'socket session check failed'));
    },
    catalogue: () => caches.catalogue.clear(),
  };
  realtime.onStaleAnnounced((what) => forget[what]?.());
  app.addHook('onSend', async (req, reply) => {
    if (req.method === 'GET' || req.method === 'HEAD' || reply.statusCode >= 400 || NOT_A_CHANGE.test(req.url)) return;
    for (const what of Object.keys(STALE_AFTER) as StaleData[]) {
      if (!STALE_AFTER[what].test(req.url)) continue;
      forget[what]();
      realtime.announceStale(what);
    }
  });
  return caches;
}

/** Answers `load` from a memory under `key`, or loads it when there is none. */
export type Remember = <T>(key: string, load: () => Promise<T>) => Promise<T>;

/** No memory: every call loads (scripts and benchmarks calling the services directly). */
export const noMemory: Remember = (_key, load) => load();

/** The catalogue memory: forgotten whenever a write changes the catalogue (decision 008). */
export const catalogueMemory =
  (caches: ReadCaches): Remember =>
  <T>(key: string, load: () => Promise<T>) =>
    caches.catalogue.get(key, load) as Promise<T>;

/** A catalogue list's answer for `query`, from memory while nothing changed the catalogue. */
export function rememberedList<T>(caches: ReadCaches, list: string, query: unknown, load: () => Promise<T>): Promise<T> {
  return catalogueMemory(caches)(`${list} ${JSON.stringify(query)}`, load);
}
