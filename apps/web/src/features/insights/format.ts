import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { dateLocale, formatCount, formatDecimal, formatMoney } from '@/lib/format';

/** A month 'YYYY-MM' as a Date at its first day (UTC): Plot places dates on a time scale. */
export const monthDate = (month: string) => new Date(`${month}-01T00:00:00Z`);

/** A share of a whole, or null when there is nothing to share. */
export const share = (part: number, whole: number) => (whole > 0 ? part / whole : null);

/** A share as a percent with one decimal, for the CSV: 2/3 → 66.7. */
export const percentNumber = (s: number | null) => (s === null ? null : Math.round(s * 1000) / 10);

/**
 * The figures of /insights in the interface's language: kroner (3 112,50 kr / NOK 3,112.50),
 * shares (67 % / 67%), days, counts and months (nov. 2026 / Nov 2026).
 */
export function useInsightsFormat() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  return useMemo(() => {
    const months = new Intl.DateTimeFormat(dateLocale(lang), { month: 'short', year: 'numeric', timeZone: 'UTC' });
    return {
      lang,
      kroner: (amount: number | string) => t('insights.kroner', { amount: formatMoney(amount, lang) }),
      /** A whole number of kroner, for an axis. */
      kronerTick: (amount: number) => formatCount(amount, lang),
      percent: (s: number | null) => (s === null ? '–' : t('insights.percent', { value: formatDecimal(s * 100, { max: 0 }, lang) })),
      days: (n: number | null) => (n === null ? '–' : t('insights.days', { count: n, value: formatDecimal(n, { max: 1 }, lang) })),
      count: (n: number) => formatCount(n, lang),
      decimal: (n: number) => formatDecimal(n, { max: 2 }, lang),
      month: (date: Date) => months.format(date),
      group: (group: string | null) => group ?? t('insights.no_group'),
    };
  }, [t, lang]);
}

export type InsightsFormat = ReturnType<typeof useInsightsFormat>;
