/** Columns and indexes more than one table uses. */
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  index,
  timestamp,
} from 'drizzle-orm/pg-core';

export const timestamps = {
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updated_at: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
};

export const trgm = (name: string, column: AnyPgColumn) => index(name).using('gin', sql`${column} gin_trgm_ops`);
