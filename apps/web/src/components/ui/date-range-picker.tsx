import { lazy, Suspense, useState } from 'react';
import { Popover } from 'radix-ui';
import { CalendarRange, X } from 'lucide-react';
import { format } from 'date-fns';
import { enGB, nb } from 'date-fns/locale';
import { useTranslation } from 'react-i18next';
import type { DateRange } from 'react-day-picker';
import { Button } from './button';

// The calendar is loaded only when someone opens it.
const RangeCalendar = lazy(() => import('./range-calendar'));

export type { DateRange };

/** The display format of the date range (spec 001 §2.2). */
export const RANGE_FORMAT = 'dd LLL y';

/** A button that shows the chosen range and opens a two-month calendar (one month where two do not fit, RangeCalendar). */
export function DateRangePicker({ value, onChange }: { value: DateRange | undefined; onChange: (range: DateRange | undefined) => void }) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const locale = i18n.language === 'en' ? enGB : nb;
  const label = value?.from
    ? `${format(value.from, RANGE_FORMAT, { locale })}${value.to ? ` – ${format(value.to, RANGE_FORMAT, { locale })}` : ''}`
    : t('common.pick_dates');
  return (
    <div className="flex items-center gap-1">
      <Popover.Root open={open} onOpenChange={setOpen}>
        <Popover.Trigger asChild>
          <Button variant="outline" className="min-w-56 justify-start font-normal" data-testid="date-range">
            <CalendarRange /> {label}
          </Button>
        </Popover.Trigger>
        <Popover.Portal>
          <Popover.Content
            align="start"
            sideOffset={6}
            collisionPadding={8}
            aria-label={t('common.pick_dates')}
            className="z-50 max-w-[calc(100vw-1rem)] rounded-md border border-border bg-background p-3 shadow-md"
          >
            <Suspense fallback={<p className="p-4 text-sm text-muted-foreground">{t('common.load_data')}</p>}>
              <RangeCalendar value={value} onChange={onChange} lang={i18n.language} />
            </Suspense>
          </Popover.Content>
        </Popover.Portal>
      </Popover.Root>
      {value?.from && (
        <Button variant="ghost" size="icon" aria-label={t('common.clear_dates')} onClick={() => onChange(undefined)}>
          <X />
        </Button>
      )}
    </div>
  );
}
