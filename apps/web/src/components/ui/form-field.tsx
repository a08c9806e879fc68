import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Label } from './label';

/** A label, its control and the first error of the field, translated from its validation key. */
export function FormField({ id, label, error, children }: { id: string; label: ReactNode; error?: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      {children}
      {error && (
        <p id={`${id}-error`} role="alert" className="text-xs text-destructive">
          {t(`validation.${error}`, { defaultValue: error })}
        </p>
      )}
    </div>
  );
}
