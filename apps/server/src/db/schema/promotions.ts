/** Promotions, their surfaces and designs (PSDs), briefs, milestones and the system settings. */
import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { surfaces, products, designs, signTemplateVersions } from './catalogue';
import { timestamps, trgm } from './columns';
import { files } from './files';
import { users } from './people';

export const PROMOTION_STATUSES = ['Draft', 'Designer working', 'Designer completed', 'Printed by the printer', 'Sent by the distributor'] as const;

export const promotions = pgTable(
  'promotions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** Calendar days in Oslo ('YYYY-MM-DD'), both included: the period ends 23:59:59.999 Oslo time on period_to (decision 012). */
    period_from: date('period_from', { mode: 'string' }).notNull(),
    period_to: date('period_to', { mode: 'string' }).notNull(),
    /** Index into PROMOTION_STATUSES. */
    status: integer('status').notNull().default(0),
    show_in_user_promotions: boolean('show_in_user_promotions').notNull().default(false),
    manager_id: integer('manager_id').references(() => users.id, { onDelete: 'set null' }),
    /** 1 once the promotions admin has been notified; null before. */
    notify_admin: integer('notify_admin'),
    image_id: integer('image_id').references(() => files.id, { onDelete: 'set null' }),
    who_created_id: integer('who_created_id').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    check('promotions_status_check', sql`${t.status} between 0 and 4`),
    check('promotions_period_check', sql`${t.period_from} <= ${t.period_to}`),
    check('promotions_notify_check', sql`${t.notify_admin} is null or ${t.notify_admin} = 1`),
    index('promotions_name_idx').on(t.name),
    index('promotions_period_idx').on(t.period_from, t.period_to),
    trgm('promotions_name_trgm', t.name),
  ],
);

/** The history panel of a promotion: what happened and when. */
export const promotionEvents = pgTable(
  'promotion_events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    promotion_id: integer('promotion_id')
      .notNull()
      .references(() => promotions.id, { onDelete: 'cascade' }),
    event: text('event').notNull(),
    actor_id: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [index('promotion_events_promotion_idx').on(t.promotion_id, t.created_at)],
);

/** One row: the distributor, the promotions admin and the default percent of the report. */
export const systemSettings = pgTable(
  'system_settings',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    distributor_id: integer('distributor_id').references(() => users.id, { onDelete: 'set null' }),
    admin_id: integer('admin_id').references(() => users.id, { onDelete: 'set null' }),
    percent_promotion_report: integer('percent_promotion_report').notNull().default(0),
    /** The unit of the surfaces' sizes (H × W) that print files are checked against (issue 14). */
    surface_size_unit: text('surface_size_unit').notNull().default('cm'),
    /**
     * How many days before a promotion's first day each milestone falls by default (issue 15):
     * { brief, designs_complete, sent_to_printers, printed, delivered }.
     */
    milestone_days: jsonb('milestone_days')
      .notNull()
      .default({ brief: 42, designs_complete: 28, sent_to_printers: 21, printed: 14, delivered: 7 }),
    /** The hour (Oslo time, 0–23) the daily digest e-mail goes out. */
    digest_hour: integer('digest_hour').notNull().default(7),
    /** Each user's upload quota: unclaimed uploads of the last day, in MB and in files (decision 028). */
    upload_quota_mb: integer('upload_quota_mb').notNull().default(2048),
    upload_quota_files: integer('upload_quota_files').notNull().default(200),
    /**
     * The review flow a promotion starts with (decision 040): stages as ReviewStageInput without ids.
     * The default asks those told of a sketch to rate before the flows (the category's cm and the
     * cm-admins), any one of them, by the day designs are to be complete.
     */
    review_flow: jsonb('review_flow')
      .notNull()
      .default([{ name: 'Kategorisjef', rule: 'any', roles: ['category_manager', 'cm-admin'], user_ids: [], due_milestone: 'designs_complete', due_offset_days: 0 }]),
    ...timestamps,
  },
  (t) => [
    check('system_settings_percent_check', sql`${t.percent_promotion_report} >= 0`),
    check('system_settings_size_unit_check', sql`${t.surface_size_unit} in ('cm', 'mm')`),
    check('system_settings_digest_hour_check', sql`${t.digest_hour} between 0 and 23`),
    check('system_settings_upload_quota_check', sql`${t.upload_quota_mb} > 0 and ${t.upload_quota_files} > 0`),
  ],
);

export const promotionSurfaces = pgTable(
  'promotion_surfaces',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    promotion_id: integer('promotion_id')
      .notNull()
      .references(() => promotions.id, { onDelete: 'cascade' }),
    surface_id: integer('surface_id')
      .notNull()
      .references(() => surfaces.id, { onDelete: 'restrict' }),
    ...timestamps,
  },
  (t) => [uniqueIndex('promotion_surfaces_unique').on(t.promotion_id, t.surface_id), index('promotion_surfaces_surface_idx').on(t.surface_id)],
);

export const PSD_STATUSES = ['Created', 'Brief', 'Correction', 'Approved', 'Completed', 'Cancelled'] as const;

