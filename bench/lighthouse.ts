// First load in Lighthouse's mobile profile (simulated 4× CPU slowdown, 150 ms RTT, 1.6 Mbit/s) on
// Debian's Chromium: /login, the products list signed in as admin, the station's start page and
// planner signed in as a station; performance and accessibility scores. The app is started the way `npm start` starts it, on a fresh PGlite folder with the
// demo data, unless BENCH_BASE_URL names a running one.
//   npx tsx bench/lighthouse.ts                      (≈ 2–3 min; BENCH_RUNS=3 runs per page, median shown)
//   BENCH_BASE_URL=http://localhost:3000 npx tsx bench/lighthouse.ts
//   BENCH_PAGES=/login npx tsx bench/lighthouse.ts    only the pages whose path is listed (comma-separated)
//   BENCH_DETAILS=1 ...                                also where the median run's main thread went
//   BENCH_SAVE=/tmp/lh ...                            also each run's whole report as JSON in that folder
//   BENCH_CPU_SLOWDOWN=2 ...                           another CPU slowdown than 4× (a host slower than
//                                                      Lighthouse expects: see its "CPU index" column)
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import * as constants from 'lighthouse/core/config/constants.js';
import puppeteer from 'puppeteer-core';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
/** Lighthouse's CPU slowdown when not its default 4× (its docs/throttling.md: calibrate to the host). */
const CPU_SLOWDOWN = process.env.BENCH_CPU_SLOWDOWN ? Number(process.env.BENCH_CPU_SLOWDOWN) : undefined;
const PORT = Number(process.env.BENCH_PORT ?? 3950);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const TARGETS = { login: { performance: 0.95, lcp: 2000, tbt: 150 }, signedIn: { performance: 0.9 }, accessibility: 0.95 };

interface Page {
  name: string;
  path: string;
  /** Demo account to sign in as first, or none. */
  as?: string;
  target: number;
}

const PAGES: Page[] = [
  { name: '/login', path: '/login', target: TARGETS.login.performance },
  { name: 'products list (admin)', path: '/products', as: 'admin@demo.no', target: TARGETS.signedIn.performance },
  { name: 'start page (station)', path: '/', as: 'user@demo.no', target: TARGETS.signedIn.performance },
  { name: 'planner (station)', path: '/company-planner', as: 'user@demo.no', target: TARGETS.signedIn.performance },
];

async function startApp(): Promise<{ base: string; stop: () => void }> {
  if (process.env.BENCH_BASE_URL) return { base: process.env.BENCH_BASE_URL, stop: () => {} };
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'promo-lighthouse-'));
  const env = { ...process.env, PORT: String(PORT), DATA_DIR: dataDir, LOG_LEVEL: 'warn', SEED_DEMO: 'true' };
  delete (env as Record<string, string | undefined>).DATABASE_URL;
  // `npm start` of the README: builds, then the server's own start script. A process group of its
  // own, so the stop reaches every process behind npm.
  const child = spawn('npm', ['start'], { env, stdio: ['ignore', 'ignore', 'inherit'], detached: true });
  const stop = () => {
    try {
      process.kill(-child.pid!, 'SIGTERM');
    } catch {
      // already gone
    }
    setTimeout(() => fs.rmSync(dataDir, { recursive: true, force: true }), 2000).unref();
  };
  process.on('exit', stop);
  const base = `http://localhost:${PORT}`;
  for (let i = 0; i < 900; i++) {
    const ok = await fetch(`${base}/readyz`).then((r) => r.ok, () => false);
    if (ok) return { base, stop };
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('the app did not start within 3 minutes');
}

interface Figures {
  performance: number;
  accessibility: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  si: number;
  transferKiB: number;
  scriptKiB: number;
  scripts: number;
  /** With BENCH_DETAILS=1: where the main thread's time went (long tasks, scripts' boot-up). */
  details?: string;
  /** Lighthouse's measure of the host's CPU (docs/throttling.md: a high-end desktop 1500–2000). */
  benchmarkIndex: number;
}

