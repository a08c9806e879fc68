import { useTranslation } from 'react-i18next';
import { NativeSelect } from '@/components/ui/native-select';
import { PageSizeSelect } from '@/components/ui/page-size-select';
import { SearchControls } from '@/components/ui/search-controls';

export function DesignsToolbar({
  pageSize,
  onPageSize,
  categories,
  category,
  onCategory,
  text,
  onText,
  onClear,
}: {
  pageSize: number;
  onPageSize: (size: number) => void;
  categories: { id: number; name: string }[];
  /** The chosen category id, '' for all. */
  category: string;
  onCategory: (category: string) => void;
  text: string;
  onText: (text: string) => void;
  onClear: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-wrap items-center gap-3">
      <PageSizeSelect value={pageSize} onChange={onPageSize} />
      <NativeSelect
        aria-label={t('designs.filter_category')}
        className="w-[180px]"
        value={category}
        onChange={(e) => onCategory(e.target.value)}
      >
        <option value="">{t('designs.all_categories')}</option>
        {categories.map((c) => (
          <option key={c.id} value={String(c.id)}>
            {c.name}
          </option>
        ))}
      </NativeSelect>
      <div className="ml-auto">
        <SearchControls text={text} onText={onText} onClear={onClear} showClear={!!text || !!category} />
      </div>
    </div>
  );
}
