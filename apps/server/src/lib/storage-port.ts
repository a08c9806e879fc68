import { randomUUID } from 'node:crypto';
import type { Readable, Transform } from 'node:stream';

/**
 * Where uploaded bytes live: a folder of this machine or an S3 bucket (`storage-s3.ts`). Keys are
 * generated here, never taken from a file name.
 */
export interface Storage {
  newKey(): string;
  /** Streams `source` (through `through`, if given) into `key`; leaves nothing under `key` on failure. */
  write(key: string, source: Readable, through?: Transform[]): Promise<void>;
  /** The stored bytes as a stream; rejects when `key` holds nothing. */
  read(key: string): Promise<Readable>;
  remove(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /**
   * Runs `fn` with a path on this machine that holds the bytes of `key`, for libraries that read
   * files themselves (sharp); the path is valid until `fn` settles.
   */
  withLocalFile<T>(key: string, fn: (file: string) => Promise<T>): Promise<T>;
  /**
   * Every stored key with the time its bytes were last written: the sweep removes the ones no
   * `files` row names (left by a crash between writing bytes and recording them).
   */
  list(): AsyncIterable<StoredKey>;
  /** For the readiness probe, when the bytes live in a service that can be down. */
  answers?(signal: AbortSignal): Promise<boolean>;
}

export interface StoredKey {
  key: string;
  modifiedAt: Date;
}

/** A fresh key: a UUID under two levels of folders, so no folder of the disk grows too large. */
export function newStorageKey(): string {
  const id = randomUUID();
  return `${id.slice(0, 2)}/${id.slice(2, 4)}/${id}`;
}
