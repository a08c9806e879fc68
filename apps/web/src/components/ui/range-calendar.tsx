import { DayPicker, type DateRange } from 'react-day-picker';
import type { Locale } from 'date-fns';
import 'react-day-picker/style.css';

/** Two months side by side, picking a range. */
export default function RangeCalendar({
  value,
  onChange,
  locale,
}: {
  value: DateRange | undefined;
  onChange: (range: DateRange | undefined) => void;
  locale: Locale;
}) {
  return <DayPicker mode="range" numberOfMonths={2} selected={value} onSelect={onChange} locale={locale} defaultMonth={value?.from} />;
}
