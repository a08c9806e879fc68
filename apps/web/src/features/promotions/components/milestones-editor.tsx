import { useEffect, useState } from 'react';
import { isAxiosError } from 'axios';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Check, RotateCcw, Save } from 'lucide-react';
import { can, type Milestone, type PromotionMilestoneRow, type Role } from '@promo/shared';
import { Button } from '@/components/ui/button';
import { DatePicker } from '@/components/ui/date-picker';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatDay } from '@/lib/format';
import { usePhone } from '@/lib/use-media-query';
import { useSaveFeedback } from '@/lib/use-save-feedback';
import { promotionKeys } from '../api';
import { milestoneKeys, milestonesQuery, saveMilestones } from '../milestones-api';
import { DeadlineBadge } from './deadline-badge';

type Days = Partial<Record<Milestone, string>>;

/** What to send: the milestones whose day differs from the stored one ('' back to the default). */
export function changedMilestones(rows: PromotionMilestoneRow[], days: Days): Days {
  const body: Days = {};
  for (const r of rows) {
    const value = days[r.milestone] ?? r.due_on;
    if (value === r.due_on) continue;
    body[r.milestone] = value === r.default_on ? '' : value;
  }
  return body;
}

/**
 * A promotion's milestones (issue 15): each day, its default, and whether its step is done or how
 * it stands. Admin and cm-admin move them (the server checks it too); others read them.
 */
export function MilestonesEditor({ promotionId, role }: { promotionId: number; role: Role }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const feedback = useSaveFeedback();
  const query = useQuery(milestonesQuery(promotionId));
  const mayEdit = can(role, 'promotions.edit');
  const [days, setDays] = useState<Days>({});
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const rows = query.data?.milestones;
  const phone = usePhone();

  useEffect(() => {
    if (rows) setDays(Object.fromEntries(rows.map((r) => [r.milestone, r.due_on])));
  }, [rows]);

  const save = useMutation({
    mutationFn: (body: Days) => saveMilestones(promotionId, body),
    onSuccess: (res) => {
      setErrors({});
      feedback.success(res);
      queryClient.setQueryData(milestoneKeys.of(promotionId), res.data);
      void queryClient.invalidateQueries({ queryKey: promotionKeys.all });
    },
    onError: (err) => {
      if (isAxiosError<{ errors?: Record<string, string[]> }>(err) && err.response?.data?.errors) setErrors(err.response.data.errors);
      feedback.failure(err);
    },
  });

  if (!rows) return null;
  const body = changedMilestones(rows, days);
  const changed = Object.keys(body).length > 0;

  /** A milestone's day: the date field (and its reset) for those who move it, else the day; its default below. */
  const day = (r: PromotionMilestoneRow) => {
    const label = t(`deadlines.milestones.${r.milestone}`);
    const value = days[r.milestone] ?? r.due_on;
    const error = errors[r.milestone]?.[0];
    return (
      <div>
        {mayEdit ? (
          <div className="grid gap-1">
            <div className="flex items-center gap-2">
              <DatePicker
                id={`milestone-${r.milestone}-day`}
                label={label}
                value={value}
                invalid={!!error}
                onChange={(v) => setDays((d) => ({ ...d, [r.milestone]: v }))}
              />
              {value !== r.default_on && (
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  aria-label={t('deadlines.editor.reset', { milestone: label })}
                  title={t('deadlines.editor.reset', { milestone: label })}
                  onClick={() => setDays((d) => ({ ...d, [r.milestone]: r.default_on }))}
                >
                  <RotateCcw />
                </Button>
              )}
            </div>
            {error && (
              <p role="alert" className="text-xs text-destructive">
                {t(`validation.${error}`, { defaultValue: error })}
              </p>
            )}
          </div>
        ) : (
          <span id={`milestone-${r.milestone}-day`}>{formatDay(r.due_on)}</span>
        )}
        <p className="mt-1 text-xs text-muted-foreground">
          {r.moved ? `${t('deadlines.editor.moved')} · ` : ''}
          {t('deadlines.editor.default_on', { date: formatDay(r.default_on) })}
        </p>
      </div>
    );
  };

  return (
    <section className="grid gap-3 rounded-md border border-border bg-background p-4" data-testid="milestones-editor" aria-labelledby="milestones-title">
      <h2 id="milestones-title" className="text-lg font-semibold">
        {t('deadlines.editor.title')}
      </h2>
      <p className="text-sm text-muted-foreground">{t('deadlines.editor.intro')}</p>
      {phone ? (
        // A phone reads one milestone at a time: name, day and state stacked (a three-column table with a date field scrolled sideways at 390 px).
        <ul className="grid divide-y divide-border rounded-md border border-border">
          {rows.map((r) => (
            <li key={r.milestone} data-testid={`milestone-${r.milestone}`} className="grid gap-2 p-3">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <label htmlFor={`milestone-${r.milestone}-day`} className="font-medium">
                  {t(`deadlines.milestones.${r.milestone}`)}
                </label>
                <MilestoneState row={r} />
              </div>
              {day(r)}
            </li>
          ))}
        </ul>
      ) : (
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>{t('deadlines.editor.milestone')}</TableHead>
              <TableHead>{t('deadlines.editor.due_on')}</TableHead>
              <TableHead>{t('deadlines.editor.status')}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map((r) => (
              <TableRow key={r.milestone} data-testid={`milestone-${r.milestone}`}>
                <TableCell className="font-medium">
                  <label htmlFor={`milestone-${r.milestone}-day`}>{t(`deadlines.milestones.${r.milestone}`)}</label>
                </TableCell>
                <TableCell>{day(r)}</TableCell>
                <TableCell>
                  <MilestoneState row={r} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {mayEdit && changed && (
        <div className="flex gap-2">
          <Button type="button" onClick={() => save.mutate(body)} disabled={save.isPending}>
            <Save /> {t('common.save')}
          </Button>
          <Button
            type="button"
            variant="outline"
            onClick={() => {
              setErrors({});
              setDays(Object.fromEntries(rows.map((r) => [r.milestone, r.due_on])));
            }}
          >
            {t('common.cancel')}
          </Button>
        </div>
      )}
    </section>
  );
}

/** Whether a milestone's step is done, passed before the promotion existed, or how its deadline stands. */
function MilestoneState({ row }: { row: PromotionMilestoneRow }) {
  const { t } = useTranslation();
  if (row.done)
    return (
      <span className="inline-flex items-center gap-1 text-xs font-medium text-green-800">
        <Check className="size-3.5" aria-hidden="true" /> {t('deadlines.editor.done')}
      </span>
    );
  if (row.passed_at_creation)
    return (
      <span className="text-xs text-muted-foreground" data-testid="milestone-passed-at-creation">
        {t('deadlines.editor.passed_at_creation')}
      </span>
    );
  return <DeadlineBadge deadline={row.state ? { milestone: row.milestone, due_on: row.due_on, state: row.state } : null} />;
}
