import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  doublePrecision,
  numeric,
  type AnyPgColumn,
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

const timestamps = {
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updated_at: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
};

export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    email: text('email').notNull(),
    password_hash: text('password_hash').notNull(),
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
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('login_failures_account_idx').on(t.account, t.at), index('login_failures_address_idx').on(t.address, t.at), index('login_failures_at_idx').on(t.at)],
);

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

/** Every stored upload and every rendition made from one, so nothing on disk is unowned. */
export const files = pgTable(
  'files',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    storage_key: text('storage_key').notNull().unique(),
    original_name: text('original_name').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    content_type: text('content_type').notNull(),
    sha256: text('sha256').notNull(),
    uploaded_by: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    /** The upload a rendition was made from; renditions go with it. */
    parent_id: integer('parent_id').references((): AnyPgColumn => files.id, { onDelete: 'cascade' }),
    variant: text('variant').notNull().default('upload'),
    /** What holds the file (`surfaces`, `products`, ...); null while an upload waits to be used. */
    owner_table: text('owner_table'),
    owner_id: integer('owner_id'),
    ...timestamps,
  },
  (t) => [
    index('files_owner_idx').on(t.owner_table, t.owner_id),
    index('files_parent_idx').on(t.parent_id),
    check('files_variant_check', sql`${t.variant} in ('upload','original','w_500','w_200')`),
  ],
);

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

const trgm = (name: string, column: AnyPgColumn) => index(name).using('gin', sql`${column} gin_trgm_ops`);

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
    ...timestamps,
  },
  (t) => [
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
    ...timestamps,
  },
  (t) => [
    check('system_settings_percent_check', sql`${t.percent_promotion_report} >= 0`),
    check('system_settings_size_unit_check', sql`${t.surface_size_unit} in ('cm', 'mm')`),
    check('system_settings_digest_hour_check', sql`${t.digest_hour} between 0 and 23`),
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
    ...timestamps,
  },
  (t) => [
    check('psd_status_check', sql`${t.status} in ('Created','Brief','Correction','Approved','Completed','Cancelled')`),
    index('psd_promotion_surface_idx').on(t.promotion_id, t.surface_id),
    index('psd_design_idx').on(t.design_id),
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

/** One chat per PSD, made with it. */
export const chats = pgTable(
  'chats',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    psd_id: integer('psd_id')
      .notNull()
      .references(() => promotionSurfaceDesigns.id, { onDelete: 'cascade' }),
    /** The last message_id given out: numbers inside a chat come from here, under a row lock. */
    last_message_id: integer('last_message_id').notNull().default(0),
    ...timestamps,
  },
  (t) => [uniqueIndex('chats_psd_unique').on(t.psd_id)],
);

export const chatMessages = pgTable(
  'chat_messages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    chat_id: integer('chat_id')
      .notNull()
      .references(() => chats.id, { onDelete: 'cascade' }),
    /** The number of the message inside its chat (1, 2, ...). */
    message_id: integer('message_id').notNull(),
    sender_id: integer('sender_id').references(() => users.id, { onDelete: 'set null' }),
    text: text('text').notNull().default(''),
    file_id: integer('file_id').references(() => files.id, { onDelete: 'set null' }),
    file_name: text('file_name').notNull().default(''),
    file_size: bigint('file_size', { mode: 'number' }).notNull().default(0),
    type_extension: text('type_extension').notNull().default(''),
    type_file: text('type_file').notNull().default(''),
    comment_mess_id: integer('comment_mess_id'),
    update_message: boolean('update_message').notNull().default(false),
    delete_message: boolean('delete_message').notNull().default(false),
    rating_file: integer('rating_file'),
    /**
     * The HQ or LQ message that replaced this one (issue 14): removed from the chat's view like a
     * deleted message, its file kept as an earlier version of the design's print file.
     */
    replaced_by_id: integer('replaced_by_id').references((): AnyPgColumn => chatMessages.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('chat_messages_number_unique').on(t.chat_id, t.message_id),
    index('chat_messages_live_file_idx').on(t.chat_id, t.type_file, t.type_extension),
    check('chat_messages_type_extension_check', sql`${t.type_extension} in ('', 'image', 'document')`),
    check('chat_messages_type_file_check', sql`${t.type_file} in ('', 'Sketch', 'HQ', 'LQ')`),
    check('chat_messages_rating_check', sql`${t.rating_file} is null or ${t.rating_file} between 1 and 3`),
  ],
);

export const messageReads = pgTable(
  'message_reads',
  {
    message_id: integer('message_id')
      .notNull()
      .references(() => chatMessages.id, { onDelete: 'cascade' }),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    read_at: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.message_id, t.user_id] }), index('message_reads_user_idx').on(t.user_id)],
);

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

