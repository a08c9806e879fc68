import { useTranslation } from 'react-i18next';
import type { AuditEntryRow } from '@promo/shared';

/** The longest value shown in full; longer text is cut with an ellipsis (the title holds it all). */
const MAX_SHOWN = 120;

/** A stored value as one line of text: rich text without its tags, objects as compact JSON. */
export function auditValueText(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'string') return value.replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim() || '—';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/** Bookkeeping columns of a created or deleted row: the row's link and time say it already. */
const HIDDEN = new Set(['id', 'created_at', 'updated_at']);

const cut = (text: string) => (text.length > MAX_SHOWN ? `${text.slice(0, MAX_SHOWN - 1)}…` : text);

/**
 * What an entry changed, field by field: "field: from → to" for an update, "field: value" for what
 * was created (after only) or what was removed (before only).
 */
export function AuditDiff({ entry }: { entry: Pick<AuditEntryRow, 'before' | 'after'> }) {
  const { t } = useTranslation();
  const before = entry.before ?? {};
  const after = entry.after ?? {};
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((k) => !HIDDEN.has(k));
  if (!keys.length) return <span className="text-muted-foreground">{t('audit.no_changes')}</span>;
  const both = entry.before !== null && entry.after !== null;
  return (
    <dl className="grid gap-0.5 text-sm">
      {keys.map((key) => {
        const from = auditValueText(before[key]);
        const to = auditValueText(after[key]);
        return (
          <div key={key} className="flex flex-wrap gap-x-1" data-testid={`audit-field-${key}`}>
            <dt className="font-mono text-xs leading-5 text-muted-foreground">{key}:</dt>
            <dd className="break-all">
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
