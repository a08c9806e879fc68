import { z } from 'zod';

/** Form bodies and query strings carry strings; these coerce them once, for every endpoint. */
const emptyToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

export const zBool = z.preprocess((v) => {
  if (typeof v === 'boolean') return v;
  if (v === 'true' || v === '1' || v === 1) return true;
  if (v === 'false' || v === '0' || v === 0 || v === '') return false;
  return v;
}, z.boolean());

export const zInt = (opts: { min?: number; max?: number } = {}) =>
  z.preprocess(
    (v) => (typeof v === 'string' && /^-?\d+$/.test(v.trim()) ? Number(v.trim()) : v),
    z
      .number()
      .int()
      .min(opts.min ?? Number.MIN_SAFE_INTEGER)
      .max(opts.max ?? Number.MAX_SAFE_INTEGER),
  );

/** A database id: a positive integer, given as digits. */
export const zId = zInt({ min: 1, max: 2_147_483_647 });

export const zIdParam = z.object({ id: zId });

/** A list of ids from qs (`ids[0]=1`, `ids[]=1`, `ids=1`), or '' for an empty list. */
export const zIdList = z.preprocess((v) => {
  if (v === '' || v === undefined || v === null) return [];
  if (Array.isArray(v)) return v;
  if (typeof v === 'object') return Object.values(v as Record<string, unknown>);
  return [v];
}, z.array(zId).max(1000));

export const zOptionalText = (max: number) =>
  z.preprocess((v) => (v === null || v === undefined ? '' : v), z.string().trim().max(max, 'max_length'));

export const zOptionalEnum = <T extends readonly [string, ...string[]]>(values: T) =>
  z.preprocess(emptyToUndefined, z.enum(values).nullable().optional());
