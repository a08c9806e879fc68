import { z } from 'zod';
import { endpoint } from '../endpoint';
import { zId, zIdParam, zInt } from '../form-values';
import { PRODUCT_COUNT_FIELDS, PRODUCT_PRICE_FIELDS, PRODUCT_REQUIRED_TEXT } from './products';

/**
 * Catalogue import (issue 15, decision 021): a CSV or XLSX file of products or surfaces, its
 * columns mapped to the fields of the product or surface form, a dry run, then the real thing.
 */
export const IMPORT_KINDS = ['products', 'surfaces'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];
export const IMPORT_MODES = ['dry_run', 'apply'] as const;
export type ImportMode = (typeof IMPORT_MODES)[number];
export const IMPORT_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];
export const IMPORT_EXTENSIONS = ['csv', 'xlsx'] as const;
/** How many row errors a job keeps and answers (the count covers all). */
export const IMPORT_ERRORS_KEPT = 100;
/** How many rows after the header the upload answers, for the mapping step. */
export const IMPORT_SAMPLE_ROWS = 5;
/** Columns a file may have. */
export const IMPORT_MAX_COLUMNS = 200;

export interface ImportField {
  field: string;
  /** The form requires it: the mapping must name a column for it. */
  required: boolean;
  /** The field that identifies an existing row (EAN for products, vendor code for surfaces). */
  key?: boolean;
  /** Header names (no and en) that are taken for this field without asking. */
  headers: string[];
}

/** The fields of the product form (spec 000 §5), in the form's order; label keys `products.fields.*`. */
const PRODUCT_HEADERS: Record<string, string[]> = {
  ean: ['ean', 'ean kode', 'ean-kode', 'strekkode', 'barcode', 'gtin'],
  vendor_code: ['vendor code', 'varenummer', 'varenr', 'artikkelnummer', 'artikkelnr', 'item number'],
  name: ['name', 'navn', 'produktnavn', 'product name', 'varenavn', 'product'],
  category: ['category', 'kategori'],
  sub_category: ['sub category', 'subcategory', 'underkategori'],
  manufacturer: ['manufacturer', 'produsent', 'brand', 'merke'],
  provider_name: ['provider', 'provider name', 'leverandør', 'leverandørnavn', 'supplier'],
  price_per_item: ['price per item', 'pris per stk', 'pris per stk.', 'stykkpris', 'price'],
  main_last_price: ['main last price', 'siste hovedpris'],
  latest_price: ['latest price', 'siste pris'],
  tax: ['tax', 'mva', 'mva (%)', 'vat', 'moms'],
  container_deposit: ['container deposit', 'pant', 'deposit'],
  item_plan_bu_grp: ['item plan bu grp', 'planleggingsgruppe', 'planleggingsgruppe (bu)', 'bu group', 'bu'],
  locally_owned: ['locally owned', 'lokalt eid'],
  selling_type: ['selling type', 'salgstype'],
  provider_item_ean: ['provider item ean', 'leverandørens ean', 'supplier ean'],
  provider_item_name: ['provider item name', 'leverandørens varenavn', 'supplier item name'],
  provider_item_pack_qty: ['provider item pack qty', 'antall i forpakning', 'pack qty', 'pakningsstørrelse'],
  provider_item_vendor_code: ['provider item vendor code', 'leverandørens varenummer', 'supplier item number'],
  status: ['status', 'aktiv', 'active'],
};

const SURFACE_HEADERS: Record<string, string[]> = {
  vendor_code: ['vendor code', 'leverandørnummer', 'leverandørnr', 'leverandørnr.', 'varenummer', 'artikkelnummer'],
  name: ['name', 'navn', 'flate', 'surface'],
  type_surface: ['type surface', 'type', 'flatetype'],
  size_surface: ['size surface', 'size', 'størrelse'],
  price: ['price', 'pris', 'trykkeriets pris', 'printer price'],
  description: ['description', 'beskrivelse'],
  divided_bool: ['divided', 'divided bool', 'delt'],
  status: ['status', 'flags', 'flagg'],
  printer_id: ['printer', 'printer id', 'trykkeri', 'trykker'],
  categories: ['categories', 'category', 'kategorier', 'kategori', 'category ids'],
};

const withHeaders = (headers: Record<string, string[]>, field: string, required: boolean, key = false): ImportField => ({
  field,
  required,
  ...(key ? { key } : {}),
  headers: [field.replace(/_/g, ' '), ...(headers[field] ?? [])],
});

export const IMPORT_FIELDS: Record<ImportKind, ImportField[]> = {
  products: [
    withHeaders(PRODUCT_HEADERS, 'ean', true, true),
    withHeaders(PRODUCT_HEADERS, 'vendor_code', true),
    ...PRODUCT_REQUIRED_TEXT.map((f) => withHeaders(PRODUCT_HEADERS, f, true)),
    ...PRODUCT_PRICE_FIELDS.map((f) => withHeaders(PRODUCT_HEADERS, f, false)),
    ...PRODUCT_COUNT_FIELDS.map((f) => withHeaders(PRODUCT_HEADERS, f, false)),
    withHeaders(PRODUCT_HEADERS, 'status', false),
  ],
  surfaces: [
    withHeaders(SURFACE_HEADERS, 'vendor_code', true, true),
    withHeaders(SURFACE_HEADERS, 'name', true),
    ...['type_surface', 'size_surface', 'price', 'description', 'divided_bool', 'status', 'printer_id', 'categories'].map((f) =>
      withHeaders(SURFACE_HEADERS, f, false),
    ),
  ],
};

