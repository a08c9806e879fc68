import { and, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  netQuantityErrors,
  PRODUCT_COUNT_FIELDS,
  PRODUCT_PRICE_FIELDS,
  productBody,
  surfaceBody,
  type ImportKind,
  type ImportRowError,
  type ProductBody,
  type SurfaceBody,
} from '@promo/shared';
import type { DbOrTx } from '../../db/client';
import { categories, products, surfaceCategories, surfaceSizes, surfaces, surfaceTypes, users } from '../../db/schema';

/** A problem of one field of one row (the row number is added by the runner). */
export type FieldError = Omit<ImportRowError, 'row'>;

/** A row checked with the form's rules: what will be stored, keyed by the row's natural key. */
export interface Checked<V> {
  key: number;
  value: V;
}

/**
 * One kind of catalogue row: how a mapped row of text is checked with the form's rules (spec 000
 * §5 and the services' reference checks), which stored rows it matches, and how a batch is written.
 */
export interface ImportKindRules<V> {
  /** The field that identifies a stored row. */
  keyField: string;
  /** Loads what the reference checks need (categories, types, sizes, printers: small tables). */
  prepare(db: DbOrTx): Promise<void>;
  check(raw: Record<string, string>): { value: Checked<V> | null; errors: FieldError[] };
  /** Which of `keys` are stored already. */
  existing(db: DbOrTx, keys: number[]): Promise<Set<number>>;
  /** Inserts or updates the batch (only the mapped columns of a stored row change); answers the counts. */
  write(tx: DbOrTx, batch: Checked<V>[], mapped: ReadonlySet<string>): Promise<{ created: number; updated: number }>;
}

const BOOL_WORDS: Record<string, string> = {
  ja: 'true', yes: 'true', y: 'true', j: 'true', true: 'true', '1': 'true', aktiv: 'true', active: 'true', x: 'true',
  nei: 'false', no: 'false', n: 'false', false: 'false', '0': 'false', inaktiv: 'false', inactive: 'false', '': 'false',
};

/** The cell of a yes/no field: ja/nei and yes/no as well as what the form sends. */
const boolCell = (v: string) => BOOL_WORDS[v.trim().toLowerCase()] ?? v;
/** Digits as a spreadsheet may show them: with spaces between groups. */
const digitCell = (v: string) => v.replace(/[\s\u00a0]/g, '');
/** A price as typed: a comma is a dot (as the form does while typing), spaces between groups go, a typographic minus is a minus. */
const priceCell = (v: string) => {
  const s = digitCell(v).replace(/^\u2212/, '-');
  return s.includes(',') && !s.includes('.') ? s.replace(',', '.') : s;
};

/** The zod issues of the form's schema as field errors: the first per field, as the form shows it. */
function zodErrors(error: z.ZodError, rename: Record<string, string> = {}): FieldError[] {
  const seen = new Set<string>();
  const out: FieldError[] = [];
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '_');
    const named = rename[field] ?? field;
    if (seen.has(named)) continue;
    seen.add(named);
    out.push({ field: named, error: issue.message });
  }
  return out;
}

/** Only the mapped fields: what is not in the file is left to the form's defaults (a new row) or kept (a stored row). */
function present(raw: Record<string, string>, convert: Record<string, (v: string) => unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(raw)) out[k] = convert[k] ? convert[k](v) : v;
  return out;
}

/** Arrays of column values as one parameter each: `unnest` turns them into rows (a few parameters per batch). */
const arr = (values: unknown[], type: string) => sql`${sql.param(values)}::${sql.raw(type)}`;

// ---------------------------------------------------------------- products

export type ProductValue = Omit<ProductBody, 'category'> & { category_id: number };

/** A unit as lists write it: 'Gram', 'liter', 'stk.', 'pcs' → g, l, stk. */
const UNIT_WORDS: Record<string, string> = {
  gram: 'g', gr: 'g', grams: 'g', kilo: 'kg', kilogram: 'kg', kilograms: 'kg', milliliter: 'ml', millilitre: 'ml', millilitres: 'ml',
  liter: 'l', litre: 'l', litres: 'l', ltr: 'l', stykk: 'stk', 'stk.': 'stk', st: 'stk', pcs: 'stk', pc: 'stk', piece: 'stk', pieces: 'stk', each: 'stk',
};
const unitCell = (v: string) => {
  const t = v.trim().toLowerCase();
  return UNIT_WORDS[t] ?? t;
};
/** A quantity with its unit in one cell ('500 g', '0,75 l', '6 stk'): the two fields. */
const QUANTITY_WITH_UNIT = /^(\d[\d\s\u00a0]*(?:[.,]\d+)?)\s*([a-zæøå.]+)$/i;
function splitNetQuantity(raw: Record<string, string>): Record<string, string> {
  const m = raw.net_quantity === undefined ? null : QUANTITY_WITH_UNIT.exec(raw.net_quantity.trim());
  if (!m || (raw.net_unit ?? '').trim()) return raw;
  return { ...raw, net_quantity: m[1]!, net_unit: m[2]! };
}

