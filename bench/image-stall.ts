// What a large image's renditions cost everyone else: the latency of a cheap GET (/api/categories)
// from CLIENTS clients while a 6000×6000 PNG is set as a surface image, ROUNDS times.
//   npx tsx bench/image-stall.ts                     PGlite in a fresh temporary DATA_DIR (demo set)
//   BENCH_POSTGRES=1 npx tsx bench/image-stall.ts    PostgreSQL promo_image_bench (recreated)
// Knobs: BENCH_ROUNDS (5), BENCH_CLIENTS (2), BENCH_SIZE (6000), BENCH_PORT (3920).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import qs from 'qs';
import sharp from 'sharp';
import { recreatePostgresDatabase } from './database';
import { startBenchServer } from './server-process';
import { get, percentile } from './load';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 2);
const SIZE = Number(process.env.BENCH_SIZE ?? 6000);
const PORT = Number(process.env.BENCH_PORT ?? 3920);
const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/promo_image_bench';
const BASE = `http://127.0.0.1:${PORT}`;

async function startServer(): Promise<() => Promise<void>> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'promo-image-bench-'));
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(PORT), DATA_DIR: dataDir, NODE_ENV: 'development', LOG_LEVEL: 'warn', SEED_DEMO: 'true' };
  delete env.REDIS_URL;
  if (process.env.BENCH_POSTGRES) await recreatePostgresDatabase(DATABASE_URL);
  if (process.env.BENCH_POSTGRES) env.DATABASE_URL = DATABASE_URL;
  else delete env.DATABASE_URL;
  const stop = await startBenchServer(PORT, env);
  return async () => {
    await stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}

async function form(method: string, url: string, auth: string, body: object) {
  const res = await fetch(`${BASE}${url}`, {
    method,
    headers: { ...(auth ? { authorization: auth } : {}), 'content-type': 'application/x-www-form-urlencoded' },
    body: qs.stringify(body),
  });
  const json = (await res.json()) as { data: Record<string, unknown> };
  if (res.status >= 300) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(json)}`);
  return json.data;
}

/** A gradient, so the PNG takes real decoding work (a flat colour would be trivial). */
function bigPng(): Promise<Buffer> {
  const raw = Buffer.alloc(SIZE * SIZE * 3);
  for (let y = 0, i = 0; y < SIZE; y++) {
    for (let x = 0; x < SIZE; x++, i += 3) {
      raw[i] = x & 255;
      raw[i + 1] = y & 255;
      raw[i + 2] = (x * y) & 255;
    }
  }
  return sharp(raw, { raw: { width: SIZE, height: SIZE, channels: 3 } }).png({ compressionLevel: 6 }).toBuffer();
}

/** GETs from CLIENTS loops until `done` resolves; latencies in ms. */
async function loadDuring(done: Promise<unknown>, auth: string): Promise<number[]> {
  let running = true;
  void done.finally(() => (running = false));
  const latencies: number[] = [];
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (running) {
        const start = performance.now();
        await get(`${BASE}/api/categories`, { authorization: auth });
        latencies.push(performance.now() - start);
      }
    }),
  );
  return latencies.sort((a, b) => a - b);
}

const fmt = (n: number) => n.toFixed(1);

async function main() {
  const stop = await startServer();
  try {
    const login = await form('POST', '/api/auth/login', '', { email: 'admin@demo.no', password: 'Demo2026' });
    const auth = `Bearer ${login.bearerToken as string}`;
    const png = await bigPng();
    console.log(`image ${SIZE}×${SIZE} PNG, ${(png.length / 1e6).toFixed(1)} MB; ${CLIENTS} clients on GET /api/categories`);

    const idle = await loadDuring(new Promise((r) => setTimeout(r, 3000)), auth);
    const rows = [`| idle (3 s) | – | ${idle.length} | ${fmt(percentile(idle, 50))} | ${fmt(percentile(idle, 95))} | ${fmt(idle.at(-1)!)} |`];
    const all: number[] = [];
    const setImageMs: number[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      const upload = new FormData();
      upload.append('file', new Blob([png]), 'big.png');
      const up = await fetch(`${BASE}/api/files/upload?kind=image`, { method: 'POST', headers: { authorization: auth }, body: upload });
      const fileId = ((await up.json()) as { data: { file_id: number } }).data.file_id;
      const surface = await form('POST', '/api/surfaces', auth, { vendor_code: String(9_000_000_000 + Date.now() % 1e9), name: `Bench image ${round}`, price: '1' });
      const started = performance.now();
      const setImage = form('POST', `/api/files/surfaces/${surface.id as number}/set-image`, auth, { file_id: fileId, img_name: 'big.png', make_size: ['original', 'w_200'] }).then(
        () => setImageMs.push(performance.now() - started),
      );
      const lat = await loadDuring(setImage, auth);
      all.push(...lat);
      rows.push(`| set-image ${round} | ${fmt(setImageMs.at(-1)!)} | ${lat.length} | ${fmt(percentile(lat, 50))} | ${fmt(percentile(lat, 95))} | ${fmt(lat.at(-1)!)} |`);
    }
    all.sort((a, b) => a - b);
    rows.push(`| all set-image rounds | ${fmt(setImageMs.reduce((a, b) => a + b, 0) / setImageMs.length)} (mean) | ${all.length} | ${fmt(percentile(all, 50))} | ${fmt(percentile(all, 95))} | ${fmt(all.at(-1)!)} |`);
    console.log('\n| while | set-image ms | GETs | GET p50 ms | GET p95 ms | GET max ms |\n|---|---|---|---|---|---|');
    for (const row of rows) console.log(row);
  } finally {
    await stop();
  }
}

await main();
process.exit(0);
