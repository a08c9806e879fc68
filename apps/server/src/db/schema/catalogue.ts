/** Surfaces, products and designs: what promotions are made of. */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  numeric,
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
import { timestamps, trgm } from './columns';
import { files } from './files';
import { users, categories } from './people';

export const surfaceTypes = pgTable('surface_types', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull().unique(),
  ...timestamps,
});

export const surfaceSizes = pgTable('surface_sizes', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull().unique(),
  ...timestamps,
});

export const surfaces = pgTable(
  'surfaces',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    vendor_code: bigint('vendor_code', { mode: 'number' }).notNull().unique(),
    name: text('name').notNull(),
    type_surface: text('type_surface').notNull().default(''),
    size_surface: text('size_surface').notNull().default(''),
    price: numeric('price', { precision: 12, scale: 2 }).notNull().default('0'),
    description: text('description').notNull().default(''),
    divided_bool: boolean('divided_bool').notNull().default(true),
    status: integer('status').array().notNull().default(sql`'{}'::integer[]`),
    printer_id: integer('printer_id').references(() => users.id, { onDelete: 'set null' }),
    image_id: integer('image_id').references(() => files.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    check('surfaces_vendor_code_check', sql`${t.vendor_code} >= 0`),
    check('surfaces_status_check', sql`${t.status} <@ array[0,1,2]`),
    check('surfaces_price_check', sql`${t.price} >= 0`),
    index('surfaces_name_idx').on(t.name),
    index('surfaces_type_idx').on(t.type_surface),
    index('surfaces_size_idx').on(t.size_surface),
    index('surfaces_printer_idx').on(t.printer_id),
    trgm('surfaces_name_trgm', t.name),
    trgm('surfaces_description_trgm', t.description),
  ],
);

export const surfaceCategories = pgTable(
  'surface_categories',
  {
    surface_id: integer('surface_id')
      .notNull()
      .references(() => surfaces.id, { onDelete: 'cascade' }),
    category_id: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.surface_id, t.category_id] }), index('surface_categories_category_idx').on(t.category_id)],
);

export const products = pgTable(
  'products',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    vendor_code: bigint('vendor_code', { mode: 'number' }).notNull(),
    ean: bigint('ean', { mode: 'number' }).notNull().unique(),
    category_id: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'restrict' }),
    sub_category: text('sub_category').notNull(),
    manufacturer: text('manufacturer').notNull(),
    main_last_price: numeric('main_last_price', { precision: 12, scale: 2 }).notNull().default('0'),
    provider_name: text('provider_name').notNull(),
    tax: integer('tax').notNull().default(0),
    container_deposit: integer('container_deposit').notNull().default(0),
    price_per_item: numeric('price_per_item', { precision: 12, scale: 2 }).notNull().default('0'),
    item_plan_bu_grp: text('item_plan_bu_grp').notNull(),
    locally_owned: text('locally_owned').notNull(),
    selling_type: text('selling_type').notNull(),
    provider_item_ean: text('provider_item_ean').notNull(),
    provider_item_name: text('provider_item_name').notNull(),
    provider_item_pack_qty: integer('provider_item_pack_qty').notNull().default(0),
    provider_item_vendor_code: text('provider_item_vendor_code').notNull(),
    latest_price: numeric('latest_price', { precision: 12, scale: 2 }).notNull().default('0'),
    status: boolean('status').notNull().default(true),
    image_id: integer('image_id').references(() => files.id, { onDelete: 'set null' }),
    /** What one item holds, for a price sign's unit price (issue 34): 500 with net_unit 'g'. Both or neither. */
    net_quantity: numeric('net_quantity', { precision: 12, scale: 3 }),
    net_unit: text('net_unit'),
    ...timestamps,
  },
  (t) => [
    check('products_net_quantity_check', sql`(${t.net_quantity} is null) = (${t.net_unit} is null) and (${t.net_quantity} is null or ${t.net_quantity} > 0)`),
    check('products_net_unit_check', sql`${t.net_unit} is null or ${t.net_unit} in ('g', 'kg', 'ml', 'l', 'stk')`),
    check('products_codes_check', sql`${t.vendor_code} >= 0 and ${t.ean} >= 0 and ${t.tax} >= 0 and ${t.container_deposit} >= 0 and ${t.provider_item_pack_qty} >= 0`),
    index('products_vendor_code_idx').on(t.vendor_code),
    index('products_name_idx').on(t.name),
    index('products_category_idx').on(t.category_id, t.sub_category),
    index('products_sub_category_idx').on(t.sub_category),
    index('products_provider_idx').on(t.provider_name),
    index('products_manufacturer_idx').on(t.manufacturer),
    index('products_price_idx').on(t.price_per_item),
    trgm('products_name_trgm', t.name),
    trgm('products_provider_trgm', t.provider_name),
    trgm('products_manufacturer_trgm', t.manufacturer),
  ],
);

export const designs = pgTable(
  'designs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    category_id: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'restrict' }),
    ...timestamps,
  },
  (t) => [index('designs_name_idx').on(t.name), index('designs_category_idx').on(t.category_id)],
);

/**
 * A catalogue design that is a price-sign template (issue 34, decision 043): its layouts are saved
 * as numbered versions that never change; `current_version` is the newest, the one new signs use.
 */
export const signTemplates = pgTable(
  'sign_templates',
  {
    design_id: integer('design_id')
      .primaryKey()
      .references(() => designs.id, { onDelete: 'cascade' }),
    current_version: integer('current_version').notNull().default(1),
    ...timestamps,
  },
  (t) => [check('sign_templates_version_check', sql`${t.current_version} >= 1`)],
);

/** One saved layout of a template (SignLayout of packages/shared/src/sign-model.ts), kept for the signs made with it. */
export const signTemplateVersions = pgTable(
  'sign_template_versions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    design_id: integer('design_id')
      .notNull()
      .references(() => signTemplates.design_id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    layout: jsonb('layout').notNull(),
    author_id: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sign_template_versions_unique').on(t.design_id, t.version),
    check('sign_template_versions_version_check', sql`${t.version} >= 1`),
  ],
);
