/**
 * The insights' read model (decision 039): totals per design and station group, per station and
 * category, and the categories of each parcel, so the insights page aggregates thousands of rows
 * instead of the 1.5 million frozen amounts of a chain. Kept by triggers (migration 0022) in the
 * transaction of every change they depend on; the app only reads them.
 */
import { index, integer, numeric, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { users } from './people';
import { distributorParcels } from './print-flow';
import { promotionSurfaceDesigns, promotions } from './promotions';

/** Σ frozen amounts of a design over the stations of one group (null: stations without a group). */
export const insightDesignAmounts = pgTable(
  'insight_design_amounts',
  {
    promotion_id: integer('promotion_id')
      .notNull()
      .references(() => promotions.id, { onDelete: 'cascade' }),
    psd_id: integer('psd_id')
      .notNull()
      .references(() => promotionSurfaceDesigns.id, { onDelete: 'cascade' }),
    station_group: text('station_group'),
    amount: integer('amount').notNull(),
    stations: integer('stations').notNull(),
  },
  (t) => [index('insight_design_amounts_promotion_idx').on(t.promotion_id)],
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
  (t) => [primaryKey({ columns: [t.category_id, t.promotion_id, t.station_id] })],
);

/** The categories of the designs a distributor's parcel holds. */
export const insightParcelCategories = pgTable('insight_parcel_categories', {
  parcel_id: integer('parcel_id')
    .primaryKey()
    .references(() => distributorParcels.id, { onDelete: 'cascade' }),
  categories: integer('categories').array().notNull(),
});
