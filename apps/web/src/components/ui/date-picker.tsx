import { lazy, Suspense, useState, type Ref } from 'react';
import { Popover } from 'radix-ui';
import { CalendarDays } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { dateToDay, dayToDate, parseTypedDay } from '@/lib/calendar-day';
import { formatDay } from '@/lib/format';
import { Button } from './button';
import { Input } from './input';

// The calendar is loaded only when someone opens it.
const DayCalendar = lazy(() => import('./range-calendar').then((m) => ({ default: m.DayCalendar })));

/** What the field shows for a value: a day in the interface's language; anything else as typed. */
const shown = (value: string, lang: string) => (parseTypedDay(value) === value ? formatDay(value, lang) : value);

/**
 * One calendar day, the app's own picker (not the browser's date input, whose format follows the
 * browser's locale): a text field taking the day as typed in the interface's language (dd.mm.yyyy in
 * Norwegian), and a button opening a month calendar. The value is 'YYYY-MM-DD'; text that is no
 * real day is passed on as typed, so the form's rules name it invalid.
 */
export function DatePicker({
  id,
  value,
  onChange,
  onBlur,
  label,
  invalid,
  disabled,
  inputRef,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  /** The field's label, naming the calendar button for screen readers. */
  label: string;
  invalid?: boolean;
  disabled?: boolean;
  inputRef?: Ref<HTMLInputElement>;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const [open, setOpen] = useState(false);
  const [text, setText] = useState(() => shown(value, lang));
  // A value set from outside (a form reset, the calendar) or a new language is shown anew; what the
  // person types stays as typed while it means the same day.
  const [seen, setSeen] = useState({ value, lang });
  if (seen.value !== value || seen.lang !== lang) {
    setSeen({ value, lang });
    if (seen.lang !== lang || (parseTypedDay(text) ?? text) !== value) setText(shown(value, lang));
  }

  const type = (next: string) => {
    setText(next);
    onChange(next.trim() === '' ? '' : (parseTypedDay(next) ?? next));
  };
  const pick = (date: Date) => {
    const day = dateToDay(date);
    setText(formatDay(day, lang));
    onChange(day);
    setOpen(false);
  };
  const hint = `${id}-hint`;
  return (
    <div className="flex items-center gap-1">
      <Input
        id={id}
        ref={inputRef}
        value={text}
        placeholder={t('common.date_placeholder')}
        inputMode="numeric"
        autoComplete="off"
        aria-invalid={invalid}
        disabled={disabled}
        aria-describedby={invalid ? `${hint} ${id}-error` : hint}
        onChange={(e) => type(e.target.value)}
        onBlur={() => {
          const day = parseTypedDay(text);
          if (day) setText(formatDay(day, lang));
          onBlur?.();
        }}
      />
      <span id={hint} className="sr-only">
        {t('common.date_hint')}
      </span>
      <Popover.Root open={open} onOpenChange={setOpen}>
        <Popover.Trigger asChild>
          <Button type="button" variant="outline" size="icon" disabled={disabled} aria-label={t('common.choose_date_for', { field: label })} data-testid={`${id}-calendar`}>
            <CalendarDays aria-hidden />
          </Button>
        </Popover.Trigger>
        <Popover.Portal>
          <Popover.Content
            align="end"
            sideOffset={6}
            collisionPadding={8}
            aria-label={t('common.choose_date_for', { field: label })}
            className="z-50 max-w-[calc(100vw-1rem)] rounded-md border border-border bg-background p-3 shadow-md"
          >
            <Suspense fallback={<p className="p-4 text-sm text-muted-foreground">{t('common.load_data')}</p>}>
              <DayCalendar value={dayToDate(value)} onSelect={pick} lang={lang} />
            </Suspense>
          </Popover.Content>
        </Popover.Portal>
      </Popover.Root>
    </div>
  );
}
