// What an HQ file's print preflight costs everyone else: the latency of a cheap GET (/api/categories)
// from CLIENTS clients while a 200 MB TIFF is uploaded, sent to a design chat (renditions) and
// preflighted, and while a PDF of many pages (seconds of pdf-lib parsing) is preflighted.
//   npx tsx bench/preflight-stall.ts                     PGlite in a fresh temporary DATA_DIR (demo set)
//   BENCH_POSTGRES=1 npx tsx bench/preflight-stall.ts    PostgreSQL promo_preflight_bench (recreated)
// Knobs: BENCH_TIFF (8400x6000, CMYK, uncompressed: 201.6 MB), BENCH_PDF_PAGES (20000), BENCH_CLIENTS (2), BENCH_PORT (3921).
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import qs from 'qs';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';
import { recreatePostgresDatabase } from './database';
import { startBenchServer } from './server-process';
import { latenciesDuring, latencyRow as row } from './load';

const [TIFF_W, TIFF_H] = (process.env.BENCH_TIFF ?? '8400x6000').split('x').map(Number) as [number, number];
const PDF_PAGES = Number(process.env.BENCH_PDF_PAGES ?? 20_000);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 2);
const PORT = Number(process.env.BENCH_PORT ?? 3921);
const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/promo_preflight_bench';
const BASE = `http://127.0.0.1:${PORT}`;
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'promo-preflight-bench-'));

async function startServer(): Promise<() => Promise<void>> {
  const dataDir = path.join(work, 'data');
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(PORT), DATA_DIR: dataDir, NODE_ENV: 'development', LOG_LEVEL: 'warn', SEED_DEMO: 'true' };
  delete env.REDIS_URL;
  if (process.env.BENCH_POSTGRES) await recreatePostgresDatabase(DATABASE_URL);
  if (process.env.BENCH_POSTGRES) env.DATABASE_URL = DATABASE_URL;
  else delete env.DATABASE_URL;
  const stop = await startBenchServer(PORT, env);
  return stop;
}

