// Starts a worker thread (the preflight's, the price signs') from its TypeScript source (tests,
// npm run dev): tsx compiles it in this thread. The production build starts the bundled
// dist/lib/<area>/worker.js instead (lib/worker-thread.ts).
import { workerData } from 'node:worker_threads';
import { tsImport } from 'tsx/esm/api';

await tsImport(workerData.entry, import.meta.url);