/**
 * A numbered comment on a point or an area of a file sent to a design's chat (issue 14): on an
 * image, or the first page of a PDF. Coordinates are fractions of the width and height (0–1), so
 * any rendition shows it in the same place. It stays with the file version it was made on.
 */
export const filePins = pgTable(
  'file_pins',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    chat_id: integer('chat_id')
      .notNull()
      .references(() => chats.id, { onDelete: 'cascade' }),
    message_id: integer('message_id')
      .notNull()
      .references(() => chatMessages.id, { onDelete: 'cascade' }),
    /** The pin's number on its file: 1, 2, 3 ... */
    number: integer('number').notNull(),
    author_id: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    x: doublePrecision('x').notNull(),
    y: doublePrecision('y').notNull(),
    /** An area's size; null for a point. */
    width: doublePrecision('width'),
    height: doublePrecision('height'),
    text: text('text').notNull(),
    status: text('status').notNull().default('open'),
    resolved_by_id: integer('resolved_by_id').references(() => users.id, { onDelete: 'set null' }),
    resolved_at: timestamp('resolved_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('file_pins_number_unique').on(t.message_id, t.number),
    index('file_pins_chat_idx').on(t.chat_id, t.status),
    check('file_pins_status_check', sql`${t.status} in ('open', 'resolved')`),
    check('file_pins_point_check', sql`${t.x} >= 0 and ${t.x} <= 1 and ${t.y} >= 0 and ${t.y} <= 1`),
    check(
      'file_pins_area_check',
      sql`(${t.width} is null and ${t.height} is null) or (${t.width} > 0 and ${t.height} > 0 and ${t.x} + ${t.width} <= 1 and ${t.y} + ${t.height} <= 1)`,
    ),
  ],
);

export const filePinReplies = pgTable(
  'file_pin_replies',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    pin_id: integer('pin_id')
      .notNull()
      .references(() => filePins.id, { onDelete: 'cascade' }),
    author_id: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    text: text('text').notNull(),
    ...timestamps,
  },
  (t) => [index('file_pin_replies_pin_idx').on(t.pin_id)],
);

/**
 * What the print preflight found in an HQ file, measured against the surface its design sits on
 * (issue 14): 'pending' until the check has run; `checks` holds each check with its level and the
 * measured values.
 */
export const filePreflights = pgTable(
  'file_preflights',
  {
    file_id: integer('file_id')
      .primaryKey()
      .references(() => files.id, { onDelete: 'cascade' }),
    status: text('status').notNull().default('pending'),
    checks: jsonb('checks').notNull().default([]),
    /** The surface size and unit the file was checked against, as they were then. */
    surface_size: text('surface_size').notNull().default(''),
    ...timestamps,
  },
  (t) => [check('file_preflights_status_check', sql`${t.status} in ('pending', 'ok', 'warnings', 'errors', 'failed')`)],
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

/**
 * A catalogue import (issue 15): the uploaded file, the column mapping, a dry run or the real
 * thing, and its progress, counts and first row errors, read by the web while it runs.
 */
export const importJobs = pgTable(
  'import_jobs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind').notNull(),
    mode: text('mode').notNull(),
    status: text('status').notNull().default('queued'),
    file_id: integer('file_id').references(() => files.id, { onDelete: 'set null' }),
    mapping: jsonb('mapping').notNull().default({}),
    total: integer('total').notNull().default(0),
    processed: integer('processed').notNull().default(0),
    created: integer('created').notNull().default(0),
    updated: integer('updated').notNull().default(0),
    error_count: integer('error_count').notNull().default(0),
    /** The first row errors: [{ row, field, error }]. */
    errors: jsonb('errors').notNull().default([]),
    created_by_id: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    finished_at: timestamp('finished_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    check('import_jobs_kind_check', sql`${t.kind} in ('products', 'surfaces')`),
    check('import_jobs_mode_check', sql`${t.mode} in ('dry_run', 'apply')`),
    check('import_jobs_status_check', sql`${t.status} in ('queued', 'running', 'done', 'failed')`),
  ],
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

/** Secrets the server makes for itself on first start when none are configured (the VAPID key pair). */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Idempotency keys of actions a device may send again (an offline queue retrying after a lost
 * answer, issue 21): the first request stores its answer, a repeat with the same key gets it back
 * without doing the action twice. A row without status is a request still running.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** Method and path of the first request; the same key on another call is refused. */
    request: text('request').notNull(),
    status_code: integer('status_code'),
    response: jsonb('response'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.user_id, t.key] }), index('idempotency_keys_created_idx').on(t.created_at)],
);
