import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';

export function Table({ className, ...props }: ComponentProps<'table'>) {
  return (
    <div className="relative w-full overflow-x-auto rounded-md border border-border bg-background">
      <table className={cn('w-full caption-bottom text-sm', className)} {...props} />
    </div>
  );
}
export const TableHeader = (p: ComponentProps<'thead'>) => <thead className={cn('bg-muted/60 [&_tr]:border-b', p.className)} {...p} />;
export const TableBody = (p: ComponentProps<'tbody'>) => <tbody className={cn('[&_tr:last-child]:border-0', p.className)} {...p} />;
export const TableRow = ({ className, ...p }: ComponentProps<'tr'>) => (
  <tr className={cn('border-b border-border hover:bg-muted/40', className)} {...p} />
);
export const TableHead = ({ className, ...p }: ComponentProps<'th'>) => (
  <th className={cn('h-10 px-3 text-left align-middle font-medium whitespace-nowrap text-muted-foreground', className)} {...p} />
);
export const TableCell = ({ className, ...p }: ComponentProps<'td'>) => (
  <td className={cn('px-3 py-2 align-middle', className)} {...p} />
);

const STICKY_SIDE = { left: 'max-lg:left-0 max-lg:border-r', right: 'max-lg:right-0 max-lg:border-l' };
/** The header's colour as a solid one, for a sticky header cell that scrolled cells pass under. */
export const STICKY_HEAD_BG = 'max-lg:bg-[color-mix(in_oklab,var(--color-muted)_60%,var(--color-background))]';

/**
 * A first or last column that stays in view while its table scrolls sideways (below 1024 px), so a
 * phone shows which row it is on or its actions. Give a cell its row's solid background.
 */
export function stickyColumn(side: 'left' | 'right', background = 'max-lg:bg-background') {
  return cn('max-lg:sticky max-lg:z-10 max-lg:border-border', STICKY_SIDE[side], background);
}

/** The one row a table shows while it has no rows: the loading text, or its empty text. */
export function EmptyRow({ colSpan, loading, emptyText }: { colSpan: number; loading: boolean; emptyText: string }) {
  const { t } = useTranslation();
  return (
    <TableRow>
      <TableCell colSpan={colSpan} className="py-8 text-center text-muted-foreground">
        {loading ? t('common.load_data') : emptyText}
      </TableCell>
    </TableRow>
  );
}
