import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isAxiosError } from 'axios';
import type { SignPreviewData, SignProblem } from '@promo/shared';
import { errorLines, type ApiErrorBody } from '@/lib/error-catalogue';

type Fetch = (signal: AbortSignal) => Promise<{ data: SignPreviewData }>;

/**
 * Asks for a preview `delayMs` after the last change of `input` (a JSON text of what is drawn), the
 * older request cancelled; keeps the last image while the next one is on its way.
 */
export function useSignPreview(input: string | null, fetchPreview: Fetch, delayMs = 400) {
  const [data, setData] = useState<SignPreviewData | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { t } = useTranslation();
  useEffect(() => {
    if (input === null) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      setBusy(true);
      fetchPreview(controller.signal).then(
        (res) => {
          setData(res.data);
          setError(null);
          setBusy(false);
        },
        (err: unknown) => {
          if (controller.signal.aborted) return;
          setBusy(false);
          setError(isAxiosError<ApiErrorBody>(err) ? errorLines(err.response?.data, t) || t('errors.unknown') : t('errors.unknown'));
        },
      );
    }, delayMs);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
    // The input text stands for everything fetchPreview sends.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [input, delayMs]);
  return { data, error, busy };
}

/** What a problem of the renderer says, with its field. */
/** A problem in words, with the field's name (field-names.ts) where it is one field's. */
export function ProblemText({ problem, fieldNames }: { problem: SignProblem; fieldNames: ReadonlyMap<string, string> }) {
  const { t } = useTranslation();
  const text = t(`signs.problems.${problem.code}`);
  return <>{problem.field ? t('signs.problem_in_field', { field: fieldNames.get(problem.field) ?? problem.field, problem: text }) : text}</>;
}

/** The preview image with what does not fit under it. */
export function SignPreview({ data, error, busy, title, fieldNames }: { data: SignPreviewData | null; error: string | null; busy: boolean; title: string; fieldNames: ReadonlyMap<string, string> }) {
  const { t } = useTranslation();
  return (
    <figure className="grid gap-2" data-testid="sign-preview" aria-busy={busy}>
      {data ? (
        <img src={data.image} alt={title} width={data.width_px} height={data.height_px} className="h-auto max-h-[70vh] w-full border border-border bg-white object-contain" />
      ) : (
        <p className="text-sm text-muted-foreground">{busy ? t('signs.preview_loading') : t('signs.preview_none')}</p>
      )}
      <figcaption className="grid gap-1 text-sm" aria-live="polite">
        {busy && data && <span className="text-muted-foreground">{t('signs.preview_loading')}</span>}
        {error && (
          <span role="alert" className="text-destructive">
            {error}
          </span>
        )}
        {data && data.problems.length === 0 && !error && <span className="text-emerald-700 dark:text-emerald-400">{t('signs.preview_fits')}</span>}
        {data && data.problems.length > 0 && (
          <ul className="grid gap-0.5 text-destructive" data-testid="sign-problems">
            {data.problems.map((p, i) => (
              <li key={i} data-field={p.field ?? ''} data-code={p.code}>
                <ProblemText problem={p} fieldNames={fieldNames} />
              </li>
            ))}
          </ul>
        )}
      </figcaption>
    </figure>
  );
}
