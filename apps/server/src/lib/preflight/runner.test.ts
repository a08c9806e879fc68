import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rasterAt } from '../../test/print-files';
import { createPreflightRunner } from './runner';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'promo-preflight-runner-'));
const png = path.join(dir, 'hq.png');
const heavy = path.join(dir, 'heavy.pdf');
beforeAll(async () => {
  fs.writeFileSync(png, await rasterAt(20, 'png'));
  // 3000 pages: parsing takes pdf-lib about a second of work.
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 0; i < 3000; i++) doc.addPage([500, 500]).drawText(`side ${i}`, { x: 10, y: 10, font, size: 12 });
  fs.writeFileSync(heavy, await doc.save());
}, 60_000);
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('preflight runner (worker thread, from the TypeScript sources)', () => {
  it('checks a file in the worker while the event loop stays free', async () => {
    const runner = createPreflightRunner();
    try {
      const first = await runner.inspect({ file: png, extension: 'png', surface: 'H50 x W70 cm' });
      expect(first).toMatchObject({ status: 'errors', checks: expect.arrayContaining([expect.objectContaining({ check: 'resolution', level: 'error' })]) });
      const before = performance.eventLoopUtilization();
      const started = performance.now();
      const outcome = await runner.inspect({ file: heavy, extension: 'pdf', surface: 'H50 x W70 cm' });
      const took = performance.now() - started;
      const busy = performance.eventLoopUtilization(before).utilization;
      expect(outcome.checks.find((c) => c.check === 'page_count')).toMatchObject({ values: { pages: 3000 } });
      expect(took).toBeGreaterThan(400);
      // The share of the check this thread's loop spent working rather than waiting: near 1 when
      // pdf-lib parses on it, a few per cent when the worker does. Unlike the loop's delay, it does
      // not grow when other processes take the cores (a descheduled thread that waits still waits).
      expect(busy).toBeLessThan(0.25);
    } finally {
      await runner.close();
    }
  });

  it('ends a check that takes too long, and the next one gets a fresh worker', async () => {
    const runner = createPreflightRunner({ timeoutMs: 1 });
    try {
      expect(await runner.inspect({ file: heavy, extension: 'pdf', surface: '' })).toEqual({
        status: 'failed',
        checks: [{ check: 'check_failed', level: 'error', values: { reason: 'timeout' } }],
      });
    } finally {
      await runner.close();
    }
    const next = createPreflightRunner();
    const [a, b] = await Promise.all([
      next.inspect({ file: png, extension: 'png', surface: 'H5 x W7 cm' }),
      next.inspect({ file: path.join(dir, 'missing.pdf'), extension: 'pdf', surface: 'H5 x W7 cm' }),
    ]);
    expect(a.checks.find((c) => c.check === 'resolution')).toMatchObject({ level: 'ok' });
    expect(b).toMatchObject({ status: 'failed', checks: [{ check: 'unreadable' }] });
    await next.close();
    // Once closed, it checks nothing more.
    expect(await next.inspect({ file: png, extension: 'png', surface: '' })).toMatchObject({ status: 'failed', checks: [{ values: { reason: 'worker_exit' } }] });
  });
});
