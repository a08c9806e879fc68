import { useTranslation } from 'react-i18next';

export type BriefChoiceField = 'color' | 'supplier_discount' | 'plu_scan';

/** An option's label: colours and PLU/scan words are translated, percentages shown as they are. */
export function useBriefChoiceLabel() {
  const { t } = useTranslation();
  return (field: BriefChoiceField, value: string) => {
    if (!value) return t('design.not_chosen');
    if (field === 'color') return t(`design.colors.${value}`, { defaultValue: value });
    if (field === 'plu_scan') return t(`design.plu_scan_options.${value}`, { defaultValue: value });
    return value;
  };
}

/** The options of one brief choice; a stored value no longer in the list stays choosable. */
export function BriefChoiceOptions({ field, options, current }: { field: BriefChoiceField; options: readonly string[]; current: string }) {
  const label = useBriefChoiceLabel();
  const values = current && !options.includes(current) ? [current, ...options] : options;
  return (
    <>
      <option value="">{label(field, '')}</option>
      {values.map((v) => (
        <option key={v} value={v}>
          {label(field, v)}
        </option>
      ))}
    </>
  );
}
