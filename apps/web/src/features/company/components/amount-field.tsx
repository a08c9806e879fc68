import { useId, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Minus, Plus } from 'lucide-react';
import { amountTextError, MAX_PLANNER_AMOUNT } from '@promo/shared';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/cn';

/**
 * A planner amount as typed (issue 21): a text field with the phone's number keyboard, and − / +
 * steppers big enough for a thumb. What is not a whole number of 0 or more is kept as typed and
 * refused with its reason under the field, never turned into another number.
 */
export function AmountField({
  value,
  onChange,
  onEnter,
  onRevert,
  label,
  disabled,
  steppers,
  className,
}: {
  value: string;
  onChange: (value: string) => void;
  /** Enter in the field (the desktop table saves its row). */
  onEnter?: () => void;
  /** Left empty: back to the saved amount. */
  onRevert?: () => void;
  label: string;
  disabled?: boolean;
  steppers?: boolean;
  className?: string;
}) {
  const { t } = useTranslation();
  const errorId = useId();
  const error = value === '' ? null : amountTextError(value);
  const current = error ? null : Number(value || 0);
  const step = (by: number) => current !== null && onChange(String(Math.min(MAX_PLANNER_AMOUNT, Math.max(0, current + by))));
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter' && !error) onEnter?.();
    if (e.key === 'ArrowUp') step(1);
    if (e.key === 'ArrowDown') step(-1);
  };
  return (
    <div className={cn('grid gap-1', className)}>
      <div className="flex items-center gap-2">
        {steppers && (
          <Button type="button" variant="outline" size="icon" className="size-11 shrink-0" aria-label={t('company.planner.decrease', { name: label })} disabled={disabled || !current} onClick={() => step(-1)}>
            <Minus />
          </Button>
        )}
        <Input
          type="text"
          inputMode="numeric"
          autoComplete="off"
          enterKeyHint="done"
          // Room for the largest amount (MAX_PLANNER_AMOUNT, 7 digits) and one more, whatever the font size.
          className={cn('w-[calc(8ch+1.5rem+2px)] shrink-0 text-right tabular-nums', steppers && 'h-11 text-base')}
          aria-label={t('company.planner.amount_of', { name: label })}
          aria-invalid={!!error}
          aria-describedby={error ? errorId : undefined}
          value={value}
          disabled={disabled}
          readOnly={disabled}
          onKeyDown={onKeyDown}
          onChange={(e) => onChange(e.target.value)}
          onBlur={() => value.trim() === '' && onRevert?.()}
        />
        {steppers && (
          <Button type="button" variant="outline" size="icon" className="size-11 shrink-0" aria-label={t('company.planner.increase', { name: label })} disabled={disabled || current === null || current >= MAX_PLANNER_AMOUNT} onClick={() => step(1)}>
            <Plus />
          </Button>
        )}
      </div>
      {error && (
        <p id={errorId} role="alert" className="text-sm text-destructive">
          {t(`validation.${error}`)}
        </p>
      )}
    </div>
  );
}
