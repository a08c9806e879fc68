import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';

/** Colours per status name (as a snake_case key); the key also names the translation. */
const STYLES: Record<string, string> = {
  'draft': 'bg-slate-100 text-slate-700',
  'designer_working': 'bg-amber-100 text-amber-800',
  'designer_completed': 'bg-green-100 text-green-800',
  'sent_to_printers': 'bg-cyan-100 text-cyan-900',
  'printed_by_the_printer': 'bg-sky-100 text-sky-800',
  'sent_by_the_distributor': 'bg-indigo-100 text-indigo-800',
};

/** Sent to printers and not yet all printed: it reads so, whatever status it had before. */
const SENT_NAME = 'Sent to printers';
const PRINTED = 3;

/** The status label: a translated name and a class derived from it; 'Unknown Status' without the list. */
export function PromotionStatus({ status, names, sentToPrinters }: { status: number; names: string[] | undefined; sentToPrinters: boolean }) {
  const { t } = useTranslation();
  const name = sentToPrinters && status < PRINTED ? SENT_NAME : names?.[status];
  if (!name) return <span className="status-unknown text-muted-foreground">{t('promotions.unknown_status')}</span>;
  const key = name.toLowerCase().replace(/\s+/g, '_');
  return (
    <span className={cn(`status-${key.replace(/_/g, '-')}`, 'rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap', STYLES[key])}>
      {t(`promotions.statuses.${key}`, { defaultValue: name })}
    </span>
  );
}
