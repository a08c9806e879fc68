import fs from 'node:fs';
import type { PreflightCheck } from '@promo/shared';
import { MAX_READ_BYTES, READERS, type PreflightJob, type PreflightOutcome } from './job';
import { pdfChecks, rasterChecks, statusOf, tooLargeCheck, unreadableCheck } from './checks';
import { readPdfFacts } from './read-pdf';
import { readPsdFacts, readRasterFacts } from './read-raster';
import { parseSurfaceSizeLabel } from './surface-size';

/** Reads the file with the library for its format and checks it against the surface; never throws. */
export async function inspectFile(job: PreflightJob): Promise<PreflightOutcome> {
  const reader = READERS[job.extension];
  const surface = parseSurfaceSizeLabel(job.surface);
  let checks: PreflightCheck[];
  try {
    const maxBytes = job.maxReadBytes ?? MAX_READ_BYTES;
    const size = reader === 'raster' ? 0 : (await fs.promises.stat(job.file)).size;
    if (size > maxBytes) checks = [tooLargeCheck(size, maxBytes)];
    else if (reader === 'pdf') checks = pdfChecks(await readPdfFacts(job.file), surface, job.surface);
    else checks = rasterChecks(await (reader === 'psd' ? readPsdFacts : readRasterFacts)(job.file), surface, job.surface);
  } catch {
    checks = [unreadableCheck(job.extension)];
  }
  return { status: statusOf(checks), checks };
}
