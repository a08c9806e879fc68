import { eq, inArray } from 'drizzle-orm';
import { isValidEan13, type NetUnit, type SignData, type SignInput, type SignLayout, type SignProblem, type SignProduct } from '@promo/shared';
import type { DbOrTx } from '../../db/client';
import { files, products } from '../../db/schema';
import { invalid } from '../../lib/errors';
import type { Storage } from '../../lib/storage';

export type StoredProduct = Omit<SignProduct, 'image_file'> & { image_key: string | null };

/** The products the signs name, with what the renderer needs of each. */
export async function signProducts(db: DbOrTx, ids: number[]): Promise<Map<number, StoredProduct>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const rows = await db
    .select({
      id: products.id,
      name: products.name,
      manufacturer: products.manufacturer,
      ean: products.ean,
      deposit: products.container_deposit,
      net_quantity: products.net_quantity,
      net_unit: products.net_unit,
      image_key: files.storage_key,
    })
    .from(products)
    .leftJoin(files, eq(files.id, products.image_id))
    .where(inArray(products.id, unique));
  return new Map(
    rows.map((r) => [
      r.id,
      {
        id: r.id,
        name: r.name,
        manufacturer: r.manufacturer,
        ean: String(r.ean).padStart(13, '0'),
        // container_deposit is whole kroner in the catalogue (spec 000 §5).
        deposit_ore: r.deposit * 100,
        net_quantity: r.net_quantity === null ? null : Number(r.net_quantity),
        net_unit: r.net_unit as NetUnit | null,
        image_key: r.image_key,
      },
    ]),
  );
}

/** The field of the request a problem of sign `n` belongs to. */
export function problemField(p: SignProblem): string {
  if (p.code === 'price_required' || p.code === 'price_positive') return `signs.${p.sign}.price`;
  if (p.code === 'does_not_fit') return `signs.${p.sign}.fields.${p.field ?? '_'}`;
  return `signs.${p.sign}.product_id`;
}

/** Problems as the 422's field errors: every code of every field. */
export function problemsRefusal(problems: SignProblem[]) {
  const errors: Record<string, string[]> = {};
  for (const p of problems) {
    const field = problemField(p);
    if (!(errors[field] ??= []).includes(p.code)) errors[field]!.push(p.code);
  }
  return invalid(errors);
}

/**
 * The rules of the data, before any drawing: a price above 0, a product that exists with a right
 * EAN check digit where the template prints the EAN, a net quantity where it prints a unit price,
 * and texts only for the template's editable fields.
 */
export function dataProblems(layout: SignLayout, inputs: SignInput[], known: Map<number, StoredProduct>): { problems: SignProblem[]; errors: Record<string, string[]> } {
  const kinds = new Set(layout.fields.map((f) => f.kind));
  const editable = new Set(layout.fields.filter((f) => !f.locked).map((f) => f.id));
  const problems: SignProblem[] = [];
  const errors: Record<string, string[]> = {};
  inputs.forEach((s, sign) => {
    if (s.price === undefined) problems.push({ sign, field: null, code: 'price_required' });
    else if (s.price <= 0) problems.push({ sign, field: null, code: 'price_positive' });
    if (s.previous_price !== undefined && s.previous_price <= 0) errors[`signs.${sign}.previous_price`] = ['price_positive'];
    const product = known.get(s.product_id);
    if (!product) errors[`signs.${sign}.product_id`] = ['not_found'];
    else {
      if (kinds.has('ean') && !isValidEan13(product.ean)) problems.push({ sign, field: null, code: 'ean_check_digit' });
      if (kinds.has('unit_price') && (product.net_quantity === null || product.net_unit === null)) problems.push({ sign, field: null, code: 'net_quantity_missing' });
    }
    for (const key of Object.keys(s.texts)) if (!editable.has(key)) errors[`signs.${sign}.texts.${key}`] = ['field_not_editable'];
  });
  return { problems, errors };
}

/** A sign as the renderer takes it; images as paths given by `imagePath`. */
export function toSignData(s: { product_id: number; price: number; previous_price: number | null; valid_to: string | null; texts: Record<string, string> }, product: StoredProduct, imagePath: (key: string) => string | null): SignData {
  const { image_key, ...rest } = product;
  return {
    product: { ...rest, image_file: image_key ? imagePath(image_key) : null },
    price_ore: s.price,
    previous_price_ore: s.previous_price,
    valid_to: s.valid_to,
    texts: s.texts,
  };
}

/** Runs `fn` with a path on this machine for each stored key (product images), as long as it runs. */
export async function withLocalFiles<T>(storage: Storage, keys: string[], fn: (paths: Map<string, string>) => Promise<T>): Promise<T> {
  const unique = [...new Set(keys)];
  const paths = new Map<string, string>();
  const step = async (i: number): Promise<T> => {
    if (i === unique.length) return fn(paths);
    return storage.withLocalFile(unique[i]!, async (file) => {
      paths.set(unique[i]!, file);
      return step(i + 1);
    });
  };
  return step(0);
}
