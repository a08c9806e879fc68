import { useTranslation } from 'react-i18next';
import { USER_SEARCH_FIELDS } from '@promo/shared';
import { Label } from '@/components/ui/label';
import { PageSizeSelect } from '@/components/ui/page-size-select';
import { SearchControls } from '@/components/ui/search-controls';
import { Switch } from '@/components/ui/switch';

export type UserSearchField = (typeof USER_SEARCH_FIELDS)[number];

export function UsersToolbar({
  pageSize,
  onPageSize,
  adminOnly,
  onAdminOnly,
  field,
  onField,
  text,
  onText,
  onClear,
}: {
  pageSize: number;
  onPageSize: (size: number) => void;
  adminOnly: boolean;
  onAdminOnly: (adminOnly: boolean) => void;
  field: UserSearchField;
  onField: (field: UserSearchField) => void;
  text: string;
  onText: (text: string) => void;
  onClear: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-wrap items-center gap-3">
      <PageSizeSelect value={pageSize} onChange={onPageSize} />
      <div className="flex items-center gap-2">
        <Switch id="admin-only" checked={adminOnly} onCheckedChange={onAdminOnly} />
        <Label htmlFor="admin-only">{t('users.admin_only')}</Label>
      </div>
      <div className="ml-auto">
        <SearchControls
          fields={USER_SEARCH_FIELDS}
          field={field}
          onField={onField}
          fieldLabel={(f) => t(`users.search_fields.${f}`)}
          text={text}
          onText={onText}
          onClear={onClear}
          showClear={!!text || field !== 'all'}
        />
      </div>
    </div>
  );
}
