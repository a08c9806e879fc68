/** Import jobs, server secrets and idempotency keys. */
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { timestamps } from './columns';
import { files } from './files';
import { users } from './people';

/**
 * A catalogue import (issue 15): the uploaded file, the column mapping, a dry run or the real
 * thing, and its progress, counts and first row errors, read by the web while it runs.
 */
export const importJobs = pgTable(
  'import_jobs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind').notNull(),
    mode: text('mode').notNull(),
    status: text('status').notNull().default('queued'),
    file_id: integer('file_id').references(() => files.id, { onDelete: 'set null' }),
    mapping: jsonb('mapping').notNull().default({}),
    /** Field -> the value of every new row, for required fields the file has no column for (issue 22). */
    defaults: jsonb('defaults').notNull().default({}),
    total: integer('total').notNull().default(0),
    processed: integer('processed').notNull().default(0),
    created: integer('created').notNull().default(0),
    updated: integer('updated').notNull().default(0),
    error_count: integer('error_count').notNull().default(0),
    /** The first row errors: [{ row, field, error }]. */
    errors: jsonb('errors').notNull().default([]),
    created_by_id: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    finished_at: timestamp('finished_at', { withTimezone: true }),
    /** The server process running the job (an id made at its start) and when it last said so (decision 021). */
    instance_id: text('instance_id'),
    heartbeat_at: timestamp('heartbeat_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    check('import_jobs_kind_check', sql`${t.kind} in ('products', 'surfaces')`),
    check('import_jobs_mode_check', sql`${t.mode} in ('dry_run', 'apply')`),
    check('import_jobs_status_check', sql`${t.status} in ('queued', 'running', 'done', 'failed')`),
  ],
);

/** Secrets the server makes for itself on first start when none are configured (the VAPID key pair). */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Idempotency keys of actions a device may send again (an offline queue retrying after a lost
 * answer, issue 21): the first request stores its answer, a repeat with the same key gets it back
 * without doing the action twice. A row without status is a request still running.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** Method and path of the first request; the same key on another call is refused. */
    request: text('request').notNull(),
    status_code: integer('status_code'),
    response: jsonb('response'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.user_id, t.key] }), index('idempotency_keys_created_idx').on(t.created_at)],
);
