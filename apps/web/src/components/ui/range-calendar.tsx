import { DayPicker, type DateRange } from 'react-day-picker';
import { enGB } from 'react-day-picker/locale/en-GB';
import { nb } from 'react-day-picker/locale/nb';
import 'react-day-picker/style.css';

/** Month and day names, and the screen reader's labels, in the interface's language; weeks start on Monday. */
const localeOf = (lang: string) => (lang === 'en' ? enGB : nb);

/** Two months side by side, picking a range. */
export default function RangeCalendar({
  value,
  onChange,
  lang,
}: {
  value: DateRange | undefined;
  onChange: (range: DateRange | undefined) => void;
  lang: string;
}) {
  return <DayPicker mode="range" numberOfMonths={2} selected={value} onSelect={onChange} locale={localeOf(lang)} defaultMonth={value?.from} />;
}

/** One month, picking a day; the chosen day (else today) takes the focus, so the arrow keys move from there. */
export function DayCalendar({ value, onSelect, lang }: { value: Date | undefined; onSelect: (date: Date) => void; lang: string }) {
  return <DayPicker mode="single" required autoFocus selected={value} onSelect={onSelect} locale={localeOf(lang)} defaultMonth={value} />;
}
