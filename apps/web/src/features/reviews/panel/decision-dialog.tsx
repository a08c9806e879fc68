import { useEffect, useId, useState, type FormEvent } from 'react';
import { isAxiosError } from 'axios';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { REVIEW_COMMENT_MAX, REVIEW_DECISIONS, reviewDecisionBody, reviewSkipBody, type FileReview, type ReviewDecisionKind } from '@promo/shared';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Dialog, DialogContent, DialogFooter, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { NativeSelect } from '@/components/ui/native-select';
import type { ApiErrorBody } from '@/lib/error-catalogue';
import { pinsQuery } from '@/features/promotion-design/proofing/api';
import type { DecisionInput } from '../api';

/** What the dialog asks: changes requested by the caller, a decision for a reviewer, or a skip. */
export type DecisionMode = 'changes' | 'for' | 'skip';

type Errors = Partial<Record<'comment' | 'reason' | 'on_behalf_of' | 'pins', string>>;

const TEXTAREA =
  'min-h-24 w-full rounded-md border border-border bg-background px-3 py-2 text-sm focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none aria-invalid:border-destructive';

/** The first error per field, from the schema's issues or the server's 422. */
function fieldErrors(entries: [string, string[]][]): Errors {
  const errors: Errors = {};
  for (const [path, keys] of entries) {
    const field = (path.split('.')[0] || 'comment') as keyof Errors;
    if (keys[0] && !errors[field]) errors[field] = keys[0];
  }
  return errors;
}

/**
 * The dialog of a decision that needs words (issue 25): requesting changes (a comment, and the open
 * pins of the version it points to), an admin deciding for a reviewer (who, which decision, why),
 * or an admin skipping the open stage (why). The same schema as the server's checks it first.
 */
