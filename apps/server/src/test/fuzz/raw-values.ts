import fc from 'fast-check';

/** What goes into a request as it is, past qs and JSON.stringify: path values, query strings, JSON bodies. */

/** A path placeholder's value: usually an id, raw (already URL-encoded where it matters). */
export const pathValue = fc.oneof(
  { weight: 3, arbitrary: fc.integer({ min: 1, max: 40 }).map(String) },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      'abc', '-1', '0', '1.5', '1e3', '99999999999', '2147483648', '%00', '1%00', '%2e%2e', '..', '%ED%A0%80', '%FF', '%C0%AE',
      '1%20', '%20', '%0A', '__proto__', 'constructor', 'x'.repeat(2_000), '1;2', '1,2', '%25', '%2F', 'Ab_-0123456789abcdefghij',
    ),
  },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 20 }).map(encodeURIComponentLoosely) },
);

/** encodeURIComponent throws on lone surrogates; those go as the bytes a sloppy client would send. */
function encodeURIComponentLoosely(s: string): string {
  try {
    return encodeURIComponent(s);
  } catch {
    return Buffer.from(s, 'utf8').toString('hex').replace(/(..)/g, '%$1');
  }
}

/** Query strings or form bodies qs.stringify would never write. */
export const rawQuery = fc.constantFrom(
  'a[]=1&a[0]=2', 'obj_search=x', 'obj_search[date_picker]=x', 'obj_search[date_picker][from][]=2027-01-01',
  'count_show[]=1', 'count_show=1&count_show=2', '%ZZ=%ZZ', 'a%00=1', 'a=%00', 'a=%ED%A0%80', 'a=%C0%80', '=1', '&&&',
  'a[b][c][d][e][f][g][h]=1', 'a[999999]=1', 'a[__proto__][b]=1', '__proto__[admin]=1', 'constructor[prototype][x]=1',
  'obj_search[input_value]=%', 'obj_search[input_value]=%5C', 'start_index=1e999', 'sort_by[]=name', 'sort_by=id;drop',
  `${'x'.repeat(10_000)}=1`, Array.from({ length: 2_100 }, (_, i) => `p${i}=1`).join('&'),
);

/** JSON bodies no form would make: other top-level types, broken or very deep JSON, prototype keys. */
export const rawJson = fc.constantFrom(
  'null', '"x"', '[]', '1', 'true', '', '{', '{"a":', '{"a":1,"a":2}', '\ufeff{}', '{"count_show":1e400}', '{"name":"\\u0000"}',
  '{"name":"\\ud800"}', '{"__proto__":{"admin":true}}', '{"constructor":{"prototype":{"x":1}}}', '{"obj_search":{"input_value":{"$ne":1}}}',
  `${'['.repeat(100_000)}${']'.repeat(100_000)}`, `${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)}`,
);
