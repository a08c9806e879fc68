import type { ReactNode } from 'react';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { SORT_ASC, SORT_DESC, SORT_NONE } from '@promo/shared';
import { TableHead } from './table';

export interface SortState<F extends string> {
  sort_by: F;
  sort_count: number;
}

/** The header click cycle of spec 000 §4: descending, ascending, no sort. */
export function nextSort<F extends string>(current: SortState<F>, field: F): SortState<F> {
  if (current.sort_by !== field || current.sort_count === SORT_NONE) return { sort_by: field, sort_count: SORT_DESC };
  if (current.sort_count === SORT_DESC) return { sort_by: field, sort_count: SORT_ASC };
  return { sort_by: field, sort_count: SORT_NONE };
}

export function SortableHead<F extends string>({
  field,
  sort,
  onSort,
  children,
  className,
}: {
  field: F;
  sort: SortState<F>;
  onSort: (next: SortState<F>) => void;
  children: ReactNode;
  className?: string;
}) {
  const active = sort.sort_by === field ? sort.sort_count : SORT_NONE;
  const Icon = active === SORT_DESC ? ArrowDown : active === SORT_ASC ? ArrowUp : ArrowUpDown;
  return (
    <TableHead className={className} aria-sort={active === SORT_DESC ? 'descending' : active === SORT_ASC ? 'ascending' : 'none'}>
      <button type="button" className="inline-flex cursor-pointer items-center gap-1 hover:text-foreground" onClick={() => onSort(nextSort(sort, field))}>
        {children}
        <Icon className="size-3.5" aria-hidden />
      </button>
    </TableHead>
  );
}
