import { useState } from 'react';
import { DEFAULT_PAGE_SIZE, SORT_DESC } from '@promo/shared';
import type { SortState } from '@/components/ui/sortable-head';
import { useDebouncedValue } from './use-debounced-value';

/** Typing in a search box is debounced by 500 ms before the list asks again (spec 000 §9). */
export const SEARCH_DEBOUNCE_MS = 500;

/**
 * The state every server-paged list shares: page, page size, sort cycle and a field search.
 * Changing the size, the sort or the search goes back to page 1.
 */
export function useListParams<F extends string, S extends string>(opts: { defaultSort: S; defaultField: F }) {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSizeState] = useState(DEFAULT_PAGE_SIZE);
  const [sort, setSortState] = useState<SortState<S>>({ sort_by: opts.defaultSort, sort_count: SORT_DESC });
  const [field, setFieldState] = useState<F>(opts.defaultField);
  const [text, setTextState] = useState('');
  const debouncedText = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);

  const firstPage = <T,>(set: (v: T) => void) => (v: T) => {
    set(v);
    setPage(1);
  };

  return {
    page,
    setPage,
    pageSize,
    setPageSize: firstPage(setPageSizeState),
    sort,
    setSort: firstPage(setSortState),
    field,
    setField: firstPage(setFieldState),
    text,
    setText: firstPage(setTextState),
    clearSearch: () => {
      setTextState('');
      setFieldState(opts.defaultField);
      setPage(1);
    },
    resetSort: () => setSortState({ sort_by: opts.defaultSort, sort_count: SORT_DESC }),
    /** The list parameters of the specification, ready for the query. */
    params: {
      count_show: pageSize,
      start_index: (page - 1) * pageSize,
      sort_by: sort.sort_by,
      sort_count: sort.sort_count,
    },
    searchText: debouncedText,
  };
}
