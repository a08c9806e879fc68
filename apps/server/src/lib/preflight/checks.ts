import type { PreflightCheck, PreflightStatus } from '@promo/shared';
import type { SurfaceSize } from './surface-size';

/** Effective resolution at the surface's size: below ERROR is an error, below WARNING a warning. */
export const DPI_ERROR = 100;
export const DPI_WARNING = 150;
/** How far a raster file's width : height may be from the surface's, in percent. */
export const ASPECT_TOLERANCE_PERCENT = 2;
/** How far a PDF page may be from the surface (or the surface with bleed), in mm. */
export const SIZE_TOLERANCE_MM = 1;
export const BLEED_MM = 3;
/** A bleed box this much short of 3 mm still counts (rounding of points). */
const BLEED_TOLERANCE_MM = 0.5;
/** Images with fewer pixels than this (a flat colour swatch stretched over an area) have no resolution to speak of. */
const MIN_COUNTED_IMAGE_PIXELS = 64;

const MM_PER_INCH = 25.4;
const MM_PER_POINT = MM_PER_INCH / 72;

export type ColourSpace = 'cmyk' | 'rgb' | 'grey' | 'lab' | 'indexed' | 'bitmap' | 'duotone' | 'multichannel' | 'other';

/** What a raster reader found: pixels and colour space. */
export interface RasterFacts {
  width: number;
  height: number;
  space: ColourSpace;
  channels: number;
}

/** A box of a PDF page in points, as [x1, y1, x2, y2] normalised to x1 < x2, y1 < y2. */
export type Box = [number, number, number, number];

export interface PdfFacts {
  pages: number;
  /** Of the first page. */
  mediaBox: Box;
  trimBox: Box | null;
  bleedBox: Box | null;
  /** The first page's /Rotate, 0, 90, 180 or 270. */
  rotation: number;
  fonts: { name: string; embedded: boolean }[];
  /** Images placed on the first page: their pixels and the size they are drawn at, in points; null when not read. */
  images: { width_px: number; height_px: number; width_pt: number; height_pt: number }[] | null;
}

const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;
const check = (name: string, level: PreflightCheck['level'], values: PreflightCheck['values']): PreflightCheck => ({ check: name, level, values });
const dpiLevel = (dpi: number): PreflightCheck['level'] => (dpi < DPI_ERROR ? 'error' : dpi < DPI_WARNING ? 'warning' : 'ok');
/** Shown whole and never rounded up past a limit: 149.7 dpi is a warning and reads 149. */
const shownDpi = (dpi: number) => Math.floor(dpi);

/** The surface could not be read (an empty size, 'A4'): the checks that need it are left out. */
export const unknownSurfaceCheck = (label: string) => check('surface_size', 'warning', { size: label });

export function rasterChecks(f: RasterFacts, surface: SurfaceSize | null, label: string): PreflightCheck[] {
  const checks: PreflightCheck[] = [];
  if (surface) {
    const dpi = Math.min(f.width / (surface.width_mm / MM_PER_INCH), f.height / (surface.height_mm / MM_PER_INCH));
    checks.push(
      check('resolution', dpiLevel(dpi), {
        dpi: shownDpi(dpi),
        width_px: f.width,
        height_px: f.height,
        width_mm: round(surface.width_mm),
        height_mm: round(surface.height_mm),
        min_dpi: DPI_ERROR,
        recommended_dpi: DPI_WARNING,
      }),
    );
    const ratio = f.width / f.height;
    const expected = surface.width_mm / surface.height_mm;
    const off = Math.abs(ratio / expected - 1) * 100;
    checks.push(
      check('aspect', off > ASPECT_TOLERANCE_PERCENT ? 'error' : 'ok', {
        ratio: round(ratio, 3),
        expected_ratio: round(expected, 3),
        off_percent: round(off),
        max_off_percent: ASPECT_TOLERANCE_PERCENT,
      }),
    );
  } else {
    checks.push(unknownSurfaceCheck(label));
  }
  checks.push(check('colour_space', f.space === 'cmyk' ? 'ok' : 'warning', { space: f.space, channels: f.channels }));
  return checks;
}

const boxWidth = (b: Box) => b[2] - b[0];
const boxHeight = (b: Box) => b[3] - b[1];
const near = (a: number, b: number, tolerance = SIZE_TOLERANCE_MM) => Math.abs(a - b) <= tolerance;

