import { BarcodeFormat, BinaryBitmap, DecodeHintType, HybridBinarizer, MultiFormatReader, RGBLuminanceSource } from '@zxing/library';
import { describe, expect, it } from 'vitest';
import { EAN_MODULES, EAN_QUIET_LEFT, EAN_QUIET_RIGHT, ean13Bars } from './ean13';

/** The bars drawn 3 pixels a module, 40 rows high, read by zxing. */
function scan(code: string): string {
  const px = 3;
  const width = (EAN_QUIET_LEFT + EAN_MODULES + EAN_QUIET_RIGHT) * px;
  const row = new Uint8ClampedArray(width).fill(255);
  for (const [m, w] of ean13Bars(code)) row.fill(0, (EAN_QUIET_LEFT + m) * px, (EAN_QUIET_LEFT + m + w) * px);
  const height = 40;
  const pixels = new Uint8ClampedArray(width * height);
  for (let y = 0; y < height; y++) pixels.set(row, y * width);
  const hints = new Map<DecodeHintType, unknown>([[DecodeHintType.POSSIBLE_FORMATS, [BarcodeFormat.EAN_13]]]);
  return new MultiFormatReader().decode(new BinaryBitmap(new HybridBinarizer(new RGBLuminanceSource(pixels, width, height))), hints).getText();
}

describe('EAN-13 bars', () => {
  // One code for each first digit (each has its own pattern of L and G sets on the left half).
  const codes = ['0012345678905', '1234567890128', '2000000000008', '3045320094084', '4006381333931', '5901234123457', '6291041500213', '7038010009457', '8711000361627', '9780201379624'];
  it.each(codes)('%s reads back', (code) => {
    expect(scan(code)).toBe(code);
  });
});