async function signIn(port: number, base: string, email: string) {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}` });
  const page = await browser.newPage();
  await page.goto(`${base}/login`, { waitUntil: 'networkidle0' });
  await page.locator('#email').fill(email);
  await page.locator('#password').fill('Demo2026');
  await page.locator('button[type=submit]').click();
  await page.waitForFunction(() => location.pathname === '/');
  // The sign-in loaded the app's files: drop them, so the audit is a first load with a session.
  // The service worker and what it precached, and the station's saved lists, go too (issue 21).
  const cdp = await page.createCDPSession();
  await cdp.send('Network.clearBrowserCache');
  await cdp.send('Storage.clearDataForOrigin', { origin: new URL(base).origin, storageTypes: 'service_workers,cache_storage,indexeddb' });
  await page.close();
  await browser.disconnect();
}

async function audit(port: number, url: string, signedIn: boolean): Promise<Figures> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility'],
    // Keeps the session cookies of the sign-in above (its cache was cleared there: a first load).
    disableStorageReset: signedIn,
    ...(CPU_SLOWDOWN ? { throttling: { ...constants.throttling.mobileSlow4G, cpuSlowdownMultiplier: CPU_SLOWDOWN } } : {}),
  });
  if (!result) throw new Error(`no Lighthouse result for ${url}`);
  const { lhr } = result;
  if (process.env.BENCH_SAVE) fs.writeFileSync(path.join(process.env.BENCH_SAVE, `${new URL(url).pathname.replace(/\W/g, '_') || 'root'}-${Date.now()}.json`), JSON.stringify(lhr));
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.message}`);
  const num = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  const summary = (lhr.audits['resource-summary']?.details as { items?: { resourceType: string; transferSize: number; requestCount: number }[] } | undefined)?.items ?? [];
  const script = summary.find((i) => i.resourceType === 'script');
  return {
    performance: lhr.categories.performance?.score ?? NaN,
    accessibility: lhr.categories.accessibility?.score ?? NaN,
    fcp: num('first-contentful-paint'),
    lcp: num('largest-contentful-paint'),
    tbt: num('total-blocking-time'),
    cls: num('cumulative-layout-shift'),
    si: num('speed-index'),
    transferKiB: num('total-byte-weight') / 1024,
    scriptKiB: (script?.transferSize ?? NaN) / 1024,
    scripts: script?.requestCount ?? NaN,
    benchmarkIndex: lhr.environment.benchmarkIndex,
    details: process.env.BENCH_DETAILS ? mainThreadDetails(lhr) : undefined,
  };
}

type Items = { items?: Record<string, unknown>[] } | undefined;
function mainThreadDetails(lhr: { audits: Record<string, { details?: unknown }> }): string {
  const items = (id: string) => (lhr.audits[id]?.details as Items)?.items ?? [];
  const file = (url: unknown) => String(url).replace(/^https?:\/\/[^/]+/, '');
  const ms = (n: unknown) => `${Math.round(Number(n))} ms`;
  return [
    '  long tasks (simulated):',
    ...items('long-tasks').map((t) => `    ${ms(t.duration)} at ${ms(t.startTime)}  ${file(t.url)}`),
    '  boot-up per script (total / scripting / parse+compile):',
    ...items('bootup-time').map((t) => `    ${ms(t.total)} / ${ms(t.scripting)} / ${ms(t.scriptParseCompile)}  ${file(t.url)}`),
    '  main thread by kind:',
    ...items('mainthread-work-breakdown').map((t) => `    ${ms(t.duration)}  ${String(t.groupLabel ?? t.group)}`),
  ].join('\n');
}

async function main() {
  const { base, stop } = await startApp();
  const rows: string[] = [];
  let failures = 0;
  try {
    const only = process.env.BENCH_PAGES?.split(',');
    for (const page of PAGES.filter((p) => !only || only.includes(p.path))) {
      const runs: Figures[] = [];
      for (let i = 0; i < RUNS; i++) {
        // A fresh browser each run: nothing cached from the run before.
        const chrome = await chromeLauncher.launch({
          chromePath: CHROMIUM,
          chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
        });
        try {
          if (page.as) await signIn(chrome.port, base, page.as);
          runs.push(await audit(chrome.port, `${base}${page.path}`, !!page.as));
        } finally {
          chrome.kill();
        }
      }
      runs.sort((a, b) => a.performance - b.performance);
      const m = runs[Math.floor(runs.length / 2)]!;
      const met =
        m.performance >= page.target && m.accessibility >= TARGETS.accessibility && (page.path !== '/login' || (m.lcp <= TARGETS.login.lcp && m.tbt <= TARGETS.login.tbt));
      if (!met) failures++;
      const line = `| ${page.name} | ${m.performance.toFixed(2)} (${runs.map((r) => r.performance.toFixed(2)).join(', ')}) | ${m.accessibility.toFixed(2)} | ${(m.fcp / 1000).toFixed(2)} | ${(m.lcp / 1000).toFixed(2)} | ${m.tbt.toFixed(0)} | ${m.cls.toFixed(3)} | ${(m.si / 1000).toFixed(2)} | ${m.transferKiB.toFixed(0)} | ${m.scripts} / ${m.scriptKiB.toFixed(0)} | ${Math.round(m.benchmarkIndex)} | ${met ? 'met' : 'not met'} |`;
      console.log(line);
      if (m.details) console.log(m.details);
      rows.push(line);
    }
  } finally {
    stop();
  }
  console.log(`\nLighthouse mobile profile${CPU_SLOWDOWN ? ` with ${CPU_SLOWDOWN}× CPU slowdown` : ''}, ${RUNS} runs per page (median by score; every score in brackets)`);
  console.log('| page | performance | accessibility | FCP s | LCP s | TBT ms | CLS | Speed Index s | transferred KiB | scripts / KiB | CPU index | target |');
  console.log('|---|---|---|---|---|---|---|---|---|---|---|---|');
  for (const r of rows) console.log(r);
  process.exit(failures ? 1 : 0);
}

await main();
