import { useTranslation } from 'react-i18next';
import { X } from 'lucide-react';
import { USER_SEARCH_FIELDS } from '@promo/shared';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { PageSizeSelect } from '@/components/ui/page-size-select';
import { Switch } from '@/components/ui/switch';

export interface UsersFilters {
  field: (typeof USER_SEARCH_FIELDS)[number];
  text: string;
  adminOnly: boolean;
}

export function UsersToolbar({
  pageSize,
  onPageSize,
  filters,
  onFilters,
  onClear,
}: {
  pageSize: number;
  onPageSize: (size: number) => void;
  filters: UsersFilters;
  onFilters: (next: UsersFilters) => void;
  onClear: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-wrap items-center gap-3">
      <PageSizeSelect value={pageSize} onChange={onPageSize} />
      <div className="flex items-center gap-2">
        <Switch
          id="admin-only"
          checked={filters.adminOnly}
          onCheckedChange={(adminOnly) => onFilters({ ...filters, adminOnly })}
        />
        <Label htmlFor="admin-only">{t('users.admin_only')}</Label>
      </div>
      <div className="ml-auto flex items-center gap-2">
        <NativeSelect
          aria-label={t('users.search_field')}
          value={filters.field}
          onChange={(e) => onFilters({ ...filters, field: e.target.value as UsersFilters['field'] })}
        >
          {USER_SEARCH_FIELDS.map((f) => (
            <option key={f} value={f}>
              {t(`users.search_fields.${f}`)}
            </option>
          ))}
        </NativeSelect>
        <Input
          className="w-56"
          type="search"
          aria-label={t('users.search')}
          placeholder={t('users.search')}
          value={filters.text}
          maxLength={200}
          onChange={(e) => onFilters({ ...filters, text: e.target.value })}
        />
        {(filters.text || filters.field !== 'all') && (
          <Button variant="outline" size="sm" onClick={onClear}>
            <X /> {t('common.clear_filters')}
          </Button>
        )}
      </div>
    </div>
  );
}