/** A header as compared: lower case, letters (æøå too) and digits, single spaces. */
export const normalHeader = (h: string) =>
  h
    .toLowerCase()
    .replace(/[_\-./()%:]+/g, ' ')
    .replace(/[^\p{L}\p{N} ]/gu, '')
    .replace(/\s+/g, ' ')
    .trim();

/** The column each field is guessed to be in, from the header names (no and en); a column is used once. */
export function guessMapping(kind: ImportKind, headers: string[]): Record<string, number | null> {
  const normal = headers.map(normalHeader);
  const used = new Set<number>();
  const mapping: Record<string, number | null> = {};
  for (const f of IMPORT_FIELDS[kind]) {
    const names = new Set(f.headers.map(normalHeader));
    const i = normal.findIndex((h, col) => !used.has(col) && names.has(h));
    mapping[f.field] = i === -1 ? null : i;
    if (i !== -1) used.add(i);
  }
  return mapping;
}

export const zImportKind = z.enum(IMPORT_KINDS, { error: 'required_field' });

/** `mapping[field]=column` (0-based), '' for a field left out. Which fields exist depends on the kind. */
export const zImportMapping = z.preprocess(
  (v) => (v === '' || v === undefined || v === null ? {} : v),
  z
    .record(
      z.string().regex(/^[a-z_]{1,40}$/, 'unknown_field'),
      z.preprocess((v) => (v === '' || v === null ? undefined : v), zInt({ min: 0, max: IMPORT_MAX_COLUMNS - 1 }).optional()),
    )
    .refine((m) => Object.keys(m).length <= 40, 'max_length'),
);

export const importUploadQuery = z.object({ kind: zImportKind });

export const importStartBody = z.object({
  kind: zImportKind,
  mode: z.enum(IMPORT_MODES, { error: 'required_field' }),
  file_id: zId,
  mapping: zImportMapping,
});
export type ImportStartBody = z.infer<typeof importStartBody>;

/** One problem of one row: `row` as the spreadsheet numbers it (the header is row 1), `error` a key under `validation.*`. */
export interface ImportRowError {
  row: number;
  field: string;
  error: string;
  params?: Record<string, string | number>;
}

export interface ImportUploadData {
  file_id: number;
  name: string;
  kind: ImportKind;
  headers: string[];
  /** Up to IMPORT_SAMPLE_ROWS rows after the header, as text. */
  sample: string[][];
  /** The guessed column of each field (null: none found). */
  mapping: Record<string, number | null>;
  fields: { field: string; required: boolean; key: boolean }[];
}

export interface ImportJob {
  id: number;
  kind: ImportKind;
  mode: ImportMode;
  status: ImportStatus;
  file_name: string | null;
  /** While running, an estimate from the bytes read; exact once done. */
  total: number;
  processed: number;
  /** Dry run: rows that would be created / updated; apply: rows created / updated. */
  created: number;
  updated: number;
  /** Rows with at least one error. */
  error_count: number;
  /** The first IMPORT_ERRORS_KEPT errors. */
  errors: ImportRowError[];
  created_at: string;
  finished_at: string | null;
}

export const catalogueImport = {
  upload: endpoint({
    method: 'POST',
    path: '/api/catalogue-import/files',
    access: 'catalog.manage',
    query: importUploadQuery,
    multipart: { file: 'file_id' },
    answer: 'created',
    summary: 'Upload a CSV or XLSX file to import (multipart part `file`): answers its header row, a few rows and the guessed column of each field',
    example: { query: { kind: 'products' } },
  }),
  start: endpoint({
    method: 'POST',
    path: '/api/catalogue-import/jobs',
    access: 'catalog.manage',
    body: importStartBody,
    answer: 'created',
    summary: 'Start a dry run or the import of an uploaded file with a column mapping; it runs in the background (poll the job)',
    example: {
      body: {
        kind: 'products',
        mode: 'dry_run',
        file_id: 418,
        mapping: {
          ean: 0,
          vendor_code: 1,
          name: 2,
          category: 3,
          sub_category: 4,
          manufacturer: 5,
          provider_name: 6,
          item_plan_bu_grp: 7,
          locally_owned: 8,
          selling_type: 9,
          provider_item_ean: 10,
          provider_item_name: 11,
          provider_item_vendor_code: 12,
          price_per_item: 13,
        },
      },
    },
  }),
  job: endpoint({
    method: 'GET',
    path: '/api/catalogue-import/jobs/{id}',
    access: 'catalog.manage',
    params: zIdParam,
    summary: "An import job's progress, counts and first row errors",
    example: { params: { id: 57 } },
  }),
};
