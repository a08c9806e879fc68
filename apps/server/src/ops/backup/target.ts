import type { Manifest } from './manifest';

/** The database a restore fills: checked empty, loaded from the dump, counted, migrated, kept or discarded. */
export interface RestoreTarget {
  kind: 'postgres' | 'pglite';
  /** Null when empty; else what it holds, for the refusal. */
  contents(): Promise<string | null>;
  /** Removes everything it holds (--force). */
  wipe(): Promise<void>;
  /** Loads the dump, not yet visible as the live database where that can be staged (PGlite). */
  load(dumpFile: string, manifest: Manifest): Promise<void>;
  rowCounts(): Promise<Record<string, number>>;
  migrate(): Promise<void>;
  /** Makes the loaded database the live one. */
  commit(): Promise<void>;
  /** After a failure: leaves the target empty again. */
  discard(): Promise<void>;
}
