/** The chat of a design: messages, reads, pins on files and preflight results. */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  doublePrecision,
  type AnyPgColumn,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { timestamps } from './columns';
import { files } from './files';
import { users } from './people';
import { promotionSurfaceDesigns } from './promotions';

/** One chat per PSD, made with it. */
export const chats = pgTable(
  'chats',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    psd_id: integer('psd_id')
      .notNull()
      .references(() => promotionSurfaceDesigns.id, { onDelete: 'cascade' }),
    /** The last message_id given out: numbers inside a chat come from here, under a row lock. */
    last_message_id: integer('last_message_id').notNull().default(0),
    ...timestamps,
  },
  (t) => [uniqueIndex('chats_psd_unique').on(t.psd_id)],
);

export const chatMessages = pgTable(
  'chat_messages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    chat_id: integer('chat_id')
      .notNull()
      .references(() => chats.id, { onDelete: 'cascade' }),
    /** The number of the message inside its chat (1, 2, ...). */
    message_id: integer('message_id').notNull(),
    sender_id: integer('sender_id').references(() => users.id, { onDelete: 'set null' }),
    text: text('text').notNull().default(''),
    file_id: integer('file_id').references(() => files.id, { onDelete: 'set null' }),
    file_name: text('file_name').notNull().default(''),
    file_size: bigint('file_size', { mode: 'number' }).notNull().default(0),
    type_extension: text('type_extension').notNull().default(''),
    type_file: text('type_file').notNull().default(''),
    comment_mess_id: integer('comment_mess_id'),
    update_message: boolean('update_message').notNull().default(false),
    delete_message: boolean('delete_message').notNull().default(false),
    rating_file: integer('rating_file'),
    /**
     * The HQ or LQ message that replaced this one (issue 14): removed from the chat's view like a
     * deleted message, its file kept as an earlier version of the design's print file.
     */
    replaced_by_id: integer('replaced_by_id').references((): AnyPgColumn => chatMessages.id, { onDelete: 'set null' }),
    /** An HQ file generated from price signs (decision 043): the template version and how many signs; null otherwise. */
    sign_template_version: integer('sign_template_version'),
    sign_count: integer('sign_count'),
    /** A hash of everything the generated file was drawn from: a generate with the same answers with this message. */
    sign_digest: text('sign_digest'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('chat_messages_number_unique').on(t.chat_id, t.message_id),
    index('chat_messages_live_file_idx').on(t.chat_id, t.type_file, t.type_extension),
    // A finished preflight finds the messages of its file (the print quality read model's trigger).
    index('chat_messages_file_idx').on(t.file_id),
    check('chat_messages_type_extension_check', sql`${t.type_extension} in ('', 'image', 'document')`),
    check('chat_messages_type_file_check', sql`${t.type_file} in ('', 'Sketch', 'HQ', 'LQ')`),
    check('chat_messages_rating_check', sql`${t.rating_file} is null or ${t.rating_file} between 1 and 3`),
  ],
);

export const messageReads = pgTable(
  'message_reads',
  {
    message_id: integer('message_id')
      .notNull()
      .references(() => chatMessages.id, { onDelete: 'cascade' }),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    read_at: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.message_id, t.user_id] }), index('message_reads_user_idx').on(t.user_id)],
);

/**
 * A numbered comment on a point or an area of a file sent to a design's chat (issue 14): on an
 * image, or the first page of a PDF. Coordinates are fractions of the width and height (0–1), so
 * any rendition shows it in the same place. It stays with the file version it was made on.
 */
export const filePins = pgTable(
  'file_pins',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    chat_id: integer('chat_id')
      .notNull()
      .references(() => chats.id, { onDelete: 'cascade' }),
    message_id: integer('message_id')
      .notNull()
      .references(() => chatMessages.id, { onDelete: 'cascade' }),
    /** The pin's number on its file: 1, 2, 3 ... */
    number: integer('number').notNull(),
    author_id: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    x: doublePrecision('x').notNull(),
    y: doublePrecision('y').notNull(),
    /** An area's size; null for a point. */
    width: doublePrecision('width'),
    height: doublePrecision('height'),
    text: text('text').notNull(),
    status: text('status').notNull().default('open'),
    resolved_by_id: integer('resolved_by_id').references(() => users.id, { onDelete: 'set null' }),
    resolved_at: timestamp('resolved_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('file_pins_number_unique').on(t.message_id, t.number),
    index('file_pins_chat_idx').on(t.chat_id, t.status),
    check('file_pins_status_check', sql`${t.status} in ('open', 'resolved')`),
    check('file_pins_point_check', sql`${t.x} >= 0 and ${t.x} <= 1 and ${t.y} >= 0 and ${t.y} <= 1`),
    check(
      'file_pins_area_check',
      sql`(${t.width} is null and ${t.height} is null) or (${t.width} > 0 and ${t.height} > 0 and ${t.x} + ${t.width} <= 1 and ${t.y} + ${t.height} <= 1)`,
    ),
  ],
);

export const filePinReplies = pgTable(
  'file_pin_replies',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    pin_id: integer('pin_id')
      .notNull()
      .references(() => filePins.id, { onDelete: 'cascade' }),
    author_id: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    text: text('text').notNull(),
    ...timestamps,
  },
  (t) => [index('file_pin_replies_pin_idx').on(t.pin_id)],
);

/**
 * What the print preflight found in an HQ file, measured against the surface its design sits on
 * (issue 14): 'pending' until the check has run; `checks` holds each check with its level and the
 * measured values.
 */
export const filePreflights = pgTable(
  'file_preflights',
  {
    file_id: integer('file_id')
      .primaryKey()
      .references(() => files.id, { onDelete: 'cascade' }),
    status: text('status').notNull().default('pending'),
    checks: jsonb('checks').notNull().default([]),
    /** The surface size and unit the file was checked against, as they were then. */
    surface_size: text('surface_size').notNull().default(''),
    ...timestamps,
  },
  (t) => [check('file_preflights_status_check', sql`${t.status} in ('pending', 'ok', 'warnings', 'errors', 'failed')`)],
);
