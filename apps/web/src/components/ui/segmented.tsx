import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

/**
 * A row of joined buttons of which one is chosen: tabs (`tablist`) or a choice (`radiogroup`).
 * Each option's test id is `${testId}-${value}` when `testId` is given.
 */
export function Segmented<T extends string>({
  kind,
  label,
  options,
  value,
  onChange,
  testId,
}: {
  kind: 'tablist' | 'radiogroup';
  label: string;
  options: { value: T; label: ReactNode }[];
  value: T;
  onChange: (value: T) => void;
  testId?: string;
}) {
  const item = kind === 'tablist' ? 'tab' : 'radio';
  return (
    <div role={kind} aria-label={label} className="flex overflow-hidden rounded-md border border-border text-sm">
      {options.map((o) => (
        <button
          key={o.value}
          type="button"
          role={item}
          {...(item === 'tab' ? { 'aria-selected': value === o.value } : { 'aria-checked': value === o.value })}
          onClick={() => onChange(o.value)}
          className={cn('px-3 py-1.5', value === o.value ? 'bg-primary text-primary-foreground' : 'bg-background hover:bg-accent')}
          data-testid={testId ? `${testId}-${o.value}` : undefined}
        >
          {o.label}
        </button>
      ))}
    </div>
  );
}
