import fc from 'fast-check';
import qs from 'qs';
import { describe, expect, it } from 'vitest';
import { encodeForm } from './form-encoding';

const leaf = fc.oneof(fc.string(), fc.integer(), fc.double({ noNaN: true }), fc.boolean(), fc.constant(null), fc.constant(undefined));
const key = fc.string({ minLength: 1, maxLength: 8 }).filter((k) => !/[[\]]/.test(k) && k !== '__proto__');
const value = fc.letrec((tie) => ({
  node: fc.oneof({ depthSize: 'small' }, leaf, fc.array(tie('node'), { maxLength: 3 }), fc.dictionary(key, tie('node'), { maxKeys: 3 })),
})).node;

describe('form bodies and query strings', () => {
  it('mean to the server (qs.parse) what qs.stringify with indices meant', () => {
    fc.assert(
      fc.property(fc.dictionary(key, value, { maxKeys: 5 }), (body) => {
        expect(qs.parse(encodeForm(body))).toEqual(qs.parse(qs.stringify(body, { arrayFormat: 'indices' })));
      }),
      { numRuns: 1000 },
    );
  });

  it('writes the list parameters of the specification', () => {
    const query = { count_show: 25, start_index: 0, obj_search: { field: 'name', input_value: 'kaffe & te', only_category: '' }, ids: [3, 4] };
    expect(decodeURIComponent(encodeForm(query))).toBe('count_show=25&start_index=0&obj_search[field]=name&obj_search[input_value]=kaffe & te&obj_search[only_category]=&ids[0]=3&ids[1]=4');
    expect(encodeForm({ at: new Date('2026-11-24T10:00:00Z'), none: undefined, empty: null })).toBe('at=2026-11-24T10%3A00%3A00.000Z&empty=');
  });
});
