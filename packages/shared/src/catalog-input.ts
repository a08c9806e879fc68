import { z } from 'zod';
import { zInt } from './form-values';

/** Input rules of the catalogue forms (spec 000 §5); the server applies the same ones. */

export const TYPE_NAME_EMPTY = 'Your title does not contain any characters. Try to enter something meaningful';
export const SIZE_REQUIRED = 'Required fields width and height. Try to enter something meaningful';

/** A new surface type: quotes, semicolons, angle brackets and slashes go; the first letter is capitalised. */
export function cleanTypeName(value: string): string {
  const cleaned = value.replace(/['"`;<>/\\]/g, '').replace(/\s+/g, ' ').trim();
  return cleaned.charAt(0).toUpperCase() + cleaned.slice(1);
}

/** Digits with at most one dot, for the height, width and depth of a size. */
export function decimalInput(value: string): string {
  const kept = value.replace(/[^\d.]/g, '');
  const dot = kept.indexOf('.');
  return dot === -1 ? kept : kept.slice(0, dot + 1) + kept.slice(dot + 1).replace(/\./g, '');
}

/** 'H{h} x W{w}', with ' x D{d}' when a depth is given. */
export function sizeText(h: string, w: string, d?: string): string {
  return `H${h} x W${w}${d ? ` x D${d}` : ''}`;
}

export const SIZE_PATTERN = /^H\d+(\.\d+)? x W\d+(\.\d+)?( x D\d+(\.\d+)?)?$/;

/** A price as typed: digits and one dot (a comma becomes a dot), at most 2 decimals. */
export function priceInput(value: string): string {
  const withDot = decimalInput(value.replace(/,/g, '.'));
  const [whole, decimals] = withDot.split('.');
  return decimals === undefined ? withDot : `${whole}.${decimals.slice(0, 2)}`;
}

/**
 * A price typed into a field that shows the zero price ('0.00' after a printer change): what is
 * typed after it replaces it, as a person expects ('0.00' + '15' is 15, not '0.0015' cut to '0.00').
 */
export function priceTypedOver(previous: string, typed: string): string {
  const zero = /^0(\.0{0,2})?$/.test(previous);
  return priceInput(zero && typed.length > previous.length && typed.startsWith(previous) ? typed.slice(previous.length) : typed);
}

export const digitsOnly = (value: string) => value.replace(/\D/g, '');

/** The check digit of an EAN-13 is right. */
export function isValidEan13(code: string): boolean {
  if (!/^\d{13}$/.test(code)) return false;
  const digits = [...code].map(Number);
  const sum = digits.slice(0, 12).reduce((acc, d, i) => acc + d * (i % 2 ? 3 : 1), 0);
  return (10 - (sum % 10)) % 10 === digits[12];
}

/** A code of digits only (vendor code, EAN), up to 15 digits so it stays exact as a number. */
export const zDigitCode = z.preprocess(
  (v) => (typeof v === 'number' && Number.isSafeInteger(v) ? String(v) : v),
  z
    .string({ error: 'required_field' })
    .trim()
    .min(1, 'required_field')
    .regex(/^\d+$/, 'digits_only')
    .max(15, 'max_length')
    .transform(Number),
);

const notNegative = (v: string) => !v.startsWith('-');

/** A money amount of 0 or more with at most 2 decimals, kept as a string for numeric(12,2). */
export const zPrice = z.preprocess(
  (v) => (v === undefined || v === null || v === '' ? '0' : typeof v === 'number' ? String(v) : v),
  z
    .string()
    .trim()
    // A minus is its own mistake, not one of decimals (issue 22).
    .refine(notNegative, { message: 'price_min_0', abort: true })
    .regex(/^\d{1,10}(\.\d{1,2})?$/, 'price_format'),
);

export const zCount = zInt({ min: 0, max: 2_147_483_647 });
