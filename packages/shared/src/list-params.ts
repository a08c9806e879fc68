import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, MAX_SEARCH_LENGTH, SORT_DESC } from './constants';
import { zInt } from './form-values';

/**
 * The list parameters every list endpoint shares (spec 000 §7):
 * count_show (page size), start_index (offset of the first row), obj_search{...},
 * sort_by and sort_count (0 none, 1 descending, 2 ascending).
 */
export function listParams<S extends readonly [string, ...string[]], O extends z.ZodRawShape>(opts: {
  sortFields: S;
  defaultSort: S[number];
  search: O;
}) {
  return z.object({
    count_show: zInt({ min: 1, max: MAX_PAGE_SIZE }).default(DEFAULT_PAGE_SIZE),
    start_index: zInt({ min: 0, max: 10_000_000 }).default(0),
    obj_search: z.object(opts.search).prefault({} as never),
    sort_by: z.enum(opts.sortFields).default(opts.defaultSort as never),
    sort_count: zInt({ min: 0, max: 2 }).default(SORT_DESC),
  });
}

export const searchText = z.string().trim().max(MAX_SEARCH_LENGTH, 'max_length').default('');
