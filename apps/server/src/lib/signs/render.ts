import fs from 'node:fs';
import path from 'node:path';
import type { SignData, SignProblem } from '@promo/shared';
import { createCanvas } from '@napi-rs/canvas';
import { SignDrawer } from './draw';
import { pageGeometry } from './geometry';
import { fileSink, memorySink, PdfStream } from './pdf-stream';
import { planSign } from './plan';
import type { GenerateOutcome, PreviewOutcome, SignJob } from './sign-renderer';

/*
 * The renderer's work (decision 042), run in the signs' worker thread (worker.ts); tests call it
 * directly too. check → plans only; generate → plans, then one page at a time to the file;
 * preview → one page in memory, rasterised by pdf.js on @napi-rs/canvas.
 */

export async function checkSigns(job: SignJob & { signs: SignData[] }): Promise<SignProblem[]> {
  const geo = pageGeometry(job.layout);
  return job.signs.flatMap((sign, i) => planSign(job.layout, sign, i, geo).problems);
}

export async function generateSigns(job: SignJob & { signs: SignData[]; out: string }): Promise<GenerateOutcome> {
  const geo = pageGeometry(job.layout);
  // First pass: every sign's fit and rules; nothing is written when one is refused.
  const problems = job.signs.flatMap((sign, i) => planSign(job.layout, sign, i, geo).problems);
  if (problems.length) return { ok: false, problems };
  const part = path.join(path.dirname(job.out), `.${path.basename(job.out)}.${process.pid}.${Date.now()}.part`);
  const out = await PdfStream.start(await fileSink(part));
  try {
    const drawer = await SignDrawer.create(out, geo, job.background);
    // Second pass: planned again (cheap, widths are cached) so no plan outlives its page.
    const found: SignProblem[] = [];
    for (const [i, sign] of job.signs.entries()) found.push(...(await drawer.page(planSign(job.layout, sign, i, geo), i)));
    const bytes = await drawer.finish();
    if (found.length) {
      await fs.promises.rm(part, { force: true });
      return { ok: false, problems: found };
    }
    await fs.promises.rename(part, job.out);
    return { ok: true, pages: job.signs.length, bytes };
  } catch (error) {
    await fs.promises.rm(part, { force: true });
    throw error;
  }
}

/** One sign's page as PDF bytes, cropped to the bleed box; problem fields outlined in red. */
export async function previewPdf(job: SignJob & { sign: SignData; width_px?: number }): Promise<{ pdf: Uint8Array; problems: SignProblem[] }> {
  const geo = pageGeometry(job.layout);
  const plan = planSign(job.layout, job.sign, 0, geo);
  const sink = memorySink();
  const out = await PdfStream.start(sink);
  // Images at twice the preview's own resolution are as sharp as it can show, and much quicker.
  const dpi = job.width_px ? Math.max(72, (2 * job.width_px * 72) / geo.bleed.width) : undefined;
  const drawer = await SignDrawer.create(out, geo, job.background, dpi);
  const found = await drawer.page(plan, 0, { outline: true, cropToBleed: true });
  await drawer.finish();
  return { pdf: sink.bytes(), problems: [...plan.problems, ...found] };
}

type PdfJs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');
let pdfjs: Promise<PdfJs> | null = null;

/** The first page of `pdf` as PNG, `widthPx` wide. */
export async function rasterise(pdf: Uint8Array, widthPx: number): Promise<{ png: Uint8Array; width: number; height: number }> {
  const lib = await (pdfjs ??= import('pdfjs-dist/legacy/build/pdf.mjs'));
  const doc = await lib.getDocument({ data: pdf, isEvalSupported: false, disableFontFace: true, useSystemFonts: false, verbosity: lib.VerbosityLevel.ERRORS }).promise;
  try {
    const page = await doc.getPage(1);
    const viewport = page.getViewport({ scale: widthPx / page.getViewport({ scale: 1 }).width });
    const canvas = createCanvas(Math.round(viewport.width), Math.round(viewport.height));
    const ctx = canvas.getContext('2d');
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(0, 0, canvas.width, canvas.height);
    await page.render({ canvas: canvas as never, canvasContext: ctx as never, viewport }).promise;
    return { png: new Uint8Array(await canvas.encode('png')), width: canvas.width, height: canvas.height };
  } finally {
    await doc.destroy();
  }
}

export async function previewSign(job: SignJob & { sign: SignData; width_px: number }): Promise<PreviewOutcome> {
  const { pdf, problems } = await previewPdf(job);
  const { png, width, height } = await rasterise(pdf, job.width_px);
  return { ok: true, png, width_px: width, height_px: height, problems };
}
