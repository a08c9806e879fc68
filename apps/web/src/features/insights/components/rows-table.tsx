import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SideScroll } from '@/components/ui/side-scroll';
import { TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { cn } from '@/lib/cn';
import type { TableSpec } from '../charts/chart-spec';

/**
 * Rows of /insights as a table with a caption: a chart's table or a list. The first cell links to
 * the row's page where it has one. A table wider than a phone scrolls in its own box, which shows
 * it with an edge shadow and a hint (issue 33); its caption stays above the box.
 */
export function RowsTable<R>({ spec }: { spec: TableSpec<R> }) {
  const { t } = useTranslation();
  const caption = `${spec.id}-caption`;
  return (
    <div className="grid min-w-0 grid-cols-1 rounded-md border border-border bg-background" data-testid={`table-${spec.id}`}>
      {/* The caption as the eye sees it, wrapped within the box; the table's own caption names it for a screen reader. */}
      <p className="px-3 py-2 text-sm font-medium text-muted-foreground" aria-hidden="true">
        {spec.name}
      </p>
      <SideScroll labelledBy={caption} hint={t('insights.scroll_hint')} className="overflow-hidden rounded-b-md">
        <table className="w-full text-sm">
          <caption id={caption} className="sr-only">
            {spec.name}
          </caption>
          <TableHeader>
            <TableRow>
              {spec.columns.map((c) => (
                <TableHead key={c.label} scope="col" className={cn(c.numeric && 'text-right')}>
                  {c.label}
                </TableHead>
              ))}
            </TableRow>
          </TableHeader>
          <TableBody>
            {spec.rows.map((row, i) => {
              const link = spec.link?.(row);
              return (
                <TableRow key={i}>
                  {spec.columns.map((c, j) => (
                    <TableCell key={c.label} className={cn(c.numeric && 'text-right whitespace-nowrap', j === 0 && 'min-w-[10rem]')}>
                      {j === 0 && link ? (
                        <Link to={link} className="text-primary underline-offset-4 hover:underline">
                          {c.text(row)}
                        </Link>
                      ) : (
                        c.text(row)
                      )}
                    </TableCell>
                  ))}
                </TableRow>
              );
            })}
          </TableBody>
        </table>
      </SideScroll>
    </div>
  );
}
