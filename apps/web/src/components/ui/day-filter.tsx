import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isDayString } from '@promo/shared';
import { DatePicker } from '@/components/ui/date-picker';
import { Label } from '@/components/ui/label';

/**
 * A day filter of a list or page (the audit log's and /insights' range): typed text that is no day
 * yet stays in the field and is marked, the URL keeps the last good day. `error` marks a good day
 * that does not fit (the end before the start).
 */
export function DayFilter({ id, label, value, error, onChange }: { id: string; label: string; value: string; error?: string; onChange: (day: string) => void }) {
  const { t } = useTranslation();
  const [typo, setTypo] = useState(false);
  const message = typo ? t('common.invalid_date') : error;
  return (
    <div className="grid gap-1">
      <Label htmlFor={id}>{label}</Label>
      <DatePicker
        id={id}
        label={label}
        value={value}
        invalid={!!message}
        onChange={(next) => {
          const ok = next === '' || isDayString(next);
          setTypo(!ok);
          if (ok) onChange(next);
        }}
      />
      {message && (
        <p id={`${id}-error`} className="text-xs text-destructive">
          {message}
        </p>
      )}
    </div>
  );
}