const PRODUCT_CONVERT: Record<string, (v: string) => unknown> = {
  ean: digitCell,
  net_quantity: priceCell,
  net_unit: unitCell,
  vendor_code: digitCell,
  status: boolCell,
  ...Object.fromEntries(PRODUCT_PRICE_FIELDS.map((f) => [f, priceCell])),
  ...Object.fromEntries(PRODUCT_COUNT_FIELDS.map((f) => [f, digitCell])),
};

/** Columns of `products` in the order of the insert, with their array types. */
const PRODUCT_COLUMNS: [keyof ProductValue, string][] = [
  ['name', 'text[]'],
  ['vendor_code', 'bigint[]'],
  ['ean', 'bigint[]'],
  ['category_id', 'int[]'],
  ['sub_category', 'text[]'],
  ['manufacturer', 'text[]'],
  ['main_last_price', 'numeric[]'],
  ['provider_name', 'text[]'],
  ['tax', 'int[]'],
  ['container_deposit', 'int[]'],
  ['price_per_item', 'numeric[]'],
  ['item_plan_bu_grp', 'text[]'],
  ['locally_owned', 'text[]'],
  ['selling_type', 'text[]'],
  ['provider_item_ean', 'text[]'],
  ['provider_item_name', 'text[]'],
  ['provider_item_pack_qty', 'int[]'],
  ['provider_item_vendor_code', 'text[]'],
  ['latest_price', 'numeric[]'],
  ['status', 'boolean[]'],
  ['net_quantity', 'numeric[]'],
  ['net_unit', 'text[]'],
];

export function productRules(): ImportKindRules<ProductValue> {
  const categoryIds = new Map<string, number>();
  const categoryIdsLower = new Map<string, number | null>();
  return {
    keyField: 'ean',
    async prepare(db) {
      for (const c of await db.select({ id: categories.id, name: categories.name }).from(categories)) {
        categoryIds.set(c.name, c.id);
        const lower = c.name.toLowerCase();
        categoryIdsLower.set(lower, categoryIdsLower.has(lower) ? null : c.id);
      }
    },
    check(cells) {
      const raw = splitNetQuantity(cells);
      const parsed = productBody.safeParse(present(raw, PRODUCT_CONVERT));
      const errors = parsed.success ? [] : zodErrors(parsed.error);
      if (parsed.success) for (const [field, [error]] of Object.entries(netQuantityErrors(parsed.data))) errors.push({ field, error: error! });
      // The product form's reference check: the category is one of the categories (by name).
      const name = (raw.category ?? '').trim();
      const categoryId = categoryIds.get(name) ?? categoryIdsLower.get(name.toLowerCase()) ?? null;
      if (name && categoryId === null && !errors.some((e) => e.field === 'category')) errors.push({ field: 'category', error: 'unknown_category' });
      if (!parsed.success || errors.length) return { value: null, errors };
      const { category: _name, ...rest } = parsed.data;
      return { value: { key: parsed.data.ean, value: { ...rest, category_id: categoryId! } }, errors };
    },
    async existing(db, keys) {
      if (!keys.length) return new Set();
      const rows = await db.execute<{ ean: string }>(sql`select ${products.ean} as ean from ${products} where ${products.ean} = any(${arr(keys, 'bigint[]')})`);
      return new Set(rows.rows.map((r) => Number(r.ean)));
    },
    async write(tx, batch, mapped) {
      const cols = PRODUCT_COLUMNS.map(([c]) => c);
      // The net quantity and its unit are one pair (checked together): either mapped writes both.
      const netPair = mapped.has('net_quantity') || mapped.has('net_unit');
      const update = cols.filter(
        (c) => c !== 'ean' && (mapped.has(c) || (c === 'category_id' && mapped.has('category')) || ((c === 'net_quantity' || c === 'net_unit') && netPair)),
      );
      const result = await tx.execute<{ inserted: boolean }>(sql`
        insert into ${products} (${sql.raw(cols.map((c) => `"${c}"`).join(', '))})
        select * from unnest(${sql.join(
          PRODUCT_COLUMNS.map(([c, type]) => arr(batch.map((b) => b.value[c]), type)),
          sql`, `,
        )})
        on conflict (ean) do update set ${sql.raw([...update.map((c) => `"${c}" = excluded."${c}"`), 'updated_at = now()'].join(', '))}
        returning (xmax = 0) as inserted`);
      const created = result.rows.filter((r) => r.inserted).length;
      return { created, updated: result.rows.length - created };
    },
  };
}

