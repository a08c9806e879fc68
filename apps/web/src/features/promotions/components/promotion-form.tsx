import { useEffect, useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { isDayString, nameField, type PromotionRow } from '@promo/shared';
import { Button } from '@/components/ui/button';
import { DatePicker } from '@/components/ui/date-picker';
import { LeaveGuard } from '@/components/ui/discard-changes';
import { FormField } from '@/components/ui/form-field';
import { ImageField } from '@/components/ui/image-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Switch } from '@/components/ui/switch';
import { LazyRichTextEditor } from '@/features/feedback/components/lazy-rich-text-editor';
import { useFormChanged } from '@/lib/use-form-changed';
import { managersQuery, type PromotionFormValues } from '../api';

/** The period's days, 'YYYY-MM-DD' from the date pickers; what is typed and is no real day is refused. */
const schema = z
  .object({
    name: nameField,
    period_from: z.string().min(1, 'start_date_required').refine(isDayString, 'period_valid_dates'),
    period_to: z.string().min(1, 'end_date_required').refine(isDayString, 'period_valid_dates'),
    description: z.string().max(20_000, 'max_length'),
    manager_id: z.string(),
    show_in_user_promotions: z.boolean(),
  })
  .refine((v) => !isDayString(v.period_from) || !isDayString(v.period_to) || v.period_from <= v.period_to, {
    path: ['period_to'],
    message: 'period_valid_dates',
  });

const fromRow = (p: PromotionRow | undefined): PromotionFormValues => ({
  name: p?.name ?? '',
  // Calendar days in Oslo, sent back as they are: no browser time zone moves them (decision 012).
  period_from: p?.period.from ?? '',
  period_to: p?.period.to ?? '',
  description: p?.description ?? '',
  manager_id: p?.manager_id ? String(p.manager_id) : '',
  show_in_user_promotions: p?.show_in_user_promotions ?? false,
});

export function PromotionForm({
  promotion,
  editable,
  saving,
  uploadProgress = null,
  onSave,
  serverErrors,
}: {
  promotion: PromotionRow | undefined;
  editable: boolean;
  saving: boolean;
  /** 0..1 while the chosen image uploads, else null. */
  uploadProgress?: number | null;
  onSave: (values: PromotionFormValues, image: File | null) => void;
  serverErrors: Record<string, string[]> | null;
}) {
  const { t } = useTranslation();
  const managers = useQuery(managersQuery);
  const [image, setImage] = useState<File | null>(null);
  const defaults = useMemo(() => fromRow(promotion), [promotion]);
  const form = useForm<PromotionFormValues>({ resolver: zodResolver(schema), mode: 'onTouched', defaultValues: defaults });
  const { errors } = form.formState;
  const changed = useFormChanged(form.control, form.formState.defaultValues) || !!image;
  // The promotion as saved (a chosen image included) is where the form starts again.
  useEffect(() => {
    form.reset(defaults);
    setImage(null);
  }, [defaults, form]);
  // A native select cannot show a value before its option exists: once the managers arrive, the
  // stored manager is chosen again (it showed "No manager" although the promotion had one).
  useEffect(() => {
    if (managers.data) form.setValue('manager_id', form.getValues('manager_id'));
  }, [managers.data, form]);
  useEffect(() => {
    for (const [field, keys] of Object.entries(serverErrors ?? {})) {
      form.setError(field as keyof PromotionFormValues, { type: 'server', message: keys[0] });
    }
  }, [serverErrors, form]);

  const submit = form.handleSubmit((v) => onSave(v, image));
  return (
    <form noValidate onSubmit={submit} className="grid gap-4 rounded-md border border-border bg-background p-4" data-testid="promotion-form">
      {/* Once saving, the page moves on by itself. */}
      <LeaveGuard when={editable && changed && !saving} />
      <fieldset disabled={!editable} className="grid gap-4 sm:grid-cols-2">
        <FormField id="promotion-name" label={t('promotions.fields.name')} error={errors.name?.message}>
          <Input id="promotion-name" aria-invalid={!!errors.name} {...form.register('name')} />
        </FormField>
        <FormField id="promotion-manager" label={t('promotions.fields.manager')} error={errors.manager_id?.message}>
          <NativeSelect id="promotion-manager" {...form.register('manager_id')}>
            <option value="">{t('promotions.no_manager')}</option>
            {(managers.data ?? []).map((m) => (
              <option key={m.id} value={m.id}>
                {m.name} {m.surname}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        {(['period_from', 'period_to'] as const).map((name) => {
          const id = name === 'period_from' ? 'promotion-from' : 'promotion-to';
          const label = t(`promotions.fields.${name}`);
          return (
            <FormField key={name} id={id} label={label} error={errors[name]?.message}>
              <Controller
                control={form.control}
                name={name}
                render={({ field }) => (
                  <DatePicker id={id} label={label} value={field.value} onChange={field.onChange} onBlur={field.onBlur} inputRef={field.ref} invalid={!!errors[name]} />
                )}
              />
            </FormField>
          );
        })}
        <div className="sm:col-span-2">
          <FormField id="promotion-description" label={t('promotions.fields.description')} error={errors.description?.message}>
            {/* Rich text, in the feedback editor; the server keeps it through the same allowlist. */}
            <Controller
              control={form.control}
              name="description"
              render={({ field }) => (
                <LazyRichTextEditor
                  id="promotion-description"
                  label={t('promotions.fields.description')}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  invalid={!!errors.description}
                  disabled={!editable}
                  height={120}
                />
              )}
            />
          </FormField>
        </div>
        <div className="flex items-center gap-2">
          <Controller
            control={form.control}
            name="show_in_user_promotions"
            render={({ field }) => <Switch id="promotion-show" checked={field.value} onCheckedChange={field.onChange} />}
          />
          <Label htmlFor="promotion-show">{t('promotions.fields.show_in_user_promotions')}</Label>
        </div>
        {/* The saved image shows above the form. */}
        {editable && (
          <ImageField id="promotion-image" label={t('common.upload_image')} file={image} onFile={setImage} progress={uploadProgress} disabled={saving} />
        )}
      </fieldset>
      {editable && (
        <div className="flex justify-end">
          <Button type="submit" disabled={saving}>
            {t('common.save')}
          </Button>
        </div>
      )}
    </form>
  );
}
