import { describe, expect, it } from 'vitest';
import { isCategoriesList } from './api';

describe('isCategoriesList', () => {
  it('accepts a list of categories, empty or not', () => {
    expect(isCategoriesList({ categories: [] })).toBe(true);
    expect(isCategoriesList({ categories: [{ id: 1, name: 'Food', manager_id: null, manager: null, groups: [], required: false }] })).toBe(true);
  });

  it('refuses anything else, so the old list stays', () => {
    for (const bad of [undefined, null, {}, { categories: null }, { categories: {} }, { categories: 'x' }, []]) {
      expect(isCategoriesList(bad)).toBe(false);
    }
  });
});
