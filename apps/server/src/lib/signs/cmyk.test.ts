import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { cmykJpeg, toCmyk } from './cmyk';

const transformed = (rgb: Buffer, width: number, height: number) =>
  sharp(rgb, { raw: { width, height, channels: 3 } }).withIccProfile('cmyk', { attach: false }).raw().toBuffer();

describe('sRGB → CMYK by the sampled profile', () => {
  it('gives what libvips’ transform of the same pixels gives: within 1 of 255 on average, at most 6', async () => {
    const width = 400;
    const height = 300;
    const { data } = await sharp({ create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 70 } } }).raw().toBuffer({ resolveWithObject: true });
    // Every corner of the cube too: white, black and the primaries and secondaries.
    const corners = [0, 255].flatMap((r) => [0, 255].flatMap((g) => [0, 255].map((b) => [r, g, b])));
    corners.forEach((rgb, i) => data.set(rgb, i * 3));
    const ours = await toCmyk(data, 3);
    const theirs = await transformed(data, width, height);
    let sum = 0;
    let max = 0;
    for (let i = 0; i < theirs.length; i++) {
      const d = Math.abs(ours[i]! - theirs[i]!);
      sum += d;
      max = Math.max(max, d);
    }
    expect(sum / theirs.length).toBeLessThan(1);
    expect(max).toBeLessThanOrEqual(6);
    // White is no ink at all; black has black ink.
    expect([...ours.subarray(7 * 4, 8 * 4)]).toEqual([0, 0, 0, 0]);
    expect(ours[3]).toBeGreaterThan(200);
  });

  it('reads RGBA pixels, leaving the alpha out', async () => {
    const rgba = Buffer.from([255, 0, 0, 0, 255, 0, 0, 255, 0, 0, 255, 128]);
    const rgb = Buffer.from([255, 0, 0, 255, 0, 0, 0, 0, 255]);
    expect(await toCmyk(rgba, 4)).toEqual(await toCmyk(rgb, 3));
  });

  it('writes a CMYK JPEG that reads back as the pixels it was given', async () => {
    const width = 64;
    const height = 48;
    const cmyk = Buffer.alloc(width * height * 4);
    for (let p = 0; p < width * height; p++) cmyk.set(p < (width * height) / 2 ? [200, 20, 0, 10] : [0, 90, 240, 40], p * 4);
    const jpeg = await cmykJpeg(cmyk, width, height, 90);
    expect(await sharp(jpeg).metadata()).toMatchObject({ format: 'jpeg', space: 'cmyk', channels: 4, width, height });
    const back = await sharp(jpeg).pipelineColourspace('cmyk').toColourspace('cmyk').raw().toBuffer();
    expect(Math.abs(back[0]! - 200) + Math.abs(back[1]! - 20) + Math.abs(back[2]! - 0) + Math.abs(back[3]! - 10)).toBeLessThanOrEqual(8);
    const last = back.length - 4;
    expect(Math.abs(back[last]! - 0) + Math.abs(back[last + 1]! - 90) + Math.abs(back[last + 2]! - 240) + Math.abs(back[last + 3]! - 40)).toBeLessThanOrEqual(8);
  });
});
