import { useTranslation } from 'react-i18next';
import { ArrowDown, ArrowUp, Trash2, X } from 'lucide-react';
import { MILESTONES, REVIEWER_ROLES, STAGE_NAME_MAX, STAGE_RULES, type Milestone, type ReviewPerson, type StageRule } from '@promo/shared';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { formatDay } from '@/lib/format';
import { offsetInput, type StageDraft, type StageField } from './flow-draft';

type Person = ReviewPerson & { role?: string };

/** One stage of the flow editor: name, rule, reviewers by role and by name, and its due day. */
export function StageEditor({
  stage,
  index,
  count,
  people,
  candidates,
  errors,
  dueOn,
  onChange,
  onMove,
  onRemove,
}: {
  stage: StageDraft;
  index: number;
  count: number;
  people: Map<number, Person>;
  candidates: Person[];
  errors: Partial<Record<StageField, string>> | undefined;
  /** The day it falls on for the promotion; null in the default flow. */
  dueOn: string | null;
  onChange: (patch: Partial<StageDraft>, field: StageField) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const id = (field: string) => `stage-${stage.key}-${field}`;
  const title = stage.name.trim() || t('reviews.flow.stage_number', { number: index + 1 });
  const choosable = candidates.filter((c) => !stage.user_ids.includes(c.id));
  const reviewersError = errors?.user_ids ?? errors?.roles;
  const person = (uid: number) => people.get(uid)?.name ?? `#${uid}`;

  return (
    <li className="grid gap-3 rounded-md border border-border p-3 sm:p-4" data-testid="review-stage" aria-label={title}>
      <div className="flex items-center justify-between gap-2">
        <h3 className="min-w-0 truncate font-medium">
          <span className="mr-2 inline-flex size-6 items-center justify-center rounded-full bg-secondary text-xs">{index + 1}</span>
          {title}
        </h3>
        <div className="flex shrink-0 gap-1">
          <Button type="button" variant="ghost" size="icon" disabled={index === 0} aria-label={t('reviews.flow.move_up', { name: title })} title={t('reviews.flow.move_up', { name: title })} onClick={() => onMove(-1)}>
            <ArrowUp />
          </Button>
          <Button
            type="button"
            variant="ghost"
            size="icon"
            disabled={index === count - 1}
            aria-label={t('reviews.flow.move_down', { name: title })}
            title={t('reviews.flow.move_down', { name: title })}
            onClick={() => onMove(1)}
          >
            <ArrowDown />
          </Button>
          <Button type="button" variant="ghost" size="icon" aria-label={t('reviews.flow.remove', { name: title })} title={t('reviews.flow.remove', { name: title })} onClick={onRemove}>
            <Trash2 className="text-destructive" />
          </Button>
        </div>
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField id={id('name')} label={t('reviews.flow.name')} error={errors?.name}>
          <Input
            id={id('name')}
            value={stage.name}
            maxLength={STAGE_NAME_MAX}
            aria-invalid={!!errors?.name}
            autoComplete="off"
            onChange={(e) => onChange({ name: e.target.value }, 'name')}
          />
        </FormField>
        <FormField id={id('rule')} label={t('reviews.flow.rule')} error={errors?.rule}>
          <NativeSelect id={id('rule')} value={stage.rule} aria-invalid={!!errors?.rule} onChange={(e) => onChange({ rule: e.target.value as StageRule }, 'rule')}>
            {STAGE_RULES.map((r) => (
              <option key={r} value={r}>
                {t(`reviews.rules.${r}`)}
              </option>
            ))}
          </NativeSelect>
        </FormField>
      </div>
      <fieldset className="grid gap-2" aria-describedby={reviewersError ? `${id('reviewers')}-error` : undefined}>
        <legend className="mb-1 text-sm font-medium">{t('reviews.flow.reviewers')}</legend>
        <div className="flex flex-wrap gap-x-4 gap-y-2">
          {REVIEWER_ROLES.map((role) => (
            <label key={role} className="flex min-h-9 items-center gap-2 text-sm">
              <Checkbox
                checked={stage.roles.includes(role)}
                onCheckedChange={(c) => onChange({ roles: c === true ? [...stage.roles, role] : stage.roles.filter((r) => r !== role) }, 'roles')}
              />
              {t(`reviews.roles.${role}`)}
            </label>
          ))}
        </div>
        {stage.user_ids.length > 0 && (
          <ul className="flex flex-wrap gap-2" aria-label={t('reviews.flow.named')}>
            {stage.user_ids.map((uid) => (
              <li key={uid} className="inline-flex items-center gap-1 rounded-full bg-secondary py-0.5 pr-1 pl-3 text-sm" data-testid="stage-user">
                {person(uid)}
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  className="size-7 rounded-full"
                  aria-label={t('reviews.flow.remove_person', { name: person(uid) })}
                  onClick={() => onChange({ user_ids: stage.user_ids.filter((u) => u !== uid) }, 'user_ids')}
                >
                  <X />
                </Button>
              </li>
            ))}
          </ul>
        )}
        <NativeSelect
          aria-label={t('reviews.flow.add_person')}
          className="w-full sm:w-72"
          value=""
          disabled={choosable.length === 0}
          onChange={(e) => e.target.value && onChange({ user_ids: [...stage.user_ids, Number(e.target.value)] }, 'user_ids')}
        >
          <option value="">{t('reviews.flow.add_person')}</option>
          {choosable.map((c) => (
            <option key={c.id} value={String(c.id)}>
              {c.role ? `${c.name} (${t(`roles.${c.role}`, { defaultValue: c.role })})` : c.name}
            </option>
          ))}
        </NativeSelect>
        {reviewersError && (
          <p id={`${id('reviewers')}-error`} role="alert" className="text-xs text-destructive">
            {t(`validation.${reviewersError}`, { defaultValue: reviewersError })}
          </p>
        )}
      </fieldset>
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField id={id('milestone')} label={t('reviews.flow.due_milestone')} error={errors?.due_milestone}>
          <NativeSelect
            id={id('milestone')}
            value={stage.due_milestone}
            aria-invalid={!!errors?.due_milestone}
            onChange={(e) => onChange({ due_milestone: e.target.value as Milestone }, 'due_milestone')}
          >
            {MILESTONES.map((m) => (
              <option key={m} value={m}>
                {t(`deadlines.milestones.${m}`)}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField id={id('offset')} label={t('reviews.flow.due_offset')} error={errors?.due_offset_days}>
          <div className="flex items-center gap-2">
            <Input
              id={id('offset')}
              inputMode="numeric"
              autoComplete="off"
              className="w-24"
              value={stage.due_offset_days}
              aria-invalid={!!errors?.due_offset_days}
              aria-describedby={id('offset-hint')}
              onChange={(e) => onChange({ due_offset_days: offsetInput(e.target.value) }, 'due_offset_days')}
            />
            <span id={id('offset-hint')} className="text-xs text-muted-foreground">
              {t('reviews.flow.due_offset_hint')}
            </span>
          </div>
        </FormField>
      </div>
      {dueOn && (
        <p className="text-sm text-muted-foreground" data-testid="stage-due-on">
          {t('reviews.due_on', { date: formatDay(dueOn) })}
        </p>
      )}
    </li>
  );
}
