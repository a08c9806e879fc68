import { DayPicker, type DateRange } from 'react-day-picker';
import { enGB } from 'react-day-picker/locale/en-GB';
import { nb } from 'react-day-picker/locale/nb';
import 'react-day-picker/style.css';
import { useMediaQuery } from '@/lib/use-media-query';

/** Month and day names, and the screen reader's labels, in the interface's language; weeks start on Monday. */
const localeOf = (lang: string) => (lang === 'en' ? enGB : nb);

/**
 * Where two months fit side by side with the popover's margins (about 680 px): from Tailwind's `md`
 * up. Below it (a phone, a narrow tablet) two months would run off the screen with the arrows.
 */
const TWO_MONTHS_FIT = '(min-width: 768px)';

/** Two months side by side on a desk, picking a range (spec 001 §2.2); one where they do not fit (issue 33). */
export default function RangeCalendar({
  value,
  onChange,
  lang,
}: {
  value: DateRange | undefined;
  onChange: (range: DateRange | undefined) => void;
  lang: string;
}) {
  const twoFit = useMediaQuery(TWO_MONTHS_FIT);
  return <DayPicker mode="range" numberOfMonths={twoFit ? 2 : 1} selected={value} onSelect={onChange} locale={localeOf(lang)} defaultMonth={value?.from} />;
}

/** One month, picking a day; the chosen day (else today) takes the focus, so the arrow keys move from there. */
export function DayCalendar({ value, onSelect, lang }: { value: Date | undefined; onSelect: (date: Date) => void; lang: string }) {
  return <DayPicker mode="single" required autoFocus selected={value} onSelect={onSelect} locale={localeOf(lang)} defaultMonth={value} />;
}
