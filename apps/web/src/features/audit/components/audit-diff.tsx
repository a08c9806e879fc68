import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { AUDIT_HIDDEN_FIELDS, auditReferenceOf, RECEIPT_STATUSES, type AuditEntryRow, type AuditListData } from '@promo/shared';
import { formatDateTime, formatDay } from '@/lib/format';

/** The longest value shown in full; longer text is cut with an ellipsis (the title holds it all). */
const MAX_SHOWN = 120;

const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A stored time as the interface writes it (decision 012): an instant in Oslo time, a calendar day as it is. */
const dateText = (v: string) => (INSTANT.test(v) ? formatDateTime(v) : DAY.test(v) ? formatDay(v) : null);

/** A stored value as one line of text: rich text without its tags, times as Oslo dates, objects as compact JSON. */
export function auditValueText(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'string') return dateText(value) ?? (value.replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim() || '—');
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  const o = value as Record<string, unknown>;
  // A period: from – to.
  if (Object.keys(o).length === 2 && typeof o.from === 'string' && typeof o.to === 'string') return `${dateText(o.from) ?? o.from} – ${dateText(o.to) ?? o.to}`;
  return JSON.stringify(value, (_, v: unknown) => (typeof v === 'string' ? (dateText(v) ?? v) : v));
}

type Names = AuditListData['names'];

/** A value in the interface's words where the app has them: yes/no, a receipt's answer, the name of what an id stands for. */
function valueText(key: string, value: unknown, t: TFunction, names: Names): string {
  if (typeof value === 'boolean') return t(value ? 'common.yes' : 'common.no');
  if (key === 'receipt_status' && (RECEIPT_STATUSES as readonly unknown[]).includes(value)) return t(`delivery.receipt.${value as string}`);
  const kind = auditReferenceOf(key);
  const ids = [value].flat();
  if (kind && ids.length && ids.every((id) => typeof id === 'number')) return ids.map((id) => names[kind]?.[id as number] ?? `#${id}`).join(', ');
  return auditValueText(value);
}

const HIDDEN = new Set<string>(AUDIT_HIDDEN_FIELDS);

const cut = (text: string) => (text.length > MAX_SHOWN ? `${text.slice(0, MAX_SHOWN - 1)}…` : text);

/**
 * What an entry changed, field by field in the interface's language (decision 031): "field: from →
 * to" for an update, "field: value" for what was created (after only) or what was removed (before
 * only). An id is shown by the name of what it stands for (`names`, from the server), else as #id.
 */
export function AuditDiff({ entry, names = {} }: { entry: Pick<AuditEntryRow, 'before' | 'after'>; names?: Names }) {
  const { t } = useTranslation();
  const before = entry.before ?? {};
  const after = entry.after ?? {};
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((k) => !HIDDEN.has(k));
  if (!keys.length) return <span className="text-muted-foreground">{t('audit.no_changes')}</span>;
  const both = entry.before !== null && entry.after !== null;
  return (
    <dl className="grid gap-0.5 text-sm">
      {keys.map((key) => {
        const from = valueText(key, before[key], t, names);
        const to = valueText(key, after[key], t, names);
        return (
          <div key={key} className="flex flex-wrap gap-x-1" data-testid={`audit-field-${key}`}>
            <dt className="text-xs leading-5 text-muted-foreground">{t(`audit.fields.${key}`, { defaultValue: key })}:</dt>
            <dd className="[overflow-wrap:anywhere]">
              {both ? (
                <>
                  <span className="line-through decoration-destructive/60" title={from}>
                    {cut(from)}
                  </span>
                  <span aria-hidden="true"> → </span>
                  <span className="sr-only">{` ${t('audit.to')} `}</span>
                  <span className="font-medium" title={to}>
                    {cut(to)}
                  </span>
                </>
              ) : entry.after !== null ? (
                <span title={to}>{cut(to)}</span>
              ) : (
                <span title={from}>
                  {cut(from)} <span className="text-muted-foreground">({t('audit.removed')})</span>
                </span>
              )}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}
