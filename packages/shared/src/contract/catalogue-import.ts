import { z } from 'zod';
import { endpoint } from '../endpoint';
import { MAX_TEXT_LENGTH } from '../constants';
import { zBool, zId, zIdParam, zInt } from '../form-values';
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

/**
 * The fields of the product form (spec 000 §5), in the form's order; label keys `products.fields.*`.
 * Header names as Norwegian and English exports (ERP systems, Excel lists) write them, the most
 * telling first: when a file has two that fit a field, the earlier name wins (issue 22).
 */
const PRODUCT_HEADERS: Record<string, string[]> = {
  ean: ['ean', 'ean kode', 'ean nr', 'eannr', 'ean13', 'ean 13', 'ean code', 'strekkode', 'strekkodenummer', 'gtin', 'gtin13', 'barcode'],
  vendor_code: ['vendor code', 'varenummer', 'varenr', 'vare nr', 'artikkelnummer', 'artikkelnr', 'art nr', 'artnr', 'produktnummer', 'produktnr', 'item number', 'item no', 'article number', 'product number', 'sku'],
  name: ['name', 'navn', 'varenavn', 'produktnavn', 'product name', 'item name', 'varetekst', 'varebeskrivelse', 'beskrivelse', 'description', 'item description', 'produkt', 'product'],
  category: ['category', 'kategori', 'varekategori', 'produktkategori', 'varegruppe', 'produktgruppe', 'gruppe', 'product category', 'item category', 'product group', 'item group', 'group'],
  sub_category: ['sub category', 'subcategory', 'underkategori', 'undergruppe', 'undervaregruppe', 'sub group', 'subgroup', 'product subgroup'],
  manufacturer: ['manufacturer', 'produsent', 'merke', 'merkevare', 'varemerke', 'fabrikant', 'brand', 'producer', 'maker'],
  provider_name: ['provider', 'provider name', 'leverandør', 'leverandørnavn', 'leverandør navn', 'supplier', 'supplier name', 'vendor', 'vendor name'],
  price_per_item: ['price per item', 'pris per stk', 'pris pr stk', 'stykkpris', 'pris', 'salgspris', 'utsalgspris', 'enhetspris', 'pris per enhet', 'price', 'unit price', 'sales price', 'selling price', 'retail price', 'price each'],
  main_last_price: ['main last price', 'siste hovedpris', 'hovedpris', 'ordinær pris', 'normalpris', 'main price', 'regular price', 'ordinary price'],
  latest_price: ['latest price', 'siste pris', 'nyeste pris', 'gjeldende pris', 'last price', 'current price'],
  tax: ['tax', 'mva', 'mva sats', 'mvasats', 'mva prosent', 'moms', 'vat', 'vat rate', 'tax rate'],
  container_deposit: ['container deposit', 'pant', 'pantesats', 'panteverdi', 'pantebeløp', 'deposit', 'bottle deposit'],
  item_plan_bu_grp: ['item plan bu grp', 'planleggingsgruppe', 'planleggingsgruppe bu', 'forretningsområde', 'bu group', 'bu', 'business unit', 'planning group'],
  locally_owned: ['locally owned', 'lokalt eid', 'lokal', 'lokal vare', 'local', 'local product'],
  selling_type: ['selling type', 'salgstype', 'salgsform', 'sales type', 'sale type'],
  provider_item_ean: ['provider item ean', 'leverandørens ean', 'leverandørs ean', 'leverandør ean', 'lev ean', 'supplier ean', 'supplier gtin'],
  provider_item_name: ['provider item name', 'leverandørens varenavn', 'leverandørs varenavn', 'lev varenavn', 'supplier item name', 'supplier product name'],
  provider_item_pack_qty: ['provider item pack qty', 'antall i forpakning', 'antall i pakning', 'antall per kolli', 'pakningsstørrelse', 'forpakning', 'kolli', 'pack qty', 'pack size', 'case size', 'units per case'],
  provider_item_vendor_code: ['provider item vendor code', 'leverandørens varenummer', 'leverandørs varenummer', 'leverandør varenr', 'lev varenr', 'lev artnr', 'supplier item number', 'supplier item no', 'supplier article number', 'supplier sku'],
  status: ['status', 'aktiv', 'active', 'i bruk', 'enabled'],
  net_quantity: ['net quantity', 'nettoinnhold', 'netto innhold', 'nettomengde', 'netto mengde', 'nettovekt', 'netto vekt', 'nettovolum', 'netto', 'innhold', 'mengde', 'vekt', 'volum', 'net content', 'net contents', 'net weight', 'net volume', 'content', 'contents'],
  net_unit: ['net unit', 'enhet', 'nettoenhet', 'netto enhet', 'måleenhet', 'mengdeenhet', 'innholdsenhet', 'unit', 'unit of measure', 'uom', 'content unit'],
};

