import { createHash } from 'node:crypto';
import { Transform } from 'node:stream';

/** Passes bytes through and counts and hashes them on the way. */
export class HashingStream extends Transform {
  readonly hash = createHash('sha256');
  bytes = 0;
  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: (err?: Error | null, data?: Buffer) => void) {
    this.hash.update(chunk);
    this.bytes += chunk.length;
    done(null, chunk);
  }
  digest(): string {
    return this.hash.digest('hex');
  }
}
