import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ChevronRight } from 'lucide-react';
import type { DesignPageData } from '@promo/shared';
import { briefSummary } from '../brief-summary';

/** Promotions / the promotion (back to its surfaces) / the surface / the design, its brief summary as tooltip. */
export function DesignBreadcrumb({ data }: { data: DesignPageData }) {
  const { t } = useTranslation();
  const summary = briefSummary(data.data.description);
  return (
    <nav aria-label={t('promotions.breadcrumb')} className="text-sm text-muted-foreground">
      <ol className="flex flex-wrap items-center gap-1">
        <li>
          <Link to="/promotions" className="hover:underline">
            {t('promotions.title')}
          </Link>
        </li>
        <Separator />
        <li>
          <Link to={`/promotion-settings?prom_id=${data.promotion.id}&action=surfaces`} className="hover:underline">
            {data.promotion.name}
          </Link>
        </li>
        <Separator />
        <li>{data.surface.name}</li>
        <Separator />
        <li aria-current="page" className="font-medium text-foreground" title={summary || undefined}>
          {data.name}
        </li>
      </ol>
    </nav>
  );
}

const Separator = () => (
  <li aria-hidden="true">
    <ChevronRight className="size-3.5" />
  </li>
);
