import { useTranslation } from 'react-i18next';
import { X } from 'lucide-react';
import { Button } from './button';
import { Input } from './input';
import { NativeSelect } from './native-select';

/** A field choice, a search box and a clear-filters button that shows while something is set. */
export function SearchControls<F extends string>({
  fields,
  field,
  onField,
  fieldLabel,
  text,
  onText,
  onClear,
  showClear,
}: {
  fields?: readonly F[];
  field?: F;
  onField?: (f: F) => void;
  /** Translates a field name for the select. */
  fieldLabel?: (f: F) => string;
  text: string;
  onText: (text: string) => void;
  onClear: () => void;
  showClear?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-wrap items-center gap-2">
      {fields && field !== undefined && onField && (
        <NativeSelect aria-label={t('common.search_field')} value={field} onChange={(e) => onField(e.target.value as F)}>
          {fields.map((f) => (
            <option key={f} value={f}>
              {fieldLabel ? fieldLabel(f) : f}
            </option>
          ))}
        </NativeSelect>
      )}
      <Input
        className="w-48 sm:w-56"
        type="search"
        aria-label={t('common.search')}
        placeholder={t('common.search')}
        value={text}
        maxLength={200}
        onChange={(e) => onText(e.target.value)}
      />
      {(showClear ?? !!text) && (
        <Button variant="outline" size="sm" onClick={onClear}>
          <X /> {t('common.clear_filters')}
        </Button>
      )}
    </div>
  );
}
