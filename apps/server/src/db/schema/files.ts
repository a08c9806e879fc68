/** Stored uploads and their renditions. */
import { sql } from 'drizzle-orm';
import {
  bigint,
  type AnyPgColumn,
  check,
  index,
  integer,
  pgTable,
  text,
} from 'drizzle-orm/pg-core';
import { timestamps } from './columns';
import { users } from './people';

/** Every stored upload and every rendition made from one, so nothing on disk is unowned. */
export const files = pgTable(
  'files',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    storage_key: text('storage_key').notNull().unique(),
    original_name: text('original_name').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    content_type: text('content_type').notNull(),
    sha256: text('sha256').notNull(),
    uploaded_by: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    /** The upload a rendition was made from; renditions go with it. */
    parent_id: integer('parent_id').references((): AnyPgColumn => files.id, { onDelete: 'cascade' }),
    variant: text('variant').notNull().default('upload'),
    /** What holds the file (`surfaces`, `products`, ...); null while an upload waits to be used. */
    owner_table: text('owner_table'),
    owner_id: integer('owner_id'),
    ...timestamps,
  },
  (t) => [
    index('files_owner_idx').on(t.owner_table, t.owner_id),
    index('files_parent_idx').on(t.parent_id),
    check('files_variant_check', sql`${t.variant} in ('upload','original','w_500','w_200')`),
  ],
);
