import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { pdfFile, pixelsAt, psdFile, rasterAt, rasterFile, SURFACE_50X70 } from '../../test/print-files';
import { inspectFile } from './inspect';
import type { PreflightExtension } from './job';

/** The checks as the libraries read generated files, against a 70 × 50 cm surface (H50 x W70). */

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'promo-preflight-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
let n = 0;
const LABEL = `${SURFACE_50X70.size} cm`;

async function inspect(bytes: Buffer, extension: PreflightExtension, surface = LABEL, maxReadBytes?: number) {
  const file = path.join(dir, `f${n++}.${extension}`);
  fs.writeFileSync(file, bytes);
  const outcome = await inspectFile({ file, extension, surface, maxReadBytes });
  const byName = (name: string) => outcome.checks.find((c) => c.check === name);
  return { ...outcome, byName };
}

describe('raster files against a 70 × 50 cm surface', () => {
  it('72 dpi is an error, 150 dpi passes, 300 dpi passes; the aspect is right', async () => {
    const at72 = await inspect(await rasterAt(72, 'png'), 'png');
    expect(at72.byName('resolution')).toEqual({
      check: 'resolution',
      level: 'error',
      values: { dpi: 71, width_px: 1984, height_px: 1417, width_mm: 700, height_mm: 500, min_dpi: 100, recommended_dpi: 150 },
    });
    expect(at72.byName('aspect')).toMatchObject({ level: 'ok', values: { expected_ratio: 1.4, max_off_percent: 2 } });
    expect(at72.status).toBe('errors');

    const at150 = await inspect(await rasterAt(150, 'jpeg'), 'jpeg');
    expect(at150.byName('resolution')).toMatchObject({ level: 'ok', values: { dpi: 150, width_px: 4134, height_px: 2953 } });

    const at300 = await inspect(await rasterAt(300, 'jpeg'), 'jpeg');
    expect(at300.byName('resolution')).toMatchObject({ level: 'ok', values: { dpi: 300 } });
    // RGB is the only thing left to say.
    expect(at300.status).toBe('warnings');
    expect(at300.checks.filter((c) => c.level !== 'ok').map((c) => c.check)).toEqual(['colour_space']);
  });

  it('between 100 and 150 dpi is a warning', async () => {
    const at120 = await inspect(await rasterAt(120, 'png'), 'png');
    expect(at120.byName('resolution')).toMatchObject({ level: 'warning', values: { dpi: 119 } });
  });

  it('RGB and grey are warnings, CMYK (JPEG and TIFF) passes', async () => {
    expect((await inspect(await rasterAt(20, 'png'), 'png')).byName('colour_space')).toEqual({ check: 'colour_space', level: 'warning', values: { space: 'rgb', channels: 3 } });
    expect((await inspect(await rasterAt(20, 'png', 'grey'), 'png')).byName('colour_space')).toMatchObject({ level: 'warning', values: { space: 'grey' } });
    for (const format of ['jpeg', 'tiff'] as const) {
      // 160 dpi on a 7 × 5 cm surface: CMYK at full size takes seconds to make.
      const cmyk = await inspect(await rasterFile({ width: pixelsAt(160, 70), height: pixelsAt(160, 50), format, space: 'cmyk' }), format, 'H5 x W7 cm');
      expect(cmyk.byName('colour_space'), format).toEqual({ check: 'colour_space', level: 'ok', values: { space: 'cmyk', channels: 4 } });
      expect(cmyk.status, format).toBe('ok');
    }
  });

  it('an aspect more than 2 % off the surface is an error, and the lower resolution counts', async () => {
    const square = await inspect(await rasterFile({ width: 2953, height: 2953, format: 'tiff' }), 'tiff');
    expect(square.byName('aspect')).toEqual({ check: 'aspect', level: 'error', values: { ratio: 1, expected_ratio: 1.4, off_percent: 28.6, max_off_percent: 2 } });
    expect(square.byName('resolution')).toMatchObject({ level: 'warning', values: { dpi: 107 } });
    expect(square.status).toBe('errors');
    // 1.5 % off is within the tolerance.
    const nearly = await inspect(await rasterFile({ width: Math.round(2953 * 1.4 * 1.015), height: 2953, format: 'png' }), 'png');
    expect(nearly.byName('aspect')).toMatchObject({ level: 'ok', values: { off_percent: 1.5 } });
  });

  it('reads a PSD with ag-psd: its pixels and colour mode', async () => {
    const psd = await inspect(psdFile(pixelsAt(72, 700), pixelsAt(72, 500)), 'psd');
    expect(psd.byName('resolution')).toMatchObject({ level: 'error', values: { dpi: 71 } });
    expect(psd.byName('colour_space')).toMatchObject({ level: 'warning', values: { space: 'rgb' } });
    expect(psd.byName('aspect')).toMatchObject({ level: 'ok' });
  });

  it('measures against the size in millimetres when that is the unit', async () => {
    const small = await inspect(await rasterFile({ width: 700, height: 500, format: 'png' }), 'png', 'H50 x W70 mm');
    expect(small.byName('resolution')).toMatchObject({ level: 'ok', values: { dpi: 254, width_mm: 70, height_mm: 50 } });
  });
});

