import type { NetUnit, ProductRow } from '@promo/shared';
import type { DbOrTx } from '../../db/client';
import { categories, products } from '../../db/schema';
import { urlImagesFor } from '../../lib/images';

/** What a product row of the API is read from: the product and its category's name. */
export const rowSelect = {
  product: products,
  category: categories.name,
};

export type SelectedRow = { product: typeof products.$inferSelect; category: string };

export async function toRows(db: DbOrTx, rows: SelectedRow[]): Promise<ProductRow[]> {
  const images = await urlImagesFor(db, rows.map((r) => r.product.image_id));
  return rows.map(({ product: { image_id, category_id: _c, created_at: _a, updated_at: _b, ...p }, category }) => ({
    ...p,
    net_unit: p.net_unit as NetUnit | null,
    category,
    url_images: image_id ? (images.get(image_id) ?? null) : null,
  }));
}
