import { useTranslation } from 'react-i18next';
import { Eye, Trash2 } from 'lucide-react';
import type { SignProblem } from '@promo/shared';
import { Button } from '@/components/ui/button';
import { DatePicker } from '@/components/ui/date-picker';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/cn';
import type { SignDraft } from '../api';
import type { NamedField } from '../field-names';
import { ProblemText } from '../components/sign-preview';

/** One sign of the list: its product, prices, validity and editable texts, what was refused and what does not fit. */
export function SignRowEditor({
  index,
  name,
  draft,
  fields,
  fieldNames,
  errors,
  problems,
  previewing,
  editable,
  onChange,
  onPreview,
  onRemove,
}: {
  index: number;
  name: string;
  draft: SignDraft;
  fields: NamedField[];
  /** Every field's name, locked ones too: what a problem names. */
  fieldNames: ReadonlyMap<string, string>;
  errors: Record<string, string> | undefined;
  problems: SignProblem[] | undefined;
  previewing: boolean;
  editable: boolean;
  onChange: (next: SignDraft) => void;
  onPreview: () => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const n = index + 1;
  const id = (part: string) => `sign-${index}-${part}`;
  const error = (key: string) =>
    errors?.[key] ? (
      <p id={id(`${key}-error`)} role="alert" className="text-xs text-destructive">
        {t(`validation.${errors[key]}`, { defaultValue: errors[key] })}
      </p>
    ) : null;
  const bad = (key: string) => !!errors?.[key] || !!problems?.some((p) => p.field === key);
  const input = (key: 'price' | 'previous_price', label: string) => (
    <div className="grid min-w-0 gap-1">
      <label htmlFor={id(key)} className="text-xs text-muted-foreground">
        {label}
      </label>
      <Input
        id={id(key)}
        inputMode="decimal"
        value={draft[key]}
        disabled={!editable}
        aria-invalid={!!errors?.[key]}
        aria-describedby={errors?.[key] ? id(`${key}-error`) : undefined}
        onChange={(e) => onChange({ ...draft, [key]: e.target.value })}
      />
      {error(key)}
    </div>
  );

  return (
    <li
      className={cn('grid gap-2 rounded-md border border-border p-3', previewing && 'border-primary', problems?.length && 'border-destructive')}
      data-testid={`sign-row-${index}`}
      aria-label={t('signs.sign_n', { n, name })}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="min-w-0 font-medium break-words">
          {n}. {name}
        </span>
        <span className="flex gap-1">
          <Button variant={previewing ? 'default' : 'outline'} size="sm" aria-pressed={previewing} aria-label={t('signs.preview_sign', { n })} onClick={onPreview}>
            <Eye /> {t('signs.preview')}
          </Button>
          {editable && (
            <Button variant="ghost" size="icon" aria-label={t('signs.remove_sign', { n })} onClick={onRemove}>
              <Trash2 className="text-destructive" />
            </Button>
          )}
        </span>
      </div>
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
        {input('price', t('signs.price'))}
        {input('previous_price', t('signs.previous_price'))}
        <div className="grid min-w-0 gap-1">
          <label htmlFor={id('valid_to')} className="text-xs text-muted-foreground">
            {t('signs.valid_to')}
          </label>
          <DatePicker
            id={id('valid_to')}
            label={t('signs.valid_to')}
            value={draft.valid_to}
            disabled={!editable}
            invalid={!!errors?.valid_to}
            onChange={(valid_to) => onChange({ ...draft, valid_to })}
          />
          {error('valid_to')}
        </div>
      </div>
      {fields.length > 0 && (
        <div className="grid gap-2 sm:grid-cols-2">
          {fields.map((f) => (
            <div key={f.id} className="grid min-w-0 gap-1">
              <label htmlFor={id(`text-${f.id}`)} className="text-xs text-muted-foreground">
                {f.name}
              </label>
              <Input
                id={id(`text-${f.id}`)}
                value={draft.texts[f.id] ?? f.text}
                disabled={!editable}
                aria-invalid={bad(f.id)}
                onChange={(e) => onChange({ ...draft, texts: { ...draft.texts, [f.id]: e.target.value } })}
              />
              {error(f.id)}
            </div>
          ))}
        </div>
      )}
      {error('product_id')}
      {problems && problems.length > 0 && (
        <ul className="grid gap-0.5 text-sm text-destructive" data-testid={`sign-row-${index}-problems`}>
          {problems.map((p, i) => (
            <li key={i} data-field={p.field ?? ''} data-code={p.code}>
              <ProblemText problem={p} fieldNames={fieldNames} />
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}
