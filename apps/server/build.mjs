// The production build of the server: src/server.ts and the command-line tools bundled into
// dist/ as plain JavaScript for Node 20, so `npm start` runs `node dist/server.js` without a
// TypeScript compiler in the process. The shared package (TypeScript source) is bundled in;
// every other package stays an import of node_modules (native addons, PGlite's wasm files).
import fs from 'node:fs';
import path from 'node:path';
import * as esbuild from 'esbuild';

const dir = import.meta.dirname;
const pkg = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => name !== '@promo/shared');

fs.rmSync(path.join(dir, 'dist'), { recursive: true, force: true });
const started = performance.now();
await esbuild.build({
  absWorkingDir: dir,
  // The preflight's and the price signs' worker threads have entries of their own: dist/lib/preflight/worker.js, dist/lib/signs/worker.js.
  // dist/observability/preload.js starts tracing before the app (node --import, see package.json).
  entryPoints: ['src/server.ts', 'src/cli/create-user.ts', 'src/cli/seed.ts', 'src/cli/backup.ts', 'src/cli/restore.ts', 'src/lib/preflight/worker.ts', 'src/lib/signs/worker.ts', 'src/observability/preload.ts'],
  outdir: 'dist',
  outbase: 'src',
  bundle: true,
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: true,
  external: [...external, ...external.map((name) => `${name}/*`)],
  logLevel: 'warning',
});
if (!process.argv.includes('--quiet')) console.log(`server built into apps/server/dist in ${Math.round(performance.now() - started)} ms`);
