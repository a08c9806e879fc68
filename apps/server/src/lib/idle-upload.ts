import { Transform, type TransformCallback } from 'node:stream';
import { AppError } from './errors';

/**
 * An upload whose sender sends nothing for this long fails: so a file being written on disk was
 * always written within this time, and the sweep's grace for files no row names (ORPHAN_GRACE_MS,
 * several times longer) never takes a file in flight (decision 028).
 */
export const UPLOAD_IDLE_MS = 10 * 60_000;

export const uploadStalled = () =>
  new AppError(408, 'The upload stopped: nothing arrived for 10 minutes', 'upload_stalled', { file: ['upload_stalled'] });

/** Passes bytes through; fails with `uploadStalled` when none arrive for `idleMs` while nothing downstream holds them back. */
export class IdleWatch extends Transform {
  private timer: NodeJS.Timeout | undefined;

  /**
   * The clock starts when the upload is piped in: the storage opens its file first, and a watch
   * that fired before the pipeline listened destroyed itself with nobody to hear it (an uncaught
   * error, and a write that never settled, on a busy machine with a short limit).
   */
  constructor(private readonly idleMs = UPLOAD_IDLE_MS) {
    super();
    this.once('pipe', () => {
      this.timer = setTimeout(() => this.check(), idleMs);
    });
  }

  private check() {
    // The storage is slower than the sender (its buffers are full): the sender is not idle.
    const heldBack = this.writableNeedDrain || this.readableFlowing === false || this.readableLength >= this.readableHighWaterMark;
    if (heldBack) this.timer = setTimeout(() => this.check(), this.idleMs);
    else this.destroy(uploadStalled());
  }

  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback) {
    this.timer?.refresh();
    done(null, chunk);
  }

  override _flush(done: TransformCallback) {
    clearTimeout(this.timer);
    done();
  }

  override _destroy(err: Error | null, done: (error?: Error | null) => void) {
    clearTimeout(this.timer);
    done(err);
  }
}
