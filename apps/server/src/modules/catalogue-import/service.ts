import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  fileExtension,
  guessMapping,
  IMPORT_EXTENSIONS,
  IMPORT_FIELDS,
  IMPORT_MAX_COLUMNS,
  IMPORT_SAMPLE_ROWS,
  takesDefault,
  type ImportJob,
  type ImportKind,
  type ImportRowError,
  type ImportStartBody,
  type ImportUploadData,
} from '@promo/shared';
import type { Db } from '../../db/client';
import { files, importJobs } from '../../db/schema';
import type { AuthContext } from '../../lib/auth-context';
import { AppError, forbidden, invalid, invalidField, notFound } from '../../lib/errors';
import type { Storage } from '../../lib/storage';
import { deleteFiles, type FileRow } from '../../lib/uploads';
import { beat, HEARTBEAT_MS, INTERRUPTED, sweepGoneImportJobs } from './job-liveness';
import { defaultErrors } from './kinds';
import { headerAndSample, UnreadableFile } from './read-rows';
import { Interrupted, runImport } from './runner';

const unreadable = () => new AppError(422, 'The file cannot be read as CSV or XLSX', 'import_file_unreadable', { file: ['import_file_unreadable'] });
const archiveTooLarge = () =>
  new AppError(422, 'The workbook unpacks to too much data (over 200 MB, or over 100 times its own size)', 'import_archive_too_large', { file: ['archive_too_large'] });

async function readHeader(storage: Storage, file: Pick<FileRow, 'storage_key' | 'original_name'>, sampleRows: number) {
  try {
    const preview = await headerAndSample(file.original_name, () => storage.read(file.storage_key), sampleRows);
    if (preview.headers.length > IMPORT_MAX_COLUMNS) {
      throw new AppError(422, 'The file has too many columns', 'import_too_many_columns', { file: ['import_too_many_columns'] });
    }
    return preview;
  } catch (err) {
    if (err instanceof UnreadableFile) throw err.reason === 'archive_too_large' ? archiveTooLarge() : unreadable();
    throw err;
  }
}

/** The mapping step: the stored upload's header row, a few rows and the guessed column of each field. */
export async function previewUpload(db: Db, storage: Storage, kind: ImportKind, file: FileRow): Promise<ImportUploadData> {
  try {
    const { headers, sample } = await readHeader(storage, file, IMPORT_SAMPLE_ROWS);
    return {
      file_id: file.id,
      name: file.original_name,
      kind,
      headers,
      sample,
      mapping: guessMapping(kind, headers),
      fields: IMPORT_FIELDS[kind].map((f) => ({ field: f.field, required: f.required, key: !!f.key })),
    };
  } catch (err) {
    // A file that cannot be imported is not kept.
    const removeBytes = await deleteFiles(db, storage, [file.id]);
    await removeBytes();
    throw err;
  }
}

type JobRow = typeof importJobs.$inferSelect;

function toJob(row: JobRow, fileName: string | null): ImportJob {
  return {
    id: row.id,
    kind: row.kind as ImportJob['kind'],
    mode: row.mode as ImportJob['mode'],
    status: row.status as ImportJob['status'],
    file_name: fileName,
    total: row.total,
    processed: row.processed,
    created: row.created,
    updated: row.updated,
    error_count: row.error_count,
    errors: row.errors as ImportRowError[],
    created_at: row.created_at.toISOString(),
    finished_at: row.finished_at?.toISOString() ?? null,
  };
}

export async function getImportJob(db: Db, auth: AuthContext, id: number): Promise<ImportJob> {
  const [found] = await db
    .select({ job: importJobs, file_name: files.original_name })
    .from(importJobs)
    .leftJoin(files, eq(files.id, importJobs.file_id))
    .where(eq(importJobs.id, id));
  if (!found) throw notFound();
  // A job is its starter's; an administrator sees every one.
  if (found.job.created_by_id !== auth.user.id && auth.user.role !== 'admin') throw forbidden();
  return toJob(found.job, found.file_name);
}

export interface ImportRunner {
  /** The process the jobs it runs are recorded under (made at its start). */
  instanceId: string;
  /** Starts the job in this process; the promise settles when it has finished (tests, shutdown). */
  run(job: Parameters<typeof runImport>[2]): void;
}

/**
 * Starts a job: the upload must be the caller's own, unclaimed CSV or XLSX; the mapping must name
 * a column of its header row, or give a value (`defaults`), for every required field of the kind,
 * and only fields of the kind. An upload is applied once unless the call says a second time is meant.
 */
