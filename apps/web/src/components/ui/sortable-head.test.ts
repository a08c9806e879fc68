import { describe, expect, it } from 'vitest';
import { nextSort } from './sortable-head';

describe('column sort cycle', () => {
  it('goes descending, ascending, none, and starts descending on another column', () => {
    const a1 = nextSort({ sort_by: 'name', sort_count: 0 }, 'name');
    expect(a1).toEqual({ sort_by: 'name', sort_count: 1 });
    const a2 = nextSort(a1, 'name');
    expect(a2).toEqual({ sort_by: 'name', sort_count: 2 });
    expect(nextSort(a2, 'name')).toEqual({ sort_by: 'name', sort_count: 0 });
    expect(nextSort(a2, 'email')).toEqual({ sort_by: 'email', sort_count: 1 });
  });

  it('continues on the default column from its starting descending: ascending, none, descending', () => {
    const start = { sort_by: 'name', sort_count: 1 };
    const a1 = nextSort(start, 'name');
    expect(a1).toEqual({ sort_by: 'name', sort_count: 2 });
    const a2 = nextSort(a1, 'name');
    expect(a2).toEqual({ sort_by: 'name', sort_count: 0 });
    expect(nextSort(a2, 'name')).toEqual(start);
  });
});
