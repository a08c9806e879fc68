/** Notifications, feedback threads and Web Push. */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { timestamps } from './columns';
import { users } from './people';
import { promotions } from './promotions';

/** Something a user should know about (sent to printers, printed, distributed ...); mailed when SMTP is set. */
export const notifications = pgTable(
  'notifications',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    promotion_id: integer('promotion_id').references(() => promotions.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    link: text('link').notNull().default(''),
    read_at: timestamp('read_at', { withTimezone: true }),
    mailed_at: timestamp('mailed_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [index('notifications_user_idx').on(t.user_id, t.created_at)],
);

/** A feedback thread between two users. */
export const feedbacks = pgTable(
  'feedbacks',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    title: text('title').notNull(),
    from_user_id: integer('from_user_id').references(() => users.id, { onDelete: 'set null' }),
    to_user_id: integer('to_user_id').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [index('feedbacks_from_idx').on(t.from_user_id), index('feedbacks_to_idx').on(t.to_user_id)],
);

/** A message of a feedback thread: HTML sanitized with an allowlist before it is stored. */
export const feedbackMessages = pgTable(
  'feedback_messages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    feedback_id: integer('feedback_id')
      .notNull()
      .references(() => feedbacks.id, { onDelete: 'cascade' }),
    sender_id: integer('sender_id').references(() => users.id, { onDelete: 'set null' }),
    text: text('text').notNull(),
    ...timestamps,
  },
  (t) => [index('feedback_messages_feedback_idx').on(t.feedback_id, t.created_at)],
);

export const feedbackReads = pgTable(
  'feedback_reads',
  {
    message_id: integer('message_id')
      .notNull()
      .references(() => feedbackMessages.id, { onDelete: 'cascade' }),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    read_at: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.message_id, t.user_id] })],
);

/**
 * A device's Web Push subscription (issue 21): the push service's endpoint and the keys its
 * payloads are encrypted with. The same endpoint again updates the row (a browser renews keys).
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull().unique(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    /** The interface language on that device when it subscribed: the pushes' texts are in it. */
    language: text('language').notNull().default('no'),
    /** The user's own switch for this device. */
    enabled: boolean('enabled').notNull().default(true),
    user_agent: text('user_agent').notNull().default(''),
    last_sent_at: timestamp('last_sent_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [index('push_subscriptions_user_idx').on(t.user_id), check('push_subscriptions_language_check', sql`${t.language} in ('no', 'en')`)],
);

/**
 * Pushes waiting to be sent, one per device (an outbox): written in the transaction that caused
 * them, sent after its commit, retried with back-off; a dedupe key keeps a reminder to one push.
 */
export const pushMessages = pgTable(
  'push_messages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    subscription_id: integer('subscription_id')
      .notNull()
      .references(() => pushSubscriptions.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    link: text('link').notNull().default('/'),
    dedupe_key: text('dedupe_key'),
    attempts: integer('attempts').notNull().default(0),
    next_attempt_at: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** Taken by a process until then; another process may take it after (a crash mid-send). */
    claimed_until: timestamp('claimed_until', { withTimezone: true }),
    sent_at: timestamp('sent_at', { withTimezone: true }),
    last_error: text('last_error').notNull().default(''),
    ...timestamps,
  },
  (t) => [
    index('push_messages_due_idx').on(t.next_attempt_at).where(sql`${t.sent_at} is null`),
    uniqueIndex('push_messages_dedupe_unique').on(t.subscription_id, t.dedupe_key),
  ],
);
