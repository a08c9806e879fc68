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

const numberFormats = new Map<string, Intl.NumberFormat>();
/**
 * A number in the interface language (issue 21): 3 112,50 and 0,707 in Norwegian, 3,112.50 and
 * 0.707 in English, with `min` to `max` decimals. Intl's own signs are kept: the no-break space
 * between groups (a number never breaks over two lines) and the minus sign U+2212 in Norwegian.
 */
export function formatDecimal(n: number, { min = 0, max = 2 }: { min?: number; max?: number } = {}, lang = i18next.language) {
  const key = `${lang} ${min} ${max}`;
  let f = numberFormats.get(key);
  if (!f) {
    f = new Intl.NumberFormat(dateLocale(lang), { minimumFractionDigits: min, maximumFractionDigits: max });
    numberFormats.set(key, f);
  }
  return f.format(n);
}

/**
 * An amount of money with two decimals and no currency sign: 3 112,50 (no), 3,112.50 (en). The API
 * sends prices as decimal text ('3112.50'); a text that is not a number is shown as it came.
 */
export function formatMoney(amount: number | string, lang = i18next.language) {
  const n = typeof amount === 'number' ? amount : Number(amount);
  return typeof amount === 'string' && (amount.trim() === '' || !Number.isFinite(n)) ? amount : formatDecimal(n, { min: 2, max: 2 }, lang);
}

/** The time in Oslo at an instant, 14:05; with its date when that is not today in Oslo. */
export function formatTimeOfDay(iso: string, lang = i18next.language, now = new Date()) {
  const sameDay = formatDate(iso, lang) === formatDate(now.toISOString(), lang);
  if (!sameDay) return formatDateTime(iso, lang);
  return new Intl.DateTimeFormat(dateLocale(lang), { hour: '2-digit', minute: '2-digit', timeZone: BUSINESS_TIME_ZONE }).format(new Date(iso));
}

/**
 * A surface's size as stored ('H21 x W29.7', spec 000 §5, or the preflight's 'H50 x W70 cm') in
 * the interface language: the decimal point becomes a comma in Norwegian (H21 x W29,7); the
 * letters stay as the specification writes them. The stored text and the API keep the point.
 */
export function formatSurfaceSize(size: string, lang = i18next.language) {
  return lang === 'en' ? size : size.replace(/(\d)\.(\d)/g, '$1,$2');
}

const KIB = 1024;
const FILE_UNITS = { kb: 'kB', mb: 'MB', gb: 'GB' } as const;
const sizeIn = (n: number, unit: keyof typeof FILE_UNITS, lang: string) => `${formatDecimal(n, { min: 2, max: 2 }, lang)} ${FILE_UNITS[unit]}`;

/**
 * A file's size the web counts (a brief file, an attachment before it is sent), in kB below a
 * megabyte and MB above, with two decimals in the interface language: 7,36 kB, 1,20 MB. Counted in
 * 1024s like the chat's stored '1.20 Mb', so a file reads the same before and after it is sent.
 */
export function formatFileSize(bytes: number, lang = i18next.language) {
  if (!(bytes > 0)) return sizeIn(0, 'kb', lang);
  if (bytes < KIB * KIB) return sizeIn(bytes / KIB, 'kb', lang);
  return sizeIn(bytes / (KIB * KIB), 'mb', lang);
}

/**
 * The chat's file size as the server stores and sends it ('1.20 Mb', spec 001 §3), shown like
 * formatFileSize: 1,20 MB. A text of another form is shown as it came.
 */
export function formatFileSizeText(size: string, lang = i18next.language) {
  const m = /^\s*(\d+(?:\.\d+)?)\s*(kb|mb|gb)\s*$/i.exec(size);
  return m ? sizeIn(Number(m[1]), m[2]!.toLowerCase() as keyof typeof FILE_UNITS, lang) : size;
}
