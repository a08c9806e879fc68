/** Sending to printers: print reports, printed parcels and distributor parcels. */
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { surfaces } from './catalogue';
import { timestamps } from './columns';
import { users } from './people';
import { promotions, promotionSurfaceDesigns } from './promotions';

/** A promotion sent to the printers: once per promotion, with the percent and the manager's comment. */
export const printReports = pgTable(
  'print_reports',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    promotion_id: integer('promotion_id')
      .notNull()
      .references(() => promotions.id, { onDelete: 'cascade' }),
    percent: integer('percent').notNull(),
    description_cm: text('description_cm').notNull().default(''),
    sent_by: integer('sent_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [uniqueIndex('print_reports_promotion_unique').on(t.promotion_id), check('print_reports_percent_check', sql`${t.percent} >= 0`)],
);

/** What a printer sends to the distributor. */
export const printedParcels = pgTable(
  'printed_parcels',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    promotion_id: integer('promotion_id')
      .notNull()
      .references(() => promotions.id, { onDelete: 'cascade' }),
    printer_id: integer('printer_id').references(() => users.id, { onDelete: 'set null' }),
    tracker_number: text('tracker_number').notNull().default(''),
    description: text('description').notNull().default(''),
    ...timestamps,
  },
  (t) => [index('printed_parcels_promotion_idx').on(t.promotion_id)],
);

/** A pair in a printed parcel; each pair is printed once. */
export const printedParcelItems = pgTable(
  'printed_parcel_items',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    parcel_id: integer('parcel_id')
      .notNull()
      .references(() => printedParcels.id, { onDelete: 'cascade' }),
    psd_id: integer('psd_id')
      .notNull()
      .references(() => promotionSurfaceDesigns.id, { onDelete: 'cascade' }),
    surface_id: integer('surface_id')
      .notNull()
      .references(() => surfaces.id, { onDelete: 'cascade' }),
    total: integer('total').notNull().default(0),
    ...timestamps,
  },
  (t) => [uniqueIndex('printed_parcel_items_psd_unique').on(t.psd_id), index('printed_parcel_items_parcel_idx').on(t.parcel_id)],
);

/** What the distributor sends to one station. */
export const distributorParcels = pgTable(
  'distributor_parcels',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    promotion_id: integer('promotion_id')
      .notNull()
      .references(() => promotions.id, { onDelete: 'cascade' }),
    station_id: integer('station_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    distributor_id: integer('distributor_id').references(() => users.id, { onDelete: 'set null' }),
    tracker_number: text('tracker_number').notNull().default(''),
    description: text('description').notNull().default(''),
    /** The station's confirmation of the parcel (issue 15): all good, or something missing or damaged. */
    received_at: timestamp('received_at', { withTimezone: true }),
    received_by_id: integer('received_by_id').references(() => users.id, { onDelete: 'set null' }),
    receipt_status: text('receipt_status'),
    receipt_note: text('receipt_note').notNull().default(''),
    ...timestamps,
  },
  (t) => [
    index('distributor_parcels_promotion_station_idx').on(t.promotion_id, t.station_id),
    check('distributor_parcels_receipt_check', sql`${t.receipt_status} is null or ${t.receipt_status} in ('ok', 'problem')`),
  ],
);

/** A pair in a distributor parcel; each pair reaches a station once. */
export const distributorParcelItems = pgTable(
  'distributor_parcel_items',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    parcel_id: integer('parcel_id')
      .notNull()
      .references(() => distributorParcels.id, { onDelete: 'cascade' }),
    station_id: integer('station_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    psd_id: integer('psd_id')
      .notNull()
      .references(() => promotionSurfaceDesigns.id, { onDelete: 'cascade' }),
    surface_id: integer('surface_id')
      .notNull()
      .references(() => surfaces.id, { onDelete: 'cascade' }),
    amount: integer('amount').notNull().default(0),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('distributor_parcel_items_station_psd_unique').on(t.station_id, t.psd_id),
    index('distributor_parcel_items_parcel_idx').on(t.parcel_id),
    check('distributor_parcel_items_amount_check', sql`${t.amount} >= 0`),
  ],
);

/**
 * The report's amounts as they were when the promotion was sent to printers: the printers,
 * the distributor and the stations work from these, whatever the planner says later.
 */
export const printReportAmounts = pgTable(
  'print_report_amounts',
  {
    promotion_id: integer('promotion_id')
      .notNull()
      .references(() => promotions.id, { onDelete: 'cascade' }),
    station_id: integer('station_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    psd_id: integer('psd_id')
      .notNull()
      .references(() => promotionSurfaceDesigns.id, { onDelete: 'cascade' }),
    amount: integer('amount').notNull(),
  },
  (t) => [primaryKey({ columns: [t.promotion_id, t.station_id, t.psd_id] }), check('print_report_amounts_amount_check', sql`${t.amount} > 0`)],
);
