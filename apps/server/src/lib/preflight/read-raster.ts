import fs from 'node:fs';
import sharp from 'sharp';
import { readPsd } from 'ag-psd';
import type { ColourSpace, RasterFacts } from './checks';

/** sharp's interpretation names, as the checks group them. */
function sharpSpace(space: string | undefined): ColourSpace {
  if (space === 'cmyk') return 'cmyk';
  if (space === 'srgb' || space === 'rgb' || space === 'rgb16' || space === 'scrgb') return 'rgb';
  if (space === 'b-w' || space === 'grey16') return 'grey';
  if (space?.startsWith('lab')) return 'lab';
  return 'other';
}

/** TIFF, PNG, JPEG: sharp reads the header only, however large the file. */
export async function readRasterFacts(file: string): Promise<RasterFacts> {
  const meta = await sharp(file, { limitInputPixels: false }).metadata();
  if (!meta.width || !meta.height) throw new Error('no image size');
  return { width: meta.width, height: meta.height, space: sharpSpace(meta.space), channels: meta.channels ?? 0 };
}

/** Photoshop's colour modes by number (ag-psd's ColorMode, a const enum its types cannot lend). */
const PSD_MODES: Record<number, ColourSpace> = { 0: 'bitmap', 1: 'grey', 2: 'indexed', 3: 'rgb', 4: 'cmyk', 7: 'multichannel', 8: 'duotone', 9: 'lab' };

/** PSD: ag-psd parses the whole file but decodes no pixels; the caller limits the size it reads. */
export async function readPsdFacts(file: string): Promise<RasterFacts> {
  const bytes = await fs.promises.readFile(file);
  const psd = readPsd(bytes, { skipLayerImageData: true, skipCompositeImageData: true, skipThumbnail: true, skipLinkedFilesData: true });
  if (!psd.width || !psd.height) throw new Error('no image size');
  return { width: psd.width, height: psd.height, space: PSD_MODES[psd.colorMode ?? -1] ?? 'other', channels: psd.channels ?? 0 };
}
