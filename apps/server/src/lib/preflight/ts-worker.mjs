// Starts the preflight worker from its TypeScript source (tests, npm run dev): tsx compiles it in
// this thread. The production build starts the bundled dist/lib/preflight/worker.js instead.
import { workerData } from 'node:worker_threads';
import { tsImport } from 'tsx/esm/api';

await tsImport(workerData.entry, import.meta.url);
