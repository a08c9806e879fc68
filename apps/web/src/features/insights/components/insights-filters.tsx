import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { GROUPS } from '@promo/shared';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { categoriesListQuery } from '@/features/categories/api';
import { useCurrentUser } from '@/lib/session';
import type { InsightsFilters as Filters } from '../api';
import { DayFilter } from '@/components/ui/day-filter';

/**
 * The range, category and station group of /insights. A cm is offered its own categories only
 * (the server keeps it to them whatever it asks).
 */
export function InsightsFilters({ filters, rangeError, onChange }: { filters: Filters; rangeError: boolean; onChange: (patch: Partial<Filters>) => void }) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const categories = useQuery(categoriesListQuery).data ?? [];
  const offered = user?.role === 'cm' ? categories.filter((c) => c.manager_id === user.id) : categories;
  const filtered = Object.values(filters).some(Boolean);
  return (
    <div className="flex flex-wrap items-end gap-3" role="search" aria-label={t('insights.filters')}>
      <DayFilter id="insights-from" label={t('insights.from')} value={filters.from} onChange={(from) => onChange({ from })} />
      <DayFilter
        id="insights-to"
        label={t('insights.to')}
        value={filters.to}
        error={rangeError ? t('insights.to_before_from') : undefined}
        onChange={(to) => onChange({ to })}
      />
      <div className="grid gap-1">
        <Label htmlFor="insights-category">{t('insights.category')}</Label>
        <NativeSelect id="insights-category" className="w-[220px] max-w-full" value={filters.category} onChange={(e) => onChange({ category: e.target.value })}>
          <option value="">{t('insights.all_categories')}</option>
          {offered.map((c) => (
            <option key={c.id} value={String(c.id)}>
              {c.name}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="grid gap-1">
        <Label htmlFor="insights-group">{t('insights.group')}</Label>
        <NativeSelect id="insights-group" className="w-[160px]" value={filters.group} onChange={(e) => onChange({ group: e.target.value })}>
          <option value="">{t('insights.all_groups')}</option>
          {GROUPS.map((g) => (
            <option key={g} value={g}>
              {g}
            </option>
          ))}
        </NativeSelect>
      </div>
      {filtered && (
        <Button variant="outline" onClick={() => onChange({ from: '', to: '', category: '', group: '' })}>
          {t('common.clear_filters')}
        </Button>
      )}
    </div>
  );
}
