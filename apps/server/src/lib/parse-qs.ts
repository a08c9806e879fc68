import qs from 'qs';

/** The most fields a query string or form body carries; qs ignores the ones after it. */
export const PARAMETER_LIMIT = 2000;

/**
 * Query strings and form bodies: `obj_search[field]=x` and `ids[0]=1` become nested values; arrays
 * of any length stay arrays. Multipart fields go through it too, so every encoding nests alike.
 */
export const parseQs = (s: string) => qs.parse(s, { arrayLimit: 1000, depth: 5, parameterLimit: PARAMETER_LIMIT });

/** A form body with more fields than the parser takes (Fastify's shape of a 4xx: status, message, code). */
export class TooManyFields extends Error {
  readonly statusCode = 413;
  readonly code = 'TOO_MANY_FIELDS';
  constructor() {
    super(`A form body carries at most ${PARAMETER_LIMIT} fields; send a longer list as JSON`);
  }
}

/** How many fields qs reads from `s`: it splits at each '&' and counts the parts, empty ones too. */
function fieldCount(s: string): number {
  let count = 1;
  for (let i = s.indexOf('&'); i !== -1; i = s.indexOf('&', i + 1)) count++;
  return count;
}

/**
 * A form body, as parseQs reads it; one with more fields than PARAMETER_LIMIT is refused (413)
 * rather than cut, so a list of 1,001 price signs is never saved as its first 1,000 (decision 043).
 * (throwOnLimitExceeded of qs would refuse an array over arrayLimit too, which parseQs keeps.)
 */
export function parseFormBody(s: string) {
  if (fieldCount(s) > PARAMETER_LIMIT) throw new TooManyFields();
  return parseQs(s);
}