export function pdfChecks(f: PdfFacts, surface: SurfaceSize | null, label: string): PreflightCheck[] {
  const checks: PreflightCheck[] = [];
  const trim = f.trimBox ?? f.mediaBox;
  const turned = f.rotation % 180 !== 0;
  // The page as it is shown: a /Rotate of 90 or 270 turns its width into its height.
  const pageW = (turned ? boxHeight(trim) : boxWidth(trim)) * MM_PER_POINT;
  const pageH = (turned ? boxWidth(trim) : boxHeight(trim)) * MM_PER_POINT;
  // How much larger the print is than the page: 1 when the page is the surface.
  let scale = 1;
  if (surface) {
    const exact = near(pageW, surface.width_mm) && near(pageH, surface.height_mm);
    const withBleed = near(pageW, surface.width_mm + 2 * BLEED_MM) && near(pageH, surface.height_mm + 2 * BLEED_MM);
    if (!exact && !withBleed) scale = Math.max(surface.width_mm / pageW, surface.height_mm / pageH);
    checks.push(
      check('page_size', exact || withBleed ? 'ok' : 'error', {
        width_mm: round(pageW),
        height_mm: round(pageH),
        box: f.trimBox ? 'TrimBox' : 'MediaBox',
        surface_width_mm: round(surface.width_mm),
        surface_height_mm: round(surface.height_mm),
        bleed_mm: BLEED_MM,
        match: exact ? 'exact' : withBleed ? 'with_bleed' : 'none',
      }),
    );
  } else {
    checks.push(unknownSurfaceCheck(label));
  }

  checks.push(bleedCheck(f, trim));
  checks.push(check('page_count', f.pages > 1 ? 'warning' : 'ok', { pages: f.pages, expected: 1 }));

  if (f.fonts.length) {
    const missing = f.fonts.filter((x) => !x.embedded);
    checks.push(
      check('fonts', missing.length ? 'error' : 'ok', {
        fonts: f.fonts.length,
        not_embedded: missing.length,
        names: [...new Set(missing.map((x) => x.name))].slice(0, 5).join(', '),
      }),
    );
  }

  const images = (f.images ?? []).filter((i) => i.width_px * i.height_px >= MIN_COUNTED_IMAGE_PIXELS && i.width_pt > 0 && i.height_pt > 0);
  if (images.length) {
    const dpis = images.map((i) => Math.min(i.width_px / ((i.width_pt * scale) / 72), i.height_px / ((i.height_pt * scale) / 72)));
    const lowest = Math.min(...dpis);
    checks.push(
      check('image_resolution', dpiLevel(lowest), {
        dpi: shownDpi(lowest),
        images: images.length,
        below_min: dpis.filter((d) => d < DPI_ERROR).length,
        below_recommended: dpis.filter((d) => d < DPI_WARNING).length,
        min_dpi: DPI_ERROR,
        recommended_dpi: DPI_WARNING,
      }),
    );
  }
  return checks;
}

/** The bleed box's smallest margin around the trim, within the media box; 0 without a bleed box. */
function bleedCheck(f: PdfFacts, trim: Box): PreflightCheck {
  if (!f.bleedBox) return check('bleed', 'warning', { bleed_mm: 0, expected_mm: BLEED_MM, box: 'none' });
  const b: Box = [Math.max(f.bleedBox[0], f.mediaBox[0]), Math.max(f.bleedBox[1], f.mediaBox[1]), Math.min(f.bleedBox[2], f.mediaBox[2]), Math.min(f.bleedBox[3], f.mediaBox[3])];
  const margin = Math.max(0, Math.min(trim[0] - b[0], trim[1] - b[1], b[2] - trim[2], b[3] - trim[3])) * MM_PER_POINT;
  return check('bleed', margin >= BLEED_MM - BLEED_TOLERANCE_MM ? 'ok' : 'warning', { bleed_mm: round(margin), expected_mm: BLEED_MM, box: 'BleedBox' });
}

export const unreadableCheck = (format: string) => check('unreadable', 'error', { format });
export const tooLargeCheck = (bytes: number, maxBytes: number) =>
  check('too_large', 'warning', { mb: Math.ceil(bytes / 2 ** 20), max_mb: Math.floor(maxBytes / 2 ** 20) });
export const checkFailed = (reason: 'timeout' | 'worker_exit') => check('check_failed', 'error', { reason });

/** failed when the file could not be checked, else the worst level found. */
export function statusOf(checks: PreflightCheck[]): Exclude<PreflightStatus, 'pending'> {
  if (checks.some((c) => c.check === 'unreadable' || c.check === 'check_failed')) return 'failed';
  if (checks.some((c) => c.level === 'error')) return 'errors';
  if (checks.some((c) => c.level === 'warning')) return 'warnings';
  return 'ok';
}
