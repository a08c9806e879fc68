/**
 * The insights' read model (decision 039): totals per design and station group, per station and
 * category, the categories of each parcel and the steps of each design, so the insights page
 * aggregates thousands of rows instead of a chain's 1.5 million frozen amounts and its whole chat
 * history. Kept by triggers (migration 0022) in the transaction of every change they depend
 * on; the app only reads them.
 */
import { bigint, boolean, date, doublePrecision, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './people';
import { chatMessages } from './design-chat';
import { distributorParcels } from './print-flow';
import { promotionSurfaceDesigns, promotions } from './promotions';

/**
 * Σ frozen amounts of a design: once over every station (all_groups) and once per station group
 * (null: stations without a group), with the design's category and surface, and its promotion's
 * first day: a range of days is one stretch of the period index, read without the table; its cost
 * follows the percent and the surface's price (their triggers refresh it).
 */
export const insightDesignAmounts = pgTable(
  'insight_design_amounts',
  {
    promotion_id: integer('promotion_id')
      .notNull()
      .references(() => promotions.id, { onDelete: 'cascade' }),
    psd_id: integer('psd_id')
      .notNull()
      .references(() => promotionSurfaceDesigns.id, { onDelete: 'cascade' }),
    category_id: integer('category_id').notNull(),
    surface_id: integer('surface_id').notNull(),
    all_groups: boolean('all_groups').notNull(),
    station_group: text('station_group'),
    amount: integer('amount').notNull(),
    /** The design's print total in øre as the report computes it: (amount + ⌈amount × percent / 100⌉) × surface price. */
    cost_ore: bigint('cost_ore', { mode: 'number' }).notNull(),
    period_from: date('period_from', { mode: 'string' }).notNull(),
  },
  (t) => [
    index('insight_design_amounts_promotion_idx').on(t.promotion_id, t.all_groups, t.station_group),
    // Every column the cost call reads, so a year's rows come from one index range (decision 039).
    index('insight_design_amounts_period_idx').on(t.all_groups, t.station_group, t.period_from, t.promotion_id, t.category_id, t.surface_id, t.cost_ore),
  ],
);

/**
 * A station's figures in a sent promotion, per category of the designs it received and once over
 * every category (category_id 0): amounts × surface price in øre, surfaces received, surfaces
 * photographed; with the promotion's first day for the period index.
 */
export const insightStationFigures = pgTable(
  'insight_station_figures',
  {
    promotion_id: integer('promotion_id')
      .notNull()
      .references(() => promotions.id, { onDelete: 'cascade' }),
    station_id: integer('station_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    category_id: integer('category_id').notNull(),
    value_ore: bigint('value_ore', { mode: 'number' }).notNull(),
    surfaces: integer('surfaces').notNull(),
    photographed: integer('photographed').notNull(),
    period_from: date('period_from', { mode: 'string' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.promotion_id, t.category_id, t.station_id] }),
    index('insight_station_figures_station_idx').on(t.station_id, t.period_from),
    index('insight_station_figures_period_idx').on(t.category_id, t.period_from, t.promotion_id, t.station_id, t.value_ore, t.surfaces, t.photographed),
  ],
);

/**
 * A distributor's parcel as the delivery figures read it: the categories of the designs it holds,
 * its promotion's first day, its station and its receipt (kept in step by a trigger on the parcel),
 * so a year's parcels are one stretch of the period index, read without the tables.
 */
export const insightParcelCategories = pgTable(
  'insight_parcel_categories',
  {
    parcel_id: integer('parcel_id')
      .primaryKey()
      .references(() => distributorParcels.id, { onDelete: 'cascade' }),
    categories: integer('categories').array().notNull(),
    promotion_id: integer('promotion_id').notNull(),
    station_id: integer('station_id').notNull(),
    period_from: date('period_from', { mode: 'string' }).notNull(),
    received_at: timestamp('received_at', { withTimezone: true }),
    problem: boolean('problem').notNull(),
    /** Confirmed before the end of its promotion's delivered day in Oslo (a row trigger, migration 0030). */
    in_time: boolean('in_time').notNull().default(false),
  },
  (t) => [
    index('insight_parcel_categories_period_idx').on(t.period_from, t.promotion_id, t.station_id, t.received_at, t.problem, t.categories),
    index('insight_parcel_categories_station_idx').on(t.station_id, t.period_from),
  ],
);

/**
 * A station's parcels of one month (its promotions' first days) with the same categories, summed:
 * how many, confirmed in time, with a problem, and the latest promotion among those not confirmed
 * in time (its first day's number × 2^32 + its id). A year of a chain's parcels is a few thousand
 * of these; the delivery figures read whole months here and the days at a range's ends from the
 * parcels (migration 0030).
 */
export const insightStationParcelMonths = pgTable(
  'insight_station_parcel_months',
  {
    station_id: integer('station_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    month: date('month', { mode: 'string' }).notNull(),
    categories: integer('categories').array().notNull(),
    parcels: integer('parcels').notNull(),
    confirmed_in_time: integer('confirmed_in_time').notNull(),
    problems: integer('problems').notNull(),
    follow_up: bigint('follow_up', { mode: 'number' }),
  },
  (t) => [
    primaryKey({ columns: [t.station_id, t.month, t.categories] }),
    index('insight_station_parcel_months_month_idx').on(t.month, t.station_id, t.parcels, t.confirmed_in_time, t.problems, t.follow_up, t.categories),
  ],
);

/**
 * A station's value (amounts × price in øre), surfaces received and surfaces photographed in one
 * month's promotions, per category (0: every category), with the latest promotion among those not
 * all photographed (as above; migration 0030).
 */
export const insightStationFigureMonths = pgTable(
  'insight_station_figure_months',
  {
    station_id: integer('station_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    month: date('month', { mode: 'string' }).notNull(),
    category_id: integer('category_id').notNull(),
    value_ore: bigint('value_ore', { mode: 'number' }).notNull(),
    surfaces: integer('surfaces').notNull(),
    photographed: integer('photographed').notNull(),
    follow_up: bigint('follow_up', { mode: 'number' }),
  },
  (t) => [
    primaryKey({ columns: [t.station_id, t.month, t.category_id] }),
    index('insight_station_figure_months_month_idx').on(t.category_id, t.month, t.station_id, t.value_ore, t.surfaces, t.photographed, t.follow_up),
  ],
);

/**
 * A design line's steps for the turnaround and deadline figures, one row for every line: its first
 * move out of Created, first Brief, first sketch in the chat, first Approved and first Completed,
 * its rounds of Correction and the days it waited on the designer and on the managers (decision
 * 038's whose-turn rule), from its status history and chat files; with what the figures filter and
 * group it by (its promotion and that promotion's first day, its design's category, its designer,
 * its status), so a year's lines are one stretch of the period index, read without the tables
 * (migration 0028).
 */
export const insightDesignSteps = pgTable(
  'insight_design_steps',
  {
    psd_id: integer('psd_id')
      .primaryKey()
      .references(() => promotionSurfaceDesigns.id, { onDelete: 'cascade' }),
    promotion_id: integer('promotion_id').notNull(),
    period_from: date('period_from', { mode: 'string' }).notNull(),
    category_id: integer('category_id').notNull(),
    designer_id: integer('designer_id'),
    status: text('status').notNull(),
    /** Its first move out of Created (the brief milestone's moment, decision 038). */
    left_created: timestamp('left_created', { withTimezone: true }),
    brief: timestamp('brief', { withTimezone: true }),
    sketch: timestamp('sketch', { withTimezone: true }),
    approved: timestamp('approved', { withTimezone: true }),
    completed: timestamp('completed', { withTimezone: true }),
    corrections: integer('corrections').notNull(),
    on_designer: doublePrecision('on_designer').notNull(),
    on_manager: doublePrecision('on_manager').notNull(),
  },
  (t) => [
    index('insight_design_steps_period_idx').on(
      t.period_from,
      t.category_id,
      t.promotion_id,
      t.designer_id,
      t.status,
      t.left_created,
      t.brief,
      t.sketch,
      t.approved,
      t.completed,
      t.corrections,
      t.on_designer,
      t.on_manager,
    ),
  ],
);

/**
 * A promotion's design lines as its deadlines read them (decision 038): the brief's moment (the
 * last live line's first move out of Created, when every live line has left it), the designs'
 * completion (the last line's first Completed, when all are), and whether the briefs went out and
 * all lines are completed. One row per promotion that has design lines, read by its id (the
 * deadlines find their promotions by first day in promotions), rebuilt from insight_design_steps by
 * a trigger on it (migration 0031).
 */
export const insightPromotionSteps = pgTable(
  'insight_promotion_steps',
  {
    promotion_id: integer('promotion_id')
      .primaryKey()
      .references(() => promotions.id, { onDelete: 'cascade' }),
    brief: timestamp('brief', { withTimezone: true }),
    designs_complete: timestamp('designs_complete', { withTimezone: true }),
    briefs_sent: boolean('briefs_sent').notNull(),
    all_completed: boolean('all_completed').notNull(),
  },
);

/**
 * An HQ file sent in a design's chat (replaced ones too) whose preflight has finished, as the print
 * quality figures read it: its design line, promotion's first day and category, its sender, the
 * preflight's status and the names of the checks it failed (one entry per finding; none for an
 * 'ok' file). Kept by triggers on the chat, the preflights, the designs and the promotions
 * (migration 0027), so a year's files are one stretch of the period index, read without the chats.
 */
export const insightHqChecks = pgTable(
  'insight_hq_checks',
  {
    message_id: integer('message_id')
      .primaryKey()
      .references(() => chatMessages.id, { onDelete: 'cascade' }),
    psd_id: integer('psd_id')
      .notNull()
      .references(() => promotionSurfaceDesigns.id, { onDelete: 'cascade' }),
    period_from: date('period_from', { mode: 'string' }).notNull(),
    category_id: integer('category_id').notNull(),
    sender_id: integer('sender_id'),
    status: text('status').notNull(),
    errors: text('errors').array().notNull(),
    warnings: text('warnings').array().notNull(),
  },
  (t) => [
    index('insight_hq_checks_psd_idx').on(t.psd_id),
    index('insight_hq_checks_period_idx').on(t.period_from, t.category_id, t.sender_id, t.status, t.errors, t.warnings),
  ],
);
