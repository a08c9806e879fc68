/** Accounts, their categories, sessions, the sign-in throttle and the audit log. */
import { sql } from 'drizzle-orm';
import {
  boolean,
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

export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    email: text('email').notNull(),
    /** Null for an account made by a single sign-on (decision 035): it has no password until an admin sets one. */
    password_hash: text('password_hash'),
    name: text('name').notNull(),
    surname: text('surname').notNull().default(''),
    name_invoice_recipient: text('name_invoice_recipient').notNull().default(''),
    email_invoice_recipient: text('email_invoice_recipient').notNull().default(''),
    company_name: text('company_name').notNull().default(''),
    company_number: text('company_number').notNull().default(''),
    reference_number: text('reference_number').notNull().default(''),
    c_o: text('c_o').notNull().default(''),
    postcode: text('postcode').notNull().default(''),
    post_address: text('post_address').notNull().default(''),
    phone: text('phone').notNull().default(''),
    phone_2: text('phone_2').notNull().default(''),
    municipality_number: text('municipality_number').notNull().default(''),
    kommune: text('kommune').notNull().default(''),
    country: text('country').notNull().default(''),
    number_country: text('number_country').notNull().default(''),
    status: boolean('status').notNull().default(true),
    group: text('group'),
    role: text('role').notNull().default('user'),
    deleted_at: timestamp('deleted_at', { withTimezone: true }),
    /** No daily digest e-mail of what waits for the user (issue 15; the user's own profile). */
    digest_opt_out: boolean('digest_opt_out').notNull().default(false),
    /** The interface language ('no', 'en') of the user's last sign-in: mail only to the user is in it (decision 027). */
    language: text('language'),
    /** The OpenID Provider's `sub` once the account signed in through single sign-on (decision 035). */
    oidc_subject: text('oidc_subject').unique('users_oidc_subject_unique'),
    /** Set by an admin: the account signs in only through single sign-on, never with its password. */
    sso_only: boolean('sso_only').notNull().default(false),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('users_email_live_unique')
      .on(sql`lower(${t.email})`)
      .where(sql`${t.deleted_at} is null`),
    index('users_role_idx').on(t.role),
    index('users_name_idx').on(t.name),
    check('users_role_check', sql`${t.role} in ('admin','cm','cm-admin','designer','printer','distributor','user')`),
    check('users_group_check', sql`${t.group} is null or ${t.group} in ('RBA','DO+','DO')`),
    check('users_language_check', sql`${t.language} is null or ${t.language} in ('no','en')`),
  ],
);

export const categories = pgTable(
  'categories',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull().unique(),
    manager_id: integer('manager_id').references(() => users.id, { onDelete: 'set null' }),
    groups: text('groups').array().notNull().default(sql`'{}'::text[]`),
    required: boolean('required').notNull().default(false),
    ...timestamps,
  },
  (t) => [
    check('categories_groups_check', sql`${t.groups} <@ array['RBA','DO+','DO']::text[]`),
    index('categories_manager_idx').on(t.manager_id),
  ],
);

export const userCategories = pgTable(
  'user_categories',
  {
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    category_id: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.user_id, t.category_id] }), index('user_categories_category_idx').on(t.category_id)],
);

export const sessions = pgTable(
  'sessions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    token_hash: text('token_hash').notNull().unique(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    impersonator_id: integer('impersonator_id').references(() => users.id, { onDelete: 'cascade' }),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    revoked_at: timestamp('revoked_at', { withTimezone: true }),
    /** Opened by a single sign-on: its sign-out also goes to the provider's end-session endpoint. */
    sso: boolean('sso').notNull().default(false),
    /**
     * The provider's ID token of that sign-on, sent back as `id_token_hint` at sign-out (OpenID
     * Connect RP-Initiated Logout): the provider then knows whose session ends without asking.
     */
    sso_id_token: text('sso_id_token'),
    ...timestamps,
  },
  (t) => [index('sessions_user_idx').on(t.user_id)],
);

/**
 * Sign-in attempts counted against the throttle (decision 010): a row is written before the
 * password is checked and deleted when it was right, so what stays are the failures.
 */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    account: text('account').notNull(),
    address: text('address').notNull(),
    /** The nonce of the browser's valid device cookie for the account; null from a browser it has not signed in from (decision 027). */
    device: text('device'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('login_failures_account_idx').on(t.account, t.at), index('login_failures_address_idx').on(t.address, t.at), index('login_failures_at_idx').on(t.at)],
);

/**
 * An account's lockout beyond its counted failures (decision 027): when its owner was last mailed
 * that a lockout started, and when an admin last lifted it (failures before count for the account no more).
 */
export const loginLockouts = pgTable('login_lockouts', {
  account: text('account').primaryKey(),
  mailed_at: timestamp('mailed_at', { withTimezone: true }),
  lifted_at: timestamp('lifted_at', { withTimezone: true }),
});

export const auditLog = pgTable(
  'audit_log',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    actor_id: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    impersonator_id: integer('impersonator_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entity_id: integer('entity_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    ...timestamps,
  },
  (t) => [
    index('audit_log_entity_idx').on(t.entity, t.entity_id),
    index('audit_log_created_idx').on(t.created_at),
    index('audit_log_actor_idx').on(t.actor_id, t.created_at),
  ],
);
