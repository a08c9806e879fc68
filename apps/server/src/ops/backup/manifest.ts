import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { MIGRATIONS_DIR } from '../../config';

/** Bumped when the archive's layout changes in a way an older restore cannot read. */
export const ARCHIVE_FORMAT = 'promo-backup/1';
export const MANIFEST_ENTRY = 'manifest.json';
/** Stored bytes go under this folder of the archive, by their storage key. */
export const FILES_PREFIX = 'files/';
export const DUMP_ENTRY = { postgres: 'database.pgdump', pglite: 'database.pglite.tar' } as const;

const fileEntry = z.object({ key: z.string().min(1), size: z.number().int().min(0), sha256: z.string().regex(/^[0-9a-f]{64}$/) });
export type FileEntry = z.infer<typeof fileEntry>;

const migration = z.object({ index: z.number().int().min(0), tag: z.string(), createdAt: z.number() });
export type Migration = z.infer<typeof migration>;

export const manifestSchema = z.object({
  format: z.literal(ARCHIVE_FORMAT),
  createdAt: z.string(),
  appVersion: z.string(),
  database: z.object({
    kind: z.enum(['postgres', 'pglite']),
    entry: z.string(),
    size: z.number().int().min(0),
    sha256: z.string().regex(/^[0-9a-f]{64}$/),
  }),
  /** The last migration applied to the dumped database; null for a database never migrated. */
  migration: migration.nullable(),
  rowCounts: z.record(z.string(), z.number().int().min(0)),
  files: z.array(fileEntry),
});
export type Manifest = z.infer<typeof manifestSchema>;

interface JournalEntry {
  idx: number;
  tag: string;
  when: number;
}

/** Drizzle's list of migrations: `when` is what it records as created_at of an applied one. */
export function migrationJournal(): JournalEntry[] {
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as { entries: JournalEntry[] };
  return journal.entries;
}

export function migrationByCreatedAt(createdAt: number): Migration {
  const entry = migrationJournal().find((e) => e.when === createdAt);
  return { index: entry?.idx ?? -1, tag: entry?.tag ?? `unknown (${createdAt})`, createdAt };
}
