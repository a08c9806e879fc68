/**
 * The insights' read model (decision 039): totals per design and station group, per station and
 * category, the categories of each parcel and the steps of each design, so the insights page
 * aggregates thousands of rows instead of a chain's 1.5 million frozen amounts and its whole chat
 * history. Kept by triggers (migration 0022) in the transaction of every change they depend
 * on; the app only reads them.
 */
import { boolean, doublePrecision, index, integer, numeric, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './people';
import { distributorParcels } from './print-flow';
import { promotionSurfaceDesigns, promotions } from './promotions';

/**
 * Σ frozen amounts of a design: once over every station (all_groups) and once per station group
 * (null: stations without a group), with the design's category and surface.
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
  },
  (t) => [index('insight_design_amounts_promotion_idx').on(t.promotion_id, t.all_groups, t.station_group)],
);

/**
 * A station's figures in a sent promotion, per category of the designs it received and once over
 * every category (category_id 0): amounts × surface price, surfaces received, surfaces photographed.
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
    value: numeric('value', { precision: 14, scale: 2 }).notNull(),
    surfaces: integer('surfaces').notNull(),
    photographed: integer('photographed').notNull(),
  },
  (t) => [primaryKey({ columns: [t.promotion_id, t.category_id, t.station_id] })],
);

/** The categories of the designs a distributor's parcel holds. */
export const insightParcelCategories = pgTable('insight_parcel_categories', {
  parcel_id: integer('parcel_id')
    .primaryKey()
    .references(() => distributorParcels.id, { onDelete: 'cascade' }),
  categories: integer('categories').array().notNull(),
});

/**
 * A design's steps for the turnaround and deadline figures: its first move out of Created, first Brief, first sketch in the chat, first
 * Approved and first Completed, its rounds of Correction and the days it waited on the designer and
 * on the managers (decision 038's whose-turn rule), from its status history and chat files.
 */
export const insightDesignSteps = pgTable('insight_design_steps', {
  psd_id: integer('psd_id')
    .primaryKey()
    .references(() => promotionSurfaceDesigns.id, { onDelete: 'cascade' }),
  /** Its first move out of Created (the brief milestone's moment, decision 038). */
  left_created: timestamp('left_created', { withTimezone: true }),
  brief: timestamp('brief', { withTimezone: true }),
  sketch: timestamp('sketch', { withTimezone: true }),
  approved: timestamp('approved', { withTimezone: true }),
  completed: timestamp('completed', { withTimezone: true }),
  corrections: integer('corrections').notNull(),
  on_designer: doublePrecision('on_designer').notNull(),
  on_manager: doublePrecision('on_manager').notNull(),
});
