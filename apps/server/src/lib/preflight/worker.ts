import { parentPort } from 'node:worker_threads';
import { inspectFile } from './inspect';
import type { PreflightJob } from './job';

/** The preflight worker (runner.ts): one job at a time, answered with its id. */
parentPort!.on('message', (job: PreflightJob & { id: number }) => {
  void inspectFile(job).then((outcome) => parentPort!.postMessage({ id: job.id, outcome }));
});
