// Benchmark of the price-sign renderer (issue 34, decision 042): BENCH_SIGNS (1000) A4 signs with
// a background PDF, an EAN-13 and a product image each (BENCH_IMAGES (100) different photos,
// 1200 × 900 PNG with transparency, cycled), generated through createSignRenderer() (the worker
// thread, as the server runs it), then BENCH_PREVIEWS (20) previews at 600 px of signs in turn.
//   npx tsx bench/signs.ts
// Prints the time, the PDF's size, the process's peak RSS (main thread + worker) and the previews'
// median / p90. Targets: ≤ 30 s and ≤ 400 MB for 1,000 signs, ≤ 300 ms a warm preview.
// BENCH_FROM=dist (default) builds the server (apps/server/build.mjs) and runs the bundled worker,
// dist/lib/signs/worker.js, as `npm start` does, with the same messages createSignRenderer sends;
// BENCH_FROM=src runs createSignRenderer from the TypeScript sources (tsx compiles in each thread:
// slower to start and about 200 MB more).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { a4Layout, backgroundPdf, productImage, sampleSign } from '../apps/server/src/test/sign-fixtures';
import { createSignRenderer, type SignMessage, type SignReply } from '../apps/server/src/lib/signs/runner';
import type { SignRenderer } from '../apps/server/src/lib/signs/sign-renderer';
import { percentile } from './load';

const SIGNS = Number(process.env.BENCH_SIGNS ?? 1000);
const IMAGES = Number(process.env.BENCH_IMAGES ?? 100);
const PREVIEWS = Number(process.env.BENCH_PREVIEWS ?? 20);
const FROM = process.env.BENCH_FROM ?? 'dist';
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'promo-signs-bench-'));

const mb = (bytes: number) => Math.round(bytes / 2 ** 20);
const eanOf = (i: number) => {
  const body = `70380${String(i).padStart(7, '0')}`;
  const sum = [...body].reduce((acc, d, k) => acc + Number(d) * (k % 2 ? 3 : 1), 0);
  return `${body}${(10 - (sum % 10)) % 10}`;
};

try {
  const background = path.join(work, 'background.pdf');
  fs.writeFileSync(background, await backgroundPdf());
  const images: string[] = [];
  for (let i = 0; i < IMAGES; i++) {
    const file = path.join(work, `photo-${i}.png`);
    fs.writeFileSync(file, await productImage('png', 1200 + i, 900));
    images.push(file);
  }
  const layout = a4Layout();
  const names = ['Grandiosa Original', 'Tine Lettmelk 1 %', 'Friele Frokostkaffe', 'Gilde Kjøttkaker', 'Nidar Smørbukk', 'Ringnes Pilsner'];
  const signs = Array.from({ length: SIGNS }, (_, i) =>
    sampleSign(
      { price_ore: 990 + ((i * 137) % 40_000), previous_price_ore: i % 3 ? null : 5990 + i },
      { id: i + 1, name: `${names[i % names.length]} ${i}`, ean: eanOf(i), image_file: images[i % IMAGES]!, net_quantity: 100 + (i % 900), net_unit: 'g' },
    ),
  );
  const renderer = FROM === 'src' ? createSignRenderer() : builtRenderer();
  try {
    const out = path.join(work, 'signs.pdf');
    const before = process.memoryUsage.rss();
    // The RSS every 50 ms while the worker writes: flat, or growing with the pages?
    const samples: Array<[number, number]> = [];
    const started = performance.now();
    const sampler = setInterval(() => samples.push([performance.now() - started, process.memoryUsage.rss()]), 50);
    const outcome = await renderer.generate({ layout, background, signs, out });
    const took = performance.now() - started;
    clearInterval(sampler);
    if (!outcome.ok) throw new Error(`refused: ${JSON.stringify(outcome.problems.slice(0, 3))}`);
    const peak = Math.max(...samples.map(([, r]) => r));
    const at = (share: number) => mb(samples[Math.min(samples.length - 1, Math.floor(samples.length * share))]![1]);
    console.log(`from ${FROM}; generate: ${SIGNS} signs, ${IMAGES} images, ${(took / 1000).toFixed(1)} s, ${mb(outcome.bytes)} MB PDF`);
    console.log(`RSS: ${mb(before)} MB before (fixtures made), peak ${mb(peak)} MB during; at 25/50/75/100 % of the time ${at(0.25)}/${at(0.5)}/${at(0.75)}/${at(0.999)} MB; process peak ${mb(process.resourceUsage().maxRSS * 1024)} MB`);

    // The editor previews one sign again and again while a template changes (its image resampled
    // once), and a cm steps through signs (each a new image to resample).
    for (const mode of ['same sign', 'signs in turn'] as const) {
      const times: number[] = [];
      for (let i = 0; i < PREVIEWS + 1; i++) {
        const t = performance.now();
        const sign = signs[mode === 'same sign' ? 0 : (i + 1) % signs.length]!;
        const preview = await renderer.preview({ layout, background, sign, width_px: 600 });
        if (!preview.ok) throw new Error('preview refused');
        if (i > 0) times.push(performance.now() - t);
        else if (mode === 'same sign') console.log(`preview, cold: ${Math.round(performance.now() - t)} ms`);
      }
      times.sort((a, b) => a - b);
      console.log(`preview, warm, ${mode} (${PREVIEWS}): median ${Math.round(percentile(times, 50))} ms, p90 ${Math.round(percentile(times, 90))} ms`);
    }
    console.log(`peak RSS at the end: ${mb(process.resourceUsage().maxRSS * 1024)} MB`);
  } finally {
    await renderer.close();
  }
} finally {
  fs.rmSync(work, { recursive: true, force: true });
}

/** The bundled worker, one thread for generate and one for previews, as createSignRenderer runs them. */
function builtRenderer(): SignRenderer & { close(): Promise<void> } {
  const server = fileURLToPath(new URL('../apps/server/', import.meta.url));
  const built = spawnSync(process.execPath, ['build.mjs', '--quiet'], { cwd: server, stdio: 'inherit' });
  if (built.status !== 0) throw new Error('build failed');
  const lane = () => {
    const worker = new Worker(path.join(server, 'dist/lib/signs/worker.js'));
    let id = 0;
    const ask = (message: SignMessage) =>
      new Promise<SignReply>((resolve) => {
        const mine = ++id;
        const on = (m: { id: number; outcome: SignReply }) => {
          if (m.id !== mine) return;
          worker.off('message', on);
          resolve(m.outcome);
        };
        worker.on('message', on);
        worker.postMessage({ ...message, id: mine });
      });
    return { ask, close: () => worker.terminate() };
  };
  const heavy = lane();
  const light = lane();
  const outcome = <T>(reply: SignReply, op: SignReply['op']): T => {
    if (reply.op !== op) throw new Error(JSON.stringify(reply));
    return ('outcome' in reply ? reply.outcome : reply.problems) as T;
  };
  return {
    check: async (job) => outcome(await light.ask({ op: 'check', job }), 'check'),
    generate: async (job) => outcome(await heavy.ask({ op: 'generate', job }), 'generate'),
    preview: async (job) => outcome(await light.ask({ op: 'preview', job }), 'preview'),
    close: async () => {
      await Promise.all([heavy.close(), light.close()]);
    },
  };
}
