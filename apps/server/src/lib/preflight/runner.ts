import { createThreadRunner } from '../worker-thread';
import { checkFailed, statusOf } from './checks';
import type { PreflightJob, PreflightOutcome } from './job';

const TIMEOUT_MS = 3 * 60_000;
/** A worker left idle this long is ended, giving back what a large file's parsing took. */
const IDLE_MS = 30_000;
/** The worker's JavaScript heap: a runaway parse ends the worker, not the server. */
const HEAP_MB = 1024;

export interface PreflightRunner {
  /** Checks one file in the worker thread; calls wait their turn. Never rejects. */
  inspect(job: PreflightJob): Promise<PreflightOutcome>;
  /** Ends the worker for good; a check under way, and any asked later, answer `check_failed`. */
  close(): Promise<void>;
}

const failed = (reason: 'timeout' | 'worker_exit'): PreflightOutcome => {
  const checks = [checkFailed(reason)];
  return { status: statusOf(checks), checks };
};

/** One worker thread (lib/preflight/worker.ts), started on demand, one job at a time; the event loop only passes messages. */
export function createPreflightRunner(opts: { timeoutMs?: number; idleMs?: number } = {}): PreflightRunner {
  const runner = createThreadRunner<PreflightJob, PreflightOutcome>({
    entry: 'lib/preflight/worker',
    timeoutMs: opts.timeoutMs ?? TIMEOUT_MS,
    idleMs: opts.idleMs ?? IDLE_MS,
    heapMb: HEAP_MB,
    failed,
  });
  return { inspect: (job) => runner.run(job), close: () => runner.close() };
}
