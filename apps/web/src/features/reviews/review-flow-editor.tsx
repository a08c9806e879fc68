import { useEffect, useMemo, useState } from 'react';
import { isAxiosError } from 'axios';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Plus, Save } from 'lucide-react';
import { MAX_STAGES, type Milestone, type ReviewFlowData } from '@promo/shared';
import { Button } from '@/components/ui/button';
import type { ApiErrorBody } from '@/lib/error-catalogue';
import { useSaveFeedback } from '@/lib/use-save-feedback';
import { promotionKeys } from '@/features/promotions/api';
import { flowQuery, isFlowData, reviewKeys, saveFlow, type StageBody } from './api';
import {
  draftsChanged,
  draftsOf,
  dueDay,
  errorsByStage,
  flowBody,
  moveStage,
  newStage,
  NO_ERRORS,
  peopleOf,
  type FlowErrors,
  type StageDraft,
  type StageField,
} from './flow-draft';
import { StageEditor } from './stage-editor';
import { StageSummary } from './stage-summary';

/**
 * A review flow (issue 25): its ordered stages, each with a name, a rule, its reviewers and a due
 * day. `promotionId` null is the default flow of system settings. Those the server lets change it
 * (`can_edit`) add, move, remove and save stages; others read them.
 */
export function ReviewFlowEditor({
  promotionId,
  milestoneDays,
}: {
  promotionId: number | null;
  /** The promotion's milestone days, so a stage shows the day it falls on while it is edited. */
  milestoneDays?: Partial<Record<Milestone, string>>;
}) {
  const { t } = useTranslation();
  const query = useQuery(flowQuery(promotionId));
  const flow = query.data;
  const titleId = promotionId === null ? 'review-flow-default-title' : 'review-flow-title';

  return (
    <section className="grid gap-3 rounded-md border border-border bg-background p-4 sm:p-6" data-testid="review-flow" aria-labelledby={titleId}>
      <h2 id={titleId} className="text-lg font-semibold">
        {t(promotionId === null ? 'reviews.flow.default_title' : 'reviews.flow.title')}
      </h2>
      <p className="text-sm text-muted-foreground">{t(promotionId === null ? 'reviews.flow.default_intro' : 'reviews.flow.intro')}</p>
      {!flow ? (
        <p className="text-sm text-muted-foreground">{query.isError ? t('reviews.flow.not_loaded') : t('common.load_data')}</p>
      ) : flow.can_edit ? (
        <FlowForm flow={flow} promotionId={promotionId} milestoneDays={milestoneDays} />
      ) : flow.stages.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('reviews.flow.empty')}</p>
      ) : (
        <ol className="grid gap-2">
          {flow.stages.map((s, i) => (
            <StageSummary key={s.id ?? i} stage={s} index={i} />
          ))}
        </ol>
      )}
    </section>
  );
}

function FlowForm({ flow, promotionId, milestoneDays }: { flow: ReviewFlowData; promotionId: number | null; milestoneDays?: Partial<Record<Milestone, string>> }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const feedback = useSaveFeedback();
  const stored = useMemo(() => draftsOf(flow.stages), [flow]);
  const [drafts, setDrafts] = useState<StageDraft[]>(stored);
  const [errors, setErrors] = useState<FlowErrors>(NO_ERRORS);
  const people = useMemo(() => peopleOf(flow.candidates, flow.stages), [flow]);

  // A fresh answer from the server is what the editor starts from (and compares with).
  useEffect(() => {
    setDrafts(stored);
    setErrors(NO_ERRORS);
  }, [stored]);

  const save = useMutation({
    mutationFn: ({ stages }: { stages: StageBody[]; sent: StageDraft[] }) => saveFlow(promotionId, stages),
    onSuccess: (res) => {
      feedback.success(res);
      if (isFlowData(res.data?.flow)) queryClient.setQueryData(reviewKeys.flow(promotionId), res.data.flow);
      // Versions waiting in a stage that went have moved on; the lists show where designs wait.
      void queryClient.invalidateQueries({ queryKey: reviewKeys.all });
      if (promotionId !== null) void queryClient.invalidateQueries({ queryKey: promotionKeys.all });
    },
    onError: (err, { sent }) => {
      const body = isAxiosError<ApiErrorBody>(err) ? err.response?.data : undefined;
      if (body?.errors && !Array.isArray(body.errors)) setErrors(errorsByStage(body.errors, sent));
      feedback.failure(err);
    },
  });

  const changed = draftsChanged(drafts, stored);
  const update = (key: string, patch: Partial<StageDraft>, field: StageField) => {
    setDrafts((list) => list.map((d) => (d.key === key ? { ...d, ...patch } : d)));
    setErrors((e) => {
      const stage = e.stages[key];
      const cleared = field === 'roles' || field === 'user_ids' ? { ...stage, roles: undefined, user_ids: undefined } : { ...stage, [field]: undefined };
      return stage ? { ...e, stages: { ...e.stages, [key]: cleared } } : e;
    });
  };

  const submit = () => {
    const body = flowBody(drafts);
    if ('errors' in body) {
      setErrors(errorsByStage(body.errors, drafts));
      return;
    }
    setErrors(NO_ERRORS);
    save.mutate({ stages: body.stages, sent: drafts });
  };

  return (
    <form
      noValidate
      className="grid gap-3"
      data-testid="review-flow-form"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      {drafts.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('reviews.flow.empty')}</p>
      ) : (
        <ol className="grid gap-3">
          {drafts.map((d, i) => (
            <StageEditor
              key={d.key}
              stage={d}
              index={i}
              count={drafts.length}
              people={people}
              candidates={flow.candidates}
              errors={errors.stages[d.key]}
              dueOn={promotionId === null ? null : dueDay(d, milestoneDays)}
              onChange={(patch, field) => update(d.key, patch, field)}
              onMove={(by) => setDrafts((list) => moveStage(list, i, by))}
              onRemove={() => setDrafts((list) => list.filter((s) => s.key !== d.key))}
            />
          ))}
        </ol>
      )}
      {errors.flow.map((e) => (
        <p key={e} role="alert" className="text-xs text-destructive">
          {t(`validation.${e}`, { defaultValue: e })}
        </p>
      ))}
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="outline" disabled={drafts.length >= MAX_STAGES} onClick={() => setDrafts((list) => [...list, newStage()])}>
          <Plus /> {t('reviews.flow.add_stage')}
        </Button>
        {changed && (
          <>
            <Button type="submit" disabled={save.isPending}>
              <Save /> {t('common.save')}
            </Button>
            <Button
              type="button"
              variant="outline"
              onClick={() => {
                setDrafts(stored);
                setErrors(NO_ERRORS);
              }}
            >
              {t('common.cancel')}
            </Button>
          </>
        )}
      </div>
    </form>
  );
}
