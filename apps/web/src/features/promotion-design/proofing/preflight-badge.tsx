import { useTranslation } from 'react-i18next';
import type { Preflight, PreflightCheck } from '@promo/shared';
import { cn } from '@/lib/cn';
import { formatDecimal, formatSurfaceSize } from '@/lib/format';

const TONE: Record<Preflight['status'], string> = {
  pending: 'border-slate-300 bg-slate-100 text-slate-800',
  ok: 'border-emerald-300 bg-emerald-50 text-emerald-900',
  warnings: 'border-amber-300 bg-amber-50 text-amber-900',
  errors: 'border-red-300 bg-red-50 text-red-800',
  failed: 'border-red-300 bg-red-50 text-red-800',
};

/**
 * One check as a sentence in the interface language, with its measured values (lengths in mm).
 * The server sends the numbers as it rounded them (0.707, 210.2); they are written here as the
 * language writes numbers (0,707; 210,2 in Norwegian).
 */
export function usePreflightText() {
  const { t } = useTranslation();
  return (c: PreflightCheck) => {
    const numbers = Object.fromEntries(Object.entries(c.values).map(([k, v]) => [k, typeof v === 'number' ? formatDecimal(v, { max: 3 }) : v]));
    const values = { ...numbers, ...(typeof c.values.space === 'string' ? { space: c.values.space.toUpperCase() } : {}) };
    return t(`preflight.checks.${c.check}.${c.level}`, { ...values, defaultValue: c.check });
  };
}

/**
 * What the print preflight found in an HQ file: a badge (checking, OK, warnings, errors) that
 * opens the list of checks with the values measured against the surface.
 */
export function PreflightBadge({ preflight, compact = false }: { preflight: Preflight; compact?: boolean }) {
  const { t } = useTranslation();
  const text = usePreflightText();
  // "Errors: 2" counts the errors, "Warnings: 1" the warnings.
  const counted = preflight.checks.filter((c) => c.level === (preflight.status === 'errors' ? 'error' : 'warning'));
  const label = t(`preflight.status.${preflight.status}`, { count: counted.length });
  if (preflight.status === 'pending' || preflight.checks.length === 0) {
    return (
      <span className={cn('w-fit rounded border px-1.5 py-0.5 text-xs font-semibold', TONE[preflight.status])} data-testid="preflight-badge" data-status={preflight.status}>
        {t('preflight.title')}: {label}
      </span>
    );
  }
  return (
    <details className="w-fit text-xs" data-testid="preflight-badge" data-status={preflight.status}>
      <summary className={cn('cursor-pointer rounded border px-1.5 py-0.5 font-semibold', TONE[preflight.status])}>
        {t('preflight.title')}: {label}
      </summary>
      <div className="mt-1 grid gap-1 rounded-md border border-border bg-background p-2 text-foreground">
        {!compact && preflight.surface_size && <p className="text-muted-foreground">{t('preflight.against', { size: formatSurfaceSize(preflight.surface_size) })}</p>}
        <ul className="grid gap-0.5" data-testid="preflight-checks">
          {preflight.checks.map((c, i) => (
            <li key={i} className="flex gap-1.5" data-level={c.level}>
              <span aria-hidden className={cn('font-bold', c.level === 'ok' ? 'text-emerald-700' : c.level === 'warning' ? 'text-amber-700' : 'text-red-700')}>
                {c.level === 'ok' ? '✓' : c.level === 'warning' ? '!' : '✕'}
              </span>
              <span>
                <span className="sr-only">{t(`preflight.level.${c.level}`)}: </span>
                {text(c)}
              </span>
            </li>
          ))}
        </ul>
      </div>
    </details>
  );
}