// ---------------------------------------------------------------- surfaces

export type SurfaceValue = SurfaceBody;

const SURFACE_CONVERT: Record<string, (v: string) => unknown> = {
  vendor_code: digitCell,
  price: priceCell,
  divided_bool: boolCell,
  status: (v) => v.split(/[\s,;|]+/).filter(Boolean),
};

/** A list cell: `Food, Fuel` or `2;4`. */
const listCell = (v: string) =>
  v
    .split(/[;,|]/)
    .map((s) => s.trim())
    .filter(Boolean);

export function surfaceRules(): ImportKindRules<SurfaceValue> {
  const types = new Set<string>();
  const sizes = new Set<string>();
  const categoryById = new Set<number>();
  const categoryByName = new Map<string, number | null>();
  const printerById = new Set<number>();
  const printerByEmail = new Map<string, number>();
  return {
    keyField: 'vendor_code',
    async prepare(db) {
      for (const t of await db.select({ name: surfaceTypes.name }).from(surfaceTypes)) types.add(t.name);
      for (const s of await db.select({ name: surfaceSizes.name }).from(surfaceSizes)) sizes.add(s.name);
      for (const c of await db.select({ id: categories.id, name: categories.name }).from(categories)) {
        categoryById.add(c.id);
        const lower = c.name.toLowerCase();
        categoryByName.set(lower, categoryByName.has(lower) ? null : c.id);
      }
      const printers = await db
        .select({ id: users.id, email: users.email })
        .from(users)
        .where(and(eq(users.role, 'printer'), isNull(users.deleted_at)));
      for (const p of printers) {
        printerById.add(p.id);
        printerByEmail.set(p.email.toLowerCase(), p.id);
      }
    },
    check(raw) {
      const errors: FieldError[] = [];
      const input = present(raw, SURFACE_CONVERT);
      // The printer: its id, as the form sends it, or its e-mail, which a file is more likely to hold.
      if (raw.printer_id !== undefined) {
        const p = raw.printer_id.trim();
        const id = /^\d+$/.test(p) ? Number(p) : (printerByEmail.get(p.toLowerCase()) ?? null);
        if (p && (id === null || !printerById.has(id))) errors.push({ field: 'printer_id', error: 'printer_not_found' });
        input.printer_id = p && id !== null && printerById.has(id) ? String(id) : '';
      }
      // The categories: ids, as the form sends them, or names.
      if (raw.categories !== undefined) {
        const ids: number[] = [];
        for (const item of listCell(raw.categories)) {
          const id = /^\d+$/.test(item) ? Number(item) : (categoryByName.get(item.toLowerCase()) ?? null);
          if (id === null || !categoryById.has(id)) {
            if (!errors.some((e) => e.field === 'categories')) errors.push({ field: 'categories', error: 'unknown_category' });
          } else ids.push(id);
        }
        delete input.categories;
        input.category_ids = ids;
      }
      const parsed = surfaceBody.safeParse(input);
      if (!parsed.success) errors.push(...zodErrors(parsed.error, { category_ids: 'categories' }).filter((e) => !errors.some((x) => x.field === e.field)));
      if (parsed.success) {
        // The surface form's reference checks: an existing type and size.
        if (parsed.data.type_surface && !types.has(parsed.data.type_surface)) errors.push({ field: 'type_surface', error: 'unknown_type' });
        if (parsed.data.size_surface && !sizes.has(parsed.data.size_surface)) errors.push({ field: 'size_surface', error: 'unknown_size' });
      }
      if (!parsed.success || errors.length) return { value: null, errors };
      const body = parsed.data;
      // Flag 0 ('is to be divided') always means divided_bool (spec 000 §4), as the form stores it.
      const value = { ...body, divided_bool: body.status.includes(0) ? true : body.divided_bool, status: [...new Set(body.status)].sort() };
      return { value: { key: body.vendor_code, value }, errors };
    },
    async existing(db, keys) {
      if (!keys.length) return new Set();
      const rows = await db.execute<{ v: string }>(sql`select ${surfaces.vendor_code} as v from ${surfaces} where ${surfaces.vendor_code} = any(${arr(keys, 'bigint[]')})`);
      return new Set(rows.rows.map((r) => Number(r.v)));
    },
    async write(tx, batch, mapped) {
      const set: string[] = [];
      for (const c of ['name', 'type_surface', 'size_surface', 'price', 'description', 'printer_id']) if (mapped.has(c)) set.push(`"${c}" = excluded."${c}"`);
      if (mapped.has('status')) set.push('status = excluded.status');
      if (mapped.has('status') || mapped.has('divided_bool')) {
        const status = mapped.has('status') ? 'excluded.status' : 'surfaces.status';
        const divided = mapped.has('divided_bool') ? 'excluded.divided_bool' : 'surfaces.divided_bool';
        set.push(`divided_bool = (0 = any(${status})) or ${divided}`);
      }
      set.push('updated_at = now()');
      const v = batch.map((b) => b.value);
      const result = await tx.execute<{ id: number; vendor_code: string; inserted: boolean }>(sql`
        insert into ${surfaces} (vendor_code, name, type_surface, size_surface, price, description, divided_bool, status, printer_id)
        select u.vendor_code, u.name, u.type_surface, u.size_surface, u.price, u.description, u.divided_bool,
          case when u.status = '' then '{}'::int[] else string_to_array(u.status, ',')::int[] end, u.printer_id
        from unnest(${arr(v.map((s) => s.vendor_code), 'bigint[]')}, ${arr(v.map((s) => s.name), 'text[]')},
          ${arr(v.map((s) => s.type_surface), 'text[]')}, ${arr(v.map((s) => s.size_surface), 'text[]')},
          ${arr(v.map((s) => s.price), 'numeric[]')}, ${arr(v.map((s) => s.description), 'text[]')},
          ${arr(v.map((s) => s.divided_bool), 'boolean[]')}, ${arr(v.map((s) => s.status.join(',')), 'text[]')},
          ${arr(v.map((s) => s.printer_id), 'int[]')})
          as u(vendor_code, name, type_surface, size_surface, price, description, divided_bool, status, printer_id)
        on conflict (vendor_code) do update set ${sql.raw(set.join(', '))}
        returning id, vendor_code, (xmax = 0) as inserted`);
      if (mapped.has('categories')) {
        // As the form does: the surface's categories become the ones given.
        const idOf = new Map(result.rows.map((r) => [Number(r.vendor_code), Number(r.id)]));
        const surfaceIds = result.rows.map((r) => Number(r.id));
        await tx.execute(sql`delete from ${surfaceCategories} where ${surfaceCategories.surface_id} = any(${arr(surfaceIds, 'int[]')})`);
        const links = v.flatMap((s) => [...new Set(s.category_ids)].map((c) => [idOf.get(s.vendor_code)!, c] as const));
        if (links.length) {
          await tx.execute(sql`insert into ${surfaceCategories} (surface_id, category_id)
            select * from unnest(${arr(links.map((l) => l[0]), 'int[]')}, ${arr(links.map((l) => l[1]), 'int[]')})`);
        }
      }
      const created = result.rows.filter((r) => r.inserted).length;
      return { created, updated: result.rows.length - created };
    },
  };
}

export function rulesFor(kind: ImportKind): ImportKindRules<unknown> {
  return (kind === 'products' ? productRules() : surfaceRules()) as ImportKindRules<unknown>;
}

/** The mapping's values for fields the file lacks, checked as every row will check them: `defaults.<field>` -> its error. */
export async function defaultErrors(db: DbOrTx, kind: ImportKind, defaults: Record<string, string>): Promise<Record<string, string[]>> {
  if (!Object.keys(defaults).length) return {};
  const rules = rulesFor(kind);
  await rules.prepare(db);
  // A row of the defaults alone: the fields it lacks are the file's, so only the defaults' own errors count.
  const { errors } = rules.check(defaults);
  return Object.fromEntries(errors.filter((e) => e.field in defaults).map((e) => [`defaults.${e.field}`, [e.error]]));
}
