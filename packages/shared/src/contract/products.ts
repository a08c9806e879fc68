import { z } from 'zod';
import { MAX_TEXT_LENGTH } from '../constants';
import { zCount, zDigitCode, zPrice } from '../catalog-input';
import { endpoint } from '../endpoint';
import { zBool, zIdParam } from '../form-values';
import { listParams, searchText } from '../list-params';
import { nameField, textField } from '../validation';
import { updateBodyOf } from '../update-body';
import { setImageBody, type UrlImages } from './surfaces';
import { NET_UNITS, type NetUnit } from '../sign-model';

export const PRODUCT_SEARCH_FIELDS = ['ean', 'vendor_code', 'name', 'provider_name', 'manufacturer', 'price_per_item'] as const;
export const PRODUCT_SORT_FIELDS = [
  'ean',
  'vendor_code',
  'name',
  'category',
  'sub_category',
  'provider_name',
  'manufacturer',
  'price_per_item',
  'status',
] as const;

export const productsListQuery = listParams({
  sortFields: PRODUCT_SORT_FIELDS,
  defaultSort: 'ean',
  search: {
    field: z.enum(PRODUCT_SEARCH_FIELDS).default('name'),
    input_value: searchText,
    only_category: z.string().trim().max(MAX_TEXT_LENGTH, 'max_length').default(''),
    only_subcategory: z.string().trim().max(MAX_TEXT_LENGTH, 'max_length').default(''),
  },
});
export type ProductsListQuery = z.infer<typeof productsListQuery>;

/** Required text fields of the product modal: at least 2 characters each (spec 000 §5). */
export const PRODUCT_REQUIRED_TEXT = [
  'name',
  'category',
  'sub_category',
  'provider_name',
  'manufacturer',
  'item_plan_bu_grp',
  'locally_owned',
  'selling_type',
  'provider_item_ean',
  'provider_item_name',
  'provider_item_vendor_code',
] as const;
export const PRODUCT_PRICE_FIELDS = ['main_last_price', 'price_per_item', 'latest_price'] as const;
export const PRODUCT_COUNT_FIELDS = ['tax', 'container_deposit', 'provider_item_pack_qty'] as const;

/**
 * What one item holds (issue 34): '500', '0,75' → '500', '0.75' (at most 3 decimals, above 0);
 * empty is none. Kept as a string for numeric(12,3), like the prices.
 */
export const zNetQuantity = z.preprocess(
  (v) => {
    if (v === undefined || v === null || v === '') return null;
    if (typeof v === 'number') return String(v);
    return typeof v === 'string' ? v.trim().replace(/\s/g, '').replace(',', '.') || null : v;
  },
  z
    .string()
    .regex(/^\d{1,9}(\.\d{1,3})?$/, { message: 'net_quantity_format', abort: true })
    .refine((v) => Number(v) > 0, 'net_quantity_positive')
    .nullable(),
);

/** A net quantity's unit: g, kg, ml, l or stk; empty is none. */
export const zNetUnit = z.preprocess(
  (v) => (v === undefined || v === null || v === '' ? null : typeof v === 'string' ? v.trim().toLowerCase() : v),
  z.enum(NET_UNITS, { error: 'net_unit_unknown' }).nullable(),
);

/** A net quantity needs its unit and a unit its quantity: the field left empty, with its error code. */
export function netQuantityErrors(body: { net_quantity?: string | null; net_unit?: NetUnit | null }): Record<string, string[]> {
  const quantity = body.net_quantity ?? null;
  const unit = body.net_unit ?? null;
  if (quantity !== null && unit === null) return { net_unit: ['net_unit_required'] };
  if (quantity === null && unit !== null) return { net_quantity: ['net_quantity_required'] };
  return {};
}

