import { useEffect, useId, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { isAxiosError } from 'axios';
import { IMPORT_ERRORS_KEPT, takesDefault, type ImportJob, type ImportKind, type ImportMode, type ImportRowError, type ImportUploadData } from '@promo/shared';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { PageHeader } from '@/components/ui/page-header';
import { Segmented } from '@/components/ui/segmented';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { UploadProgress } from '@/components/ui/upload-progress';
import { errorLines, type ApiErrorBody } from '@/lib/error-catalogue';
import { formatCount } from '@/lib/format';
import { importJobQuery, isFinished, startImport, uploadImportFile } from '../api';

type Step = 'choose' | 'map' | 'dry_run' | 'apply';

/** Spreadsheet column letters: 0 -> A, 26 -> AA. */
const columnLetter = (i: number): string => (i < 26 ? String.fromCharCode(65 + i) : columnLetter(Math.floor(i / 26) - 1) + columnLetter(i % 26));

/** A field's label: the product or surface form's own. */
const fieldKey = (kind: ImportKind, field: string) => (field === 'file' ? 'catalogue_import.file_field' : `${kind}.fields.${field}`);

function ErrorBox({ children }: { children: React.ReactNode }) {
  return (
    <div role="alert" data-testid="import-error" className="whitespace-pre-line rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-700">
      {children}
    </div>
  );
}

/** The refusal as lines; a field's refusal (`mapping.name`, `defaults.selling_type`) is named by the field's label. */
function errorOf(err: unknown, t: ReturnType<typeof useTranslation>['t'], kind?: ImportKind) {
  const body = isAxiosError<ApiErrorBody>(err) ? err.response?.data : undefined;
  const errors = body?.errors;
  if (kind && errors && !Array.isArray(errors)) {
    const lines = Object.entries(errors).flatMap(([key, keys]) => {
      const field = /^(?:mapping|defaults)\.(\w+)$/.exec(key)?.[1];
      return keys.map((k) => `${field ? `${t(fieldKey(kind, field), { defaultValue: field })}: ` : ''}${t(`validation.${k}`, { defaultValue: k })}`);
    });
    if (lines.length) return lines.join('\n');
  }
  return errorLines(body, t) || t('errors.unknown');
}

/** The server answered that this upload was imported already: the page asks whether another time is meant. */
const isAppliedAlready = (err: unknown) =>
  isAxiosError<ApiErrorBody>(err) && err.response?.status === 409 && err.response.data?.message_key === 'import_already_applied';

/** The job ended because its server process stopped: nothing was changed, and the same file can simply run again. */
const wasInterrupted = (job: ImportJob) => job.status === 'failed' && job.errors.some((e) => e.error === 'import_interrupted');

/** The job's progress: rows checked (or written) of the rows the file is estimated to hold. */
const progressKey = (apply: boolean, finished: boolean) =>
  apply
    ? finished
      ? 'catalogue_import.progress_apply_done'
      : 'catalogue_import.progress_apply'
    : finished
      ? 'catalogue_import.progress_check_done'
      : 'catalogue_import.progress_check';

function JobProgress({ job }: { job: ImportJob | undefined }) {
  const { t } = useTranslation();
  const total = job?.total ?? 0;
  const processed = job?.processed ?? 0;
  const percent = isFinished(job) ? 100 : total ? Math.min(99, Math.round((processed / total) * 100)) : 0;
  return (
    <div className="grid gap-1" data-testid="import-progress">
      <span className="text-sm text-muted-foreground">
        {t(progressKey(job?.mode === 'apply', isFinished(job)), {
          processed: formatCount(processed),
          total: formatCount(Math.max(total, processed)),
          count: processed,
        })}
      </span>
      <div
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-label={t('catalogue_import.progress_label')}
        className="h-2 overflow-hidden rounded bg-muted"
      >
        <div className="h-full bg-primary transition-[width]" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}

function RowErrors({ kind, job }: { kind: ImportKind; job: ImportJob }) {
  const { t } = useTranslation();
  const text = (e: ImportRowError) => t(`validation.${e.error}`, { defaultValue: e.error, ...(e.params ?? {}) });
  return (
    <div className="grid gap-2">
      <p className="text-sm font-medium text-destructive" data-testid="import-error-count">
        {t('catalogue_import.error_rows', { count: job.error_count })}
        {job.errors.length >= IMPORT_ERRORS_KEPT ? ` ${t('catalogue_import.first_errors', { count: IMPORT_ERRORS_KEPT })}` : ''}
      </p>
      <Table data-testid="import-errors">
          <TableHeader>
            <TableRow>
              <TableHead>{t('catalogue_import.row')}</TableHead>
              <TableHead>{t('catalogue_import.field')}</TableHead>
              <TableHead>{t('catalogue_import.problem')}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {job.errors.map((e, i) => (
              <TableRow key={i}>
                <TableCell>{e.row || '–'}</TableCell>
                <TableCell>{t(fieldKey(kind, e.field), { defaultValue: e.field })}</TableCell>
                <TableCell>{text(e)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
      </Table>
    </div>
  );
}

export default function CatalogueImportPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const id = useId();
  const [search] = useSearchParams();
  const [kind, setKind] = useState<ImportKind>(search.get('kind') === 'surfaces' ? 'surfaces' : 'products');
  const [file, setFile] = useState<File | null>(null);
  const [uploadFraction, setUploadFraction] = useState<number | null>(null);
  const [upload, setUpload] = useState<ImportUploadData | null>(null);
  const [mapping, setMapping] = useState<Record<string, number | null>>({});
  /** Values for fields a file lacks: kept for the next file, which is often the same file corrected. */
  const [defaults, setDefaults] = useState<Record<string, string>>({});
  /** The mode of an import of this upload that waits for "yes, again". */
  const [again, setAgain] = useState<ImportMode | null>(null);
  const [step, setStep] = useState<Step>('choose');
  const [jobId, setJobId] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const job = useQuery({ ...importJobQuery(jobId ?? 0), enabled: jobId !== null });
  const finished = isFinished(job.data);
  useEffect(() => {
    // The lists show what the import stored.
    if (job.data?.mode === 'apply' && job.data.status === 'done') void queryClient.invalidateQueries({ queryKey: [job.data.kind] });
  }, [job.data?.mode, job.data?.status, job.data?.kind, queryClient]);

  const reset = () => {
    setUpload(null);
    setFile(null);
    setJobId(null);
    setError(null);
    setStep('choose');
  };

  const onUpload = async () => {
    if (!file) return;
    setError(null);
    setBusy(true);
    setUploadFraction(0);
    try {
      const data = await uploadImportFile(kind, file, setUploadFraction);
      setUpload(data);
      setMapping(data.mapping);
      setStep('map');
    } catch (err) {
      setError(errorOf(err, t));
    } finally {
      setBusy(false);
      setUploadFraction(null);
    }
  };

  const run = async (mode: ImportMode, confirm = false) => {
    if (!upload) return;
    setError(null);
    setBusy(true);
    try {
      const res = await startImport(upload.kind, mode, upload.file_id, { mapping, defaults }, confirm);
      queryClient.setQueryData(importJobQuery(res.data.id).queryKey, res.data);
      setJobId(res.data.id);
      setStep(mode);
    } catch (err) {
      if (isAppliedAlready(err)) setAgain(mode);
      else setError(errorOf(err, t, upload.kind));
    } finally {
      setBusy(false);
    }
  };

  const hasDefault = (f: ImportUploadData['fields'][number]) => takesDefault(f) && (defaults[f.field] ?? '').trim() !== '';
  const missing = upload ? upload.fields.filter((f) => f.required && (mapping[f.field] ?? null) === null && !hasDefault(f)) : [];
  const shownKind = upload?.kind ?? kind;

  return (
    <section className="grid max-w-5xl gap-6">
      <PageHeader title={t('catalogue_import.title')} />
      <p className="text-sm text-muted-foreground">{t('catalogue_import.intro')}</p>
      {error && <ErrorBox>{error}</ErrorBox>}

      {step === 'choose' && (
        <div className="grid max-w-xl gap-4 rounded-md border border-border p-4">
          <div className="grid gap-1.5">
            <span className="text-sm font-medium">{t('catalogue_import.kind')}</span>
            <Segmented
              kind="radiogroup"
              label={t('catalogue_import.kind')}
              options={[
                { value: 'products', label: t('nav.products') },
                { value: 'surfaces', label: t('nav.surfaces') },
              ]}
              value={kind}
              onChange={setKind}
              testId="import-kind"
            />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-file`}>{t('catalogue_import.file')}</Label>
            <Input
              id={`${id}-file`}
              type="file"
              accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              data-testid="import-file"
              onChange={(e) => setFile(e.target.files?.[0] ?? null)}
            />
            <span className="text-xs text-muted-foreground">{t('catalogue_import.file_hint')}</span>
          </div>
          {uploadFraction !== null && <UploadProgress fraction={uploadFraction} />}
          <div>
            <Button onClick={onUpload} disabled={!file || busy} data-testid="import-upload">
              {t('catalogue_import.next_map')}
            </Button>
          </div>
        </div>
      )}

      {step === 'map' && upload && (
        <div className="grid gap-4">
          <h2 className="text-lg font-semibold">{t('catalogue_import.map_title', { name: upload.name })}</h2>
          <p className="text-sm text-muted-foreground">{t('catalogue_import.map_hint')}</p>
          <div className="grid gap-3 sm:grid-cols-2" data-testid="import-mapping">
            {upload.fields.map((f) => (
              <div key={f.field} className="grid gap-1">
                <Label htmlFor={`${id}-map-${f.field}`}>
                  {t(fieldKey(upload.kind, f.field))}
                  {f.required && (
                    <span className="text-destructive" aria-hidden="true">
                      {' '}
                      *
                    </span>
                  )}
                  {f.required && <span className="sr-only"> ({t('catalogue_import.required')})</span>}
                  {f.key && <span className="text-xs text-muted-foreground"> ({t('catalogue_import.key_field')})</span>}
                </Label>
                <NativeSelect
                  id={`${id}-map-${f.field}`}
                  data-testid={`import-map-${f.field}`}
                  value={mapping[f.field] ?? ''}
                  aria-invalid={missing.includes(f)}
                  onChange={(e) => setMapping((m) => ({ ...m, [f.field]: e.target.value === '' ? null : Number(e.target.value) }))}
                >
                  <option value="">{t('catalogue_import.not_in_file')}</option>
                  {upload.headers.map((h, i) => (
                    <option key={i} value={i}>
                      {columnLetter(i)}: {h || t('catalogue_import.no_header')}
                    </option>
                  ))}
                </NativeSelect>
                {takesDefault(f) && (mapping[f.field] ?? null) === null && (
                  <div className="grid gap-1 pl-3">
                    <span className="text-xs text-muted-foreground" aria-hidden="true">
                      {t('catalogue_import.default_value')}
                    </span>
                    <Input
                      aria-label={`${t('catalogue_import.default_value')}: ${t(fieldKey(upload.kind, f.field))}`}
                      data-testid={`import-default-${f.field}`}
                      value={defaults[f.field] ?? ''}
                      maxLength={255}
                      onChange={(e) => setDefaults((d) => ({ ...d, [f.field]: e.target.value }))}
                    />
                  </div>
                )}
              </div>
            ))}
          </div>
          <p className="text-xs text-muted-foreground">{t('catalogue_import.required_note')}</p>
          {upload.sample.length > 0 && (
            <div className="grid gap-2">
              <h3 className="font-medium">{t('catalogue_import.sample')}</h3>
              {/* A wide table scrolls sideways in a region the keyboard can reach. */}
              <div className="overflow-x-auto rounded-md border border-border" tabIndex={0} role="region" aria-label={t('catalogue_import.sample')}>
                <table className="w-full text-sm" data-testid="import-sample">
                  <TableHeader>
                    <TableRow>
                      {upload.headers.map((h, i) => (
                        <TableHead key={i} className="whitespace-nowrap">
                          {columnLetter(i)}: {h}
                        </TableHead>
                      ))}
                    </TableRow>
                  </TableHeader>
                  <TableBody>
                    {upload.sample.map((r, i) => (
                      <TableRow key={i}>
                        {upload.headers.map((_, c) => (
                          <TableCell key={c} className="whitespace-nowrap">
                            {r[c] ?? ''}
                          </TableCell>
                        ))}
                      </TableRow>
                    ))}
                  </TableBody>
                </table>
              </div>
            </div>
          )}
          {missing.length > 0 && (
            <p className="text-sm text-destructive" data-testid="import-missing">
              {t('catalogue_import.missing', { fields: missing.map((f) => t(fieldKey(upload.kind, f.field))).join(', ') })}
            </p>
          )}
          <div className="flex flex-wrap gap-2">
            <Button onClick={() => void run('dry_run')} disabled={missing.length > 0 || busy} data-testid="import-dry-run">
              {t('catalogue_import.dry_run')}
            </Button>
            <Button variant="outline" onClick={reset}>
              {t('catalogue_import.other_file')}
            </Button>
          </div>
        </div>
      )}

      {(step === 'dry_run' || step === 'apply') && upload && (
        <div className="grid gap-4" data-testid="import-result">
          <h2 className="text-lg font-semibold">
            {t(step === 'apply' ? 'catalogue_import.apply_title' : 'catalogue_import.dry_run_title', { name: upload.name })}
          </h2>
          {!(job.data && wasInterrupted(job.data)) && <JobProgress job={job.data} />}
          {finished && job.data && (
            <>
              {job.data.status === 'done' && (
                <p className="text-sm" data-testid="import-counts" role="status">
                  {t(job.data.mode === 'apply' ? 'catalogue_import.applied_counts' : 'catalogue_import.dry_run_counts', {
                    rows: formatCount(job.data.total),
                    count: job.data.total,
                    created: formatCount(job.data.created),
                    updated: formatCount(job.data.updated),
                  })}
                </p>
              )}
              {wasInterrupted(job.data) ? (
                <ErrorBox>{t('validation.import_interrupted')}</ErrorBox>
              ) : (
                job.data.status === 'failed' && job.data.mode === 'apply' && <ErrorBox>{t('catalogue_import.apply_refused')}</ErrorBox>
              )}
              {job.data.error_count > 0 && !wasInterrupted(job.data) && (
                <>
                  {job.data.mode === 'dry_run' && <p className="text-sm">{t('catalogue_import.fix_and_retry')}</p>}
                  <RowErrors kind={shownKind} job={job.data} />
                </>
              )}
              <div className="flex flex-wrap gap-2">
                {wasInterrupted(job.data) && (
                  <Button onClick={() => void run(job.data!.mode)} disabled={busy} data-testid="import-run-again">
                    {t('catalogue_import.run_again')}
                  </Button>
                )}
                {step === 'dry_run' && !wasInterrupted(job.data) && (
                  <Button
                    onClick={() => void run('apply')}
                    disabled={busy || job.data.status !== 'done' || job.data.error_count > 0 || job.data.total === 0}
                    data-testid="import-apply"
                  >
                    {t('catalogue_import.apply')}
                  </Button>
                )}
                {step === 'apply' && job.data.status === 'done' && (
                  <Button asChild variant="outline">
                    <Link to={`/${shownKind}`}>{t(shownKind === 'products' ? 'catalogue_import.to_products' : 'catalogue_import.to_surfaces')}</Link>
                  </Button>
                )}
                <Button variant="outline" onClick={reset} data-testid="import-other-file">
                  {t('catalogue_import.other_file')}
                </Button>
              </div>
            </>
          )}
        </div>
      )}
      <ConfirmDialog
        open={again !== null}
        onOpenChange={(open) => !open && setAgain(null)}
        title={t('catalogue_import.again_title')}
        description={t('catalogue_import.again_text', { name: upload?.name ?? '' })}
        confirmLabel={t('catalogue_import.again_confirm')}
        confirmVariant="default"
        busy={busy}
        onConfirm={() => {
          const mode = again;
          setAgain(null);
          if (mode) void run(mode, true);
        }}
      />
    </section>
  );
}
