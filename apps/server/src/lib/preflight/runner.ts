import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { checkFailed, statusOf } from './checks';
import type { PreflightJob, PreflightOutcome } from './job';

const TIMEOUT_MS = 3 * 60_000;
/** A worker left idle this long is ended, giving back what a large file's parsing took. */
const IDLE_MS = 30_000;
/** The worker's JavaScript heap: a runaway parse ends the worker, not the server. */
const HEAP_MB = 1024;

/**
 * The worker's entry: from the TypeScript sources (tests, npm run dev) a small bootstrap that
 * compiles worker.ts with tsx; from the build, dist/lib/preflight/worker.js (an entry point of
 * build.mjs), found from the bundle's entry file or one of its chunks under dist/chunks/.
 */
function workerEntry(): { file: URL; workerData?: { entry: string } } {
  if (import.meta.url.endsWith('.ts')) {
    return { file: new URL('./ts-worker.mjs', import.meta.url), workerData: { entry: new URL('./worker.ts', import.meta.url).href } };
  }
  const here = path.dirname(fileURLToPath(import.meta.url));
  for (const root of [here, path.dirname(here)]) {
    const built = path.join(root, 'lib', 'preflight', 'worker.js');
    if (fs.existsSync(built)) return { file: pathToFileURL(built) };
  }
  throw new Error('lib/preflight/worker.js is missing from the build');
}

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

/** One worker thread, started on demand, one job at a time; the event loop only passes messages. */
export function createPreflightRunner(opts: { timeoutMs?: number; idleMs?: number } = {}): PreflightRunner {
  const timeoutMs = opts.timeoutMs ?? TIMEOUT_MS;
  const idleMs = opts.idleMs ?? IDLE_MS;
  let worker: Worker | null = null;
  let idle: NodeJS.Timeout | undefined;
  let turn: Promise<unknown> = Promise.resolve();
  let nextId = 1;
  let closed = false;

  const end = (w: Worker | null) => {
    if (w && worker === w) worker = null;
    return w ? w.terminate().then(() => {}) : Promise.resolve();
  };

  const start = () => {
    const entry = workerEntry();
    const w = new Worker(entry.file, { workerData: entry.workerData, resourceLimits: { maxOldGenerationSizeMb: HEAP_MB } });
    // An idle worker does not keep the process alive; a job's timer does while it runs.
    w.unref();
    w.on('error', () => {});
    w.on('exit', () => {
      if (worker === w) worker = null;
    });
    return w;
  };

  const run = (job: PreflightJob) =>
    new Promise<PreflightOutcome>((resolve) => {
      if (closed) return resolve(failed('worker_exit'));
      clearTimeout(idle);
      const w = (worker ??= start());
      const id = nextId++;
      const finish = (outcome: PreflightOutcome) => {
        clearTimeout(timer);
        w.off('message', onMessage);
        w.off('exit', onExit);
        idle = setTimeout(() => void end(worker), idleMs);
        idle.unref();
        resolve(outcome);
      };
      const onMessage = (m: { id: number; outcome: PreflightOutcome }) => m.id === id && finish(m.outcome);
      const onExit = () => finish(failed('worker_exit'));
      const timer = setTimeout(() => {
        finish(failed('timeout'));
        void end(w);
      }, timeoutMs);
      w.on('message', onMessage);
      w.on('exit', onExit);
      w.postMessage({ ...job, id });
    });

  return {
    inspect(job) {
      const result = turn.then(() => run(job));
      turn = result;
      return result;
    },
    async close() {
      closed = true;
      clearTimeout(idle);
      await end(worker);
    },
  };
}
