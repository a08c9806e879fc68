import { describe, expect, it } from 'vitest';
import { defaultListState, parseListState, writeListState, type ListUrlSpec } from './list-url';

const SPEC: ListUrlSpec<'all' | 'email', 'name' | 'email', 'admins' | 'category' | 'from'> = {
  sortFields: ['name', 'email'],
  defaultSort: 'name',
  fields: ['all', 'email'],
  defaultField: 'all',
  filters: { admins: 'flag', category: 'id', from: 'day' },
};

const parse = (query: string) => parseListState(new URLSearchParams(query), SPEC);
const write = (state: ReturnType<typeof parse>, query = '') => writeListState(new URLSearchParams(query), state, SPEC).toString();

describe('a list in the URL', () => {
  it('reads nothing as the defaults: page 1, 10 rows, the default column descending, no search, no filters', () => {
    expect(parse('')).toEqual(defaultListState(SPEC));
    expect(parse('')).toEqual({
      page: 1,
      pageSize: 10,
      sort: { sort_by: 'name', sort_count: 1 },
      field: 'all',
      text: '',
      filters: { admins: '', category: '', from: '' },
    });
  });

  it('leaves the defaults out of the URL', () => {
    expect(write(defaultListState(SPEC))).toBe('');
  });

  it('writes and reads back every part of the state', () => {
    const state = {
      page: 3,
      pageSize: 25,
      sort: { sort_by: 'email' as const, sort_count: 2 },
      field: 'email' as const,
      text: 'demo.no',
      filters: { admins: '1', category: '7', from: '2026-12-01' },
    };
    const query = write(state);
    expect(Object.fromEntries(new URLSearchParams(query))).toEqual({
      q: 'demo.no',
      field: 'email',
      page: '3',
      size: '25',
      sort: 'email',
      order: 'asc',
      admins: '1',
      category: '7',
      from: '2026-12-01',
    });
    expect(parse(query)).toEqual(state);
  });

  it('names the default column when it is ascending or unsorted', () => {
    const base = defaultListState(SPEC);
    expect(write({ ...base, sort: { sort_by: 'name', sort_count: 2 } })).toBe('sort=name&order=asc');
    expect(write({ ...base, sort: { sort_by: 'name', sort_count: 0 } })).toBe('sort=name&order=none');
    expect(parse('sort=name&order=none').sort).toEqual({ sort_by: 'name', sort_count: 0 });
    expect(write({ ...base, sort: { sort_by: 'email', sort_count: 1 } })).toBe('sort=email&order=desc');
  });

  it('keeps params that are not the list’s and drops the list’s old ones', () => {
    expect(write({ ...defaultListState(SPEC), page: 2 }, 'prom_id=5&q=old&size=25')).toBe('prom_id=5&page=2');
  });

  it('reads values it does not know as their defaults, never as an error', () => {
    const d = defaultListState(SPEC);
    for (const query of [
      'page=0',
      'page=-2',
      'page=1.5',
      'page=abc',
      'page=99999999999',
      'size=11',
      'size=1000',
      'size=',
      'sort=password_hash',
      'order=sideways',
      'field=role',
      'admins=yes',
      'category=0',
      'category=abc',
      'category=1;drop',
      'from=2026-02-30',
      'from=31.12.2026',
      'from=20270-01-01',
      `q=${'x'.repeat(201)}`,
    ]) {
      expect(parse(query), query).toEqual(d);
    }
    // One bad value leaves the good ones.
    expect(parse('page=2&size=7&sort=email&order=x')).toEqual({ ...d, page: 2, sort: { sort_by: 'email', sort_count: 1 } });
  });

  it('trims the search text', () => {
    expect(parse('q=%20%20lamp%20').text).toBe('lamp');
    expect(parse('q=%20%20').text).toBe('');
  });
});
