import { describe, expect, it } from 'vitest';
import { isStorableText, unstorablePaths } from './text-input';

describe('unstorablePaths', () => {
  it('names every text with a NUL or a lone surrogate by its path, keys included', () => {
    const input = { name: 'a\u0000', obj_search: { input_value: 'ok', date_picker: { from: '\uD800' } }, ids: ['1', 'x\uDC00'], 'k\u0000': 'v' };
    expect(unstorablePaths(input).sort()).toEqual(['ids.1', 'k\uFFFD', 'name', 'obj_search.date_picker.from']);
  });

  it('keeps surrogate pairs, and other characters the database stores as sent', () => {
    for (const ok of ['😀', 'Æøå', 'e\u0301', '\u202E', '\uFEFF', '\t\r\n', '%00', '\\u0000']) expect(isStorableText(ok), ok).toBe(true);
    expect(unstorablePaths({ a: ['😀', { b: 'Å' }], n: 1, t: true, z: null })).toEqual([]);
  });

  it('walks a deeply nested body without running out of stack', () => {
    let deep: unknown = 'x\u0000';
    for (let i = 0; i < 200_000; i++) deep = [deep];
    expect(unstorablePaths(deep)).toHaveLength(1);
  });

  it('reports a bounded number of paths', () => {
    expect(unstorablePaths(Array.from({ length: 1000 }, () => '\u0000'))).toHaveLength(20);
  });
});