const SURFACE_HEADERS: Record<string, string[]> = {
  vendor_code: ['vendor code', 'leverandørnummer', 'leverandørnr', 'varenummer', 'varenr', 'artikkelnummer', 'artikkelnr', 'flatenummer', 'item number', 'article number', 'surface number', 'sku'],
  name: ['name', 'navn', 'flatenavn', 'flate', 'surface name', 'surface'],
  type_surface: ['type surface', 'type', 'flatetype', 'surface type'],
  size_surface: ['size surface', 'size', 'størrelse', 'format', 'mål', 'dimensjoner', 'dimensions'],
  price: ['price', 'pris', 'trykkeriets pris', 'trykkpris', 'enhetspris', 'printer price', 'print price', 'unit price'],
  description: ['description', 'beskrivelse', 'merknad', 'kommentar', 'note', 'notes'],
  divided_bool: ['divided', 'divided bool', 'delt', 'deles', 'split'],
  status: ['status', 'flags', 'flagg'],
  printer_id: ['printer', 'printer id', 'printer email', 'trykkeri', 'trykker', 'trykkeriets e post'],
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
    withHeaders(PRODUCT_HEADERS, 'net_quantity', false),
    withHeaders(PRODUCT_HEADERS, 'net_unit', false),
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

/** A unit or tax note after the name ("Pris NOK", "Pris inkl. mva") says nothing of the field. */
const withoutUnit = (h: string) => h.replace(/ (nok|kr|inkl mva|eks mva|ekskl mva|incl vat|excl vat)$/, '');

/**
 * The column each field is guessed to be in, from the header names (no and en); a column is used
 * once, and of two columns that fit a field the one with the field's earlier name wins.
 */
export function guessMapping(kind: ImportKind, headers: string[]): Record<string, number | null> {
  const normal = headers.map((h) => withoutUnit(normalHeader(h)));
  const used = new Set<number>();
  const mapping: Record<string, number | null> = {};
  for (const f of IMPORT_FIELDS[kind]) {
    let found = -1;
    for (const name of f.headers.map(normalHeader)) {
      found = normal.findIndex((h, col) => !used.has(col) && h === name);
      if (found !== -1) break;
    }
    mapping[f.field] = found === -1 ? null : found;
    if (found !== -1) used.add(found);
  }
  return mapping;
}

/** A field the mapping may give one value for every new row: a required field that is not the key (issue 22). */
export const takesDefault = (f: Pick<ImportField, 'required' | 'key'>) => f.required && !f.key;

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

/** `defaults[field]=value`: the value of a field the file has no column for, for every new row; '' gives none. */
export const zImportDefaults = z.preprocess(
  (v) => (v === '' || v === undefined || v === null ? {} : v),
  z
    .record(z.string().regex(/^[a-z_]{1,40}$/, 'unknown_field'), z.string().trim().max(MAX_TEXT_LENGTH, 'max_length'))
    .transform((d) => Object.fromEntries(Object.entries(d).filter(([, v]) => v !== '')))
    .refine((d) => Object.keys(d).length <= 40, 'max_length'),
);

export const importStartBody = z.object({
  kind: zImportKind,
  mode: z.enum(IMPORT_MODES, { error: 'required_field' }),
  file_id: zId,
  mapping: zImportMapping,
  defaults: zImportDefaults,
  /** An apply of an upload that was applied already runs only when this says it is meant (else 409). */
  confirm: zBool.default(false),
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
    summary:
      'Start a dry run or the import of an uploaded file with a column mapping (and a value for required fields the file lacks); it runs in the background (poll the job). A second import of one upload answers 409 unless `confirm` is true',
    example: {
      body: {
        kind: 'products',
        mode: 'dry_run',
        file_id: 418,
        mapping: {
          vendor_code: 0,
          ean: 1,
          name: 2,
          category: 3,
          sub_category: 4,
          manufacturer: 5,
          provider_name: 6,
          price_per_item: 7,
          tax: 8,
          container_deposit: 9,
        },
        defaults: {
          item_plan_bu_grp: 'BU-1',
          locally_owned: 'Nei',
          selling_type: 'Standard',
          provider_item_ean: 'Ukjent',
          provider_item_name: 'Ukjent',
          provider_item_vendor_code: 'Ukjent',
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
