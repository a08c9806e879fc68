import i18next from 'i18next';
import { BUSINESS_TIME_ZONE } from '@promo/shared';

/**
 * Dates in the interface's language (decision 012): dd.mm.yyyy in Norwegian, dd/mm/yyyy in English.
 * A calendar day (a promotion's period) is written as it is; an instant (a message, created_at) as
 * its date and time in Oslo, so every browser, whatever its time zone, shows the same.
 */
export const dateLocale = (lang = i18next.language) => (lang === 'en' ? 'en-GB' : 'nb-NO');

const formats = new Map<string, Intl.DateTimeFormat>();
function formatter(lang: string, withTime: boolean, timeZone: string) {
  const key = `${lang} ${withTime} ${timeZone}`;
  let f = formats.get(key);
  if (!f) {
    const time = withTime ? ({ hour: '2-digit', minute: '2-digit' } as const) : {};
    f = new Intl.DateTimeFormat(dateLocale(lang), { day: '2-digit', month: '2-digit', year: 'numeric', ...time, timeZone });
    formats.set(key, f);
  }
  return f;
}

/** A calendar day 'YYYY-MM-DD' (a promotion's period): 23.12.2026. No time zone can move it. */
export function formatDay(day: string, lang = i18next.language) {
  const [y, m, d] = day.split('-').map(Number);
  return formatter(lang, false, 'UTC').format(Date.UTC(y!, m! - 1, d!));
}

/** The date in Oslo at an instant: 23.12.2026. */
export const formatDate = (iso: string, lang = i18next.language) => formatter(lang, false, BUSINESS_TIME_ZONE).format(new Date(iso));

/** The date and time in Oslo at an instant: 23.12.2026, 14:05. */
export const formatDateTime = (iso: string, lang = i18next.language) => formatter(lang, true, BUSINESS_TIME_ZONE).format(new Date(iso));

/** A whole number with the interface language's digit grouping: 10 300 (no), 10,300 (en). */
export const formatCount = (n: number, lang = i18next.language) => new Intl.NumberFormat(dateLocale(lang)).format(n);
