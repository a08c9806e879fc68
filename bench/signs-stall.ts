// What generating a campaign's price signs costs everyone else (issue 34): the latency of the calls
// other users make (GET /api/promotions and GET /api/products from CLIENTS clients) first on a quiet
// server, then while BENCH_SIGNS (1000) signs of the seeded template "Prisskilt A4" are generated
// through the API (render in the signs' worker thread, stored, sent to the chat, preflighted).
// As the issue measures it (BENCH_PLAIN=1 leaves this out): the template gets a background PDF and a
// product image field (a new version), and each product a photo (BENCH_IMAGES (100) different
// 1200 × 900 PNGs with transparency, cycled, each uploaded and set through the API).
// Target: p95 during the generate no more than 20 % above its quiet figure.
//   npx tsx bench/signs-stall.ts                     PGlite in a fresh temporary DATA_DIR (demo set)
//   BENCH_POSTGRES=1 npx tsx bench/signs-stall.ts    PostgreSQL promo_signs_bench (recreated)
// Knobs: BENCH_SIGNS (1000), BENCH_IMAGES (100), BENCH_PLAIN, BENCH_CLIENTS (2), BENCH_QUIET_S (20), BENCH_PORT (3922).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import qs from 'qs';
import { backgroundPdf, productImage } from '../apps/server/src/test/sign-fixtures';
import { recreatePostgresDatabase } from './database';
import { startBenchServer } from './server-process';
import { latenciesDuring, latencyRow as row, percentile } from './load';

const SIGNS = Number(process.env.BENCH_SIGNS ?? 1000);
const IMAGES = Number(process.env.BENCH_IMAGES ?? 100);
const PLAIN = !!process.env.BENCH_PLAIN;
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 2);
const QUIET_S = Number(process.env.BENCH_QUIET_S ?? 20);
const PORT = Number(process.env.BENCH_PORT ?? 3922);
const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/promo_signs_bench';
const BASE = `http://127.0.0.1:${PORT}`;
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'promo-signs-stall-'));

async function startServer(): Promise<() => Promise<void>> {
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(PORT), DATA_DIR: path.join(work, 'data'), NODE_ENV: 'development', LOG_LEVEL: 'warn', SEED_DEMO: 'true' };
  delete env.REDIS_URL;
  if (process.env.BENCH_POSTGRES) {
    await recreatePostgresDatabase(DATABASE_URL);
    env.DATABASE_URL = DATABASE_URL;
  } else delete env.DATABASE_URL;
  return startBenchServer(PORT, env);
}

