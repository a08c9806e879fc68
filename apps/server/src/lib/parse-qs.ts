import qs from 'qs';

/**
 * Query strings and form bodies: `obj_search[field]=x` and `ids[0]=1` become nested values; arrays
 * of any length stay arrays. Multipart fields go through it too, so every encoding nests alike.
 */
export const parseQs = (s: string) => qs.parse(s, { arrayLimit: 1000, depth: 5, parameterLimit: 2000 });