export async function startImport(db: Db, storage: Storage, auth: AuthContext, body: ImportStartBody, runner: ImportRunner): Promise<ImportJob> {
  const [file] = await db
    .select()
    .from(files)
    .where(and(eq(files.id, body.file_id), eq(files.uploaded_by, auth.user.id), eq(files.variant, 'upload'), isNull(files.owner_table)));
  if (!file || !(IMPORT_EXTENSIONS as readonly string[]).includes(fileExtension(file.original_name))) throw invalidField('file_id', 'unknown_upload');
  const errors: Record<string, string[]> = {};
  const known = new Set(IMPORT_FIELDS[body.kind].map((f) => f.field));
  for (const field of Object.keys(body.mapping)) if (!known.has(field)) errors[`mapping.${field}`] = ['unknown_field'];
  for (const field of Object.keys(body.defaults)) {
    const f = IMPORT_FIELDS[body.kind].find((x) => x.field === field);
    if (!f) errors[`defaults.${field}`] = ['unknown_field'];
    else if (!takesDefault(f)) errors[`defaults.${field}`] = ['import_no_default'];
    else if (body.mapping[field] !== undefined) errors[`defaults.${field}`] = ['import_default_with_column'];
  }
  for (const f of IMPORT_FIELDS[body.kind]) {
    if (f.required && body.mapping[f.field] === undefined && body.defaults[f.field] === undefined) errors[`mapping.${f.field}`] = ['required_field'];
  }
  if (Object.keys(errors).length) throw invalid(errors);
  const { headers } = await readHeader(storage, file, 0);
  for (const [field, column] of Object.entries(body.mapping)) {
    if (column !== undefined && column >= headers.length) errors[`mapping.${field}`] = ['import_no_such_column'];
  }
  Object.assign(errors, await defaultErrors(db, body.kind, body.defaults));
  if (Object.keys(errors).length) throw invalid(errors);
  const mapping = Object.fromEntries(Object.entries(body.mapping).filter((e): e is [string, number] => e[1] !== undefined));
  const row = await db.transaction(async (tx) => {
    if (body.mode === 'apply') {
      // The upload's row is the lock: of two applies sent at once the second sees the first.
      await tx.select({ id: files.id }).from(files).where(eq(files.id, file.id)).for('update');
      const [earlier] = await tx
        .select({ id: importJobs.id })
        .from(importJobs)
        .where(and(eq(importJobs.file_id, file.id), eq(importJobs.mode, 'apply'), inArray(importJobs.status, ['queued', 'running', 'done'])))
        .limit(1);
      if (earlier && !body.confirm) throw new AppError(409, 'This file has been imported already', 'import_already_applied');
    }
    const [inserted] = await tx
      .insert(importJobs)
      .values({
        kind: body.kind,
        mode: body.mode,
        status: 'running',
        file_id: file.id,
        mapping,
        defaults: body.defaults,
        created_by_id: auth.user.id,
        instance_id: runner.instanceId,
        heartbeat_at: sql`now()`,
      })
      .returning();
    return inserted!;
  });
  runner.run({
    id: row.id,
    kind: body.kind,
    mode: body.mode,
    file: { storage_key: file.storage_key, original_name: file.original_name, size: file.size },
    mapping,
    defaults: body.defaults,
    auth: { user: auth.user, impersonatorId: auth.impersonatorId },
  });
  return toJob(row, file.original_name);
}

/**
 * The jobs of this process: each runs in the background; closing the app stops them (they end as
 * failed, 'import_interrupted', their transaction rolled back) and waits for them. Every
 * HEARTBEAT_MS it says its jobs still run and marks failed the jobs of processes that stopped
 * (`sweep`, also run once at start-up), so no job stays "running" after a kill.
 */
export function importRunner(
  db: Db,
  storage: Storage,
  log: FastifyBaseLogger,
  /** After an import stored rows: the catalogue lists' memories are stale. */
  onStored: () => void,
): ImportRunner & { close(): Promise<void>; idle(): Promise<void>; sweep(): Promise<void> } {
  const controller = new AbortController();
  const running = new Map<number, Promise<void>>();
  const finish = async (id: number, values: Partial<typeof importJobs.$inferInsert>) => {
    await db
      .update(importJobs)
      .set({ ...values, finished_at: new Date() })
      .where(eq(importJobs.id, id));
  };
  const sweep = async () => {
    const gone = await sweepGoneImportJobs(db, [...running.keys()]);
    if (gone.length) log.warn({ importJobs: gone }, 'catalogue imports of a stopped server process marked failed');
  };
  let ticking = false;
  const heartbeat = setInterval(() => {
    // On PGlite a tick waits while an apply holds the connection: ticks do not pile up behind it.
    if (ticking) return;
    ticking = true;
    beat(db, [...running.keys()])
      .then(sweep)
      .catch((err: unknown) => log.error({ err }, 'catalogue import heartbeat failed'))
      .finally(() => (ticking = false));
  }, HEARTBEAT_MS);
  heartbeat.unref();
  return {
    instanceId: randomUUID(),
    run(job) {
      const done = (async () => {
        try {
          const outcome = await runImport(db, storage, job, controller.signal);
          const failed = job.mode === 'apply' && outcome.errorRows > 0;
          await finish(job.id, {
            status: failed ? 'failed' : 'done',
            total: outcome.total,
            processed: outcome.total,
            created: outcome.created,
            updated: outcome.updated,
            error_count: outcome.errorRows,
            errors: outcome.errors,
          });
          if (job.mode === 'apply' && !failed) onStored();
        } catch (err) {
          if (!(err instanceof Interrupted)) log.error({ err, importJob: job.id }, 'catalogue import failed');
          const error = err instanceof Interrupted ? INTERRUPTED : { row: 0, field: 'file', error: 'import_failed' };
          await finish(job.id, { status: 'failed', created: 0, updated: 0, error_count: 1, errors: [error] }).catch((e: unknown) =>
            log.error({ err: e, importJob: job.id }, 'recording a failed catalogue import failed'),
          );
        }
      })();
      running.set(job.id, done);
      void done.finally(() => running.delete(job.id));
    },
    sweep,
    async idle() {
      while (running.size) await Promise.allSettled([...running.values()]);
    },
    async close() {
      clearInterval(heartbeat);
      controller.abort();
      await this.idle();
    },
  };
}
