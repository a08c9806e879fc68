/** A promotion's price signs (issue 34, decision 043): one product with its campaign prices per sign. */
import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { products } from './catalogue';
import { timestamps } from './columns';
import { promotionSurfaceDesigns } from './promotions';

export const signs = pgTable(
  'signs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    psd_id: integer('psd_id')
      .notNull()
      .references(() => promotionSurfaceDesigns.id, { onDelete: 'cascade' }),
    /** 0, 1, 2 ...: the sign's page in the PDF. */
    position: integer('position').notNull(),
    product_id: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** Øre. */
    price_ore: integer('price_ore').notNull(),
    previous_price_ore: integer('previous_price_ore'),
    valid_to: date('valid_to', { mode: 'string' }),
    /** Editable fields' texts by field id. */
    texts: jsonb('texts').$type<Record<string, string>>().notNull().default({}),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('signs_position_unique').on(t.psd_id, t.position),
    index('signs_product_idx').on(t.product_id),
    check('signs_price_check', sql`${t.price_ore} > 0 and (${t.previous_price_ore} is null or ${t.previous_price_ore} > 0)`),
  ],
);

/**
 * A generate under way: one per design at a time, whichever server process takes it (a double click,
 * a second tab). Removed when the generate ends; one left by a process that died is taken over once
 * it is older than a generate can take (generate.ts).
 */
export const signGenerations = pgTable('sign_generations', {
  psd_id: integer('psd_id')
    .primaryKey()
    .references(() => promotionSurfaceDesigns.id, { onDelete: 'cascade' }),
  claim: text('claim').notNull(),
  claimed_at: timestamp('claimed_at', { withTimezone: true }).notNull().defaultNow(),
});
