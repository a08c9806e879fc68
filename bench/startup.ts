// Start-up time and memory of the server as `npm start` runs it (the server's own start script,
// without npm in front and without the web build), on PGlite with the demo data.
//   npx tsx bench/startup.ts                  (≈ 1 min; BENCH_RUNS=5 restarts, median shown)
//   BENCH_POSTGRES=1 npx tsx bench/startup.ts the same on PostgreSQL database promo_startup_bench (recreated)
// Time: from spawning the command to the first 200 of /healthz, and to /readyz. Memory: the RSS of
// the whole process tree (tsx starts a second node process), once ready and after 300 requests.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { recreatePostgresDatabase } from './database';
import { percentile } from './load';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const PORT = Number(process.env.BENCH_PORT ?? 3960);
const root = path.resolve(import.meta.dirname, '..');
const serverDir = path.join(root, 'apps/server');
// BENCH_START='tsx src/server.ts' measures the start of before the build (run in apps/server).
const script: string = process.env.BENCH_START ?? JSON.parse(fs.readFileSync(path.join(serverDir, 'package.json'), 'utf8')).scripts.start;
const base = `http://127.0.0.1:${PORT}`;
const POSTGRES = process.env.BENCH_POSTGRES ? 'postgres://postgres@127.0.0.1:5432/promo_startup_bench' : undefined;

/** Resident memory of `pid` and all its descendants, in MB. */
function treeRssMb(pid: number): number {
  const children = new Map<number, number[]>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // gone meanwhile
    }
  }
  let kb = 0;
  const visit = (p: number) => {
    try {
      const status = fs.readFileSync(`/proc/${p}/status`, 'utf8');
      kb += Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
    } catch {
      return;
    }
    for (const c of children.get(p) ?? []) visit(c);
  };
  visit(pid);
  return kb / 1024;
}

async function waitFor(url: string, started: number): Promise<number> {
  for (;;) {
    const ok = await fetch(url).then((r) => r.ok, () => false);
    if (ok) return performance.now() - started;
    if (performance.now() - started > 180_000) throw new Error(`${url} did not answer within 3 minutes`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

function start(dataDir: string): ChildProcess {
  const env = { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', PATH: `${serverDir}/node_modules/.bin:${root}/node_modules/.bin:${process.env.PATH}` };
  if (POSTGRES) env.DATABASE_URL = POSTGRES;
  else delete (env as Record<string, string | undefined>).DATABASE_URL;
  return spawn('sh', ['-c', `exec ${script}`], { cwd: serverDir, env, stdio: ['ignore', 'ignore', 'inherit'], detached: true });
}

async function stop(child: ChildProcess) {
  const exited = new Promise((r) => child.once('exit', r));
  process.kill(-child.pid!, 'SIGTERM');
  await exited;
  // The tree's last process (tsx's child) may outlive the one we started by a moment.
  for (let i = 0; i < 100 && (await fetch(`${base}/healthz`).then(() => true, () => false)); i++) await new Promise((r) => setTimeout(r, 50));
}

async function someRequests() {
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'email=admin%40demo.no&password=Demo2026',
  });
  const token = `Bearer ${((await login.json()) as { data: { bearerToken: string } }).data.bearerToken}`;
  const paths = ['/api/products?count_show=25', '/api/surfaces?count_show=25', '/api/promotions?count_show=10', '/api/users?count_show=10', '/login'];
  for (let i = 0; i < 300; i++) {
    const res = await fetch(`${base}${paths[i % paths.length]}${i % paths.length < 4 ? `&start_index=${(i % 7) * 10}` : ''}`, { headers: { authorization: token } });
    await res.arrayBuffer();
  }
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'promo-startup-'));
  console.log(`start script: ${script}`);
  if (POSTGRES) await recreatePostgresDatabase(POSTGRES);
  try {
    const t0 = performance.now();
    const first = start(dataDir);
    const seeded = await waitFor(`${base}/readyz`, t0);
    await stop(first);
    console.log(`first start (migrations and demo seed): ready after ${(seeded / 1000).toFixed(1)} s`);

    const healthz: number[] = [];
    const readyz: number[] = [];
    const rssReady: number[] = [];
    const rssAfter: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const started = performance.now();
      const child = start(dataDir);
      healthz.push(await waitFor(`${base}/healthz`, started));
      readyz.push(await waitFor(`${base}/readyz`, started));
      await new Promise((r) => setTimeout(r, 500));
      rssReady.push(treeRssMb(child.pid!));
      await someRequests();
      rssAfter.push(treeRssMb(child.pid!));
      await stop(child);
    }
    const med = (xs: number[]) => percentile([...xs].sort((a, b) => a - b), 50);
    console.log(`\n${RUNS} restarts on the seeded ${POSTGRES ? 'PostgreSQL database' : 'PGlite folder'} (median, then every run)`);
    console.log('| start script | healthz ms | readyz ms | RSS ready MB | RSS after 300 requests MB |');
    console.log('|---|---|---|---|---|');
    const all = (xs: number[], d = 0) => xs.map((x) => x.toFixed(d)).join(', ');
    console.log(`| \`${script}\` | ${med(healthz).toFixed(0)} (${all(healthz)}) | ${med(readyz).toFixed(0)} | ${med(rssReady).toFixed(0)} (${all(rssReady)}) | ${med(rssAfter).toFixed(0)} (${all(rssAfter)}) |`);
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  process.exit(0);
}

await main();
