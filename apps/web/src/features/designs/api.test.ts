import { describe, expect, it } from 'vitest';
import { isDesignsList } from './api';

describe('isDesignsList', () => {
  it('accepts lists with a numeric total', () => {
    expect(isDesignsList({ designs: [], total: 0, arr_categories: [] })).toBe(true);
    expect(
      isDesignsList({
        designs: [{ id: 1, name: 'Fuel hyllestripe', category_id: 2, category: { id: 2, name: 'Fuel' } }],
        total: 12,
        arr_categories: [{ id: 2, name: 'Fuel' }],
      }),
    ).toBe(true);
  });

  it('refuses a wrong shape, so the old list stays', () => {
    for (const bad of [
      undefined,
      null,
      {},
      { designs: [], total: '12', arr_categories: [] },
      { designs: null, total: 0, arr_categories: [] },
      { designs: [], total: 0 },
      { designs: [], total: 0, arr_categories: {} },
    ]) {
      expect(isDesignsList(bad)).toBe(false);
    }
  });
});
