import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { fileExtension } from '@promo/shared';
import type { DbOrTx } from '../../db/client';
import { chatMessages } from '../../db/schema';
import { isConnectionFailure } from '../../lib/connection-failure';
import { statusOf, unreadableCheck } from '../../lib/preflight/checks';
import { isPreflightExtension, type PreflightJob, type PreflightOutcome } from '../../lib/preflight/job';
import { createPreflightRunner, type PreflightRunner } from '../../lib/preflight/runner';
import type { Realtime } from '../../lib/realtime';
import type { Storage } from '../../lib/storage';
import { chatMessagesByIds, chatParticipants } from '../chat/messages';
import { pendingFileIds, pendingJob, savePreflight } from './store';

export interface PreflightQueue {
  /** After the HQ message's commit: the file is checked in the worker, the result stored and announced. */
  add(fileId: number): void;
  /** At start-up: the files whose check a stop interrupted. Returns how many. */
  resumePending(): Promise<number>;
  /** Checks one file now in the same worker, storing nothing (a sign template's background, decision 043). */
  inspect(job: PreflightJob): Promise<PreflightOutcome>;
  /** Resolves once nothing is queued or being checked. */
  drained(): Promise<void>;
  /** Stops; a check under way stays pending, for the next start. */
  close(): Promise<void>;
}

interface Deps {
  db: DbOrTx;
  storage: Storage;
  realtime: Realtime;
  log: FastifyBaseLogger;
  runner?: PreflightRunner;
}

/** Files wait here one after another: the worker checks one at a time. */
export function createPreflightQueue(deps: Deps): PreflightQueue {
  const runner = deps.runner ?? createPreflightRunner();
  const waiting: number[] = [];
  const queued = new Set<number>();
  let running: Promise<void> | null = null;
  let closing = false;

  const check = async (fileId: number) => {
    const job = await pendingJob(deps.db, fileId);
    const extension = job && fileExtension(job.name);
    if (!job || !extension || !isPreflightExtension(extension)) return;
    let outcome: PreflightOutcome;
    try {
      // From S3 the object comes down to a temporary file, removed once the check has settled.
      outcome = await deps.storage.withLocalFile(job.storage_key, (file) => runner.inspect({ file, extension, surface: job.surface_size }));
    } catch (err) {
      if (isConnectionFailure(err)) throw err;
      const checks = [unreadableCheck(extension)];
      outcome = { status: statusOf(checks), checks };
    }
    // Closing ended the worker under the check: it stays pending.
    if (closing) return;
    if (await savePreflight(deps.db, fileId, outcome)) await announce(deps, fileId);
  };

  const loop = async () => {
    while (waiting.length && !closing) {
      const fileId = waiting.shift()!;
      try {
        await check(fileId);
      } catch (err) {
        deps.log.error({ err, fileId }, 'preflight failed; it stays pending until the next start');
      } finally {
        queued.delete(fileId);
      }
    }
    running = null;
  };

  const add = (fileId: number) => {
    if (closing || queued.has(fileId)) return;
    queued.add(fileId);
    waiting.push(fileId);
    running ??= loop();
  };

  return {
    add,
    inspect: (job) => runner.inspect(job),
    async resumePending() {
      const ids = await pendingFileIds(deps.db);
      for (const id of ids) add(id);
      return ids.length;
    },
    async drained() {
      while (running) await running;
    },
    async close() {
      closing = true;
      waiting.length = 0;
      await runner.close();
      while (running) await running;
    },
  };
}

/** The live chat message of the file, to the chat's participants, with its preflight now filled in. */
async function announce(deps: Deps, fileId: number) {
  const [message] = await deps.db
    .select({ id: chatMessages.id, chat_id: chatMessages.chat_id })
    .from(chatMessages)
    .where(and(eq(chatMessages.file_id, fileId), eq(chatMessages.delete_message, false)));
  if (!message) return;
  const [to, [shown]] = await Promise.all([chatParticipants(deps.db, message.chat_id), chatMessagesByIds(deps.db, [message.id])]);
  if (shown) deps.realtime.publish(to, 'UpdateMessageEvent', { chat_id: message.chat_id, message: shown });
}
