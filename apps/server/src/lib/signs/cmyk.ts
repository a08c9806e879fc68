import sharp from 'sharp';

/*
 * sRGB → CMYK for the signs' images through libvips' built-in CMYK profile, looked up instead of
 * transformed per image. libvips' ICC transform loads the 940 KB profile and builds the transform at
 * every call: about 25 ms even for a 16 × 16 image, paid once per product photo (1,000 photos: 25 s
 * of a 30 s budget). Here the profile is sampled once per thread on a 33³ grid (what lcms itself
 * precalculates for 8-bit RGB) and each pixel is interpolated in that grid (tetrahedral, as lcms).
 * Against the transform per image: within 1 of 255 on average, at most a few (tested).
 */

const N = 33;
const S = N - 1;
const R_STEP = N * N * 4;
const G_STEP = N * 4;
const B_STEP = 4;

/** Per 8-bit value: its grid cell's offset along each axis and its position in the cell (0–255). */
const cell = new Uint8Array(256);
const frac = new Uint16Array(256);
for (let v = 0; v < 256; v++) {
  const scaled = v * S;
  cell[v] = Math.min(S - 1, Math.floor(scaled / 255));
  frac[v] = scaled - cell[v]! * 255;
}

let grid: Promise<Uint8Array> | null = null;

/** The profile's CMYK at every grid point, r slowest, b fastest. */
function cmykGrid(): Promise<Uint8Array> {
  grid ??= (async () => {
    const rgb = Buffer.alloc(N * N * N * 3);
    let i = 0;
    for (let r = 0; r < N; r++)
      for (let g = 0; g < N; g++)
        for (let b = 0; b < N; b++) {
          rgb[i++] = Math.round((r * 255) / S);
          rgb[i++] = Math.round((g * 255) / S);
          rgb[i++] = Math.round((b * 255) / S);
        }
    const cmyk = await sharp(rgb, { raw: { width: N * N * N, height: 1, channels: 3 } }).withIccProfile('cmyk', { attach: false }).raw().toBuffer();
    return new Uint8Array(cmyk.buffer, cmyk.byteOffset, cmyk.length);
  })();
  return grid;
}

/**
 * The CMYK pixels (4 bytes each, 0 = no ink) of `pixels`, sRGB with `channels` bytes a pixel (3, or
 * 4 with alpha, which is left out). Runs of one colour (a product photo's white) are looked up once.
 */
export async function toCmyk(pixels: Uint8Array, channels: 3 | 4): Promise<Buffer> {
  const lut = await cmykGrid();
  const count = pixels.length / channels;
  const out = Buffer.allocUnsafe(count * 4);
  let lastR = -1;
  let lastG = -1;
  let lastB = -1;
  let c = 0;
  let m = 0;
  let y = 0;
  let k = 0;
  for (let p = 0, q = 0, o = 0; p < count; p++, q += channels, o += 4) {
    const r = pixels[q]!;
    const g = pixels[q + 1]!;
    const b = pixels[q + 2]!;
    if (r !== lastR || g !== lastG || b !== lastB) {
      lastR = r;
      lastG = g;
      lastB = b;
      const fr = frac[r]!;
      const fg = frac[g]!;
      const fb = frac[b]!;
      const base = cell[r]! * R_STEP + cell[g]! * G_STEP + cell[b]! * B_STEP;
      // The tetrahedron of the cell that holds the point: from its corner along the axes in the
      // order of their fractions, largest first (no arrays or closures: this runs per pixel).
      // Default: b ≥ g ≥ r.
      let s1 = B_STEP;
      let s2 = G_STEP;
      let s3 = R_STEP;
      let w1 = fb;
      let w2 = fg;
      let w3 = fr;
      if (fr >= fg && fg >= fb) {
        s1 = R_STEP;
        s3 = B_STEP;
        w1 = fr;
        w3 = fb;
      } else if (fr >= fg && fr >= fb) {
        s1 = R_STEP;
        s2 = B_STEP;
        s3 = G_STEP;
        w1 = fr;
        w2 = fb;
        w3 = fg;
      } else if (fr >= fg) {
        s2 = R_STEP;
        s3 = G_STEP;
        w2 = fr;
        w3 = fg;
      } else if (fr >= fb) {
        s1 = G_STEP;
        s2 = R_STEP;
        s3 = B_STEP;
        w1 = fg;
        w2 = fr;
        w3 = fb;
      } else if (fg >= fb) {
        s1 = G_STEP;
        s2 = B_STEP;
        w1 = fg;
        w2 = fb;
      }
      const a = base + s1;
      const ab = a + s2;
      const abc = ab + s3;
      // v0 + (vA − v0)·w1 + (vAB − vA)·w2 + (vABC − vAB)·w3, the weights in 255ths, rounded.
      const e0 = 255 - w1;
      const e1 = w1 - w2;
      const e2 = w2 - w3;
      const e3 = w3;
      c = ((lut[base]! * e0 + lut[a]! * e1 + lut[ab]! * e2 + lut[abc]! * e3 + 127) / 255) | 0;
      m = ((lut[base + 1]! * e0 + lut[a + 1]! * e1 + lut[ab + 1]! * e2 + lut[abc + 1]! * e3 + 127) / 255) | 0;
      y = ((lut[base + 2]! * e0 + lut[a + 2]! * e1 + lut[ab + 2]! * e2 + lut[abc + 2]! * e3 + 127) / 255) | 0;
      k = ((lut[base + 3]! * e0 + lut[a + 3]! * e1 + lut[ab + 3]! * e2 + lut[abc + 3]! * e3 + 127) / 255) | 0;
    }
    out[o] = c;
    out[o + 1] = m;
    out[o + 2] = y;
    out[o + 3] = k;
  }
  return out;
}

