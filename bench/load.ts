import http from 'node:http';

export interface LoadResult {
  concurrency: number;
  requests: number;
  errors: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
}

/** The p-th percentile of ascending `sorted`. */
export const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? NaN;

/** Runs `task` from `concurrency` workers for `seconds` (after a warm-up) and measures each call. */
export async function measure(concurrency: number, seconds: number, task: () => Promise<void>, warmupSeconds = 1): Promise<LoadResult> {
  const run = async (until: number, record: boolean) => {
    const latencies: number[] = [];
    let errors = 0;
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (performance.now() < until) {
          const start = performance.now();
          try {
            await task();
            if (record) latencies.push(performance.now() - start);
          } catch {
            errors++;
          }
        }
      }),
    );
    return { latencies, errors };
  };
  await run(performance.now() + warmupSeconds * 1000, false);
  const started = performance.now();
  const { latencies, errors } = await run(started + seconds * 1000, true);
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    concurrency,
    requests: latencies.length,
    errors,
    rps: latencies.length / elapsed,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
  };
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

/** One GET with keep-alive; rejects on a non-200 answer. */
export function get(url: string, headers: Record<string, string>): Promise<void> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent, headers }, (res) => {
      res.resume();
      res.on('end', () => (res.statusCode === 200 ? resolve() : reject(new Error(`HTTP ${res.statusCode}`))));
    });
    req.on('error', reject);
  });
}

/** GETs of `urls` in turn from `clients` loops until `done` settles; latencies in ms, ascending. */
export async function latenciesDuring(done: Promise<unknown>, clients: number, urls: string[], headers: Record<string, string>): Promise<number[]> {
  let running = true;
  void done.finally(() => (running = false)).catch(() => {});
  const latencies: number[] = [];
  await Promise.all(
    Array.from({ length: clients }, async (_, c) => {
      for (let i = c; running; i++) {
        const start = performance.now();
        await get(urls[i % urls.length]!, headers);
        latencies.push(performance.now() - start);
      }
    }),
  );
  return latencies.sort((a, b) => a - b);
}

/** A markdown row: what ran, for how long, and the GETs' count, p50, p95 and max while it ran. */
export const latencyRow = (label: string, ms: number | string, lat: number[]) =>
  `| ${label} | ${typeof ms === 'number' ? Math.round(ms) : ms} | ${lat.length} | ${percentile(lat, 50).toFixed(1)} | ${percentile(lat, 95).toFixed(1)} | ${(lat.at(-1) ?? NaN).toFixed(1)} |`;