const productFields = {
  ...(Object.fromEntries(PRODUCT_REQUIRED_TEXT.map((f) => [f, f === 'name' ? nameField : textField])) as Record<
    (typeof PRODUCT_REQUIRED_TEXT)[number],
    typeof nameField
  >),
  vendor_code: zDigitCode,
  ean: zDigitCode,
  ...(Object.fromEntries(PRODUCT_PRICE_FIELDS.map((f) => [f, zPrice])) as Record<(typeof PRODUCT_PRICE_FIELDS)[number], typeof zPrice>),
  ...(Object.fromEntries(PRODUCT_COUNT_FIELDS.map((f) => [f, zCount.default(0)])) as Record<
    (typeof PRODUCT_COUNT_FIELDS)[number],
    ReturnType<typeof zCount.default>
  >),
  status: zBool.default(true),
  net_quantity: zNetQuantity.default(null),
  net_unit: zNetUnit.default(null),
};
export const productBody = z.object(productFields);
export const productUpdateBody = updateBodyOf(productFields);
export type ProductBody = z.infer<typeof productBody>;
export type ProductUpdateBody = z.infer<typeof productUpdateBody>;

export interface ProductRow {
  id: number;
  name: string;
  vendor_code: number;
  ean: number;
  category: string;
  sub_category: string;
  manufacturer: string;
  main_last_price: string;
  provider_name: string;
  tax: number;
  container_deposit: number;
  price_per_item: string;
  item_plan_bu_grp: string;
  locally_owned: string;
  selling_type: string;
  provider_item_ean: string;
  provider_item_name: string;
  provider_item_pack_qty: number;
  provider_item_vendor_code: string;
  latest_price: string;
  status: boolean;
  /** '500' with net_unit 'g'; both null when not known. */
  net_quantity: string | null;
  net_unit: NetUnit | null;
  url_images: UrlImages | null;
}

export interface ProductsListData {
  products: ProductRow[];
  /** Exact up to 1,000 matches; beyond, the database's estimate (`total_estimated`), shown as "about N". */
  total: number;
  total_estimated: boolean;
  categories: string[];
  sub_categories: string[];
}

export const products = {
  list: endpoint({
    method: 'GET',
    path: '/api/products',
    access: 'catalog.view',
    query: productsListQuery,
    summary: 'List products a page at a time, searched and sorted, with the categories and sub-categories to pick from',
    example: {
      query: {
        count_show: 25,
        start_index: 0,
        obj_search: { field: 'name', input_value: 'brunost', only_category: 'Food', only_subcategory: 'Meieri' },
        sort_by: 'price_per_item',
        sort_count: 2,
      },
    },
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/products',
    access: 'catalog.manage',
    body: productBody,
    answer: 'created',
    summary: 'Create a product',
    example: {
      body: {
        name: 'Gudbrandsdalsost G35 500 g',
        vendor_code: '201456',
        ean: '7038010069307',
        category: 'Food',
        sub_category: 'Meieri',
        provider_name: 'Tine SA',
        manufacturer: 'Tine',
        item_plan_bu_grp: 'Dagligvare',
        locally_owned: 'Nei',
        selling_type: 'Stykk',
        provider_item_ean: '7038010069307',
        provider_item_name: 'Gudbrandsdalsost G35 500g x12',
        provider_item_vendor_code: '201456',
        main_last_price: '89.90',
        price_per_item: '94.90',
        latest_price: '92.50',
        tax: 15,
        container_deposit: 0,
        provider_item_pack_qty: 12,
        status: true,
        net_quantity: '500',
        net_unit: 'g',
      },
    },
  }),
  update: endpoint({
    method: 'PUT',
    path: '/api/products/{id}',
    access: 'catalog.manage',
    params: zIdParam,
    body: productUpdateBody,
    summary: 'Change a product: only the fields sent',
    example: { params: { id: 812 }, body: { price_per_item: '99.90', latest_price: '94.90' } },
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/products/{id}',
    access: 'catalog.manage',
    params: zIdParam,
    summary: 'Delete a product',
    example: { params: { id: 812 } },
  }),
  setImage: endpoint({
    method: 'POST',
    path: '/api/files/products/{id}/set-image',
    access: 'catalog.manage',
    params: zIdParam,
    body: setImageBody,
    summary: "Set a product's image: an upload of the upload step (file_id) or base64 (img_url)",
    example: { params: { id: 812 }, body: { file_id: 312, img_name: 'brunost-500g.png', make_size: ['original', 'w_200'] } },
  }),
};
