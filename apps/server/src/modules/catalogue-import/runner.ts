import { eq } from 'drizzle-orm';
import pg from 'pg';
import { IMPORT_ERRORS_KEPT, IMPORT_FIELDS, type ImportKind, type ImportMode, type ImportRowError } from '@promo/shared';
import type { Db, DbOrTx } from '../../db/client';
import { importJobs } from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import type { AuthContext } from '../../lib/auth-context';
import type { Storage } from '../../lib/storage';
import { rulesFor, type Checked } from './kinds';
import { sheetRows, UnreadableFile } from './read-rows';

/** Rows per statement (one unnest insert … on conflict per batch) and per progress update. */
export const IMPORT_BATCH = 5000;
/** A file with more rows is refused (the keys seen are kept in memory to find duplicates). */
export const IMPORT_MAX_ROWS = 1_000_000;

export interface ImportJobInput {
  id: number;
  kind: ImportKind;
  mode: ImportMode;
  file: { storage_key: string; original_name: string; size: number };
  /** Field -> column (0-based) of the file. */
  mapping: Record<string, number>;
  /** Field -> the value of every row, for required fields without a column: new rows get it, stored rows keep theirs. */
  defaults: Record<string, string>;
  auth: Pick<AuthContext, 'user' | 'impersonatorId'>;
}

export interface ImportOutcome {
  total: number;
  created: number;
  updated: number;
  errorRows: number;
  errors: ImportRowError[];
}

class Refused extends Error {}
export class Interrupted extends Error {}

/** Several connections (PostgreSQL): progress can be written beside the import's open transaction. */
const hasPool = (db: Db) => (db as unknown as { $client?: unknown }).$client instanceof pg.Pool;

/**
 * Runs one import job: reads the file as a stream, checks every row with the form's rules, and
 * either counts what would change (dry run: nothing stored) or writes everything in one transaction
 * (apply: nothing at all when any row is wrong). Progress and the first errors go to the job's row
 * every batch, so any process can answer its status.
 */
export async function runImport(db: Db, storage: Storage, job: ImportJobInput, signal: AbortSignal): Promise<ImportOutcome> {
  const rules = rulesFor(job.kind);
  const mapped = new Set(Object.keys(job.mapping));
  const fields = IMPORT_FIELDS[job.kind].filter((f) => mapped.has(f.field));
  const outcome: ImportOutcome = { total: 0, created: 0, updated: 0, errorRows: 0, errors: [] };
  const { rows, bytesRead } = sheetRows(job.file.original_name, () => storage.read(job.file.storage_key));
  const progressOutside = job.mode === 'dry_run' || hasPool(db);

  const saveProgress = async () => {
    if (!progressOutside) return; // PGlite: its one connection is the import's transaction
    const read = bytesRead();
    // The rows still to come, estimated from the bytes read so far.
    const estimate = read > 0 ? Math.round((outcome.total * job.file.size) / read) : outcome.total;
    await db
      .update(importJobs)
      .set({
        status: 'running',
        processed: outcome.total,
        total: Math.max(outcome.total, estimate),
        created: outcome.created,
        updated: outcome.updated,
        error_count: outcome.errorRows,
        errors: outcome.errors,
      })
      .where(eq(importJobs.id, job.id));
  };

  const addError = (e: ImportRowError) => {
    if (outcome.errors.length < IMPORT_ERRORS_KEPT) outcome.errors.push(e);
  };

  const work = async (tx: DbOrTx | null) => {
    await rules.prepare(tx ?? db);
    const firstRowOf = new Map<number, number>();
    let batch: Checked<unknown>[] = [];
    let header = true;
    // The database writes (or looks up) one batch while the next one is read and checked.
    let inFlight: Promise<void> = Promise.resolve();
    let failure: { err: unknown } | null = null;
    const settle = async () => {
      await inFlight;
      if (failure) throw failure.err;
    };
    const flush = async () => {
      if (signal.aborted) throw new Interrupted();
      await settle();
      const sent = batch;
      batch = [];
      if (sent.length && !(tx && outcome.errorRows)) {
        inFlight = (async () => {
          if (tx) {
            const done = await rules.write(tx, sent, mapped);
            outcome.created += done.created;
            outcome.updated += done.updated;
          } else {
            const stored = await rules.existing(db, sent.map((b) => b.key));
            outcome.updated += stored.size;
            outcome.created += sent.length - stored.size;
          }
        })().catch((err: unknown) => {
          failure = { err };
        });
      }
      await saveProgress();
    };
    try {
      for await (const { row, cells } of rows) {
        if (header) {
          header = false;
          continue;
        }
        outcome.total++;
        if (outcome.total > IMPORT_MAX_ROWS) {
          outcome.total--;
          outcome.errorRows++;
          addError({ row, field: 'file', error: 'import_too_many_rows', params: { max: IMPORT_MAX_ROWS } });
          break;
        }
        const raw: Record<string, string> = { ...job.defaults };
        for (const f of fields) raw[f.field] = (cells[job.mapping[f.field]!] ?? '').trim();
        // Text PostgreSQL cannot store (a NUL), as every form refuses it (lib/text-input.ts).
        const unstorable = Object.keys(raw).filter((k) => raw[k]!.includes('\u0000'));
        const { value, errors } = unstorable.length
          ? { value: null, errors: unstorable.map((field) => ({ field, error: 'invalid_characters' })) }
          : rules.check(raw);
        if (value) {
          const first = firstRowOf.get(value.key);
          if (first !== undefined) errors.push({ field: rules.keyField, error: 'import_duplicate_in_file', params: { row: first } });
          else firstRowOf.set(value.key, row);
        }
        if (errors.length) {
          outcome.errorRows++;
          for (const e of errors) addError({ row, ...e });
          // Once a row is wrong nothing is written; the rest is still checked, to name every wrong row.
          // A dry run goes on counting what the good rows would do.
          if (tx) batch = [];
        } else if (value && !(tx && outcome.errorRows)) {
          batch.push(value);
        }
        if (outcome.total % IMPORT_BATCH === 0) await flush();
      }
    } catch (err) {
      if (err instanceof UnreadableFile) {
        outcome.errorRows++;
        addError({ row: outcome.total + 2, field: 'file', error: 'import_file_unreadable' });
      } else throw err;
    }
    await flush();
    await settle();
    if (tx) {
      if (outcome.errorRows) throw new Refused();
      await writeAudit(tx, job.auth, {
        action: 'import',
        entity: job.kind,
        entityId: null,
        after: { import_job_id: job.id, file: job.file.original_name, rows: outcome.total, created: outcome.created, updated: outcome.updated },
      });
      // Done in the commit that stores the rows: a process killed after it leaves no "running" job that did change things.
      await tx
        .update(importJobs)
        .set({ status: 'done', total: outcome.total, processed: outcome.total, created: outcome.created, updated: outcome.updated, finished_at: new Date() })
        .where(eq(importJobs.id, job.id));
    }
  };

  if (job.mode === 'dry_run') {
    await work(null);
  } else {
    try {
      await db.transaction(async (tx) => work(tx));
    } catch (err) {
      if (!(err instanceof Refused)) throw err;
      // Rolled back: nothing of the file is stored, and the counts say so.
      outcome.created = 0;
      outcome.updated = 0;
    }
  }
  return outcome;
}