describe('PDF files against a 70 × 50 cm surface', () => {
  it('the exact trim size passes; without a bleed box the bleed is a warning', async () => {
    const exact = await inspect(await pdfFile({ widthMm: 700, heightMm: 500 }), 'pdf');
    expect(exact.byName('page_size')).toEqual({
      check: 'page_size',
      level: 'ok',
      values: { width_mm: 700, height_mm: 500, box: 'MediaBox', surface_width_mm: 700, surface_height_mm: 500, bleed_mm: 3, match: 'exact' },
    });
    expect(exact.byName('bleed')).toEqual({ check: 'bleed', level: 'warning', values: { bleed_mm: 0, expected_mm: 3, box: 'none' } });
    expect(exact.byName('page_count')).toEqual({ check: 'page_count', level: 'ok', values: { pages: 1, expected: 1 } });
    expect(exact.byName('fonts')).toBeUndefined();
    expect(exact.status).toBe('warnings');
  });

  it('trim plus 3 mm bleed with TrimBox and BleedBox passes every check', async () => {
    const bled = await inspect(await pdfFile({ widthMm: 700, heightMm: 500, bleedMm: 3, embeddedFont: true, imageDpi: 300 }), 'pdf');
    expect(bled.byName('page_size')).toMatchObject({ level: 'ok', values: { box: 'TrimBox', match: 'exact', width_mm: 700 } });
    expect(bled.byName('bleed')).toEqual({ check: 'bleed', level: 'ok', values: { bleed_mm: 3, expected_mm: 3, box: 'BleedBox' } });
    expect(bled.byName('fonts')).toEqual({ check: 'fonts', level: 'ok', values: { fonts: 1, not_embedded: 0, names: '' } });
    expect(bled.byName('image_resolution')).toMatchObject({ level: 'ok', values: { dpi: 299, images: 1, below_min: 0 } });
    expect(bled.status).toBe('ok');
  });

  it('a page of the surface plus bleed without boxes passes its size and warns of the bleed box', async () => {
    const media = await inspect(await pdfFile({ widthMm: 700, heightMm: 500, bleedInMedia: 3 }), 'pdf');
    expect(media.byName('page_size')).toMatchObject({ level: 'ok', values: { width_mm: 706, height_mm: 506, match: 'with_bleed' } });
    expect(media.byName('bleed')).toMatchObject({ level: 'warning' });
  });

  it('a wrong size is an error; a page turned by /Rotate counts as turned', async () => {
    const a4 = await inspect(await pdfFile({ widthMm: 297, heightMm: 210 }), 'pdf');
    expect(a4.byName('page_size')).toMatchObject({ level: 'error', values: { width_mm: 297, height_mm: 210, match: 'none' } });
    expect(a4.status).toBe('errors');
    const turned = await inspect(await pdfFile({ widthMm: 500, heightMm: 700, rotate: 90 }), 'pdf');
    expect(turned.byName('page_size')).toMatchObject({ level: 'ok', values: { width_mm: 700, height_mm: 500 } });
  });

  it('two pages are a warning', async () => {
    const two = await inspect(await pdfFile({ widthMm: 700, heightMm: 500, pages: 2 }), 'pdf');
    expect(two.byName('page_count')).toEqual({ check: 'page_count', level: 'warning', values: { pages: 2, expected: 1 } });
  });

  it('a standard font that is not embedded is an error', async () => {
    const text = await inspect(await pdfFile({ widthMm: 700, heightMm: 500, standardFont: true }), 'pdf');
    expect(text.byName('fonts')).toEqual({ check: 'fonts', level: 'error', values: { fonts: 1, not_embedded: 1, names: 'Helvetica' } });
    expect(text.status).toBe('errors');
  });

  it('images placed below 100 dpi are an error, below 150 a warning, measured where they are drawn', async () => {
    const low = await inspect(await pdfFile({ widthMm: 700, heightMm: 500, imageDpi: 72 }), 'pdf');
    expect(low.byName('image_resolution')).toEqual({
      check: 'image_resolution',
      level: 'error',
      values: { dpi: 71, images: 1, below_min: 1, below_recommended: 1, min_dpi: 100, recommended_dpi: 150 },
    });
    const mid = await inspect(await pdfFile({ widthMm: 700, heightMm: 500, imageDpi: 120 }), 'pdf');
    expect(mid.byName('image_resolution')).toMatchObject({ level: 'warning', values: { dpi: 119 } });
    // A page at a tenth of the surface is printed ten times larger: 300 dpi there is 30 dpi on the surface.
    const scaled = await inspect(await pdfFile({ widthMm: 200, heightMm: 150, imageDpi: 300 }), 'pdf', 'H150 x W200 cm');
    expect(scaled.byName('image_resolution')).toMatchObject({ level: 'error', values: { dpi: 29 } });
  });
});

describe('files that cannot be checked', () => {
  it('an unreadable file fails with a check saying so', async () => {
    for (const ext of ['pdf', 'png', 'psd'] as const) {
      const broken = await inspect(Buffer.from('%PDF-1.7 not really'), ext);
      expect(broken, ext).toMatchObject({ status: 'failed', checks: [{ check: 'unreadable', level: 'error', values: { format: ext } }] });
    }
  });

  it('a PSD or PDF above the read limit is not read: a warning', async () => {
    const big = await inspect(await pdfFile({ widthMm: 700, heightMm: 500 }), 'pdf', LABEL, 100);
    expect(big).toMatchObject({ status: 'warnings', checks: [{ check: 'too_large', level: 'warning', values: { mb: 1, max_mb: 0 } }] });
  });

  it('a surface without a readable size leaves out what needs it and says so', async () => {
    const raster = await inspect(await rasterAt(20, 'png'), 'png', '');
    expect(raster.checks.map((c) => c.check)).toEqual(['surface_size', 'colour_space']);
    expect(raster.byName('surface_size')).toEqual({ check: 'surface_size', level: 'warning', values: { size: '' } });
    const pdf = await inspect(await pdfFile({ widthMm: 700, heightMm: 500, standardFont: true }), 'pdf', 'A4 cm');
    expect(pdf.checks.map((c) => c.check)).toEqual(['surface_size', 'bleed', 'page_count', 'fonts']);
  });
});
