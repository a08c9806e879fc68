import { useTranslation } from 'react-i18next';
import { PAGE_SIZES } from '@promo/shared';
import { NativeSelect } from './native-select';

export function PageSizeSelect({ value, onChange }: { value: number; onChange: (size: number) => void }) {
  const { t } = useTranslation();
  return (
    <NativeSelect aria-label={t('pagination.page_size')} className="w-[70px]" value={value} onChange={(e) => onChange(Number(e.target.value))}>
      {PAGE_SIZES.map((size) => (
        <option key={size} value={size}>
          {size}
        </option>
      ))}
    </NativeSelect>
  );
}
