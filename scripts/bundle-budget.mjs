// The JavaScript a first load fetches, gzipped as the server sends it, against the budgets of
// apps/web/build/bundle-budget.json: the sign-in page (the entry and everything it imports) and
// the signed-in shell (the entry, plus the layout and the chunks signed-in.html names). Run after
// `npm run build`; part of `npm test`. Exits 1 when a budget is exceeded.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const dist = path.resolve(import.meta.dirname, '../apps/web/dist');
const budget = JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, '../apps/web/build/bundle-budget.json'), 'utf8'));
const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));

/** The chunk files a manifest entry loads before it runs: itself and its static imports. */
function files(key, seen = new Set()) {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in the build's manifest`);
  if (!seen.has(chunk.file)) {
    seen.add(chunk.file);
    for (const next of chunk.imports ?? []) files(next, seen);
  }
  return seen;
}

/** What the server sends for a file with Accept-Encoding gzip: the build's .gz, else the file. */
const gzipBytes = (file) => {
  const gz = path.join(dist, `${file}.gz`);
  return fs.existsSync(gz) ? fs.statSync(gz).size : zlib.gzipSync(fs.readFileSync(path.join(dist, file))).length;
};
const kib = (list) => [...list].reduce((n, f) => n + gzipBytes(f), 0) / 1024;

const login = files('index.html');
const signedIn = files('src/app/layouts/main-layout.tsx', new Set(login));
// The service worker's registration comes after the first render; what it adds to the sign-in
// page's scripts (its chunk and what that imports beyond the entry) is held to its own budget.
const registration = new Set([...files('src/lib/register-sw.ts')].filter((f) => !login.has(f)));
const routes = [
  { name: 'sign-in page (/login)', files: login, limit: budget.login },
  { name: 'signed-in shell (entry + layout)', files: signedIn, limit: budget.signedInShell },
  { name: 'service worker registration (after first render)', files: registration, limit: budget.serviceWorkerRegistration },
];
let failed = false;
for (const r of routes) {
  const size = kib(r.files);
  const over = size > r.limit;
  failed ||= over;
  console.log(`${over ? 'OVER ' : 'ok   '} ${r.name}: ${size.toFixed(1)} KiB gzipped in ${r.files.size} scripts (budget ${r.limit} KiB)`);
  if (over) for (const f of r.files) console.log(`        ${(gzipBytes(f) / 1024).toFixed(1).padStart(7)} KiB  ${f}`);
}
process.exit(failed ? 1 : 0);
