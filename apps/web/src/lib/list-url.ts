import { DEFAULT_PAGE_SIZE, isCalendarDay, MAX_SEARCH_LENGTH, PAGE_SIZES, SORT_ASC, SORT_DESC, SORT_NONE } from '@promo/shared';
import type { SortState } from '@/components/ui/sortable-head';

/**
 * A list's state as it stands in the URL's search params, so a reload, back and a shared link show
 * the same list. Defaults are left out; a value the list does not know reads as its default.
 *
 *   q=text  field=name  page=2  size=25  sort=email  order=asc|desc|none  + the list's own filters
 */
export type FilterKind = 'id' | 'flag' | 'day' | 'text';

export interface ListUrlSpec<F extends string, S extends string, K extends string = never> {
  sortFields: readonly S[];
  defaultSort: S;
  /** The search fields; absent when the list searches one thing only. */
  fields?: readonly F[];
  defaultField: F;
  /** The list's extra filters by URL name: '' when absent or invalid. */
  filters?: Record<K, FilterKind>;
  /** The filters the clear-filters button resets along with the search. */
  clearedFilters?: readonly K[];
}

export interface ListState<F extends string, S extends string, K extends string = never> {
  page: number;
  pageSize: number;
  sort: SortState<S>;
  field: F;
  text: string;
  filters: Record<K, string>;
}

const ORDERS: Record<string, number | undefined> = { desc: SORT_DESC, asc: SORT_ASC, none: SORT_NONE };
const ORDER_NAMES: Record<number, string> = { [SORT_DESC]: 'desc', [SORT_ASC]: 'asc', [SORT_NONE]: 'none' };
/** Far beyond any list; a bigger number is a typo, not a page. */
const MAX_PAGE = 100_000;

const isDay = (v: string) => {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
  return !!m && isCalendarDay(Number(m[1]), Number(m[2]), Number(m[3]));
};

const VALID: Record<FilterKind, (v: string) => boolean> = {
  id: (v) => /^[1-9]\d{0,9}$/.test(v),
  flag: (v) => v === '1',
  day: isDay,
  text: (v) => v.length <= MAX_SEARCH_LENGTH,
};

const oneOf = <T extends string>(value: string | null, allowed: readonly T[], fallback: T): T =>
  value !== null && (allowed as readonly string[]).includes(value) ? (value as T) : fallback;

const filterKeys = <K extends string>(filters: Record<K, FilterKind> | undefined) => Object.keys(filters ?? {}) as K[];

export function defaultListState<F extends string, S extends string, K extends string>(spec: ListUrlSpec<F, S, K>): ListState<F, S, K> {
  return {
    page: 1,
    pageSize: DEFAULT_PAGE_SIZE,
    sort: { sort_by: spec.defaultSort, sort_count: SORT_DESC },
    field: spec.defaultField,
    text: '',
    filters: Object.fromEntries(filterKeys(spec.filters).map((k) => [k, ''])) as Record<K, string>,
  };
}

export function parseListState<F extends string, S extends string, K extends string>(
  params: URLSearchParams,
  spec: ListUrlSpec<F, S, K>,
): ListState<F, S, K> {
  const d = defaultListState(spec);
  const page = Number(params.get('page'));
  const size = Number(params.get('size'));
  const order = params.get('order');
  const text = (params.get('q') ?? '').trim();
  return {
    page: Number.isInteger(page) && page >= 1 && page <= MAX_PAGE ? page : 1,
    pageSize: (PAGE_SIZES as readonly number[]).includes(size) ? size : d.pageSize,
    sort: {
      sort_by: oneOf(params.get('sort'), spec.sortFields, spec.defaultSort),
      sort_count: (order !== null ? ORDERS[order] : undefined) ?? SORT_DESC,
    },
    field: oneOf(params.get('field'), spec.fields ?? [], spec.defaultField),
    text: text.length <= MAX_SEARCH_LENGTH ? text : '',
    filters: Object.fromEntries(
      filterKeys(spec.filters).map((k) => {
        const v = params.get(k) ?? '';
        return [k, VALID[spec.filters![k]](v) ? v : ''];
      }),
    ) as Record<K, string>,
  };
}

/**
 * The URL's search params with this list's state written in: defaults are taken out, and params that
 * are not the list's (another page's, a dialog's) are kept.
 */
export function writeListState<F extends string, S extends string, K extends string>(
  params: URLSearchParams,
  state: ListState<F, S, K>,
  spec: ListUrlSpec<F, S, K>,
): URLSearchParams {
  const d = defaultListState(spec);
  const next = new URLSearchParams(params);
  const set = (key: string, value: string, fallback: string) => (value === fallback ? next.delete(key) : next.set(key, value));
  set('q', state.text.trim(), '');
  set('field', state.field, d.field);
  set('page', String(state.page), '1');
  set('size', String(state.pageSize), String(d.pageSize));
  // The default column descending is the default; anything else names its column and order.
  const defaultSort = state.sort.sort_by === d.sort.sort_by && state.sort.sort_count === d.sort.sort_count;
  set('sort', defaultSort ? '' : state.sort.sort_by, '');
  set('order', defaultSort ? '' : (ORDER_NAMES[state.sort.sort_count] ?? ''), '');
  for (const k of filterKeys(spec.filters)) set(k, state.filters[k], '');
  return next;
}
