import { queryOptions } from '@tanstack/react-query';
import { designPage, type BriefFile, type BriefProduct, type DesignPageData } from '@promo/shared';
import { call } from '@/lib/api-client';
import { uploadFile } from '@/lib/upload';
import type { BriefChanges } from './brief-changes';

export interface DesignPageIds {
  promotion_id: number;
  surface_id: number;
  surface_design_id: number;
}

export type PickerProduct = BriefProduct['product'];

export const designPageKeys = {
  all: ['promotion-design'] as const,
  page: (ids: DesignPageIds) => ['promotion-design', 'page', ids] as const,
};

/** The page's data; a load failure is silent (spec 001 §8), the page decides what a 404 means. */
export const designPageQuery = (ids: DesignPageIds) =>
  queryOptions({
    queryKey: designPageKeys.page(ids),
    queryFn: async ({ signal }) => (await call<DesignPageData | null>(designPage.get, { query: { ...ids } }, { silent: true, signal })).data,
  });

/** The product picker: at most 20 products whose name, EAN or vendor code matches. */
export const searchCatalogueProducts = async (search: string, signal: AbortSignal) =>
  (await call<{ products: PickerProduct[] }>(designPage.products, { query: { search } }, { silent: true, signal })).data.products;

/** Writes only the fields in `changes`. */
/** `confirmOpenPins`: mark it Completed although pins are open (the user was asked). */
export const updateBrief = (id: number, changes: BriefChanges, confirmOpenPins = false) =>
  call(designPage.updateBrief, { params: { id }, body: confirmOpenPins ? { ...changes, confirm_open_pins: true } : changes }, { silent: true });

export const bindDesigner = (design_id: number, bind: boolean) =>
  call(designPage.bindDesigner, { body: { design_id, bool_action: bind } }, { silent: true });

/** Streams each file through the shared upload step, then attaches them all to the brief. */
export async function addBriefFiles(psdId: number, list: File[]) {
  const ids: number[] = [];
  for (const file of list) ids.push((await uploadFile(file, 'any')).file_id);
  return call<{ files: BriefFile[] }>(designPage.addFiles, { body: { promotion_surface_design_id: psdId, file_ids: ids } }, { silent: true });
}

export const deleteBriefFile = (psdId: number, fileId: number) =>
  call(designPage.deleteFile, { body: { promotion_surface_design_id: psdId, file_id: fileId } }, { silent: true });

export const addBriefProduct = (psdId: number, productId: number) =>
  call(designPage.addProduct, { body: { promotion_surface_design_id: psdId, product_id: productId } }, { silent: true });

export const deleteBriefProduct = (psdId: number, productId: number) =>
  call(designPage.deleteProduct, { body: { promotion_surface_design_id: psdId, product_id: productId } }, { silent: true });