/** A design attached to a surface of a promotion (PSD): brief, files, products, chat and designer. */
export const promotionSurfaceDesigns = pgTable(
  'promotion_surface_designs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    promotion_id: integer('promotion_id')
      .notNull()
      .references(() => promotions.id, { onDelete: 'cascade' }),
    surface_id: integer('surface_id')
      .notNull()
      .references(() => surfaces.id, { onDelete: 'restrict' }),
    design_id: integer('design_id')
      .notNull()
      .references(() => designs.id, { onDelete: 'restrict' }),
    designer_id: integer('designer_id').references(() => users.id, { onDelete: 'set null' }),
    status: text('status').notNull().default('Created'),
    title: text('title').notNull().default(''),
    sub_title: text('sub_title').notNull().default(''),
    text_italic: text('text_italic').notNull().default(''),
    ean_more: text('ean_more').notNull().default(''),
    promotional_offer: integer('promotional_offer').notNull().default(0),
    color: text('color').notNull().default(''),
    supplier_discount: text('supplier_discount').notNull().default(''),
    plu_scan: text('plu_scan').notNull().default(''),
    description: text('description').notNull().default(''),
    additional_description: text('additional_description').notNull().default(''),
    need_for_price: boolean('need_for_price').notNull().default(false),
    not_for_printing: boolean('not_for_printing').notNull().default(false),
    /** The version of the template (the design) its price signs are laid out with; null for an ordinary design (decision 043). */
    template_version: integer('template_version'),
    ...timestamps,
  },
  (t) => [
    foreignKey({
      name: 'psd_template_version_fk',
      columns: [t.design_id, t.template_version],
      foreignColumns: [signTemplateVersions.design_id, signTemplateVersions.version],
    }).onDelete('restrict'),
    check('psd_status_check', sql`${t.status} in ('Created','Brief','Correction','Approved','Completed','Cancelled')`),
    index('psd_promotion_surface_idx').on(t.promotion_id, t.surface_id),
    index('psd_design_idx').on(t.design_id),
  ],
);

/**
 * Every change of a design's status, with when and why (issue 24): the insights' deadlines and
 * design turnaround read when a design reached Brief, Approved or Completed from here. Written in
 * the change's own transaction; rows before this table came from the audit log (migration 0020).
 */
export const designStatusChanges = pgTable(
  'design_status_changes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    psd_id: integer('psd_id')
      .notNull()
      .references(() => promotionSurfaceDesigns.id, { onDelete: 'cascade' }),
    from_status: text('from_status'),
    to_status: text('to_status').notNull(),
    /** What moved it: 'edit' (the design's edit dialog), 'rating' (a sketch's rating, decision 030) or 'review' (the review flow, decision 040). */
    cause: text('cause').notNull(),
    changed_by_id: integer('changed_by_id').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    index('design_status_changes_psd_idx').on(t.psd_id, t.created_at),
    index('design_status_changes_to_idx').on(t.to_status, t.created_at),
    check('design_status_changes_cause_check', sql`${t.cause} in ('edit', 'rating', 'review')`),
  ],
);

/** A file attached to a brief: the upload (owned by this row) and the date the client gave it. */
export const briefFiles = pgTable(
  'brief_files',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    psd_id: integer('psd_id')
      .notNull()
      .references(() => promotionSurfaceDesigns.id, { onDelete: 'cascade' }),
    file_id: integer('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'restrict' }),
    uploaded_by: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [index('brief_files_psd_idx').on(t.psd_id)],
);

export const briefProducts = pgTable(
  'brief_products',
  {
    psd_id: integer('psd_id')
      .notNull()
      .references(() => promotionSurfaceDesigns.id, { onDelete: 'cascade' }),
    product_id: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    ...timestamps,
  },
  (t) => [primaryKey({ columns: [t.psd_id, t.product_id] }), index('brief_products_product_idx').on(t.product_id)],
);

/**
 * A promotion's milestone moved from its default (issue 15): the default is `milestone_days` of
 * system settings before the period's first day; a row here replaces it for this promotion.
 */
export const promotionMilestones = pgTable(
  'promotion_milestones',
  {
    promotion_id: integer('promotion_id')
      .notNull()
      .references(() => promotions.id, { onDelete: 'cascade' }),
    milestone: text('milestone').notNull(),
    due_on: date('due_on', { mode: 'string' }).notNull(),
    set_by_id: integer('set_by_id').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.promotion_id, t.milestone] }),
    check('promotion_milestones_milestone_check', sql`${t.milestone} in ('brief', 'designs_complete', 'sent_to_printers', 'printed', 'delivered')`),
  ],
);

/** One row per Oslo day whose digest e-mails one process has taken on (issue 15): the others skip it. */
export const digestRuns = pgTable('digest_runs', {
  day: date('day', { mode: 'string' }).primaryKey(),
  started_at: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  finished_at: timestamp('finished_at', { withTimezone: true }),
  sent: integer('sent').notNull().default(0),
});
