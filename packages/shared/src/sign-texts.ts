import type { NetUnit } from './sign-model';

/*
 * What a price sign prints, computed the same way for the preview, the PDF and the tests: prices in
 * Norwegian form, the unit price the price-marking rules ask for, the EAN-13 check digit.
 */

/** 2490 → '24,90'; 129900 → '1 299,00' (thin grouping as Norwegian prices write it: a no-break space). */
export function formatKroner(ore: number): string {
  const kroner = Math.floor(Math.abs(ore) / 100);
  const rest = Math.abs(ore) % 100;
  const grouped = String(kroner).replace(/\B(?=(\d{3})+(?!\d))/g, '\u00a0');
  return `${ore < 0 ? '-' : ''}${grouped},${String(rest).padStart(2, '0')}`;
}

/** The price as a sign draws it: large kroner, small raised øre, or ',-' for whole kroner. */
export function priceParts(ore: number): { kroner: string; ore: string } {
  const kroner = String(Math.floor(ore / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, '\u00a0');
  const rest = ore % 100;
  return { kroner, ore: rest === 0 ? ',-' : String(rest).padStart(2, '0') };
}

/** Per kg for weight, per litre for volume, per piece for pieces. */
const BASE: Record<NetUnit, { per: 'kg' | 'l' | 'stk'; factor: number }> = {
  g: { per: 'kg', factor: 1000 },
  kg: { per: 'kg', factor: 1 },
  ml: { per: 'l', factor: 1000 },
  l: { per: 'l', factor: 1 },
  stk: { per: 'stk', factor: 1 },
};

/** The unit price in øre (rounded half up) and its unit; null without a positive net quantity. */
export function unitPrice(priceOre: number, netQuantity: number | null, netUnit: NetUnit | null): { ore: number; per: 'kg' | 'l' | 'stk' } | null {
  if (!netUnit || !netQuantity || !(netQuantity > 0)) return null;
  const base = BASE[netUnit];
  return { ore: Math.round((priceOre * base.factor) / netQuantity), per: base.per };
}

/** 'kr 59,80/kg' */
export function unitPriceText(priceOre: number, netQuantity: number | null, netUnit: NetUnit | null): string | null {
  const u = unitPrice(priceOre, netQuantity, netUnit);
  return u && `kr ${formatKroner(u.ore)}/${u.per}`;
}

/** '2026-06-14' → '14.06.' */
export function validityDate(isoDate: string): string {
  const [, m, d] = isoDate.split('-');
  return `${d}.${m}.`;
}

/** A field's text with its computed value in place of {value}. */
export const fillSignText = (text: string, value: string) => (text.includes('{value}') ? text.replaceAll('{value}', value) : text || value);
