import sharp from 'sharp';

/** Small real images for upload tests. */
export const pngImage = (width = 320, height = 240) =>
  sharp({ create: { width, height, channels: 3, background: { r: 30, g: 90, b: 200 } } }).png().toBuffer();
export const jpegImage = (width = 640, height = 480) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 60, b: 40 } } }).jpeg().toBuffer();
export const tiffImage = (width = 300, height = 200) =>
  sharp({ create: { width, height, channels: 3, background: { r: 20, g: 160, b: 60 } } }).tiff().toBuffer();
/** The first bytes of a zip archive. */
export const zipBytes = () => Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(200, 1)]);
