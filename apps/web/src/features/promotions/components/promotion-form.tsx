import { useEffect, useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { format } from 'date-fns';
import { z } from 'zod';
import { nameField, parseDateInput, type PromotionRow } from '@promo/shared';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Switch } from '@/components/ui/switch';
import { managersQuery, type PromotionFormValues } from '../api';

/** A day the server takes: a date input lets one type year 20270, which no Date can hold. */
const isDay = (day: string) => parseDateInput(day) !== null;

const schema = z
  .object({
    name: nameField,
    period_from: z.string().min(1, 'start_date_required').refine(isDay, 'period_valid_dates'),
    period_to: z.string().min(1, 'end_date_required').refine(isDay, 'period_valid_dates'),
    description: z.string().max(20_000, 'max_length'),
    manager_id: z.string(),
    show_in_user_promotions: z.boolean(),
  })
  .refine((v) => !v.period_from || !v.period_to || v.period_from <= v.period_to, { path: ['period_to'], message: 'period_valid_dates' });

/** A date input's value (local day) from an ISO time, and back: the start and the end of that day. */
const toDay = (iso: string) => format(new Date(iso), 'yyyy-MM-dd');
const startOf = (day: string) => new Date(`${day}T00:00:00`).toISOString();
const endOf = (day: string) => new Date(`${day}T23:59:59.999`).toISOString();

const fromRow = (p: PromotionRow | undefined): PromotionFormValues => ({
  name: p?.name ?? '',
  period_from: p ? toDay(p.period.from) : '',
  period_to: p ? toDay(p.period.to) : '',
  description: p?.description ?? '',
  manager_id: p?.manager_id ? String(p.manager_id) : '',
  show_in_user_promotions: p?.show_in_user_promotions ?? false,
});

export function PromotionForm({
  promotion,
  editable,
  saving,
  onSave,
  serverErrors,
}: {
  promotion: PromotionRow | undefined;
  editable: boolean;
  saving: boolean;
  onSave: (values: PromotionFormValues, image: File | null) => void;
  serverErrors: Record<string, string[]> | null;
}) {
  const { t } = useTranslation();
  const managers = useQuery(managersQuery);
  const [image, setImage] = useState<File | null>(null);
  const defaults = useMemo(() => fromRow(promotion), [promotion]);
  const form = useForm<PromotionFormValues>({ resolver: zodResolver(schema), mode: 'onTouched', defaultValues: defaults });
  const { errors } = form.formState;
  useEffect(() => form.reset(defaults), [defaults, form]);
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

  const submit = form.handleSubmit((v) => onSave({ ...v, period_from: startOf(v.period_from), period_to: endOf(v.period_to) }, image));
  return (
    <form noValidate onSubmit={submit} className="grid gap-4 rounded-md border border-border bg-background p-4" data-testid="promotion-form">
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
        <FormField id="promotion-from" label={t('promotions.fields.period_from')} error={errors.period_from?.message}>
          <Input id="promotion-from" type="date" aria-invalid={!!errors.period_from} {...form.register('period_from')} />
        </FormField>
        <FormField id="promotion-to" label={t('promotions.fields.period_to')} error={errors.period_to?.message}>
          <Input id="promotion-to" type="date" aria-invalid={!!errors.period_to} {...form.register('period_to')} />
        </FormField>
        <div className="sm:col-span-2">
          <FormField id="promotion-description" label={t('promotions.fields.description')} error={errors.description?.message}>
            <textarea
              id="promotion-description"
              rows={3}
              className="rounded-md border border-border bg-background px-3 py-2 text-sm focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
              {...form.register('description')}
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
        <div className="grid gap-1.5">
          <Label htmlFor="promotion-image">{t('common.upload_image')}</Label>
          <input id="promotion-image" type="file" accept=".jpg,.jpeg,.png,.tiff" className="text-sm" onChange={(e) => setImage(e.target.files?.[0] ?? null)} />
        </div>
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