/**
 * A CMYK JPEG of CMYK pixels. sharp takes raw pixels as RGB(A) only, so they go in as a TIFF of
 * their own (one uncompressed strip, PhotometricInterpretation 5) that libvips reads as CMYK. libvips
 * writes CMYK JPEGs inverted, as Photoshop does (the PDF's Decode array turns them back).
 */
export function cmykJpeg(cmyk: Buffer, width: number, height: number, quality: number): Promise<Buffer> {
  return sharp(cmykTiff(cmyk, width, height)).pipelineColourspace('cmyk').toColourspace('cmyk').jpeg({ quality }).toBuffer();
}

const SHORT = 3;
const LONG = 4;

function cmykTiff(cmyk: Buffer, width: number, height: number): Buffer {
  const entries: [tag: number, type: number, count: number, value: number][] = [
    [256, LONG, 1, width], // ImageWidth
    [257, LONG, 1, height], // ImageLength
    [258, SHORT, 4, 0], // BitsPerSample 8,8,8,8 (written after the directory)
    [259, SHORT, 1, 1], // no compression
    [262, SHORT, 1, 5], // separated (CMYK)
    [273, LONG, 1, 0], // StripOffsets (the pixels, after the header)
    [277, SHORT, 1, 4], // SamplesPerPixel
    [278, LONG, 1, height], // RowsPerStrip
    [279, LONG, 1, cmyk.length], // StripByteCounts
    [284, SHORT, 1, 1], // chunky
    [332, SHORT, 1, 1], // InkSet: CMYK
  ];
  const directory = 8;
  const bitsAt = directory + 2 + entries.length * 12 + 4;
  const pixelsAt = bitsAt + 8;
  const head = Buffer.alloc(pixelsAt);
  head.write('II', 0, 'latin1');
  head.writeUInt16LE(42, 2);
  head.writeUInt32LE(directory, 4);
  head.writeUInt16LE(entries.length, directory);
  for (const [i, [tag, type, count, value]] of entries.entries()) {
    const at = directory + 2 + i * 12;
    const v = tag === 258 ? bitsAt : tag === 273 ? pixelsAt : value;
    head.writeUInt16LE(tag, at);
    head.writeUInt16LE(type, at + 2);
    head.writeUInt32LE(count, at + 4);
    if (type === SHORT && count === 1) head.writeUInt16LE(v, at + 8);
    else head.writeUInt32LE(v, at + 8);
  }
  for (let i = 0; i < 4; i++) head.writeUInt16LE(8, bitsAt + i * 2);
  return Buffer.concat([head, cmyk]);
}