async function call(method: string, url: string, auth: string, body?: object) {
  const res = await fetch(`${BASE}${url}${method === 'GET' && body ? `?${qs.stringify(body)}` : ''}`, {
    method,
    headers: { ...(auth ? { authorization: auth } : {}), ...(method === 'GET' ? {} : { 'content-type': 'application/x-www-form-urlencoded' }) },
    body: method === 'GET' ? undefined : qs.stringify(body ?? {}),
  });
  const json = (await res.json()) as { data: Record<string, unknown> };
  if (res.status >= 300) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(json)}`);
  return json.data;
}

/** Streams a file from disk to the upload step as one multipart part; its file id. */
function uploadFile(auth: string, file: string, name: string): Promise<number> {
  const boundary = `----bench${Date.now()}`;
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const length = head.length + fs.statSync(file).size + tail.length;
  return new Promise((resolve, reject) => {
    const req = http.request(`${BASE}/api/files/upload`, {
      method: 'POST',
      headers: { authorization: auth, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': length },
    });
    req.on('response', (res) => {
      let text = '';
      res.on('data', (c) => (text += c));
      res.on('end', () => (res.statusCode === 201 ? resolve(JSON.parse(text).data.file_id) : reject(new Error(`upload: ${res.statusCode} ${text}`))));
    });
    req.on('error', reject);
    req.write(head);
    const source = fs.createReadStream(file);
    source.on('error', reject);
    source.pipe(req, { end: false });
    source.on('end', () => req.end(tail));
  });
}

/** A Completed design on a new 70 × 50 cm surface: its chat. */
async function design(admin: string): Promise<number> {
  const surface = await call('POST', '/api/surfaces', admin, { vendor_code: String(9_100_000_000 + (Date.now() % 1e8)), name: 'Bench plakat 50x70', price: '1', size_surface: 'H50 x W70' });
  const promotion = (await call('POST', '/api/promotions', admin, { name: `Bench preflight ${Date.now()}`, period_from: '2031-05-01', period_to: '2031-05-31' })).promotion as { id: number };
  await call('POST', '/api/promotion-surfaces', admin, { promotion_id: promotion.id, surface_id: surface.id });
  const designId = ((await call('POST', '/api/designs/get-all-designs', admin)).designs as { id: number }[])[0]!.id;
  const psd = await call('POST', '/api/promotion-surface-design', admin, { promotion_id: promotion.id, surface_id: surface.id, design_id: designId });
  await call('PUT', `/api/promotion-surface-design/${psd.id as number}`, admin, { status: 'Completed' });
  const page = await call('GET', '/api/promotion-surface-design/get-promotion-surface-design', admin, { promotion_id: promotion.id, surface_id: surface.id, surface_design_id: psd.id });
  return page.chat_id as number;
}

const loadDuring = (done: Promise<unknown>, auth: string) => latenciesDuring(done, CLIENTS, [`${BASE}/api/categories`], { authorization: auth });

/** Resolves with the preflight once the message's check is no longer pending (asked every 100 ms). */
async function checked(admin: string, chatId: number, messageId: number) {
  for (;;) {
    const messages = (await call('GET', '/api/design-chat', admin, { chat_id: chatId })).chat as { messages: { id: number; preflight: { status: string; checks: { check: string; level: string }[] } | null }[] };
    const preflight = messages.messages.find((m) => m.id === messageId)?.preflight;
    if (preflight && preflight.status !== 'pending') return preflight;
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function timed<T>(label: string, auth: string, run: () => Promise<T>, rows: string[]): Promise<T> {
  const started = performance.now();
  let ms = 0;
  const task = run().then((v) => ((ms = performance.now() - started), v));
  const lat = await loadDuring(task, auth);
  const value = await task;
  rows.push(row(label, ms, lat));
  return value;
}

async function main() {
  console.log(`load average before: ${os.loadavg().map((l) => l.toFixed(2)).join(', ')}`);
  const tiff = path.join(work, 'plakat.tiff');
  const pdf = path.join(work, 'plakat.pdf');
  // A gradient written by sharp straight to disk: the bench never holds the TIFF in memory either.
  await sharp({ create: { width: TIFF_W, height: TIFF_H, channels: 3, background: { r: 30, g: 90, b: 160 } } })
    .toColourspace('cmyk')
    .tiff({ compression: 'none' })
    .toFile(tiff);
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 0; i < PDF_PAGES; i++) doc.addPage([1984.25, 1417.32]).drawText(`Side ${i + 1}`, { x: 40, y: 40, size: 24, font });
  fs.writeFileSync(pdf, await doc.save());
  console.log(`TIFF ${TIFF_W}×${TIFF_H} CMYK ${(fs.statSync(tiff).size / 1e6).toFixed(1)} MB; PDF ${PDF_PAGES} pages ${(fs.statSync(pdf).size / 1e6).toFixed(1)} MB; ${CLIENTS} clients on GET /api/categories`);

  const stop = await startServer();
  try {
    const admin = `Bearer ${(await call('POST', '/api/auth/login', '', { email: 'admin@demo.no', password: 'Demo2026' })).bearerToken as string}`;
    const chatId = await design(admin);
    const rows: string[] = [];
    rows.push(row('idle (3 s)', '–', await loadDuring(new Promise((r) => setTimeout(r, 3000)), admin)));

    const results: string[] = [];
    for (const [name, file] of [
      ['plakat.tiff', tiff],
      ['plakat.pdf', pdf],
    ] as const) {
      const fileId = await timed(`upload ${name} (streamed)`, admin, () => uploadFile(admin, file, name), rows);
      const sent = await timed(`send ${name} to the chat${name.endsWith('tiff') ? ' (renditions)' : ''}`, admin, () => call('POST', '/api/design-chat', admin, { chat_id: chatId, file_id: fileId, type_file: 'HQ', text: '' }), rows);
      const message = sent.message as { id: number };
      const preflight = await timed(`preflight of ${name}`, admin, () => checked(admin, chatId, message.id), rows);
      results.push(`${name}: ${preflight.status} (${preflight.checks.map((c) => `${c.check} ${c.level}`).join(', ')})`);
    }
    console.log('\n| while | ms | GETs | GET p50 ms | GET p95 ms | GET max ms |\n|---|---|---|---|---|---|');
    for (const r of rows) console.log(r);
    console.log(`\n${results.join('\n')}`);
    console.log(`load average after: ${os.loadavg().map((l) => l.toFixed(2)).join(', ')}`);
  } finally {
    await stop();
    fs.rmSync(work, { recursive: true, force: true });
  }
}

await main();
process.exit(0);
