import type { SignRow } from '@promo/shared';
import type { SignDraft } from '../api';

/** Øre as a cm types a price: 2490 → '24,90'; null → ''. */
export const oreText = (ore: number | null) => (ore === null ? '' : (ore / 100).toFixed(2).replace('.', ','));

export const draftOf = (row: SignRow): SignDraft => ({
  product_id: row.product.id,
  price: oreText(row.price),
  previous_price: oreText(row.previous_price),
  valid_to: row.valid_to ?? '',
  texts: { ...row.texts },
});

/** Signs of the products not yet in the list, appended in the order given, each with the list's last validity. */
export function withProducts(list: SignDraft[], productIds: number[]): SignDraft[] {
  const have = new Set(list.map((s) => s.product_id));
  const valid_to = list[list.length - 1]?.valid_to ?? '';
  const added = [...new Set(productIds)].filter((id) => !have.has(id)).map((product_id) => ({ product_id, price: '', previous_price: '', valid_to, texts: {} }));
  return [...list, ...added];
}

/**
 * The refusals of a save or a generate, per sign: `signs.3.price` → sign 3's price;
 * `signs.3.texts.slogan` (a text refused) or `signs.3.fields.slogan` (does not fit) → its field
 * slogan. Anything else stays under -1 (the whole list).
 */
export function errorsBySign(errors: unknown): Map<number, Record<string, string>> {
  const out = new Map<number, Record<string, string>>();
  if (!errors || typeof errors !== 'object' || Array.isArray(errors)) return out;
  for (const [key, codes] of Object.entries(errors as Record<string, string[]>)) {
    const m = /^signs\.(\d+)\.(.+)$/.exec(key);
    const index = m ? Number(m[1]) : -1;
    const field = m ? m[2]!.replace(/^(texts|fields)\./, '') : key;
    out.set(index, { ...out.get(index), [field]: Array.isArray(codes) ? String(codes[0]) : String(codes) });
  }
  return out;
}
