/** A station's planner amounts, their history and its placement photos. */
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { surfaces } from './catalogue';
import { timestamps } from './columns';
import { files } from './files';
import { users } from './people';
import { promotions } from './promotions';

/** How many of a surface a station wants (the company planner). */
export const plannerAmounts = pgTable(
  'planner_amounts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    station_id: integer('station_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    surface_id: integer('surface_id')
      .notNull()
      .references(() => surfaces.id, { onDelete: 'cascade' }),
    amount: integer('amount').notNull().default(0),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('planner_amounts_station_surface_unique').on(t.station_id, t.surface_id),
    index('planner_amounts_surface_idx').on(t.surface_id),
    check('planner_amounts_amount_check', sql`${t.amount} >= 0`),
  ],
);

/** Every change of a planner amount: one row per save, written with the amount in one transaction. */
export const plannerHistory = pgTable(
  'planner_history',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    station_id: integer('station_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    surface_id: integer('surface_id')
      .notNull()
      .references(() => surfaces.id, { onDelete: 'cascade' }),
    /** Who saved it: the station, or an admin signed in as the station. */
    changed_by: integer('changed_by').references(() => users.id, { onDelete: 'set null' }),
    old_value: integer('old_value').notNull(),
    new_value: integer('new_value').notNull(),
    ...timestamps,
  },
  (t) => [index('planner_history_station_idx').on(t.station_id, t.created_at)],
);

/** A station's photo of a surface's material put up in its store: proof of placement (issue 15). */
export const placementPhotos = pgTable(
  'placement_photos',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    promotion_id: integer('promotion_id')
      .notNull()
      .references(() => promotions.id, { onDelete: 'cascade' }),
    station_id: integer('station_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    surface_id: integer('surface_id')
      .notNull()
      .references(() => surfaces.id, { onDelete: 'cascade' }),
    file_id: integer('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    uploaded_by_id: integer('uploaded_by_id').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [index('placement_photos_promotion_station_idx').on(t.promotion_id, t.station_id, t.surface_id)],
);
