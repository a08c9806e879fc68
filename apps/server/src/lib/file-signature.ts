import { Transform, type TransformCallback } from 'node:stream';
import { createHash } from 'node:crypto';

/** The first bytes each extension must start with; txt and csv have none (any bytes without NUL). */
const SIGNATURES: Record<string, number[][]> = {
  jpg: [[0xff, 0xd8, 0xff]],
  jpeg: [[0xff, 0xd8, 0xff]],
  png: [[0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]],
  tiff: [
    [0x49, 0x49, 0x2a, 0x00],
    [0x4d, 0x4d, 0x00, 0x2a],
  ],
  pdf: [[0x25, 0x50, 0x44, 0x46]],
  ai: [
    [0x25, 0x50, 0x44, 0x46],
    [0x25, 0x21, 0x50, 0x53],
  ],
  psd: [[0x38, 0x42, 0x50, 0x53]],
  zip: [[0x50, 0x4b, 0x03, 0x04]],
  docx: [[0x50, 0x4b, 0x03, 0x04]],
  xlsx: [[0x50, 0x4b, 0x03, 0x04]],
  pptx: [[0x50, 0x4b, 0x03, 0x04]],
  odt: [[0x50, 0x4b, 0x03, 0x04]],
  doc: [[0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]],
  xls: [[0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]],
  ppt: [[0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]],
  rar: [[0x52, 0x61, 0x72, 0x21, 0x1a, 0x07]],
  '7z': [[0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c]],
  rtf: [[0x7b, 0x5c, 0x72, 0x74, 0x66]],
  indd: [[0x06, 0x06, 0xed, 0xf5, 0xd8, 0x1d, 0x46, 0xe5]],
};

export const CONTENT_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  tiff: 'image/tiff',
  pdf: 'application/pdf',
  ai: 'application/postscript',
  psd: 'image/vnd.adobe.photoshop',
  zip: 'application/zip',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  odt: 'application/vnd.oasis.opendocument.text',
  doc: 'application/msword',
  xls: 'application/vnd.ms-excel',
  ppt: 'application/vnd.ms-powerpoint',
  rar: 'application/vnd.rar',
  '7z': 'application/x-7z-compressed',
  rtf: 'application/rtf',
  indd: 'application/x-indesign',
  txt: 'text/plain; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
};

export class SignatureMismatch extends Error {}

export function matchesSignature(extension: string, head: Buffer): boolean {
  if (extension === 'txt' || extension === 'csv') return !head.includes(0);
  const options = SIGNATURES[extension];
  return !!options?.some((sig) => sig.every((byte, i) => head[i] === byte));
}

/**
 * Passes bytes through while hashing and counting them, and fails the stream when the first
 * bytes do not fit the extension: the check happens as the file streams, not after.
 */
export class InspectingStream extends Transform {
  readonly hash = createHash('sha256');
  bytes = 0;
  private head = Buffer.alloc(0);
  private checked = false;

  constructor(private extension: string) {
    super();
  }

  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback) {
    this.bytes += chunk.length;
    this.hash.update(chunk);
    if (!this.checked) {
      this.head = Buffer.concat([this.head, chunk]).subarray(0, 16);
      if (this.head.length >= 8) {
        this.checked = true;
        if (!matchesSignature(this.extension, this.head)) return done(new SignatureMismatch());
      }
    }
    done(null, chunk);
  }

  override _flush(done: TransformCallback) {
    if (!this.checked && this.head.length > 0 && !matchesSignature(this.extension, this.head)) {
      return done(new SignatureMismatch());
    }
    done();
  }
}
