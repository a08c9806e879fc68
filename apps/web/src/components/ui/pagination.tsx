import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { pageCount, pageWindow } from '@promo/shared';
import { Button } from './button';

/** Pages of a server-paged list; shown only when the total exceeds the page size. */
export function Pagination({
  page,
  pageSize,
  total,
  onPage,
}: {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation();
  if (total <= pageSize) return null;
  const count = pageCount(total, pageSize);
  return (
    <nav aria-label={t('pagination.label')} className="flex items-center justify-center gap-1 py-3">
      <Button variant="ghost" size="icon" aria-label={t('pagination.previous')} disabled={page <= 1} onClick={() => onPage(page - 1)}>
        <ChevronLeft />
      </Button>
      {pageWindow(page, count).map((item) =>
        typeof item === 'number' ? (
          <Button
            key={item}
            variant={item === page ? 'default' : 'ghost'}
            size="icon"
            aria-current={item === page ? 'page' : undefined}
            onClick={() => onPage(item)}
          >
            {item}
          </Button>
        ) : (
          <span key={item} className="px-2 text-muted-foreground" aria-hidden>
            …
          </span>
        ),
      )}
      <Button variant="ghost" size="icon" aria-label={t('pagination.next')} disabled={page >= count} onClick={() => onPage(page + 1)}>
        <ChevronRight />
      </Button>
    </nav>
  );
}