export function DecisionDialog({
  chatId,
  review,
  mode,
  busy,
  onClose,
  onDecide,
  onSkip,
  preset,
}: {
  chatId: number;
  review: FileReview;
  mode: DecisionMode | null;
  busy: boolean;
  /** What a decision for a reviewer starts with: the reviewer and the decision an admin's rating meant. */
  preset?: { reviewer?: number; decision?: ReviewDecisionKind };
  onClose: () => void;
  onDecide: (input: DecisionInput) => Promise<unknown>;
  onSkip: (reason: string) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const uid = useId();
  const [comment, setComment] = useState('');
  const [reason, setReason] = useState('');
  const [reviewer, setReviewer] = useState('');
  const [decision, setDecision] = useState<ReviewDecisionKind>('changes');
  const [pins, setPins] = useState<number[]>([]);
  const [errors, setErrors] = useState<Errors>({});
  const open = mode !== null;
  /** A change request says what to change, and may point to pins. */
  const withPins = mode === 'changes' || (mode === 'for' && decision === 'changes');
  const allPins = useQuery({ ...pinsQuery(chatId), enabled: open && withPins });
  const openPins = (allPins.data ?? []).filter((p) => p.message_id === review.message_id && p.status === 'open');

  useEffect(() => {
    if (!open) return;
    setComment('');
    setReason('');
    setReviewer(preset?.reviewer ? String(preset.reviewer) : '');
    setDecision(mode === 'for' ? (preset?.decision ?? 'approve') : 'changes');
    setPins([]);
    setErrors({});
  }, [open, mode, preset?.reviewer, preset?.decision]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!mode) return;
    const base = { chat_id: chatId, message_id: review.message_id };
    const raw =
      mode === 'skip'
        ? { ...base, reason }
        : {
            ...base,
            decision: mode === 'changes' ? 'changes' : decision,
            comment: withPins ? comment : '',
            pins: withPins ? pins : [],
            ...(mode === 'for' ? { on_behalf_of: reviewer || null, reason } : {}),
          };
    const parsed = (mode === 'skip' ? reviewSkipBody : reviewDecisionBody).safeParse(raw);
    const local = parsed.success ? {} : fieldErrors(parsed.error.issues.map((i) => [i.path.map(String).join('.'), [i.message]]));
    // An admin deciding for someone must say whom: the schema leaves that out, the call needs it.
    if (mode === 'for' && !reviewer) local.on_behalf_of ??= 'reviewer_required';
    setErrors(local);
    if (Object.keys(local).length) return;
    try {
      if (mode === 'skip') await onSkip(reason.trim());
      else
        await onDecide({
          chatId,
          messageId: review.message_id,
          decision: mode === 'changes' ? 'changes' : decision,
          comment: withPins ? comment.trim() : '',
          pins: withPins ? pins : [],
          ...(mode === 'for' ? { onBehalfOf: Number(reviewer), reason: reason.trim() } : {}),
        });
      onClose();
    } catch (err) {
      const body = isAxiosError<ApiErrorBody>(err) ? err.response?.data : undefined;
      if (body?.errors && !Array.isArray(body.errors)) setErrors(fieldErrors(Object.entries(body.errors)));
    }
  };

  const id = (name: string) => `${uid}-${name}`;
  const stage = review.stages.find((s) => s.id === review.stage_id)?.name;
  const title = mode === 'skip' ? 'reviews.skip.title' : mode === 'for' ? 'reviews.decide_for.title' : 'reviews.changes.title';
  const textarea = (name: 'comment' | 'reason', value: string, set: (v: string) => void, label: string, hint?: string) => (
    <FormField id={id(name)} label={label} error={errors[name]}>
      <textarea
        id={id(name)}
        value={value}
        maxLength={REVIEW_COMMENT_MAX}
        rows={4}
        className={TEXTAREA}
        aria-invalid={!!errors[name]}
        aria-describedby={errors[name] ? `${id(name)}-error` : undefined}
        onChange={(e) => {
          set(e.target.value);
          setErrors((er) => ({ ...er, [name]: undefined }));
        }}
      />
      {hint && <p className="text-xs text-muted-foreground">{hint}</p>}
    </FormField>
  );

  return (
    <Dialog open={open} onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="max-sm:top-auto max-sm:bottom-0 max-sm:w-full max-sm:max-w-none max-sm:translate-y-0 max-sm:rounded-b-none" data-testid="review-decision-dialog">
        <DialogTitle>{t(title)}</DialogTitle>
        <p className="text-sm text-muted-foreground">
          {t('reviews.dialog_subject', { type: t(`reviews.types.${review.type_file}`), name: review.file_name })}
          {stage ? ` · ${t('reviews.dialog_stage', { stage })}` : ''}
        </p>
        <form noValidate onSubmit={(e) => void submit(e)} className="grid gap-4">
          {mode === 'for' && (
            <>
              <FormField id={id('reviewer')} label={t('reviews.decide_for.reviewer')} error={errors.on_behalf_of}>
                <NativeSelect id={id('reviewer')} value={reviewer} aria-invalid={!!errors.on_behalf_of} onChange={(e) => setReviewer(e.target.value)} className="max-sm:h-11">
                  <option value="">{t('reviews.decide_for.choose_reviewer')}</option>
                  {review.reviewers.map((r) => (
                    <option key={r.id} value={String(r.id)}>
                      {r.name}
                    </option>
                  ))}
                </NativeSelect>
              </FormField>
              <FormField id={id('decision')} label={t('reviews.decide_for.decision')}>
                <NativeSelect id={id('decision')} value={decision} onChange={(e) => setDecision(e.target.value as ReviewDecisionKind)} className="max-sm:h-11">
                  {REVIEW_DECISIONS.map((d) => (
                    <option key={d} value={d}>
                      {t(`reviews.decisions.${d}`)}
                    </option>
                  ))}
                </NativeSelect>
              </FormField>
            </>
          )}
          {withPins && textarea('comment', comment, setComment, t('reviews.changes.comment'), t('reviews.changes.comment_hint'))}
          {withPins && (
            <fieldset className="grid gap-2">
              <legend className="mb-1 text-sm font-medium">{t('reviews.changes.pins')}</legend>
              {allPins.isPending ? (
                <p className="text-sm text-muted-foreground">{t('common.load_data')}</p>
              ) : openPins.length === 0 ? (
                <p className="text-sm text-muted-foreground">{t('reviews.changes.no_pins')}</p>
              ) : (
                <ul className="grid max-h-48 gap-1 overflow-y-auto">
                  {openPins.map((p) => (
                    <li key={p.id}>
                      <label className="flex min-h-9 items-start gap-2 text-sm">
                        <Checkbox
                          className="mt-0.5"
                          checked={pins.includes(p.number)}
                          onCheckedChange={(c) => setPins((list) => (c === true ? [...list, p.number].sort((a, b) => a - b) : list.filter((n) => n !== p.number)))}
                        />
                        <span className="min-w-0">
                          <span className="font-medium">{t('reviews.pin_number', { number: p.number })}</span> <span className="text-muted-foreground">{p.text}</span>
                        </span>
                      </label>
                    </li>
                  ))}
                </ul>
              )}
            </fieldset>
          )}
          {(mode === 'for' || mode === 'skip') && textarea('reason', reason, setReason, t('reviews.reason'), t(mode === 'skip' ? 'reviews.skip.hint' : 'reviews.decide_for.hint'))}
          <DialogFooter>
            <Button type="button" variant="outline" className="max-sm:h-11" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" className="max-sm:h-11" disabled={busy} variant={mode === 'skip' ? 'destructive' : 'default'}>
              {t(mode === 'skip' ? 'reviews.skip.submit' : mode === 'for' ? 'reviews.decide_for.submit' : 'reviews.changes.submit')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