async function call(method: string, url: string, auth: string, body?: object, json = false) {
  const res = await fetch(`${BASE}${url}${method === 'GET' && body ? `?${qs.stringify(body)}` : ''}`, {
    method,
    headers: { ...(auth ? { authorization: auth } : {}), ...(method === 'GET' ? {} : { 'content-type': json ? 'application/json' : 'application/x-www-form-urlencoded' }) },
    body: method === 'GET' ? undefined : json ? JSON.stringify(body) : qs.stringify(body ?? {}),
  });
  const answer = (await res.json()) as { data: Record<string, unknown>; message_key: string };
  if (res.status >= 300) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(answer).slice(0, 500)}`);
  return answer;
}

const signIn = async (email: string) => `Bearer ${(await call('POST', '/api/auth/login', '', { email, password: 'Demo2026' })).data.bearerToken as string}`;

/** A file through the upload step: its id. */
async function upload(auth: string, name: string, bytes: Uint8Array): Promise<number> {
  const form = new FormData();
  form.append('file', new Blob([bytes]), name);
  const res = await fetch(`${BASE}/api/files/upload`, { method: 'POST', headers: { authorization: auth }, body: form });
  const answer = (await res.json()) as { data: { file_id: number } };
  if (res.status !== 201) throw new Error(`upload ${name}: ${res.status} ${JSON.stringify(answer)}`);
  return answer.data.file_id;
}

/** The template's next version with a background PDF and a product image field beside the barcode. */
async function printLikeTemplate(admin: string, designId: number) {
  const template = (await call('GET', `/api/sign-templates/${designId}`, admin)).data as { version: number; layout: { fields: object[] } };
  const background_file_id = await upload(admin, 'bakgrunn.pdf', await backgroundPdf());
  const image = { id: 'image', kind: 'image', label: 'Produktbilde', x: 120, y: 250, width: 80, height: 35, align: 'right', locked: true };
  const layout = { ...template.layout, background_file_id, fields: [...template.layout.fields, image] };
  await call('PUT', `/api/sign-templates/${designId}`, admin, { based_on_version: template.version, layout }, true);
}

/** A photo for each product, BENCH_IMAGES different ones cycled, four at a time. */
async function productPhotos(admin: string, products: number[]) {
  const photos = await Promise.all(Array.from({ length: IMAGES }, (_, i) => productImage('png', 1200 + i, 900)));
  let next = 0;
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (next < products.length) {
        const i = next++;
        const file_id = await upload(admin, `foto-${i}.png`, photos[i % IMAGES]!);
        await call('POST', `/api/files/products/${products[i]}/set-image`, admin, { file_id, img_name: `foto-${i}.png`, make_size: ['original'] });
      }
    }),
  );
}

/** A design from the seeded template on a new promotion's A4 sign surface, with SIGNS signs of catalogue products that have a net quantity. */
async function signDesign(admin: string): Promise<number> {
  const templates = (await call('GET', '/api/sign-templates', admin)).data.templates as { design_id: number; name: string }[];
  const template = templates.find((t) => t.name === 'Prisskilt A4')!;
  const surfaces = (await call('GET', '/api/surfaces', admin, { count_show: 100 })).data.surfaces as { id: number; name: string }[];
  const surface = surfaces.find((s) => s.name.startsWith('Prisskiltlomme A4'))!;
  if (!PLAIN) await printLikeTemplate(admin, template.design_id);
  const promotion = (await call('POST', '/api/promotions', admin, { name: `Bench skilt ${Date.now()}`, period_from: '2031-05-01', period_to: '2031-05-31' })).data.promotion as { id: number };
  await call('POST', '/api/promotion-surfaces', admin, { promotion_id: promotion.id, surface_id: surface.id });
  const psd = (await call('POST', '/api/promotion-surface-design', admin, { promotion_id: promotion.id, surface_id: surface.id, design_id: template.design_id })).data as { id: number };
  const products: number[] = [];
  for (let start = 0; products.length < SIGNS; start += 100) {
    const page = (await call('GET', '/api/products', admin, { count_show: 100, start_index: start })).data.products as { id: number; net_unit: string | null }[];
    if (!page.length) throw new Error(`only ${products.length} products with a net quantity`);
    products.push(...page.filter((p) => p.net_unit !== null).map((p) => p.id));
  }
  if (!PLAIN) await productPhotos(admin, products.slice(0, SIGNS));
  const signs = products.slice(0, SIGNS).map((product_id, i) => ({ product_id, price: `${19 + (i % 80)},90`, previous_price: i % 3 ? '' : `${109 + (i % 80)},90`, valid_to: '2031-05-31', texts: {} }));
  await call('PUT', `/api/promotion-surface-design/${psd.id}/signs`, admin, { signs }, true);
  return psd.id;
}

const LISTS = [`${BASE}/api/promotions?count_show=10`, `${BASE}/api/products?count_show=10`];
const loadDuring = (done: Promise<unknown>, auth: string) => latenciesDuring(done, CLIENTS, LISTS, { authorization: auth });

async function main() {
  console.log(`load average before: ${os.loadavg().map((l) => l.toFixed(2)).join(', ')}; ${SIGNS} signs${PLAIN ? '' : `, background PDF, ${IMAGES} product photos`}, ${CLIENTS} clients`);
  const stop = await startServer();
  try {
    const admin = await signIn('admin@demo.no');
    const other = await signIn('cm@demo.no');
    const psdId = await signDesign(admin);
    const quiet = await loadDuring(new Promise((r) => setTimeout(r, QUIET_S * 1000)), other);
    const started = performance.now();
    let ms = 0;
    const generate = call('POST', `/api/promotion-surface-design/${psdId}/signs/generate`, admin).then((a) => ((ms = performance.now() - started), a));
    const during = await loadDuring(generate, other);
    const answer = await generate;
    const quietAfter = await loadDuring(new Promise((r) => setTimeout(r, QUIET_S * 1000)), other);
    console.log('\n| while | ms | GETs | GET p50 ms | GET p95 ms | GET max ms |\n|---|---|---|---|---|---|');
    console.log(row(`quiet (${QUIET_S} s)`, '–', quiet));
    console.log(row(`generate ${SIGNS} signs (${answer.message_key})`, ms, during));
    console.log(row(`quiet again (${QUIET_S} s)`, '–', quietAfter));
    const base = Math.max(percentile(quiet, 95), percentile(quietAfter, 95));
    console.log(`\np95 during / quiet: ${(percentile(during, 95) / base).toFixed(2)} (target ≤ 1.20)`);
    console.log(`load average after: ${os.loadavg().map((l) => l.toFixed(2)).join(', ')}`);
  } finally {
    await stop();
    fs.rmSync(work, { recursive: true, force: true });
  }
}

await main();
process.exit(0);
