import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { products, type ProductBody, type ProductRow, type ProductsListData, type PRODUCT_SEARCH_FIELDS } from '@promo/shared';
import { call } from '@/lib/api-client';
import { uploadAndSetImage } from '@/lib/upload';

export interface ProductsListParams {
  count_show: number;
  start_index: number;
  obj_search: {
    field: (typeof PRODUCT_SEARCH_FIELDS)[number];
    input_value: string;
    /** A category name, '' for all. */
    only_category: string;
    only_subcategory: string;
  };
  sort_by: string;
  sort_count: number;
}

export const productKeys = {
  all: ['products'] as const,
  list: (params: ProductsListParams) => ['products', 'list', params] as const,
};

const isStringList = (v: unknown) => Array.isArray(v) && v.every((s) => typeof s === 'string');

/** The list is applied only when its shape is right (spec 000 §7); otherwise the old one stays. */
export function isProductsList(data: unknown): data is ProductsListData {
  const d = data as ProductsListData | undefined;
  return (
    !!d &&
    Array.isArray(d.products) &&
    typeof d.total === 'number' &&
    isStringList(d.categories) &&
    isStringList(d.sub_categories)
  );
}

/** Product list loads fail silently (spec 000 §8). */
export const productsListQuery = (params: ProductsListParams) =>
  queryOptions({
    queryKey: productKeys.list(params),
    queryFn: async ({ signal }) => {
      const res = await call<ProductsListData>(products.list, { query: { ...params } }, { silent: true, signal });
      if (!isProductsList(res.data)) throw new Error('Unexpected data format');
      return res.data;
    },
    placeholderData: keepPreviousData,
  });

export const createProduct = (body: ProductBody) => call<ProductRow>(products.create, { body }, { silent: true });
export const updateProduct = (id: number, body: ProductBody) =>
  call<ProductRow>(products.update, { params: { id }, body }, { silent: true });
export const deleteProduct = (id: number) => call(products.remove, { params: { id } }, { silent: true });
/** The shared upload step, then set-image; resolves with the new image URLs. */
export const uploadProductImage = (id: number, file: File) => uploadAndSetImage(products.setImage, id, file);
