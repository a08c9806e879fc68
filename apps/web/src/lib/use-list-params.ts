import { useContext, useEffect, useMemo, useState } from 'react';
import { UNSAFE_DataRouterContext, useLocation, useSearchParams } from 'react-router';
import { pageCount } from '@promo/shared';
import type { SortState } from '@/components/ui/sortable-head';
import { defaultListState, parseListState, writeListState, type ListState, type ListUrlSpec } from './list-url';
import { useDebouncedValue } from './use-debounced-value';

/** Typing in a search box is debounced by 500 ms before the list asks again (spec 000 §9). */
export const SEARCH_DEBOUNCE_MS = 500;

/**
 * The state every server-paged list shares: page, page size, sort cycle, a field search and the
 * list's own filters, kept in the URL (see list-url.ts). Changing anything but the page goes back
 * to page 1.
 *
 * History: a page, size, sort or filter change pushes an entry, so back returns to the list as it
 * was; the search text is written 500 ms after the last key and replaces the entry, so typing
 * does not flood the history (and back does not replay each word).
 */
export function useListParams<F extends string, S extends string, K extends string = never>(spec: ListUrlSpec<F, S, K>) {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => parseListState(params, spec), [params, spec]);

  const write = (patch: Partial<ListState<F, S, K>>, replace = false) =>
    setParams((current) => writeListState(current, { ...parseListState(current, spec), page: 1, ...patch }, spec), { replace });

  // What is typed shows at once; the URL (and so the query) follows after the debounce. When the URL
  // changes on its own (back, a link), the box shows its text.
  // The router may render its new URL after other updates, so the text this hook wrote itself is
  // remembered: its arrival in the URL leaves the box (and what is typed since) alone.
  const [text, setTextState] = useState(state.text);
  const [urlText, setUrlText] = useState(state.text);
  const [written, setWritten] = useState<string | null>(null);
  if (state.text !== urlText) {
    setUrlText(state.text);
    if (state.text === written) setWritten(null);
    else setTextState(state.text);
  }
  const debounced = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const leaving = useLeavingList();
  useEffect(() => {
    if (debounced === state.text || leaving()) return;
    setWritten(debounced);
    write({ text: debounced }, true);
    // Only a new debounced text writes; the URL's own changes are taken above.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debounced]);

  return {
    page: state.page,
    setPage: (page: number) => write({ page }),
    pageSize: state.pageSize,
    setPageSize: (pageSize: number) => write({ pageSize }),
    sort: state.sort,
    setSort: (sort: SortState<S>) => write({ sort }),
    field: state.field,
    setField: (field: F) => write({ field }),
    text,
    setText: setTextState,
    filters: state.filters,
    setFilters: (filters: Partial<Record<K, string>>) => write({ filters: { ...state.filters, ...filters } }),
    /** The clear-filters button: the search, and the filters the spec names in clearedFilters. */
    clearSearch: () => {
      setTextState('');
      const cleared = Object.fromEntries((spec.clearedFilters ?? []).map((k) => [k, ''])) as Partial<Record<K, string>>;
      write({ text: '', field: spec.defaultField, filters: { ...state.filters, ...cleared } });
    },
    resetSort: (filters?: Partial<Record<K, string>>) => write({ sort: defaultListState(spec).sort, filters: { ...state.filters, ...filters } }),
    /**
     * A page beyond the last (a shared link to a list that has since shrunk, a delete that emptied the
     * last page) shows the last page instead; the URL is corrected in place.
     */
    fitPage: (total: unknown) => {
      if (typeof total === 'number' && state.page > pageCount(total, state.pageSize)) write({ page: pageCount(total, state.pageSize) }, true);
    },
    /** The list parameters of the specification, ready for the query. */
    params: {
      count_show: state.pageSize,
      start_index: (state.page - 1) * state.pageSize,
      sort_by: state.sort.sort_by,
      sort_count: state.sort.sort_count,
    },
    searchText: state.text,
  };
}

/**
 * Whether the router is on its way to another page or already there while this list is still on
 * screen (a row opened while the search was pending): a search written then would cancel that
 * navigation (the click is lost) or land in the next page's address. The router's own state is read
 * when the debounce runs out, not what this list last rendered with.
 */
function useLeavingList() {
  const { pathname } = useLocation();
  const router = useContext(UNSAFE_DataRouterContext)?.router;
  return () => {
    if (!router) return false;
    const { location, navigation } = router.state;
    return location.pathname !== pathname || (navigation.location !== undefined && navigation.location.pathname !== pathname);
  };
}
