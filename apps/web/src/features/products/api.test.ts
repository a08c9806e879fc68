import { describe, expect, it } from 'vitest';
import { isProductsList } from './api';

describe('isProductsList', () => {
  it('accepts lists with a numeric total and the filter lists', () => {
    expect(isProductsList({ products: [], total: 0, categories: [], sub_categories: [] })).toBe(true);
    expect(
      isProductsList({
        products: [{ id: 1, name: 'Brunost 1', ean: 7040000000000, category: 'Food', sub_category: 'Meieri', url_images: null }],
        total: 2000,
        categories: ['Food', 'Fuel'],
        sub_categories: ['Brød', 'Meieri'],
      }),
    ).toBe(true);
  });

  it('refuses a wrong shape, so the old list stays', () => {
    for (const bad of [
      undefined,
      null,
      {},
      { products: [], total: '12', categories: [], sub_categories: [] },
      { products: null, total: 0, categories: [], sub_categories: [] },
      { products: [], total: 0, categories: [] },
      { products: [], total: 0, categories: {}, sub_categories: [] },
      { products: [], total: 0, categories: [{ id: 1, name: 'Food' }], sub_categories: [] },
    ]) {
      expect(isProductsList(bad)).toBe(false);
    }
  });
});
