import { useTranslation } from 'react-i18next';
import { PRODUCT_SEARCH_FIELDS } from '@promo/shared';
import { NativeSelect } from '@/components/ui/native-select';
import { PageSizeSelect } from '@/components/ui/page-size-select';
import { SearchControls } from '@/components/ui/search-controls';

export type ProductSearchField = (typeof PRODUCT_SEARCH_FIELDS)[number];

export interface ProductFilters {
  /** A category name, '' for all. */
  category: string;
  /** A sub-category name, '' for all. */
  subCategory: string;
}

export function ProductsToolbar({
  pageSize,
  onPageSize,
  filters,
  onFilters,
  categories,
  subCategories,
  field,
  onField,
  text,
  onText,
  onClear,
  showClear,
}: {
  pageSize: number;
  onPageSize: (size: number) => void;
  filters: ProductFilters;
  onFilters: (next: ProductFilters) => void;
  categories: string[];
  subCategories: string[];
  field: ProductSearchField;
  onField: (field: ProductSearchField) => void;
  text: string;
  onText: (text: string) => void;
  onClear: () => void;
  showClear: boolean;
}) {
  const { t } = useTranslation();
  // A chosen value stays selectable while a new list is on its way.
  const withCurrent = (list: string[], current: string) => (current && !list.includes(current) ? [current, ...list] : list);
  return (
    <div className="flex flex-wrap items-center gap-3">
      <PageSizeSelect value={pageSize} onChange={onPageSize} />
      <NativeSelect
        aria-label={t('products.category_filter')}
        className="w-[180px]"
        value={filters.category}
        // Another category has other sub-categories: the sub-category choice starts again.
        onChange={(e) => onFilters({ category: e.target.value, subCategory: '' })}
      >
        <option value="">{t('products.all_categories')}</option>
        {withCurrent(categories, filters.category).map((c) => (
          <option key={c} value={c}>
            {c}
          </option>
        ))}
      </NativeSelect>
      <NativeSelect
        aria-label={t('products.sub_category_filter')}
        className="w-[200px]"
        value={filters.subCategory}
        onChange={(e) => onFilters({ ...filters, subCategory: e.target.value })}
      >
        <option value="">{t('products.all_sub_categories')}</option>
        {withCurrent(subCategories, filters.subCategory).map((s) => (
          <option key={s} value={s}>
            {s}
          </option>
        ))}
      </NativeSelect>
      <div className="ml-auto">
        <SearchControls
          fields={PRODUCT_SEARCH_FIELDS}
          field={field}
          onField={onField}
          fieldLabel={(f) => t(`products.fields.${f}`)}
          text={text}
          onText={onText}
          onClear={onClear}
          showClear={showClear}
        />
      </div>
    </div>
  );
}
