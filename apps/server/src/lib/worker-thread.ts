import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

/*
 * One worker thread, started on demand, one job at a time, ended when idle: the machinery of the
 * preflight (lib/preflight/runner.ts) and the price signs (lib/signs/runner.ts). The event loop
 * only passes messages.
 */

/**
 * A worker's entry by its path under src/ without extension ('lib/preflight/worker'): from the
 * TypeScript sources (tests, npm run dev) a small bootstrap that compiles it with tsx; from the
 * build, dist/<name>.js (an entry point of build.mjs), found from the bundle's entry file or one of
 * its chunks under dist/chunks/.
 */
function workerEntry(name: string): { file: URL; workerData?: { entry: string } } {
  if (import.meta.url.endsWith('.ts')) {
    const src = new URL('../', import.meta.url);
    return { file: new URL('lib/preflight/ts-worker.mjs', src), workerData: { entry: new URL(`${name}.ts`, src).href } };
  }
  const here = path.dirname(fileURLToPath(import.meta.url));
  for (const root of [here, path.dirname(here)]) {
    const built = path.join(root, `${name}.js`);
    if (fs.existsSync(built)) return { file: pathToFileURL(built) };
  }
  throw new Error(`${name}.js is missing from the build`);
}

export type ThreadFailure = 'timeout' | 'worker_exit';

export interface ThreadRunner<Job, Outcome> {
  /** Runs one job in the worker; calls wait their turn. Never rejects: a failure is `failed(reason)`. */
  run(job: Job, timeoutMs?: number): Promise<Outcome>;
  /** Ends the worker for good; a job under way, and any asked later, answer `failed('worker_exit')`. */
  close(): Promise<void>;
}

export function createThreadRunner<Job extends object, Outcome>(opts: {
  /** The worker's entry under src/, without extension. */
  entry: string;
  timeoutMs: number;
  idleMs: number;
  heapMb: number;
  failed: (reason: ThreadFailure) => Outcome;
}): ThreadRunner<Job, Outcome> {
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
    const entry = workerEntry(opts.entry);
    const w = new Worker(entry.file, { workerData: entry.workerData, resourceLimits: { maxOldGenerationSizeMb: opts.heapMb } });
    // An idle worker does not keep the process alive; a job's timer does while it runs.
    w.unref();
    w.on('error', () => {});
    w.on('exit', () => {
      if (worker === w) worker = null;
    });
    return w;
  };

  const once = (job: Job, timeoutMs: number) =>
    new Promise<Outcome>((resolve) => {
      if (closed) return resolve(opts.failed('worker_exit'));
      clearTimeout(idle);
      const w = (worker ??= start());
      const id = nextId++;
      const finish = (outcome: Outcome) => {
        clearTimeout(timer);
        w.off('message', onMessage);
        w.off('exit', onExit);
        idle = setTimeout(() => void end(worker), opts.idleMs);
        idle.unref();
        resolve(outcome);
      };
      const onMessage = (m: { id: number; outcome: Outcome }) => m.id === id && finish(m.outcome);
      const onExit = () => finish(opts.failed('worker_exit'));
      const timer = setTimeout(() => {
        finish(opts.failed('timeout'));
        void end(w);
      }, timeoutMs);
      w.on('message', onMessage);
      w.on('exit', onExit);
      w.postMessage({ ...job, id });
    });

  return {
    run(job, timeoutMs = opts.timeoutMs) {
      const result = turn.then(() => once(job, timeoutMs));
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
